"""Bad input gets one clean error line, and the process stays usable.

After every bad input the same session still reports on the root view, and the
demo then exits 0 with its normal frames output (the output of a run without
the debugger, addresses aside).
"""

import fcntl
import os
import re
import threading
import time

from conftest import ADDRESS, c_value, constraint_addresses, freed_view, lldb, run_demo

SCENARIO = "duplicate-leading"
F_SETPIPE_SZ = 1031  # Linux fcntl; fcntl.F_SETPIPE_SZ needs Python 3.10


def without_addresses(text):
    return ADDRESS.sub("0x?", text)


def assert_usable_then_normal_exit(session):
    """The process answers a good command, then finishes as if never debugged."""
    assert "Frame:" in session.ok("lreport $arg1 --no-descend")
    stdout = session.continue_to_exit()
    status, plain, _ = run_demo(SCENARIO)
    assert status == 0
    assert without_addresses(stdout) == without_addresses(plain)


def test_null_pointer(session):
    session.launch(SCENARIO)
    for command in ("lreport 0", "lconstraints 0x0", "lname 0 Header", "ltrace 0"):
        assert "null" in session.fails(command)
    assert_usable_then_normal_exit(session)


def test_small_and_wild_addresses(session):
    session.launch(SCENARIO)
    for command in ("lreport 0x1", "lreport 0xdeadbeef", "lconstraints 0xdeadbeef", "ltrace 0x1",
                    "lname 0xdeadbeef Header", "lreport 0xffffffffffffffff"):
        error = session.fails(command)
        assert re.search(r"0x1\b|0xdeadbeef|0xffffffffffffffff", error), error
    assert_usable_then_normal_exit(session)


def test_non_view_objects(session):
    session.launch(SCENARIO)
    constraint = "0x%x" % constraint_addresses(session)[0]
    # A constraint is fine for lreport, but not a view for lconstraints and ltrace.
    for command in ("lconstraints ", "ltrace "):
        error = session.fails(command + constraint)
        assert constraint in error and "view" in error.lower(), error
    # A heap block that is no object at all: the report buffer itself.
    buffer = c_value(session, "(void *)malloc(64)")
    assert "0x%x" % buffer in session.fails("lreport 0x%x" % buffer)
    assert_usable_then_normal_exit(session)


def test_freed_view(session):
    session.launch(SCENARIO)
    view = freed_view(session)
    for command in ("lreport 0x%x", "lconstraints 0x%x", "ltrace 0x%x", "lname 0x%x Gone"):
        error = session.fails(command % view)
        assert "0x%x" % view in error, error
    assert_usable_then_normal_exit(session)


def test_garbage_text_and_unterminated_quote(session):
    session.launch(SCENARIO)
    for command in ("lreport )(*&^%", "lreport not_a_variable_anywhere", "lreport 'self.view",
                    'lname $arg1 "Header', "lreport --bogus $arg1", "lreport", "lname $arg1",
                    "lsettings --timeout -3", "lbreak --delete --continue", "lreport $nosuchvar"):
        error = session.fails(command)
        assert "Traceback" not in error
    assert "unterminated quote" in session.fails("lreport 'self.view")
    assert_usable_then_normal_exit(session)


def test_no_target_and_no_process(session):
    for command in ("lreport 0x1234", "lconstraints 0x1234", "ltrace", "lname 0x1234 A", "lload"):
        session.fails(command)
    assert "target" in session.fails("lbreak")
    session.create_target()
    for command in ("lreport 0x1234", "ltrace", "lload"):
        session.fails(command)
    # Commands that need no process still work.
    assert "No Auto Layout conflicts" in session.ok("lconflicts")
    session.ok("lbreak")
    session.ok("lbreak --delete")
    session.launch(SCENARIO)
    assert_usable_then_normal_exit(session)


def test_running_process(session, tmp_path):
    """A running process is refused; the demo is held running by a full stdout pipe."""
    fifo = str(tmp_path / "stdout.fifo")
    os.mkfifo(fifo)
    reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.fcntl(reader, F_SETPIPE_SZ, 4096)
    try:
        session.launch("many-views", 1000, stdout_path=fifo)
        root = session.root_view()
        session.target.DeleteAllBreakpoints()
        session.debugger.SetAsync(True)
        session.process.Continue()
        wait_for_state(session, lldb.eStateRunning)
        time.sleep(0.5)  # the demo fills the pipe and blocks in write()
        assert session.process.GetState() == lldb.eStateRunning, session.state()
        for command in ("lreport 0x%x" % root, "lconstraints 0x%x" % root, "ltrace", "lload"):
            error = session.fails(command)
            assert "running" in error or "stopped" in error, error
        chunks = []
        drained = threading.Event()

        def drain():
            fcntl.fcntl(reader, fcntl.F_SETFL, 0)  # blocking reads until EOF
            while True:
                data = os.read(reader, 65536)
                if not data:
                    break
                chunks.append(data)
            drained.set()

        thread = threading.Thread(target=drain)
        thread.start()
        thread.join(120)
        assert drained.is_set()
        wait_for_state(session, lldb.eStateExited)
        assert session.process.GetExitStatus() == 0
        stdout = b"".join(chunks).decode()
        status, plain, _ = run_demo("many-views", 1000)
        assert status == 0 and without_addresses(stdout) == without_addresses(plain)
    finally:
        os.close(reader)


def wait_for_state(session, state, timeout=60):
    """Pumps the async debugger's process events until the process reaches `state`."""
    listener = session.debugger.GetListener()
    event = lldb.SBEvent()
    deadline = time.time() + timeout
    while session.process.GetState() != state and time.time() < deadline:
        listener.WaitForEvent(1, event)
    assert session.process.GetState() == state, session.state()


def test_failed_expression_leaves_the_process_usable(session):
    """A C call that faults in the target is unwound and reported in one line."""
    session.launch(SCENARIO)
    # An argument expression that faults in the target, then one that runs too long.
    error = session.fails("lreport ((void *(*)(void))0x10)()")
    assert "stopped in the target" in error and "SIGSEGV" in error, error
    session.ok("lsettings --timeout 0.5")
    error = session.fails("lreport (void *)(long)sleep(3)")
    assert "timed out after 0.5 s" in error, error
    session.ok("lsettings --timeout 5")
    assert_usable_then_normal_exit(session)

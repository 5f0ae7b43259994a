"""The local read of report buffers (/proc/<pid>/mem) against LLDB's own memory read.

lreport's text comes back in a buffer of the helper library. For a process on
this machine the commands read it from /proc/<pid>/mem (`lsettings --local-read`,
on by default); SBProcess.ReadMemory is the reference, and the fallback for any
failure. Each test compares what both give, byte for byte.
"""

import os
import re
import subprocess
import sys

import pytest

from conftest import DEMO, LLDB_BINARY, SCRIPT, lldb, product_environment

pytestmark = pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="no /proc (not Linux)")

BIG = ("many-views", 1000)  # a report of about 700 KB
BIG_BYTES = 500000
SMALL = ("many-views", 12)  # a report of a few KB: more than the 4 KB a local read checks through LLDB


def script_module():
    """The layout_debug module the session imported (`command script import` names it so)."""
    return sys.modules["layout_debug"]


def local_memory_module():
    """The module LocalMemory looks open_memory up in: the one to patch (layout_debug only re-exports)."""
    return sys.modules["layoutdebug.local_memory"]


def report_buffer(session, flags=0):
    """Calls lds_report on the root view as lreport does; returns the buffer's address."""
    ld = script_module()
    session.ok("lload")
    entry = ld.code_symbol_address(session.target, "lds_report")
    call = ld.c_call("lds_report", ld.c_pointer(session.root_view()), str(flags), address=entry)
    value = session.frame().EvaluateExpression(call, ld.expression_options(5.0, lldb.eLanguageTypeC))
    assert value.GetError().Success(), value.GetError().GetCString()
    return value.GetValueAsUnsigned()


def lldb_bytes(process, address):
    """The buffer's text bytes as SBProcess.ReadMemory gives them: the reference."""
    error = lldb.SBError()
    length = int.from_bytes(process.ReadMemory(address, 8, error), "little")
    assert error.Success(), error.GetCString()
    if length == 0:
        return b""
    data = process.ReadMemory(address + 8, length, error)
    assert error.Success(), error.GetCString()
    return data


class ReadMemoryLog(object):
    """Records the sizes of every SBProcess.ReadMemory call while installed."""

    def __init__(self, monkeypatch):
        self.sizes = []
        original = lldb.SBProcess.ReadMemory

        def read_memory(process, address, size, error):
            self.sizes.append(size)
            return original(process, address, size, error)

        monkeypatch.setattr(lldb.SBProcess, "ReadMemory", read_memory)

    def largest(self):
        return max(self.sizes) if self.sizes else 0


def local_read_line(session):
    lines = [line for line in session.ok("lsettings").splitlines() if line.startswith("local read: ")]
    assert len(lines) == 1, lines
    return lines[0]


@pytest.mark.parametrize("scenario, flags", [(BIG, 0), (SMALL, 0), (BIG, 2)],
                         ids=["big-report", "small-report", "no-descend"])
def test_local_read_gives_the_same_bytes_as_lldb_s_read(session, scenario, flags):
    session.launch(*scenario)
    ld = script_module()
    process = session.process
    address = report_buffer(session, flags)
    reference = lldb_bytes(process, address)
    if scenario == BIG and flags == 0:
        assert len(reference) > BIG_BYTES, len(reference)
    local = ld.LocalMemory(process.GetProcessID()).read(address)
    assert local is not None
    assert bytes(local) == reference
    assert ld.local_memory_refusal(process) is None, "launched here: a local process"
    assert ld.read_buffer(process, address) == ld.read_buffer_with_lldb(process, address) \
        == reference.decode("utf-8")
    session.continue_to_exit()


def test_lreport_of_a_local_process_reads_from_proc_and_prints_what_lldb_reads(session, monkeypatch):
    session.launch(*BIG)
    pid = session.process.GetProcessID()
    assert local_read_line(session) == "local read: on (this process will be read from /proc/%d/mem)" % pid
    local_first = session.ok("lreport $arg1")  # its first local read is checked against LLDB's
    log = ReadMemoryLog(monkeypatch)
    local = session.ok("lreport $arg1")
    assert log.largest() == 0, "LLDB read %s bytes: the report did not come from /proc" % log.sizes
    assert local_read_line(session).startswith("local read: on (this process is read from /proc/%d/mem, " % pid)
    session.ok("lsettings --local-read off")
    through_lldb = session.ok("lreport $arg1")
    assert log.largest() > BIG_BYTES, log.sizes
    assert len(local) > BIG_BYTES
    assert local == through_lldb == local_first
    session.continue_to_exit()


class WriteMemoryLog(object):
    """Records the address of every SBProcess.WriteMemory call while installed."""

    def __init__(self, monkeypatch):
        self.addresses = []
        original = lldb.SBProcess.WriteMemory

        def write_memory(process, address, data, error):
            self.addresses.append(address)
            return original(process, address, data, error)

        monkeypatch.setattr(lldb.SBProcess, "WriteMemory", write_memory)


def test_a_buffer_read_from_proc_is_handed_back_through_proc_and_its_storage_reused(session, monkeypatch):
    """Marking a buffer read is a write to the debug server otherwise: longer than the read."""
    session.launch(*BIG)
    ld = script_module()
    expected = session.ok("lreport $arg1")  # the first local read, checked against LLDB's
    writes = WriteMemoryLog(monkeypatch)
    address = report_buffer(session)
    text = ld.read_buffer(session.process, address)
    assert text == expected
    assert writes.addresses == [], "marked through LLDB: %s" % writes.addresses
    error = lldb.SBError()
    mark = session.process.ReadMemory(address + 8 + len(text.encode("utf-8")) + 1, 1, error)
    assert error.Success() and bytes(mark) == b"\x01", (error.GetCString(), mark)
    assert report_buffer(session) == address, "the library did not see the buffer handed back"
    assert session.ok("lreport $arg1") == expected and writes.addresses == []
    session.ok("lsettings --local-read off")
    assert session.ok("lreport $arg1") == expected
    assert len(writes.addresses) == 1, "read through LLDB, marked through LLDB"
    session.continue_to_exit()


def test_local_read_off_reads_every_report_through_lldb(session, monkeypatch):
    session.launch(*SMALL)
    opened = []
    original = local_memory_module().open_memory
    monkeypatch.setattr(local_memory_module(), "open_memory", lambda pid: opened.append(pid) or original(pid))
    assert session.ok("lsettings --local-read off") == \
        "timeout: 5 s\nlocal read: off (reports are read through LLDB)\n"
    log = ReadMemoryLog(monkeypatch)
    report = session.ok("lreport $arg1")
    assert opened == [], "with the setting off, /proc is never opened"
    # The whole text in one read (a local read would only check its first 4 KB through LLDB).
    assert log.largest() >= len(report.encode("utf-8")) - 1 > 4096, log.sizes
    session.ok("lsettings --local-read on")
    assert session.ok("lreport $arg1") == report
    assert opened, "on again: the local read is used"
    session.continue_to_exit()


def test_a_refused_proc_open_falls_back_to_lldb_and_still_prints_the_report(session, monkeypatch):
    session.launch(*BIG)
    session.ok("lsettings --local-read off")
    expected = session.ok("lreport $arg1")
    session.ok("lsettings --local-read on")

    def refuse(pid):  # what Yama's ptrace_scope, or another user's process, gives
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(local_memory_module(), "open_memory", refuse)
    log = ReadMemoryLog(monkeypatch)
    assert session.ok("lreport $arg1") == expected
    assert log.largest() > BIG_BYTES, log.sizes
    line = local_read_line(session)
    assert "read through LLDB" in line and "Permission denied" in line, line
    session.continue_to_exit()


def test_a_local_read_of_the_wrong_pid_falls_back_to_lldb(session, monkeypatch):
    """/proc of another process: the address is not mapped there, or holds other bytes."""
    session.launch(*BIG)
    session.ok("lsettings --local-read off")
    expected = session.ok("lreport $arg1")
    session.ok("lsettings --local-read on")
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        original = local_memory_module().open_memory
        monkeypatch.setattr(local_memory_module(), "open_memory", lambda pid: original(other.pid))
        assert session.ok("lreport $arg1") == expected
        line = local_read_line(session)
        assert "the last report was read through LLDB" in line or "does not hold what LLDB reads" in line, line
    finally:
        other.kill()
        other.wait()
    session.continue_to_exit()


def test_a_local_read_that_differs_from_lldb_is_refused_by_the_first_check(session, monkeypatch):
    """A /proc that holds a well-formed buffer, but not the process's: caught before any use."""
    session.launch(*SMALL)
    ld = script_module()
    session.ok("lsettings --local-read off")  # no local read yet: none checked
    expected = session.ok("lreport $arg1")
    address = report_buffer(session)
    # Read and so released, as a command's read releases it: the next report goes there.
    ld.read_buffer(session.process, address, False)
    session.ok("lsettings --local-read on")

    def impostor(pid):
        # Memory with a well-formed buffer at that address, "forged" and its NUL, and
        # zeros elsewhere: should lreport's buffer be elsewhere, an empty buffer there.
        descriptor = os.memfd_create("impostor")
        os.ftruncate(descriptor, address + 64)
        os.pwrite(descriptor, (6).to_bytes(8, "little") + b"forged\0", address)
        return descriptor

    monkeypatch.setattr(local_memory_module(), "open_memory", impostor)
    assert bytes(ld.LocalMemory(1).read(address)) == b"forged"  # the impostor is readable
    assert session.ok("lreport $arg1") == expected
    line = local_read_line(session)
    assert "does not hold what LLDB reads" in line, line
    session.continue_to_exit()


def test_a_relaunched_process_is_read_from_its_own_proc_entry(session):
    session.launch(*SMALL)
    first_pid = session.process.GetProcessID()
    first = session.ok("lreport $arg1")
    assert "/proc/%d/mem" % first_pid in local_read_line(session)
    session.continue_to_exit()
    session.launch(*SMALL)
    pid = session.process.GetProcessID()
    assert pid != first_pid
    assert local_read_line(session) == "local read: on (this process will be read from /proc/%d/mem)" % pid
    assert session.ok("lreport $arg1") == first  # no ASLR under lldb: the same addresses
    assert re.search(r"/proc/%d/mem, \d+ buffers? so far" % pid, local_read_line(session))
    session.continue_to_exit()


class FakePlatform(object):
    def __init__(self, name):
        self.name = name

    def IsValid(self):
        return True

    def GetName(self):
        return self.name


class FakeProcess(object):
    """What local_memory_refusal asks of an SBProcess, for a process LLDB cannot make here."""

    def __init__(self, platform, pid):
        self.platform = FakePlatform(platform)
        self.pid = pid

    def GetTarget(self):
        return self

    def GetPlatform(self):
        return self.platform

    def GetProcessID(self):
        return self.pid


def test_a_remote_platform_is_never_read_locally(session):
    ld = script_module()
    for platform in ("remote-linux", "remote-ios", "remote-macosx", "qemu-user"):
        refusal = ld.local_memory_refusal(FakeProcess(platform, os.getpid()))
        assert refusal == "the platform is %s, not this machine" % platform


def test_a_pid_this_lldb_does_not_trace_is_never_read_locally(session):
    """A gdb-remote connection to another machine keeps the host platform; its pid can name any local process."""
    ld = script_module()
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        for pid in (other.pid, os.getpid()):
            refusal = ld.local_memory_refusal(FakeProcess("host", pid))
            assert refusal == "pid %d on this machine is not traced by this LLDB's debug server" % pid
    finally:
        other.kill()
        other.wait()
    assert ld.local_memory_refusal(FakeProcess("host", 0)) == "no process id"


def test_the_lldb_command_line_reads_a_local_process_from_proc(tmp_path):
    """`lldb -b -s`: the script runs inside lldb itself, whose lldb-server traces the demo."""
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join([
        "b LayoutDemoDidLayout", "run", "lreport $arg1 --no-descend", "lsettings",
        "lsettings --local-read off", "lreport $arg1 --no-descend", "continue"]) + "\n")
    completed = subprocess.run(
        [LLDB_BINARY, "--no-lldbinit", "-b", "-O", "command script import " + SCRIPT,
         "-s", str(script), "--", DEMO] + [str(a) for a in SMALL],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300,
        cwd=str(tmp_path), env=product_environment())
    transcript = completed.stdout + completed.stderr
    assert completed.returncode == 0 and "Traceback" not in transcript, transcript
    assert "local read: on (this process is read from /proc/" in completed.stdout, transcript
    assert "local read: off (reports are read through LLDB)" in completed.stdout, transcript
    reports = completed.stdout.split("(lldb) lreport $arg1 --no-descend\n")
    assert len(reports) == 3, transcript
    first, second = (part.split("(lldb) ")[0] for part in reports[1:])
    assert first == second and first.startswith("<UIView:0x"), transcript

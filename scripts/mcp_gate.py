"""One command at a time on the debugger, each bounded by a timeout (no LLDB).

The bridge's own tools run LLDB commands in this process; `lldb_command` runs them on the
thread of LLDB's MCP server. Both go through one CommandGate, so two commands never run at
once on the one debugger. Each runs on a thread of its own while the caller waits up to its
timeout; then the gate interrupts it, in steps, until it returns or a grace period ends:

1. the interrupter stops the app (SBProcess.SendAsyncInterrupt: a `run`, `continue` or
   expression returns with the app stopped) and asks LLDB's commands to stop
   (SBDebugger.RequestInterrupt, LLDB 17 and later);
2. after `python_after` seconds, KeyboardInterrupt is raised in the Python the command runs
   (our commands' own code, a `script` loop), with CPython's PyThreadState_SetAsyncExc.

A command that still runs after the grace period (one blocked in C, such as `script
time.sleep(600)`) keeps the gate: later calls wait for it up to their own timeout, then answer
that the debugger is busy. Every caller gets an answer within its timeout plus the grace.
"""

import ctypes
import sys
import threading
import time

# Threads the bridge started (and the main thread): never the target of a KeyboardInterrupt
# meant for a command LLDB runs on its own thread.
BRIDGE_THREADS = set()


def start_thread(target, *arguments):
    """A daemon thread running `target(*arguments)`, known as the bridge's own."""
    ready = threading.Event()

    def body():
        BRIDGE_THREADS.add(threading.get_ident())
        ready.set()
        try:
            target(*arguments)
        finally:
            BRIDGE_THREADS.discard(threading.get_ident())
    thread = threading.Thread(target=body, daemon=True)
    thread.start()
    ready.wait()
    return thread


def python_threads():
    """The idents of the threads running Python code now."""
    return set(sys._current_frames())


def set_async_exception(ident, exception):
    """Raises `exception` in thread `ident` at its next Python instruction; None clears one
    pending. True when the thread was found."""
    argument = ctypes.py_object(exception) if exception is not None else None
    return ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), argument) == 1


class Job(object):
    """One command on its own thread: `work(job)`'s value or error once `done` is set."""

    def __init__(self, gate, label, work, on_lldb_thread):
        self.gate = gate
        self.label = label
        self.work = work
        # Its Python runs on LLDB's server thread (lldb_command), not on this job's thread.
        self.on_lldb_thread = on_lldb_thread
        self.done = threading.Event()
        self.wake = threading.Event()  # done, or cancelled by the client
        self.value = None
        self.error = None
        self.ident = None
        self.started = time.monotonic()
        self.interrupted_at = None
        self.raised_in = set()
        self.settled = False  # interrupted, and the interruption withdrawn: no more of it

    def run(self):
        """The thread's body."""
        self.ident = threading.get_ident()
        if self.on_lldb_thread:
            BRIDGE_THREADS.add(self.ident)
        try:
            self.value = self.work(self)
        except BaseException as error:  # noqa: B036 (KeyboardInterrupt is how it is stopped)
            self.error = error
        finally:
            BRIDGE_THREADS.discard(self.ident)
            self.done.set()
            self.wake.set()

    @property
    def interrupted(self):
        """Whether the gate interrupted it."""
        return self.interrupted_at is not None

    def returned(self):
        """Called by the work when its long command has returned (layout_continue reads the
        app's state and the conflicts next): an interruption under way is withdrawn, so
        those commands run undisturbed."""
        self.gate.settle(self)


class Outcome(object):
    """What became of a call: its job (finished or not), or the job that kept the gate busy."""

    def __init__(self, job=None, busy=None, timeout=0.0):
        self.job = job
        self.busy = busy
        self.timeout = timeout

    @property
    def finished(self):
        """The job ran to its end (perhaps interrupted)."""
        return self.job is not None and self.job.done.is_set()


class CommandGate(object):
    """Runs one job at a time; see the module's doc."""

    def __init__(self, interrupter, python_after=2.0, grace=10.0, poll=0.25):
        self.interrupter = interrupter
        self.python_after = python_after
        self.grace = grace
        self.poll = poll
        self.current = None
        self.lock = threading.Lock()  # between interrupting a job and withdrawing it

    def run(self, label, work, timeout, on_lldb_thread=False):
        """Runs `work(job)` once the gate is free, waiting at most `timeout` seconds for the
        previous job and as long again for this one, then interrupting it; an Outcome."""
        previous = self.current
        if previous is not None and not previous.done.is_set():
            if not previous.done.wait(timeout):
                return Outcome(busy=previous, timeout=timeout)
        if previous is not None:
            self.settle(previous)
        job = Job(self, label, work, on_lldb_thread)
        self.current = job
        start_thread(job.run)
        job.wake.wait(timeout)
        if not job.done.is_set():
            self.interrupt(job)
        if job.done.is_set():
            self.settle(job)
        return Outcome(job=job, timeout=timeout)

    def cancel(self):
        """The client cancelled the running call: interrupt it now rather than at its timeout."""
        job = self.current
        if job is not None:
            job.wake.set()

    def interrupt(self, job):
        """Stops the job in steps (see the module's doc) until it ends or the grace runs out."""
        with self.lock:
            job.interrupted_at = time.monotonic()
            self.interrupter.stop()
        deadline = job.interrupted_at + self.grace
        while not job.done.wait(self.poll):
            now = time.monotonic()
            if now >= deadline:
                return
            with self.lock:
                if job.settled:
                    continue
                # A process launched since the last try (a `run` still starting) is stopped too.
                self.interrupter.stop()
                if now >= job.interrupted_at + self.python_after and not job.raised_in:
                    job.raised_in = self.command_threads(job)
                    for ident in job.raised_in:
                        set_async_exception(ident, KeyboardInterrupt)

    def command_threads(self, job):
        """The threads whose Python belongs to the job's command."""
        if not job.on_lldb_thread:
            return {job.ident}
        return python_threads() - BRIDGE_THREADS - {threading.get_ident()}

    def settle(self, job):
        """After an interrupted job ends: LLDB's interrupt request and any KeyboardInterrupt not
        yet delivered are withdrawn, so the next command runs undisturbed."""
        with self.lock:
            if job.interrupted and not job.settled:
                job.settled = True
                self.interrupter.clear()
                for ident in job.raised_in:
                    set_async_exception(ident, None)

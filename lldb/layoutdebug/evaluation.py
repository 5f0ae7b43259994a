"""One command's view of the target (from exe_ctx only) and the one expression it runs:
a C call into the helper library, whose buffer is read back as text."""

import time

from .buffers import split_error
from .c_expressions import c_call
from .errors import LayoutDebugError
from .expression_errors import describe_expression_failure
from .helper_library import load_library
from .lldb_api import lldb
from .origin_symbols import resolver_for
from .report_thread import report_on_main_thread
from .session import session_for
from .target_memory import read_buffer

def expression_options(timeout, language=None):
    """SBExpressionOptions for every call: unwind on error, ignore breakpoints, all threads
    after the first, the timeout, and nothing kept or generated that a call does not need."""
    options = lldb.SBExpressionOptions()
    if language is not None:
        options.SetLanguage(language)
    options.SetUnwindOnError(True)
    options.SetIgnoreBreakpoints(True)
    options.SetTryAllThreads(True)
    options.SetTimeoutInMicroSeconds(int(timeout * 1000000))
    options.SetOneThreadTimeoutInMicroSeconds(one_thread_micros(timeout))
    options.SetFetchDynamicValue(lldb.eNoDynamicValues)
    options.SetSuppressPersistentResult(True)
    options.SetGenerateDebugInfo(False)
    options.SetAutoApplyFixIts(False)
    return options


def one_thread_micros(timeout):
    """How long a call runs on its own thread before every thread runs: half the timeout, at
    most a second."""
    return max(1, min(int(timeout * 1000000) // 2, 1000000))


def options_for(session, language):
    """The session's options for its timeout and this language, made once: building them is ~15 SB calls."""
    key = (session.timeout, language)
    options = session.options.get(key)
    if options is None:
        options = expression_options(session.timeout, language)
        session.options[key] = options
    return options


def function_names(thread):
    """The function name of each of `thread`'s frames, innermost first (the symbol's name where
    there is no function; None where there is neither)."""
    names = []
    for index in range(thread.GetNumFrames()):
        frame = thread.GetFrameAtIndex(index)
        symbol = frame.GetSymbol()
        names.append(frame.GetFunctionName() or (symbol.GetName() if symbol.IsValid() else None))
    return names


class Context(object):
    """The target, process and frame of one command, from exe_ctx only."""

    def __init__(self, debugger, exe_ctx, need_process=True):
        """Takes the command's exe_ctx; with `need_process`, insists on a stopped process and a frame."""
        self.debugger = debugger
        self.session = session_for(debugger)
        self.target = exe_ctx.GetTarget() if exe_ctx is not None else None
        self.process = exe_ctx.GetProcess() if exe_ctx is not None else None
        self.thread = exe_ctx.GetThread() if exe_ctx is not None else None
        self.frame = exe_ctx.GetFrame() if exe_ctx is not None else None
        self.elapsed = 0.0
        if need_process:
            self.require_stopped_process()

    def require_stopped_process(self):
        """Raises a one-line LayoutDebugError unless there is a stopped process and a frame;
        takes the selected (else first) thread's frame when exe_ctx has none."""
        if self.target is None or not self.target.IsValid():
            raise LayoutDebugError("no target: create one with `target create <app>` and run it")
        state = self.process.GetState() if self.process is not None and self.process.IsValid() \
            else lldb.eStateInvalid
        if state in (lldb.eStateInvalid, lldb.eStateUnloaded, lldb.eStateConnected,
                     lldb.eStateDetached, lldb.eStateExited):
            raise LayoutDebugError("no process: run or attach to the app first")
        if state in (lldb.eStateRunning, lldb.eStateStepping, lldb.eStateLaunching,
                     lldb.eStateAttaching):
            raise LayoutDebugError("the process is running: interrupt it (process interrupt) first")
        if state not in (lldb.eStateStopped, lldb.eStateSuspended, lldb.eStateCrashed):
            raise LayoutDebugError("the process is not stopped (state: %s)"
                                   % lldb.SBDebugger.StateAsCString(state))
        if self.frame is None or not self.frame.IsValid():
            thread = self.thread if self.thread is not None and self.thread.IsValid() \
                else self.process.GetSelectedThread()
            if thread is None or not thread.IsValid():
                thread = self.process.GetThreadAtIndex(0)
            if thread is None or not thread.IsValid():
                raise LayoutDebugError("the process has no thread to evaluate in")
            self.thread = thread
            self.frame = thread.GetSelectedFrame()
            if not self.frame.IsValid():
                self.frame = thread.GetFrameAtIndex(0)
        if self.frame is None or not self.frame.IsValid():
            raise LayoutDebugError("no frame to evaluate in")

    def evaluate(self, text, language=None, frame=None):
        """Evaluates `text` in `frame` (default: the command's); the time it took is left in
        `self.elapsed`."""
        options = options_for(self.session, language)
        start = time.time()
        value = (frame or self.frame).EvaluateExpression(text, options)
        self.elapsed = time.time() - start
        return value

    def call_entry(self, function, *arguments, **options):
        """Runs one C call into the library and returns the buffer's text, its `made at`
        markers resolved unless `origins=False` (a caller that holds several reports
        resolves each one's markers itself: see `resolve_origins`)."""
        facts, _ = load_library(self)
        address = facts.entry_address(self.target, function)
        value = self.evaluate(c_call(function, *arguments, address=address), lldb.eLanguageTypeC,
                              self.report_frame(facts))
        error = value.GetError()
        if not error.Success():
            raise LayoutDebugError(describe_expression_failure(error.GetCString(),
                                                               self.session.timeout,
                                                               "the call to %s" % function,
                                                               self.elapsed))
        facts.stopped_after_call(self.process, self.elapsed * 1000000 < one_thread_micros(self.session.timeout))
        text = read_buffer(self.process, value.GetValueAsUnsigned(), self.session.local_read, facts)
        if options.get("origins", True):
            text = self.resolve_origins(text)
        return text

    def resolve_origins(self, text):
        """One report's `made at <frames …>` markers as `file:line`, and in JSON its
        `{"frames": [...]}` origins as `{"file", "line", "function", "frames"}` (unchanged
        without any)."""
        # A text report has no '"' (memchr-fast): its JSON check, a second pass over a
        # megabyte, is skipped.
        if "made at <frames" in text or ('"' in text and '"origin":{"frames":[' in text):
            text = resolver_for(self.session, self.process).rewrite(text)
        return text

    def report_frame(self, facts=None):
        """The frame a C call into the library runs in: the main thread's top frame when the
        user stopped on another thread and the main thread is idle in its run loop, judged from
        its whole stack (report_thread), else the command's frame. Only calls that take addresses move; the user's expressions are
        always evaluated where the user is.

        With the process's `facts`, the answer for the command's thread is kept until the
        process runs (its stop ID, expressions included, moves on): then the threads, and
        where the main thread waits, may have changed."""
        thread_id = self.frame.GetThread().GetThreadID()
        stop_id = self.process.GetStopID(True) if facts is not None else None
        if facts is not None:
            kept = facts.report_thread(stop_id, thread_id)
            if kept is not None:
                return self.frame if kept == thread_id else self.main_top_frame(kept)
        main = self.process.GetThreadAtIndex(0)
        if main is None or not main.IsValid():
            return self.frame
        top = main.GetFrameAtIndex(0)
        main_id = main.GetThreadID()
        moves = thread_id != main_id and report_on_main_thread(False, function_names(main))
        if facts is not None:
            facts.keep_report_thread(stop_id, thread_id, main_id if moves else thread_id)
        return top if moves else self.frame

    def main_top_frame(self, main_id):
        """The top frame of the thread `main_id` (the main thread), else the command's frame."""
        main = self.process.GetThreadByID(main_id)
        top = main.GetFrameAtIndex(0) if main is not None and main.IsValid() else None
        return top if top is not None and top.IsValid() else self.frame

    def call_report(self, function, *arguments):
        """call_entry, with the library's own error (an `error:` buffer) raised as one line."""
        text = self.call_entry(function, *arguments)
        message = split_error(text)
        if message is not None:
            raise LayoutDebugError(message)
        return text

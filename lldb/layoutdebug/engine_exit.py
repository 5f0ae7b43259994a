"""Leaving the layout engine before lfix changes the layout.

At an lbreak stop the thread is inside the engine: UIKit's engine called
UIViewAlertForUnsatisfiableConstraints from inside the engine-host view's
engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:, in the middle of handling an
unsatisfiable row. A change made there re-enters the engine, which UIKit does not expect
(ReferenceKit refuses it, as its tests show).

lfix does not step out of the engine: the first frame above it that is not the system's may be a
debugger library's own hook, still inside the engine (issue 41, fault 1), and in a deferred
layout pass, most conflicts, the frames above it are the run loop's, then `main` or SwiftUI's
`$main`, under UIApplicationMain or NSApplicationMain, which never return (fault 2). Instead the
library queues the change on the main queue (`lds_fix("queue …")`, which checks it first), lfix
lets the app run to a one-shot breakpoint on LayoutDebugFixPending, which the main queue calls on
its next turn, once the engine and the layout pass have returned to the run loop, and makes the
change there. Every UIKit, AppKit and SwiftUI app turns its main queue (Tests/python/real_stacks.py
has the stacks, from public crash reports).

The frame checks are plain functions over (symbol name, module path) pairs (no LLDB).
"""

import threading

from .conflict_sites import site_for_symbol
from .constants import FIX_PENDING_SYMBOL, FIX_WAIT_SECONDS
from .errors import LayoutDebugError
from .lldb_api import lldb
from .symbols import create_full_name_breakpoint


def conflict_site_index(frames):
    """The index of the frame that receives the conflict (the alert, or AppKit's method), given a
    thread's frames as (symbol name, module path) pairs from the top; None when the thread is not
    inside a conflict report."""
    return next((index for index, (name, _) in enumerate(frames) if site_for_symbol(name)), None)


def fix_point_problem(frames):
    """Why a thread stopped at LayoutDebugFixPending is no place to change the layout, or None.

    The main queue may turn inside a nested run loop; one run from inside the engine's own report
    (a modal alert shown by a conflict handler) is still inside the engine."""
    if not frames or frames[0][0] != FIX_PENDING_SYMBOL:
        return "the app is not at %s" % FIX_PENDING_SYMBOL
    if conflict_site_index(frames) is not None:
        return "the main queue turned inside the layout engine's conflict report (a nested run loop)"
    return None


def thread_frames(thread):
    """A thread's frames as (symbol name, module path) pairs, from the top."""
    frames = []
    for index in range(thread.GetNumFrames()):
        frame = thread.GetFrameAtIndex(index)
        symbol = frame.GetSymbol()
        name = symbol.GetName() if symbol is not None and symbol.IsValid() else frame.GetFunctionName()
        spec = frame.GetModule().GetFileSpec()
        path = spec.fullpath if spec is not None and spec.IsValid() else None
        frames.append((name, path))
    return frames


def threads_to_check(ctx):
    """The command's thread first, then the others: a conflict may stop any thread."""
    first = ctx.thread if ctx.thread is not None and ctx.thread.IsValid() else ctx.process.GetSelectedThread()
    yield first
    for index in range(ctx.process.GetNumThreads()):
        thread = ctx.process.GetThreadAtIndex(index)
        if thread.GetThreadID() != first.GetThreadID():
            yield thread


def thread_in_engine(ctx):
    """A thread inside a conflict report, or None."""
    for thread in threads_to_check(ctx):
        if conflict_site_index(thread_frames(thread)) is not None:
            return thread
    return None


def run_to_main_queue_turn(ctx, seconds=FIX_WAIT_SECONDS):
    """Lets the app run to the one-shot breakpoint on LayoutDebugFixPending (the change was
    queued first) and returns the thread stopped there. Conflicts the app raises on the way are
    counted and printed by lbreak without stopping (session.leaving_engine). Raises
    LayoutDebugError, with nothing changed, when the app ends, stops elsewhere, or does not turn
    its main queue within `seconds` (it is then interrupted)."""
    breakpoint = create_full_name_breakpoint(ctx.target, FIX_PENDING_SYMBOL)
    if not breakpoint.IsValid() or breakpoint.GetNumLocations() == 0:
        if breakpoint.IsValid():
            ctx.target.BreakpointDelete(breakpoint.GetID())
        raise LayoutDebugError("no %s in the process: the library is older than this lfix" % FIX_PENDING_SYMBOL)
    breakpoint.SetOneShot(True)
    process = ctx.process
    timed_out = threading.Event()

    def interrupt():
        """Gives up on the main queue: stops the app where it is."""
        timed_out.set()
        process.SendAsyncInterrupt()

    timer = threading.Timer(seconds, interrupt)
    was_async = ctx.debugger.GetAsync()
    ctx.debugger.SetAsync(False)
    ctx.session.leaving_engine = True
    try:
        timer.start()
        error = process.Continue()
    finally:
        timer.cancel()
        ctx.session.leaving_engine = False
        ctx.debugger.SetAsync(was_async)
        if ctx.target.FindBreakpointByID(breakpoint.GetID()).IsValid():
            ctx.target.BreakpointDelete(breakpoint.GetID())
    if not error.Success():
        raise LayoutDebugError("could not let the app run to its next main-queue turn: %s" % error.GetCString())
    return thread_at_fix_point(process, seconds if timed_out.is_set() else None)


def thread_at_fix_point(process, timed_out_after):
    """The thread the app stopped at LayoutDebugFixPending with, or the reason it did not
    (`timed_out_after`: the seconds lfix waited, when it interrupted the app)."""
    state = process.GetState()
    if state != lldb.eStateStopped:
        raise LayoutDebugError("the app ended (%s) before its main queue turned; nothing was changed"
                               % lldb.SBDebugger.StateAsCString(state))
    for index in range(process.GetNumThreads()):
        thread = process.GetThreadAtIndex(index)
        frames = thread_frames(thread)
        if frames and frames[0][0] == FIX_PENDING_SYMBOL:
            problem = fix_point_problem(frames)
            if problem:
                raise LayoutDebugError(problem + "; nothing was changed")
            process.SetSelectedThread(thread)
            return thread
    if timed_out_after is not None:
        raise LayoutDebugError("the app's main queue did not turn within %g s (its main thread is busy or blocked); "
                               "nothing was changed, and the app is stopped where it was interrupted" % timed_out_after)
    top = thread_frames(process.GetSelectedThread())[:1]
    raise LayoutDebugError("the app stopped in %s before its main queue turned; nothing was changed: "
                           "run lfix again there" % (top[0][0] if top and top[0][0] else "another place"))


def made_at_main_queue_line():
    """The line lfix prints before its answer when it waited for the main queue."""
    return ("Made at the app's next main-queue turn (%s): at the conflict stop the layout engine was in the "
            "middle of its report, and a change there would re-enter it." % FIX_PENDING_SYMBOL)

"""`lloop`'s breakpoints (LLDB): one on `main` that loads the helper library and arms the loop
recorder at each launch (a loop often starts with the first screen), and one on
`objc_exception_throw`, where AppKit's limit, UIKit's feedback loop debugger and ReferenceKit
raise, that prints the loop and stops."""

import os

from .loop_text import THROW, loop_kind, loop_report, not_a_loop_line, resolve_askers
from .origin_launch import run_in_callback
from .origin_symbols import resolver_for
from .session import write_output
from .symbols import create_named_breakpoint, delete_named_breakpoints, named_breakpoints

LAUNCH_SYMBOL = "main"
THROW_SYMBOL = THROW
LOOP_BREAKPOINT_NAME = "LayoutDebugLoops"
# UIKit's and AppKit's feedback loop debuggers read their threshold from the user defaults,
# which take `-Key value` launch arguments (research for issue 44: UIKitCore's
# `_UIViewLayoutFeedbackLoopDebugger`; HWS and tommikivimaki's notes for both keys).
THRESHOLD_KEYS = ("-UIViewLayoutFeedbackLoopDebuggingThreshold", "-NSViewLayoutFeedbackLoopDebuggingThreshold")
# lds_loop_arm's argument that disarms.
DISARM = 0xFFFFFFFF

# LLDB finds the callbacks by their dotted names in the script namespace (layout_debug.py sets it).
SCRIPT_MODULE = "layout_debug"


def loop_breakpoints(target):
    """The breakpoints lloop made in this target."""
    return named_breakpoints(target, LOOP_BREAKPOINT_NAME)


def set_loop_breakpoints(target):
    """Makes both breakpoints once; returns what they do, one line each."""
    if not loop_breakpoints(target):
        for symbol, callback in ((LAUNCH_SYMBOL, "loop_launch_callback"), (THROW_SYMBOL, "loop_throw_callback")):
            create_named_breakpoint(target, symbol, LOOP_BREAKPOINT_NAME, SCRIPT_MODULE + "." + callback)
    return ["Loops: the recorder is armed at %s on every launch (the helper library is loaded there)" % LAUNCH_SYMBOL,
            "Loops: the app stops at %s, and a layout loop is explained there" % THROW_SYMBOL]


def delete_loop_breakpoints(target):
    """Deletes lloop's breakpoints; returns how many there were."""
    return delete_named_breakpoints(target, LOOP_BREAKPOINT_NAME)


def set_threshold_arguments(target, threshold):
    """Puts both keys with `threshold` in the target's launch arguments, replacing any given
    before (None removes them); returns the arguments now."""
    info = target.GetLaunchInfo()
    old = [info.GetArgumentAtIndex(index) for index in range(info.GetNumArguments())]
    kept = []
    skip = False
    for argument in old:
        if skip:
            skip = False
            continue
        if argument in THRESHOLD_KEYS:
            skip = True
            continue
        kept.append(argument)
    if threshold is not None:
        for key in THRESHOLD_KEYS:
            kept += [key, str(threshold)]
    info.SetArguments(kept, False)
    target.SetLaunchInfo(info)
    return kept


def arm(ctx, capacity=0):
    """lds_loop_arm in the stopped process: its one line."""
    return ctx.call_report("lds_loop_arm", "%du" % capacity).strip()


def thread_functions(thread):
    """The function names of `thread`'s frames, innermost first (None where unknown)."""
    names = []
    for index in range(min(thread.GetNumFrames(), 40)):
        frame = thread.GetFrameAtIndex(index)
        names.append(frame.GetFunctionName() or (frame.GetSymbol().GetName() if frame.GetSymbol() else None))
    return names


def stopped_at_throw(thread):
    """Whether `thread` is stopped in objc_exception_throw (its top frame), as at lloop's stop."""
    if thread is None or not thread.IsValid() or thread.GetNumFrames() == 0:
        return False
    return THROW in (thread.GetFrameAtIndex(0).GetFunctionName() or "")


def report_at_stop(ctx, paused=False):
    """What lloop prints at this stop: the loop, or one line saying it is none; `paused`, the
    record wherever the app stopped."""
    functions = thread_functions(ctx.thread if ctx.thread is not None else ctx.frame.GetThread())
    kind = loop_kind(functions)
    if not paused and kind not in ("appkit", "feedback"):
        return not_a_loop_line(kind, functions)
    report = ctx.call_report("lds_loop_report", "0u")
    resolver = resolver_for(ctx.session, ctx.process)

    def resolve(addresses):
        """The frames of one request, each of the app's without a line given where its function starts."""
        frames = resolver.frames(addresses)
        for frame in frames:
            if frame.is_users and not frame.line:
                frame.start = function_start(ctx.target, frame.address)
        return frames
    return loop_report(functions, resolve_askers(report, resolve), paused)


def function_start(target, address):
    """(path, line) where the function holding the return address starts, or None."""
    resolved = target.ResolveLoadAddress(address - 1)
    function = resolved.GetFunction()
    owner = function if function.IsValid() else resolved.GetSymbol()
    if not owner.IsValid():
        return None
    entry = owner.GetStartAddress().GetLineEntry()
    if not entry.IsValid() or entry.GetLine() <= 0:
        return None
    spec = entry.GetFileSpec()
    return (os.path.join(spec.GetDirectory() or "", spec.GetFilename() or ""), entry.GetLine())


def loop_launch_callback(frame, bp_loc, *rest):
    """At `main`: load the library and arm the recorder, then continue. Never raises, never stops."""
    return run_in_callback(frame, lambda ctx: arm(ctx, ctx.session.loop_keep),
                           "lloop: the recorder could not be armed at launch: ", False)


def loop_throw_callback(frame, bp_loc, *rest):
    """At `objc_exception_throw`: print the loop (or that it is none) and stop."""
    return run_in_callback(frame, lambda ctx: write_output(ctx.debugger, report_at_stop(ctx)), "lloop: ", True)

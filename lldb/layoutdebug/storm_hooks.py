"""The storm recorder's LLDB callbacks: the breakpoint where the process asks to be read, the
launch breakpoint that puts lbreak's breakpoints back, and the stop hook that reads the
recorder at every stop (see storm.py for the whole design)."""

from .constants import STORM_AT_EXIT
from .errors import LayoutDebugError
from .evaluation import Context
from .expression_errors import first_line
from .lldb_api import lldb
from .session import session_for, write_output
from .storm import SCRIPT_MODULE, drain_storm, end_storm, recording_in, unreadable_note

STOP_HOOK_CLASS = "StormStopHook"


def storm_pending_callback(frame, bp_loc, *rest):
    """At LayoutDebugStormPending: read the ring, print, and continue; at exit, also back to
    the breakpoint path for the next launch. Never raises, never stops."""
    debugger = None
    try:
        process = frame.GetThread().GetProcess()
        target = process.GetTarget()
        debugger = target.GetDebugger()
        session = session_for(debugger)
        exiting = frame.FindRegister("arg1").GetValueAsUnsigned() == STORM_AT_EXIT
        if not recording_in(session, process):
            return False
        try:
            text = drain_storm(Context(debugger, lldb.SBExecutionContext(frame)), session)
        finally:
            if exiting:
                end_storm(target, session)
        if text:
            write_output(debugger, text)
    except Exception as error:  # noqa: BLE001 - the app must run on whatever happens here
        try:
            write_output(debugger, unreadable_note(error))
        except Exception:  # noqa: BLE001
            pass
    return False


def storm_launch_callback(frame, bp_loc, *rest):
    """At `main` of a new run after a storm that ended without its exit call (killed,
    crashed): lbreak's breakpoints go back on. Never raises, never stops."""
    try:
        target = frame.GetThread().GetProcess().GetTarget()
        end_storm(target, session_for(target.GetDebugger()))
    except Exception:  # noqa: BLE001
        pass
    return False


class StormStopHook(object):
    """`target stop-hook add -P layout_debug.StormStopHook`: at each stop of a process whose
    recorder runs, its conflicts are read and printed before the user's prompt."""

    def __init__(self, target, extra_args, internal_dict):
        """Nothing to keep: the session says whether a recorder runs."""

    def handle_stop(self, exe_ctx, stream):
        """Reads the ring when a recorder runs in this process; always stops."""
        try:
            process = exe_ctx.GetProcess()
            debugger = process.GetTarget().GetDebugger()
            session = session_for(debugger)
            if not recording_in(session, process):
                return True
            text = drain_storm(Context(debugger, exe_ctx), session)
            if text:
                stream.Print(text + "\n")
        except Exception as error:  # noqa: BLE001 - a stop hook never raises
            stream.Print(unreadable_note(error) + "\n")
        return True


def ensure_stop_hook(debugger, target):
    """Adds the storm's stop hook to the target once (found again by its class name)."""
    interpreter = debugger.GetCommandInterpreter()
    listing = lldb.SBCommandReturnObject()
    interpreter.HandleCommand("target stop-hook list", listing)
    class_name = SCRIPT_MODULE + "." + STOP_HOOK_CLASS
    if class_name in (listing.GetOutput() or ""):
        return
    added = lldb.SBCommandReturnObject()
    interpreter.HandleCommand("target stop-hook add -P " + class_name, added)
    if not added.Succeeded():
        raise LayoutDebugError("could not add the stop hook that reads recorded conflicts: %s"
                               % first_line(added.GetError() or ""))

"""lbreak --continue without a stop per conflict (LLDB).

A breakpoint stop costs milliseconds whatever its callback does, and a table view's flood
of conflicts froze the app for seconds. So at the first `--continue` hit that loads the
helper library, lbreak starts its storm recorder in the process (`lds_storm_start`): the
process makes each conflict's report itself, exactly as `lds_conflict_report` would, and
keeps it in a bounded ring, while lbreak's breakpoints are disabled. The reports are read
in one call (`lds_storm_drain`) and counted and printed as a hit would have been:

- by `lconflicts`, and at the next stop (a stop hook);
- at an auto-continuing breakpoint on `LayoutDebugStormPending`, which the process calls
  when it exits with conflicts waiting (a dead process cannot be read), shortly after each
  burst and when an iOS app enters the background (iOS kills apps with SIGKILL: no exit call,
  and no memory left to read), and, when reports are printed (not --quiet), when the ring is
  full.

Switching lbreak to stopping (or --pictures, or --delete) reads what is left, stops the
recorder and enables the breakpoints again; so does the process's exit, and the next
launch (a breakpoint on `main`) after a run that ended without one. Past the ring's bound
reports are dropped but every conflict is still counted, by signature.
"""

import os
import time

from .buffers import split_error
from .constants import STORM_BREAKPOINT_NAME, STORM_LAUNCH_BREAKPOINT_NAME, STORM_LIVE, \
    STORM_PENDING_SYMBOL, BREAKPOINT_NAME
from .errors import LayoutDebugError
from .expression_errors import first_line
from .lldb_api import lldb
from .process_facts import process_key
from .storm_log import apply_drain, dropped_note, parse_drain, ring_size
from .symbols import create_full_name_breakpoint, named_breakpoints

# LLDB finds the callbacks and the stop hook by their dotted names in the script namespace,
# where layout_debug.py (which sets this to its own name, as for lbreak's callback) exposes them.
SCRIPT_MODULE = "layout_debug"
LAUNCH_SYMBOL = "main"


def storm_wanted(session):
    """Whether lbreak's mode lets the process record conflicts: --continue, no --pictures
    (a picture needs the live objects at the hit), and a ring ($LAYOUT_DEBUG_STORM_RING not 0)."""
    return not session.stop_on_conflict and not session.pictures_dir and ring_size(os.environ) > 0


def storm_flags(session):
    """lds_storm_start's flags: live when reports are printed, so they come soon."""
    return 0 if session.quiet else STORM_LIVE


def recording_in(session, process):
    """Whether the session's recorder runs in this process (a live one)."""
    return session.storm is not None and process is not None and process.IsValid() \
        and session.storm == process_key(process)


# MARK: - Starting and ending

def start_storm_after_hit(ctx, session):
    """At a reported --continue hit: start the recorder, arm its breakpoints and disable
    lbreak's. Anything that fails leaves the breakpoint path as it was. Never raises."""
    key = None
    try:
        if not storm_wanted(session):
            return
        key = process_key(ctx.process)
        if session.storm == key or key in session.storm_refused:
            return
        answer = ctx.call_entry("lds_storm_start", str(storm_flags(session)), str(ring_size(os.environ)))
        if split_error(answer) is not None:
            session.storm_refused.add(key)
            return
        try:
            arm_storm_breakpoints(ctx.target)
        except Exception:  # noqa: BLE001 - without its breakpoint the ring would never be read at exit
            ctx.call_entry("lds_storm_stop", "0")
            raise
        set_enabled(named_breakpoints(ctx.target, BREAKPOINT_NAME), False)
        session.storm = key
    except Exception:  # noqa: BLE001 - the breakpoint path goes on
        if key is not None:
            session.storm_refused.add(key)


def arm_storm_breakpoints(target):
    """Makes (once per target) and enables the breakpoint where the process asks to be read,
    and the one at the next launch that puts lbreak's breakpoints back."""
    arm(target, STORM_BREAKPOINT_NAME, STORM_PENDING_SYMBOL, "storm_pending_callback", resolved=True)
    arm(target, STORM_LAUNCH_BREAKPOINT_NAME, LAUNCH_SYMBOL, "storm_launch_callback", resolved=False)


def arm(target, name, symbol, callback, resolved):
    """Enables the breakpoint named `name`, made on `symbol` with `callback` if missing;
    with `resolved`, a LayoutDebugError unless it has a location now."""
    found = named_breakpoints(target, name)
    if not found:
        breakpoint = create_full_name_breakpoint(target, symbol)
        if not breakpoint.IsValid() or not breakpoint.AddName(name):
            if breakpoint.IsValid():
                target.BreakpointDelete(breakpoint.GetID())
            raise LayoutDebugError("could not set a breakpoint on %s" % symbol)
        breakpoint.SetScriptCallbackFunction(SCRIPT_MODULE + "." + callback)
        found = [breakpoint]
    set_enabled(found, True)
    if resolved and not any(breakpoint.GetNumLocations() for breakpoint in found):
        raise LayoutDebugError("no %s in the process" % symbol)


def set_enabled(breakpoints, enabled):
    """Enables or disables each breakpoint."""
    for breakpoint in breakpoints:
        breakpoint.SetEnabled(enabled)


def end_storm(target, session):
    """Back to the breakpoint path: lbreak's breakpoints on, the storm's off, no recorder known.
    (The process, when alive, has been told by `lds_storm_stop`, or is exiting.)"""
    session.storm = None
    if target is None or not target.IsValid():
        return
    set_enabled(named_breakpoints(target, STORM_BREAKPOINT_NAME), False)
    set_enabled(named_breakpoints(target, STORM_LAUNCH_BREAKPOINT_NAME), False)
    set_enabled(named_breakpoints(target, BREAKPOINT_NAME), True)


def delete_storm_breakpoints(target):
    """Deletes the storm's breakpoints (lbreak --delete)."""
    for name in (STORM_BREAKPOINT_NAME, STORM_LAUNCH_BREAKPOINT_NAME):
        for breakpoint in named_breakpoints(target, name):
            target.BreakpointDelete(breakpoint.GetID())


# MARK: - Reading the ring

def drain_storm(ctx, session, stopping=False):
    """Reads what the recorder holds in one call (and with `stopping`, stops it), counts it
    in the session's log and returns what lbreak prints for it, as one string ("" when
    nothing, or --quiet). Raises LayoutDebugError when the process cannot be read."""
    raw = ctx.call_entry("lds_storm_stop" if stopping else "lds_storm_drain", "0", origins=False)
    message = split_error(raw)
    if message is not None:
        raise LayoutDebugError(message)
    try:
        reports, dropped = parse_drain(raw)
    except ValueError as error:
        raise LayoutDebugError("the storm ring could not be read: %s" % first_line(str(error)))
    for item in reports:
        if isinstance(item, dict) and isinstance(item.get("text"), str):
            item["text"] = ctx.resolve_origins(item["text"])
    printed = apply_drain(session.conflicts, reports, dropped, session.quiet, session.mine_only, time.time())
    if not session.quiet:
        note = dropped_note(dropped)
        if note:
            printed.append(note)
    return "\n".join(printed)


def live_recorder(ctx, session):
    """Whether the session's recorder runs in the command's process; one that ran in a
    process that is gone, or is not this one, is forgotten (the breakpoints go back on)."""
    if session.storm is None:
        return False
    process = ctx.process
    if process is None or not process.IsValid() or process.GetState() in (
            lldb.eStateExited, lldb.eStateDetached, lldb.eStateInvalid, lldb.eStateUnloaded) \
            or session.storm != process_key(process):
        end_storm(ctx.target, session)
        return False
    return True


def require_stopped(ctx):
    """A LayoutDebugError unless the command's process is stopped (it is read or told)."""
    if ctx.process.GetState() != lldb.eStateStopped:
        raise LayoutDebugError("the process is running: interrupt it (process interrupt) to change lbreak's mode")
    ctx.require_stopped_process()


def unreadable_note(error):
    """The one line a command prints when the process's recorder could not be read."""
    return "lbreak: the conflicts recorded in the process could not be read: %s" % (
        first_line(str(error)) or type(error).__name__)


def drain_before_command(ctx, session):
    """What a command (lconflicts, lbreak) reads from a live recorder before it runs: the
    text to print first. A running process is left alone; a process that cannot be read
    (being killed) gives a note, and its recorder is forgotten."""
    if not live_recorder(ctx, session) or ctx.process.GetState() != lldb.eStateStopped:
        return ""
    try:
        ctx.require_stopped_process()
        return drain_storm(ctx, session)
    except LayoutDebugError as error:
        end_storm(ctx.target, session)
        return unreadable_note(error)


def stop_storm_for_command(ctx, session):
    """lbreak leaving the storm (stopping mode, --pictures, --delete): reads what is left and
    stops the recorder in one call, and puts the breakpoints back; returns the text to print
    (a note when the process cannot be read: the breakpoints go back on all the same)."""
    if not live_recorder(ctx, session):
        return ""
    require_stopped(ctx)
    try:
        return drain_storm(ctx, session, stopping=True)
    except LayoutDebugError as error:
        return unreadable_note(error)
    finally:
        end_storm(ctx.target, session)


def restart_storm_for_command(ctx, session):
    """lbreak staying in the storm with other options (--quiet or not): tells the recorder."""
    if not live_recorder(ctx, session):
        return
    require_stopped(ctx)
    answer = ctx.call_entry("lds_storm_start", str(storm_flags(session)), str(ring_size(os.environ)))
    message = split_error(answer)
    if message is not None:
        raise LayoutDebugError(message)

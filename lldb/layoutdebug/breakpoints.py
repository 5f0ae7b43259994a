"""LLDB plumbing of lbreak: the conflict breakpoints and their callback."""

import re

from .buffers import split_error
from .conflict_log import hit_line, parse_conflict_json, set_aside_note, stops_for
from .conflict_sites import UIKIT_ALERT, site_for_symbol, site_in_description
from .constants import BREAKPOINT_NAME, LDS_JSON
from .errors import LayoutDebugError
from .evaluation import Context
from .expression_errors import first_line
from .last_report import remember
from .picture_files import conflict_picture_path, write_atomically
from .lldb_api import lldb
from .session import session_for, write_output
from .storm import start_storm_after_hit
from .symbols import create_full_name_breakpoint, named_breakpoints


# LLDB looks a callback's dotted name up from its script namespace, where
# `command script import` put the file users import, not this package; that
# file sets this to its own __name__.
SCRIPT_MODULE = "layout_debug"


def callback_function_name():
    """The name lbreak gives SetScriptCallbackFunction: conflict_breakpoint_callback, as LLDB finds it."""
    return SCRIPT_MODULE + ".conflict_breakpoint_callback"


def find_conflict_breakpoints(target):
    """The breakpoints lbreak made in this target (they carry BREAKPOINT_NAME)."""
    return named_breakpoints(target, BREAKPOINT_NAME)


def breakpoint_description(breakpoint):
    """LLDB's one-paragraph description of a breakpoint, which names its function."""
    description = lldb.SBStream()
    breakpoint.GetDescription(description, False)
    return description.GetData() or ""


def breakpoint_symbol(breakpoint):
    """The conflict site's function a breakpoint of lbreak stops in, or "?"."""
    site = site_in_description(breakpoint_description(breakpoint))
    return site.symbol if site is not None else "?"


def frame_symbol_name(frame):
    """The name of the function a frame is in, or None."""
    symbol = frame.GetSymbol()
    if symbol is not None and symbol.IsValid():
        return symbol.GetName()
    return frame.GetFunctionName()


def site_of_hit(frame, bp_loc):
    """The conflict site of a hit: by the function it stopped in, else by its breakpoint."""
    site = site_for_symbol(frame_symbol_name(frame))
    if site is None and bp_loc is not None:
        site = site_in_description(breakpoint_description(bp_loc.GetBreakpoint()))
    return site or UIKIT_ALERT


def conflict_breakpoint_callback(frame, bp_loc, *rest):
    """The lbreak callback: one expression, count always, stop as asked. Never raises."""
    debugger = None
    try:
        thread = frame.GetThread()
        process = thread.GetProcess()
        target = process.GetTarget()
        debugger = target.GetDebugger()
        session = session_for(debugger)
    except Exception:  # noqa: BLE001
        return True
    if is_nested_hit(frame):
        return False  # the same conflict, one call deeper: counted at the outer hit
    signature = None
    view_controller = None
    owner = None
    text = None
    reported = False
    document = None  # the library's JSON of the report, kept whole for lconflicts --last --json
    fields = {}
    try:
        exe_ctx = lldb.SBExecutionContext(frame)
        ctx = Context(debugger, exe_ctx)
        site = site_of_hit(frame, bp_loc)
        arguments = conflict_arguments(frame, site)
        raw = ctx.call_entry("lds_conflict_report", *(arguments + (str(LDS_JSON),)))
        message = split_error(raw)
        if message is not None:
            text = "Auto Layout conflict (no report: %s)" % message
            # No addresses in a signature: repeats of one failure count as one.
            signature = "(unreported: %s)" % re.sub(r"0x[0-9a-fA-F]+", "0x?", message)
        else:
            fields = parse_conflict_json(raw)
            document = raw
            text = fields["text"]
            signature = fields["signature"]
            view_controller = fields["viewController"]
            reported = True
            owner = fields["owner"]
    except Exception as error:  # noqa: BLE001 - count the hit even when the report fails
        session.callback_errors += 1
        message = first_line(str(error)) or type(error).__name__
        text = "Auto Layout conflict (no report: %s)" % message
        signature = "(unreported conflict)"
    entry = session.conflicts.record(signature, view_controller, owner=owner)
    # --mine: a conflict that is not the app's is counted but neither stops nor floods the
    # console; an unknown owner counts as the app's, so nothing is set aside unseen.
    # While lfix steps out of the engine, the app's further conflicts are counted and shown
    # but never stop it: the step must reach the app's code for lfix to change anything.
    stop = stops_for(session.stop_on_conflict, session.mine_only, owner) and not session.leaving_engine
    set_aside = session.mine_only and not stops_for(True, True, owner)
    # A picture only of a conflict that is reported: one set aside by --mine is counted, not drawn.
    if reported and session.pictures_dir and entry.count == 1 and not set_aside:
        text = text.rstrip("\n") + "\n" + draw_conflict(ctx, arguments, session)
    remember(session.conflicts, text, document, fields)
    if not session.quiet:
        try:
            if set_aside:
                write_output(debugger, set_aside_note(session.conflicts.total, owner, text))
            else:
                write_output(debugger, hit_line(text, session.conflicts.total, entry.count, stop))
        except Exception:  # noqa: BLE001
            pass
    if reported and not stop:
        # The library is in the process now: later conflicts of this run are recorded
        # there, without a stop each (see storm.py).
        start_storm_after_hit(ctx, session)
    return bool(stop)


def draw_conflict(ctx, arguments, session):
    """Writes the picture of a conflict seen for the first time; the line the report gets.

    The file and the picture's title carry the number the console prints for this hit
    (`[lbreak] conflict #4`: conflict-4.svg, "Conflict #4"), which runs on across relaunches.
    """
    try:
        number = session.conflicts.total
        path = conflict_picture_path(session.pictures_dir, number)
        picture = ctx.call_entry("lds_picture", *(arguments + (str(number), "0")))
        message = split_error(picture)
        if message is not None:
            return "Picture: none (%s)" % message
        write_atomically(path, picture)
        return "Picture: " + path
    except Exception as error:  # noqa: BLE001 - a picture never costs the report
        return "Picture: none (%s)" % (first_line(str(error)) or type(error).__name__)


def conflict_arguments(frame, site):
    """The constraint and the list of a hit, as literal `(void *)0x…` arguments.

    They are read in the frame that hit. The call itself may run on the main thread
    (Context.report_frame), where `$arg1` would name that thread's registers, not the
    ones of a conflict raised on a background thread.
    """
    return tuple("(void *)0x%x" % argument_value(frame, name) for name in (site.constraint, site.conflicting))


def argument_value(frame, name):
    """The value of an argument register (`$arg1`: LLDB's ABI-neutral name) in `frame`."""
    register = frame.FindRegister(name.lstrip("$"))
    if register is not None and register.IsValid():
        error = lldb.SBError()
        value = register.GetValueAsUnsigned(error, 0)
        if error.Success():
            return value
    # An LLDB whose register context lacks the generic name: the same register by expression.
    value = frame.EvaluateExpression("(unsigned long)" + name)
    if not value.GetError().Success():
        raise LayoutDebugError("cannot read %s in the frame that hit: %s"
                               % (name, first_line(value.GetError().GetCString() or "")))
    return value.GetValueAsUnsigned()


def is_nested_hit(frame):
    """True when an outer call is itself a conflict site: a `@_cdecl` thunk that called its
    Swift body, in a debug build.

    The outer call is the first frame with another CFA. Frames that share this hit's CFA are
    the same call: in a release build the body is inlined into the thunk, so the hit's inlined
    frames and the thunk all carry the site's symbol name.
    """
    try:
        thread = frame.GetThread()
        cfa = frame.GetCFA()
        index = frame.GetFrameID() + 1
        caller = thread.GetFrameAtIndex(index)
        while caller.IsValid() and caller.GetCFA() == cfa:
            index += 1
            caller = thread.GetFrameAtIndex(index)
        return caller.IsValid() and site_for_symbol(frame_symbol_name(caller)) is not None
    except Exception:  # noqa: BLE001 - when unsure, count it
        return False

"""Origin capture from the start of each launch (LLDB): a breakpoint on `main` that loads the
helper library, turns capture on and lets the app run on. Apps make most constraints before
their first view appears, so capture must be on before then; `main` comes first."""

from .c_expressions import c_string_literal
from .evaluation import Context
from .expression_errors import first_line
from .lldb_api import lldb
from .session import write_output
from .symbols import create_named_breakpoint, delete_named_breakpoints, named_breakpoints

LAUNCH_SYMBOL = "main"
ORIGINS_BREAKPOINT_NAME = "LayoutDebugOrigins"

# LLDB finds the callback by its dotted name in the script namespace, where layout_debug.py
# (which sets this to its own name, as for lbreak's callback) exposes it.
SCRIPT_MODULE = "layout_debug"


def find_launch_breakpoints(target):
    """The breakpoints `lorigins on` made in this target."""
    return named_breakpoints(target, ORIGINS_BREAKPOINT_NAME)


def capture_at_launch(target):
    """Makes the launch breakpoint once; returns a line saying when capture starts."""
    if not find_launch_breakpoints(target):
        create_named_breakpoint(target, LAUNCH_SYMBOL, ORIGINS_BREAKPOINT_NAME, SCRIPT_MODULE + ".origins_launch_callback")
    return "Origins: capture starts at %s on every launch (the helper library is loaded there)." % LAUNCH_SYMBOL


def stop_capture_at_launch(target):
    """Deletes the launch breakpoints; returns how many there were."""
    return delete_named_breakpoints(target, ORIGINS_BREAKPOINT_NAME)


def set_capture(ctx, command):
    """`lds_origins(command)` in the stopped process: its one-line status."""
    return ctx.call_report("lds_origins", c_string_literal(command)).strip()


def run_in_callback(frame, action, failure, stop):
    """A breakpoint callback's body: `action(ctx)` in the stopped frame; whatever it raises is
    written as one line after `failure`, and never reaches LLDB. Returns `stop` (whether LLDB
    stops there)."""
    debugger = None
    try:
        debugger = frame.GetThread().GetProcess().GetTarget().GetDebugger()
        action(Context(debugger, lldb.SBExecutionContext(frame)))
    except Exception as error:  # noqa: BLE001 - the app must go on (or stop) whatever happens here
        try:
            write_output(debugger, failure + (first_line(str(error)) or type(error).__name__))
        except Exception:  # noqa: BLE001
            pass
    return stop


def origins_launch_callback(frame, bp_loc, *rest):
    """At `main`: load the library and start capture, then continue. Never raises, never stops."""
    return run_in_callback(frame, lambda ctx: set_capture(ctx, "on"),
                           "lorigins: capture could not start at launch: ", False)

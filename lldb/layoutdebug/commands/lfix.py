"""lfix: try a change to a constraint or a view in the stopped app, see what moves, undo."""

import json

from ..arguments import CONSTANT, COUNT, PRIORITY, add_object_argument
from ..c_expressions import c_string_literal, report_flags
from ..engine_exit import made_at_main_queue_line, run_to_main_queue_turn, thread_in_engine
from ..errors import LayoutDebugError
from ..evaluation import Context
from ..json_documents import dumps
from ..lldb_api import lldb
from ..loop_launch import stopped_at_throw
from ..fix_requests import apply_line, plan
from ..object_arguments import classify_object_argument
from ..object_pointers import resolve_object
from .base import OBJECT_HELP, Command, process_flags


class FixCommand(Command):
    """Applies, reverses or lists a change through one lds_fix call."""

    name = "lfix"
    short_help = "Try a fix in the stopped app: change a constraint or view, see what moves; undo."
    description = (
        "Changes one constraint (priority, constant, activation) or one view\n"
        "(autoresizing) in the stopped process, lays its window out, re-checks every\n"
        "constraint of the hierarchy, and prints whether a conflict remains (with its\n"
        "short report), the frames that changed and any view that became ambiguous.\n"
        "One call into the target; the process is not resumed (but see below).\n"
        "A constraint is named by its address (every report line starts with it), by #N\n"
        "(constraint N of the last conflict report) or by an expression. --suggestion N\n"
        "applies change N of the last conflict report's list.\n"
        "An installed constraint's priority cannot cross between required (1000) and\n"
        "optional in UIKit: lfix deactivates, changes and reactivates it instead.\n"
        "--undo reverses the newest change, --undo-all every change made in this stop;\n"
        "changes made at an earlier stop stay applied.\n"
        "At an lbreak stop the app is inside the layout engine's report of the conflict:\n"
        "a change there would re-enter the engine. So lfix checks the change, queues it\n"
        "on the app's main queue, lets the app run to the queue's next turn (the engine\n"
        "and the layout pass have returned by then; conflicts on the way are counted,\n"
        "not stopped at), makes the change there and stops: undo and list work there.")
    examples = (
        "examples:\n"
        "  lfix --suggestion 1               apply change 1 of the last report\n"
        "  lfix #4 --priority 999            let constraint 4 of the report give way\n"
        "  lfix 0x600000a4c0a0 --deactivate  the nuclear way out\n"
        "  lfix 0x600000a4c0a0 --constant -8\n"
        "  lfix self.titleLabel --no-autoresizing\n"
        "  lfix --undo                       put the last change back\n"
        "  lfix --list")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of lfix."""
        add_object_argument(parser, "object", "the constraint or view: " + OBJECT_HELP, optional=True)
        parser.add_argument("--priority", type=PRIORITY, metavar="P",
                            help="set the constraint's priority (%s)" % PRIORITY.range_text)
        parser.add_argument("--constant", type=CONSTANT, metavar="C",
                            help="set the constraint's constant (%s)" % CONSTANT.range_text)
        parser.add_argument("--deactivate", action="store_true", help="deactivate the constraint")
        parser.add_argument("--activate", action="store_true", help="activate the constraint")
        parser.add_argument("--no-autoresizing", action="store_true",
                            help="turn the view's translatesAutoresizingMaskIntoConstraints off")
        parser.add_argument("--suggestion", type=COUNT, metavar="N",
                            help="apply change N of the last conflict report")
        parser.add_argument("--undo", action="store_true", help="reverse the newest change of this stop")
        parser.add_argument("--undo-all", action="store_true", help="reverse every change of this stop")
        parser.add_argument("--list", action="store_true", help="list the changes applied in this stop")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        """Checks the options, resolves the object, then one lds_fix call at this stop."""
        verb, change = plan(args, bool(args.object))
        ctx = Context(debugger, exe_ctx)
        if stopped_at_throw(ctx.thread):
            raise LayoutDebugError(EXCEPTION_STOP)
        if verb == "apply":
            verb = apply_line(self.handle(ctx, args.object), change)
        # Only a change waits for the main queue: undo and list concern changes made at this
        # stop, and none can have been made inside the engine.
        inside = thread_in_engine(ctx) is not None and verb.startswith(("apply", "suggestion"))
        if inside:
            # Checked, and pinned to an address: conflicts the app raises before the queue turns
            # are each a new "last report", and the user chose from the one they read.
            verb = ctx.call_report("lds_fix", c_string_literal("queue " + verb), "0", "0").strip()
            thread = run_to_main_queue_turn(ctx)
            ctx = Context(debugger, lldb.SBExecutionContext(thread))
        stop = ctx.process.GetStopID(False)
        try:
            output = ctx.call_report("lds_fix", c_string_literal(verb), str(stop), str(report_flags(as_json=args.json)))
        except LayoutDebugError as error:
            if not inside:
                raise
            # The app ran on to its main queue: what the change named may have gone meanwhile (a
            # transient system view), or changed. The process is stopped there.
            raise LayoutDebugError("at the app's next main-queue turn, where it is stopped now: %s" % error)
        if not inside:
            return output
        if args.json:
            return with_main_queue_turn(output)
        return made_at_main_queue_line() + "\n" + output

    @staticmethod
    def handle(ctx, text):
        """How lds_fix names the object: `#N` as given (the library reads its last report, in the
        same call), anything else as the address it resolves to."""
        kind, number = classify_object_argument(text)
        return "#%d" % number if kind == "report number" else "0x%x" % resolve_object(ctx, text)


# At a loop's exception (lloop's stop) the app is ending: the exception is uncaught, and the
# layout that checks a change would raise it again.
EXCEPTION_STOP = ("the app is stopped in objc_exception_throw: its uncaught exception ends it, and the layout a "
                  "change needs would raise again; make the change in the code (lloop says where), or try it "
                  "with the app paused before the loop's exception")


def with_main_queue_turn(document_text):
    """A fix-outcome document with `madeAtNextMainQueueTurn` after its kind, so that an editor or
    an agent, which reads only the JSON, learns that the app ran on to the change."""
    document = json.loads(document_text)
    ordered = {}
    for key, value in document.items():
        ordered[key] = value
        if key == "kind":
            ordered["madeAtNextMainQueueTurn"] = True
    return dumps(ordered)

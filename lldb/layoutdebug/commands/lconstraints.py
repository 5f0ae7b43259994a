"""lconstraints: every constraint that names a view, wherever it is installed."""

from ..arguments import add_object_argument
from ..c_expressions import c_pointer, report_flags
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import VIEW_HELP, Command, process_flags


class ConstraintsCommand(Command):
    """Prints the constraints lds_constraints finds for a view."""

    name = "lconstraints"
    short_help = "List every constraint that references a view, in the view and its ancestors."
    description = "Lists the constraints that reference the view, wherever they are installed."
    examples = (
        "examples:\n"
        "  lconstraints self.view\n"
        "  lconstraints 0x7fc82aba1210 --hide-system")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of lconstraints."""
        add_object_argument(parser, "view", VIEW_HELP)
        parser.add_argument("--hide-system", action="store_true",
                            help="drop the constraints the system adds (autoresizing, content size)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        """Resolves the view, then one lds_constraints call."""
        ctx = Context(debugger, exe_ctx)
        address = resolve_object(ctx, args.view)
        flags = report_flags(as_json=args.json, hide_system=args.hide_system)
        return ctx.call_report("lds_constraints", c_pointer(address), str(flags))

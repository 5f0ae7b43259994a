"""ltrace: the autolayout trace of a view tree, the key window's by default."""

from ..arguments import add_object_argument
from ..c_expressions import c_pointer, report_flags
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import VIEW_HELP, Command, process_flags


class TraceCommand(Command):
    """Prints lds_trace's tree of a view, or of the key window when no view is given."""

    name = "ltrace"
    short_help = "Print the Auto Layout trace of a view hierarchy (default: the key window)."
    description = (
        "Prints the view tree as UIKit's _autolayoutTrace does, then its legend: one\n"
        "line per view, indented by depth, with its class and address (and its name,\n"
        "or the property that holds it). The mark before the class says how the view\n"
        "is laid out: • the engine host (the first line), * with auto layout, + by its\n"
        "autoresizing mask, as constraints the engine holds; none, by its mask alone.\n"
        "An ambiguous view's line ends with '- AMBIGUOUS LAYOUT for' and the variables\n"
        "(minX, minY, width, height) that are ambiguous. It prints no frames: lreport\n"
        "does. With no view it uses the key window, or the first window's root view\n"
        "when there is no key window.")
    examples = (
        "examples:\n"
        "  ltrace\n"
        "  ltrace self.view\n"
        "  ltrace 0x7fc82aba1210 --json")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of ltrace."""
        add_object_argument(parser, "view", "optional; " + VIEW_HELP, optional=True)
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        """Resolves the view if one is given (NULL asks for the key window), then one lds_trace call."""
        ctx = Context(debugger, exe_ctx)
        address = resolve_object(ctx, args.view) if args.view else None
        flags = report_flags(as_json=args.json)
        return ctx.call_report("lds_trace", c_pointer(address), str(flags))

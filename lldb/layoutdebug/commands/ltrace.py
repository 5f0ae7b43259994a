"""ltrace: the autolayout trace of a view tree, the key window's by default."""

from ..arguments import join_words
from ..c_expressions import c_pointer, report_flags
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import OBJECT_HELP, Command, process_flags


class TraceCommand(Command):
    """Prints lds_trace's tree of a view, or of the key window when no view is given."""

    name = "ltrace"
    short_help = "Print the Auto Layout trace of a view hierarchy (default: the key window)."
    description = (
        "Prints the view tree with frames, marking ambiguous layouts. With no view it\n"
        "uses the key window, or the first window's root view when there is no key\n"
        "window.")
    examples = (
        "examples:\n"
        "  ltrace\n"
        "  ltrace self.view\n"
        "  ltrace 0x7fc82aba1210 --json")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of ltrace."""
        parser.add_argument("view", nargs="*", help="optional; " + OBJECT_HELP)
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        """Resolves the view if one is given (NULL asks for the key window), then one lds_trace call."""
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.view)
        address = resolve_object(ctx, text) if text else None
        flags = report_flags(as_json=args.json)
        return ctx.call_report("lds_trace", c_pointer(address), str(flags))

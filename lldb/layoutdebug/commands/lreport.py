"""lreport: the layout report of a view and its subviews, or of a constraint, from one call."""

from ..arguments import join_words
from ..c_expressions import c_pointer, report_flags
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import OBJECT_HELP, Command, process_flags


class ReportCommand(Command):
    """Prints the report lds_report makes of a view's tree (or of a constraint)."""

    name = "lreport"
    short_help = "Print the layout report of a view (and its subviews) or of a constraint."
    description = (
        "Prints a view's frame, constraints, ambiguity and hugging/compression, for it\n"
        "and its descendants, from one call into the helper library. Each constraint\n"
        "is listed once, under the view that holds it; a descendant's Ancestors line\n"
        "counts those already listed above it (--no-descend lists them all). Given a\n"
        "constraint, prints its description and its items.")
    examples = (
        "examples:\n"
        "  lreport self.view\n"
        "  lreport 0x7fc82aba1210 --no-descend\n"
        "  lreport $arg1 --all --json")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of lreport."""
        parser.add_argument("object", nargs="+", help=OBJECT_HELP)
        parser.add_argument("--no-descend", action="store_true", help="only this view, not its subviews")
        parser.add_argument("--all", action="store_true", help="include views on the skip list")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        """Resolves the object, then one lds_report call with the flags of the options."""
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.object)
        address = resolve_object(ctx, text)
        flags = report_flags(no_descend=args.no_descend, show_all=args.all, as_json=args.json)
        return ctx.call_report("lds_report", c_pointer(address), str(flags))

"""lreport: the layout report of a view and its subviews, or of a constraint, from one call."""

from ..arguments import add_object_argument
from ..c_expressions import c_pointer, report_flags
from ..constants import LDS_HTML
from ..engine_exit import thread_in_engine
from ..errors import LayoutDebugError, UsageError
from ..evaluation import Context
from ..object_pointers import resolve_object
from ..picture_files import check_writable, write_atomically
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
        "constraint, prints its description and its items; #N is constraint N of the\n"
        "last conflict report, as lfix takes it.")
    examples = (
        "examples:\n"
        "  lreport self.view\n"
        "  lreport 0x7fc82aba1210 --no-descend\n"
        "  lreport $arg1 --all --json\n"
        "  lreport #2                 constraint 2 of the last conflict report\n"
        "  lreport self.view --svg /tmp/profile.svg   a picture of it and its subtree")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of lreport."""
        add_object_argument(parser, "object", OBJECT_HELP)
        parser.add_argument("--no-descend", action="store_true", help="only this view, not its subviews")
        parser.add_argument("--all", action="store_true", help="include views on the skip list")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")
        parser.add_argument("--svg", metavar="FILE", help="draw the view and its subtree into an SVG file")
        parser.add_argument("--html", metavar="FILE", help="the same picture as a self-contained HTML page")

    def run(self, debugger, args, exe_ctx):
        """Resolves the object, then one lds_report call with the flags of the options."""
        ctx = Context(debugger, exe_ctx)
        if args.svg or args.html:
            return self.draw(ctx, args.object, args)
        address = resolve_object(ctx, args.object)
        flags = report_flags(no_descend=args.no_descend, show_all=args.all, as_json=args.json)
        report = ctx.call_report("lds_report", c_pointer(address), str(flags))
        if args.json or not stopped_in_engine(ctx):
            return report
        return report + ("" if report.endswith("\n") else "\n") + NOT_LAID_OUT

    def draw(self, ctx, text, args):
        """One lds_picture call; the file is written only when the picture came back whole."""
        if args.svg and args.html:
            raise UsageError("give --svg or --html, not both")
        if args.json or args.no_descend:
            raise UsageError("a picture always shows the subtree; it takes no --json or --no-descend")
        path = args.svg or args.html
        check_writable(path)
        address = resolve_object(ctx, text)
        picture = ctx.call_report("lds_picture", c_pointer(address), c_pointer(None), "0",
                                  str(LDS_HTML if args.html else 0))
        write_atomically(path, picture)
        return "Wrote %s (%d bytes): open it in a browser; click a view to fold its subviews." % (
            path, len(picture.encode("utf-8")))


# At an lbreak stop the engine is in the middle of a layout pass: frames are the last pass's
# (or zero for views never laid out), so a constraint the pass is about to meet reads [off by N].
NOT_LAID_OUT = ("Not laid out yet: the process is stopped inside the layout engine, at a conflict, so these "
                "frames are from before this layout pass and an [off by N] may only be the pass not done; "
                "lfix lays the views out before it changes anything, and so does continuing.\n")


def stopped_in_engine(ctx):
    """Whether a thread is inside the engine's conflict report (an lbreak stop)."""
    try:
        return thread_in_engine(ctx) is not None
    except LayoutDebugError:
        return True  # inside, with no app code above it to return to

"""llint: layout traps in a view tree (the key window's by default), and how to fix each."""

import textwrap

from ..arguments import add_object_argument
from ..c_expressions import c_pointer, c_string_literal, report_flags
from ..errors import UsageError
from ..evaluation import Context
from ..object_pointers import resolve_object
from .base import VIEW_HELP, Command, process_flags

# The library's rules (LintRule in Lint/LintRule.swift), in its order; the stress pass
# (Lint/LintStress.swift) adds the last four. Tests/python/commands/test_llint.py holds both
# lists to those files.
RULES = ("ambiguous-layout", "center-only", "offset-inset", "redundant-constraint", "stack-arranged-edges",
         "left-right-mixed", "margin-on-child", "edge-margin-mixed", "autoresizing-mixed", "priority-tie",
         "cell-size-required")
STRESS_RULES = ("sibling-overlap", "stress-leaves-superview", "stress-clipped", "stress-conflict")


def rules_text():
    """The rules as the help lists them, wrapped at 80 columns."""
    words = "Rules: %s; with --stress also %s." % (", ".join(RULES), ", ".join(STRESS_RULES))
    return "\n".join(textwrap.wrap(words, 80, break_on_hyphens=False))


class LintCommand(Command):
    """Prints lds_lint's findings for a view's tree, or silences one rule for one view."""

    name = "llint"
    short_help = "Find layout traps (ambiguity, offset for inset, extra constraints, ...) and how to fix them."
    description = (
        "Checks a view and its subviews (the key window when no view is given) for\n"
        "constraints that hold today but break, clip or conflict later. Each finding\n"
        "names its rule, the view, the constraints with their addresses, why it will\n"
        "hurt and the fix in UIKit and SnapKit terms; the text ends with the count\n"
        "('0 findings', '1 finding', '3 findings').\n"
        "--stress also re-solves a copy of the constraints with every label's and\n"
        "button's text twice as wide and right to left; the app is never changed.\n"
        "--ignore RULE VIEW silences one rule for one view for the rest of the run.\n"
        + rules_text())
    examples = (
        "examples:\n"
        "  llint\n"
        "  llint self.view --stress\n"
        "  llint 0x7fc82aba1210 --json\n"
        "  llint --ignore offset-inset 0x7fc82aba1210")
    flags = process_flags()

    def add_arguments(self, parser):
        """The options and positionals of llint."""
        add_object_argument(parser, "view", "optional; " + VIEW_HELP, optional=True)
        parser.add_argument("--stress", action="store_true",
                            help="also solve a copy with doubled text widths and right to left")
        parser.add_argument("--json", action="store_true", help='print {"findings": [...]} instead of text')
        parser.add_argument("--ignore", metavar="RULE",
                            help="silence RULE for the given view from now on (needs a view)")

    def run(self, debugger, args, exe_ctx):
        """Resolves the view if one is given (NULL asks for the key window), then one call."""
        ctx = Context(debugger, exe_ctx)
        if args.ignore is not None:
            return ctx.call_report("lds_lint_ignore", c_pointer(self.ignored_view(ctx, args.view)),
                                   c_string_literal(args.ignore))
        address = resolve_object(ctx, args.view) if args.view else None
        flags = report_flags(as_json=args.json, stress=args.stress)
        return ctx.call_report("lds_lint", c_pointer(address), str(flags))

    @staticmethod
    def ignored_view(ctx, text):
        """The view --ignore applies to; one must be named."""
        if not text:
            raise UsageError("--ignore needs a view: llint --ignore RULE VIEW")
        return resolve_object(ctx, text)

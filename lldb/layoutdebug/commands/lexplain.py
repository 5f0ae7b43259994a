"""lexplain: layout-explain on a file or a pasted console log; needs no process."""

import os

from ..errors import LayoutDebugError
from ..explain_runner import explain_arguments, find_explain_tool, read_pasted_log, run_explain
from .base import Command


class ExplainCommand(Command):
    """Runs layout-explain on this machine on a log file or a log pasted into the debugger."""

    name = "lexplain"
    short_help = "Explain an Auto Layout conflict from a pasted console log or a file."
    description = (
        "Runs layout-explain on this machine (no process needed): why the constraints\n"
        "cannot hold together, and what to change. With no FILE, paste the console log\n"
        "and end it with an empty line (two, if the paste stops before UIKit's last\n"
        "line, \"...may also be helpful.\"). layout-explain is searched in\n"
        "$LAYOUT_DEBUG_EXPLAIN, ~/.lldb/layout-debug/, next to this script, the\n"
        "package's .build/release and .build/debug, then $PATH.")
    examples = (
        "examples:\n"
        "  lexplain ~/Desktop/console.log\n"
        "  lexplain --summary ~/Desktop/console.log   one line per distinct conflict\n"
        "  lexplain --app-module MyApp log.txt        MyApp.HeaderView reads HeaderView\n"
        "  lexplain               then paste the log and an empty line")

    def add_arguments(self, parser):
        """The options and positionals of lexplain."""
        parser.add_argument("file", nargs="?", help="a file holding the console log")
        parser.add_argument("--summary", action="store_true",
                            help="one line per distinct conflict, most frequent first")
        parser.add_argument("--json", action="store_true", help="print JSON")
        parser.add_argument("--app-module", dest="app_modules", action="append", default=[],
                            metavar="NAME", help="the app's own module: print NAME.View as View")

    def run(self, debugger, args, exe_ctx):
        """Finds the tool, then runs it on the file or on the pasted text."""
        tool = find_explain_tool()
        options = explain_arguments(args.summary, args.json, args.app_modules)
        if args.file:
            path = os.path.expanduser(args.file)
            if not os.path.isfile(path):
                raise LayoutDebugError("no such file: %s" % args.file)
            return run_explain(tool, options + ["--", path], None)
        text = read_pasted_log(debugger)
        if not text.strip():
            raise LayoutDebugError("no log given: paste it and end with an empty line, or give a FILE")
        return run_explain(tool, options, text)

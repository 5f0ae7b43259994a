"""The commands, one small class each (Chisel style): parse, run, print or raise LayoutDebugError."""

import os
import subprocess
import sys

from .arguments import join_words, make_parser, parse_command
from .breakpoints import breakpoint_symbol, callback_function_name, create_full_name_breakpoint, \
    find_conflict_breakpoints
from .c_expressions import c_pointer, c_string_literal, report_flags
from .conflict_log import format_conflict_summary
from .conflict_sites import conflict_sites
from .constants import BREAKPOINT_NAME, EXPLAIN_ENV, EXPLAIN_TOOL, LIBRARY_BASENAME
from .errors import HelpRequested, LayoutDebugError, UsageError
from .expression_errors import first_line, strip_error_prefix
from .library_search import explain_candidates, script_directory
from .pasted_input import read_until_blank, unbuffered_readline
from .plumbing import Context, ensure_loaded, lldb, local_memory, session_for, write_output
from .settings import format_seconds, parse_timeout


class Command(object):
    """Base of every command: parsing, error handling, help.

    A subclass sets the metadata below and defines run(debugger, args, exe_ctx),
    which returns the command's output text or raises LayoutDebugError."""

    name = ""
    short_help = ""
    description = ""
    examples = ""
    flags = 0

    def __init__(self, debugger, internal_dict):
        self.parser = make_parser(self.name, self.description, self.examples)
        self.add_arguments(self.parser)

    def add_arguments(self, parser):
        pass

    def get_short_help(self):
        return self.short_help

    def get_long_help(self):
        return self.parser.format_help()

    def get_flags(self):
        return self.flags

    def __call__(self, debugger, command, exe_ctx, result):
        try:
            args = parse_command(self.parser, command)
            output = self.run(debugger, args, exe_ctx)
            if output:
                result.AppendMessage(output.rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except HelpRequested as help_text:
            result.AppendMessage(str(help_text).rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except UsageError as error:
            result.SetError("%s: %s (see `help %s`)" % (self.name, error, self.name))
        except LayoutDebugError as error:
            result.SetError("%s: %s" % (self.name, error))
        except SystemExit as exit_:
            result.SetError("%s: invalid arguments (status %s)" % (self.name, exit_.code))
        except Exception as error:  # noqa: BLE001 - never show a traceback
            result.SetError("%s: internal error: %s: %s" % (self.name, type(error).__name__,
                                                             first_line(str(error))))


def _process_flags():
    if lldb is None:
        return 0
    return lldb.eCommandRequiresProcess | lldb.eCommandProcessMustBeLaunched | \
        lldb.eCommandProcessMustBePaused


def _target_flags():
    return 0 if lldb is None else lldb.eCommandRequiresTarget


class LoadCommand(Command):
    name = "lload"
    short_help = "Load the LayoutDebugSupport helper library into the process."
    description = (
        "Injects libLayoutDebugSupport into the stopped process with SBProcess.LoadImage,\n"
        "once per process; it is skipped when the library is already present.\n"
        "Every other command runs it for you. The library is searched in order:\n"
        "  1. $LAYOUT_DEBUG_LIBRARY (only that path, when set)\n"
        "  2. ~/.lldb/layout-debug/ (the installed copy): on Linux\n"
        "     libLayoutDebugSupport.so; on Apple platforms the folder of the target's\n"
        "     triple: macosx/, iphonesimulator/ or maccatalyst/\n"
        "  3. the same in the folder holding layout_debug.py (an installer --prefix)\n"
        "  4. ../.build/release, then ../.build/debug, next to the script's lldb/ folder\n"
        "     (Linux and macOS)\n"
        "On an iOS device the library is loaded from the app: Frameworks/ in its bundle,\n"
        "or $LAYOUT_DEBUG_LIBRARY as a path on the device. It must be signed by the\n"
        "app's team (./install.sh --sign), as must a hardened-runtime Mac app's.")
    examples = (
        "examples:\n"
        "  lload\n"
        "  (shell) LAYOUT_DEBUG_LIBRARY=/path/libLayoutDebugSupport.so lldb MyApp")
    flags = property(lambda self: _process_flags())

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        path, fresh = ensure_loaded(ctx)
        version = ctx.call_report("lds_version").strip()
        if fresh:
            return "Loaded %s (%s)" % (path, version)
        return "%s is already loaded: %s (%s)" % (LIBRARY_BASENAME, path, version)


class BreakCommand(Command):
    name = "lbreak"
    short_help = "Stop (or log and continue) on every unsatisfiable Auto Layout conflict."
    description = (
        "Sets a breakpoint where the target's platform reports an unsatisfiable layout:\n"
        "  iOS, the simulator, Catalyst and ReferenceKit (Linux):\n"
        "    UIViewAlertForUnsatisfiableConstraints\n"
        "  macOS (LAYOUT_CONSTRAINTS_NOT_SATISFIABLE does not name the constraint):\n"
        "    -[NSView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]\n"
        "At each hit the conflict report is printed from one expression and its\n"
        "signature is counted for `lconflicts`. Running lbreak again changes the mode\n"
        "of the existing breakpoints.")
    examples = (
        "examples:\n"
        "  lbreak                 stop at each conflict with its report\n"
        "  lbreak --continue      print each report and keep running\n"
        "  lbreak -c --quiet      only count conflicts; see them with lconflicts\n"
        "  lbreak --delete        remove the breakpoints")
    flags = property(lambda self: _target_flags())

    def add_arguments(self, parser):
        parser.add_argument("-c", "--continue", dest="continue_", action="store_true",
                            help="log the conflict and keep running instead of stopping")
        parser.add_argument("-q", "--quiet", action="store_true",
                            help="do not print reports (conflicts are still counted)")
        parser.add_argument("-d", "--delete", action="store_true",
                            help="delete the conflict breakpoints")

    def run(self, debugger, args, exe_ctx):
        target = exe_ctx.GetTarget() if exe_ctx is not None else None
        if target is None or not target.IsValid():
            raise LayoutDebugError("no target: create one with `target create <app>` first")
        existing = find_conflict_breakpoints(target)
        if args.delete:
            if args.continue_ or args.quiet:
                raise UsageError("--delete takes no other option")
            for breakpoint in existing:
                target.BreakpointDelete(breakpoint.GetID())
            return "Deleted %d Auto Layout conflict breakpoint%s." % (
                len(existing), "" if len(existing) == 1 else "s")
        session = session_for(debugger)
        session.stop_on_conflict = not args.continue_
        session.quiet = args.quiet
        if not existing:
            for site in conflict_sites(target.GetTriple()):
                symbol = site.symbol
                breakpoint = create_full_name_breakpoint(target, symbol)
                if not breakpoint.IsValid():
                    raise LayoutDebugError("could not create a breakpoint on %s" % symbol)
                if not breakpoint.AddName(BREAKPOINT_NAME):
                    target.BreakpointDelete(breakpoint.GetID())
                    raise LayoutDebugError("could not name the breakpoint on %s" % symbol)
                breakpoint.SetScriptCallbackFunction(callback_function_name())
                existing.append(breakpoint)
        lines = []
        for breakpoint in existing:
            count = breakpoint.GetNumLocations()
            where = "%d location%s" % (count, "" if count == 1 else "s") if count else "pending"
            lines.append("  breakpoint %d: %s (%s)" % (breakpoint.GetID(),
                                                        breakpoint_symbol(breakpoint), where))
        mode = "stop and print the report" if session.stop_on_conflict else "print the report and continue"
        if session.quiet:
            mode = ("stop" if session.stop_on_conflict else "continue") + " without printing (counted)"
        return "Auto Layout conflict breakpoints, on a conflict: %s\n%s" % (mode, "\n".join(lines))


class ConflictsCommand(Command):
    name = "lconflicts"
    short_help = "List the Auto Layout conflicts seen in this session, by signature."
    description = (
        "Prints one line per distinct conflict signature seen by lbreak: how many times,\n"
        "when it was first and last seen, and the view controller.")
    examples = (
        "examples:\n"
        "  lconflicts\n"
        "  lconflicts --clear     forget the counts")

    def add_arguments(self, parser):
        parser.add_argument("--clear", action="store_true", help="forget every recorded conflict")

    def run(self, debugger, args, exe_ctx):
        session = session_for(debugger)
        if args.clear:
            count = session.conflicts.total
            session.conflicts.clear()
            return "Cleared %d recorded conflict%s." % (count, "" if count == 1 else "s")
        return format_conflict_summary(session.conflicts)


OBJECT_HELP = ("a hex address (0x7fc82aba1210), $arg1 or any register, a $N result, "
               "or an expression in the frame's language (self.view)")


class ReportCommand(Command):
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
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("object", nargs="+", help=OBJECT_HELP)
        parser.add_argument("--no-descend", action="store_true", help="only this view, not its subviews")
        parser.add_argument("--all", action="store_true", help="include views on the skip list")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.object)
        address = ctx.resolve_object(text)
        flags = report_flags(no_descend=args.no_descend, show_all=args.all, as_json=args.json)
        return ctx.call_report("lds_report", c_pointer(address), str(flags))


class ConstraintsCommand(Command):
    name = "lconstraints"
    short_help = "List every constraint that references a view, in the view and its ancestors."
    description = "Lists the constraints that reference the view, wherever they are installed."
    examples = (
        "examples:\n"
        "  lconstraints self.view\n"
        "  lconstraints 0x7fc82aba1210 --hide-system")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("view", nargs="+", help=OBJECT_HELP)
        parser.add_argument("--hide-system", action="store_true",
                            help="drop the constraints the system adds (autoresizing, content size)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.view)
        address = ctx.resolve_object(text)
        flags = report_flags(as_json=args.json, hide_system=args.hide_system)
        return ctx.call_report("lds_constraints", c_pointer(address), str(flags))


class TraceCommand(Command):
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
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("view", nargs="*", help="optional; " + OBJECT_HELP)
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.view)
        address = ctx.resolve_object(text) if text else None
        flags = report_flags(as_json=args.json)
        return ctx.call_report("lds_trace", c_pointer(address), str(flags))


class NameCommand(Command):
    name = "lname"
    short_help = "Give a view or constraint a name that later reports show."
    description = (
        "Sets a nametag on an object, so reports print <HeaderView:0x...>.\n"
        "An empty name (\"\") clears it. Quote an object expression that has spaces.")
    examples = (
        "examples:\n"
        "  lname 0x7fc82aba1210 HeaderView\n"
        "  lname self.view Root\n"
        "  lname 0x7fc82aba1210 \"\"        clear the name")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("object", help=OBJECT_HELP)
        parser.add_argument("nametag", metavar="name", help="the name to show in reports")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        address = ctx.resolve_object(args.object)
        text = ctx.call_report("lds_set_name", c_pointer(address), c_string_literal(args.nametag))
        return text or ("Named 0x%x %s" % (address, args.nametag))


class ExplainCommand(Command):
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
        "  lexplain               then paste the log and an empty line")

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="a file holding the console log")
        parser.add_argument("--summary", action="store_true",
                            help="one line per distinct conflict, most frequent first")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, debugger, args, exe_ctx):
        tool = find_explain_tool()
        options = explain_arguments(args.summary, args.json)
        if args.file:
            path = os.path.expanduser(args.file)
            if not os.path.isfile(path):
                raise LayoutDebugError("no such file: %s" % args.file)
            return run_explain(tool, options + ["--", path], None)
        text = read_pasted_log(debugger)
        if not text.strip():
            raise LayoutDebugError("no log given: paste it and end with an empty line, or give a FILE")
        return run_explain(tool, options, text)


def explain_arguments(summary, as_json):
    arguments = []
    if summary:
        arguments.append("--summary")
    if as_json:
        arguments.append("--json")
    return arguments


def find_explain_tool():
    candidates = explain_candidates(os.environ, script_directory(), os.path.expanduser("~"))
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise LayoutDebugError("could not find %s (set $%s to its path)" % (EXPLAIN_TOOL, EXPLAIN_ENV))


def read_pasted_log(debugger):
    handle = debugger.GetInputFileHandle() if debugger is not None else None
    if handle is None:
        handle = sys.stdin
    try:
        interactive = handle.isatty()
    except Exception:  # noqa: BLE001
        interactive = False
    if interactive:
        write_output(debugger, "Paste the console log, then an empty line:")
    return read_until_blank(unbuffered_readline(handle))


def run_explain(tool, arguments, stdin_text):
    try:
        completed = subprocess.run([tool] + arguments, input=stdin_text, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, universal_newlines=True, timeout=60)
    except OSError as error:
        raise LayoutDebugError("could not run %s: %s" % (tool, error))
    except subprocess.TimeoutExpired:
        raise LayoutDebugError("%s did not finish in 60 s" % tool)
    if completed.returncode != 0:
        message = first_line(completed.stderr) or first_line(completed.stdout) or \
            "exit status %d" % completed.returncode
        raise LayoutDebugError("%s failed: %s" % (os.path.basename(tool), strip_error_prefix(message)))
    return completed.stdout


class SettingsCommand(Command):
    name = "lsettings"
    short_help = "Show or change LayoutDebug settings (expression timeout, skip list, local reads)."
    description = (
        "Every call into the process runs on the current thread first, then on all\n"
        "threads, and is stopped and unwound after the timeout (default 5 s, or\n"
        "$LAYOUT_DEBUG_TIMEOUT when set).\n"
        "--skip replaces, in the stopped process, the classes whose subviews lreport\n"
        "does not open (default: UIButton, UILabel, UISwitch and the other controls);\n"
        "an empty list restores the default. lreport --all ignores the list.\n"
        "--local-read (default on): when the process runs on this machine (Linux), each\n"
        "report is read straight from /proc/<pid>/mem. LLDB reads memory through its\n"
        "debug server in gdb-remote packets, ~9 ms for a 1 MB report; /proc takes under\n"
        "1 ms. A remote process, macOS (no /proc) and any failed local read use LLDB's\n"
        "read, which is also the check the first local read of a process must match.\n"
        "Turn it off to read every report through LLDB.\n"
        "With no option, lsettings shows every setting.")
    examples = (
        "examples:\n"
        "  lsettings\n"
        "  lsettings --timeout 20\n"
        "  lsettings --skip \"UIButton,MyApp.ChartView\"\n"
        "  lsettings --skip \"\"        restore the default skip list\n"
        "  lsettings --local-read off  read every report through LLDB")

    def add_arguments(self, parser):
        parser.add_argument("--timeout", metavar="SECONDS", help="expression timeout in seconds")
        parser.add_argument("--skip", metavar="CLASSES",
                            help="comma-separated classes whose subviews lreport leaves out")
        parser.add_argument("--local-read", choices=("on", "off"),
                            help="read reports of a process on this machine from /proc/<pid>/mem "
                                 "(default on)")

    def run(self, debugger, args, exe_ctx):
        session = session_for(debugger)
        if args.timeout is not None:
            session.timeout = parse_timeout(args.timeout)
        if args.local_read is not None:
            session.local_read = args.local_read == "on"
        lines = ["timeout: %s" % format_seconds(session.timeout)]
        if args.local_read is not None or (args.timeout is None and args.skip is None):
            lines.append("local read: %s" % describe_local_read(session, exe_ctx))
        if args.skip is not None:
            ctx = Context(debugger, exe_ctx)
            lines.append(ctx.call_report("lds_set_skipped_classes", c_string_literal(args.skip)).strip())
        return "\n".join(lines)


def describe_local_read(session, exe_ctx):
    """`on (...)` or `off (...)`: the setting, and what it means for the current process."""
    if not session.local_read:
        return "off (reports are read through LLDB)"
    process = exe_ctx.GetProcess() if exe_ctx is not None and lldb is not None else None
    if process is None or not process.IsValid() or process.GetState() in (
            lldb.eStateInvalid, lldb.eStateUnloaded, lldb.eStateConnected, lldb.eStateDetached,
            lldb.eStateExited):
        return "on (for a process that runs on this machine)"
    try:
        return "on (%s)" % local_memory(process).describe()
    except Exception as error:  # noqa: BLE001 - a status line must not fail the command
        return "on (%s)" % (first_line(str(error)) or type(error).__name__)


COMMANDS = (
    LoadCommand, BreakCommand, ConflictsCommand, ReportCommand, ConstraintsCommand,
    TraceCommand, NameCommand, ExplainCommand, SettingsCommand,
)

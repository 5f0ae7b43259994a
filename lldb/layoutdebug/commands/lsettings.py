"""lsettings: the session's settings (expression timeout, local reads) and the skip list in
the process."""

from ..c_expressions import c_string_literal
from ..evaluation import Context
from ..expression_errors import first_line
from ..lldb_api import lldb
from ..process_facts import facts_for
from ..session import session_for
from ..settings import format_seconds, parse_timeout
from ..target_memory import local_memory
from .base import Command


class SettingsCommand(Command):
    """Shows the settings, or changes the timeout, the local-read switch or the process's skip list."""

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
        """The options and positionals of lsettings."""
        parser.add_argument("--timeout", metavar="SECONDS", help="expression timeout in seconds")
        parser.add_argument("--skip", metavar="CLASSES",
                            help="comma-separated classes whose subviews lreport leaves out")
        parser.add_argument("--local-read", choices=("on", "off"),
                            help="read reports of a process on this machine from /proc/<pid>/mem "
                                 "(default on)")

    def run(self, debugger, args, exe_ctx):
        """Applies the options given, then prints the settings they touched (all of them with none)."""
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
            answer = ctx.call_report("lds_set_skipped_classes", c_string_literal(args.skip)).strip()
            facts_for(ctx.process).skip_list = answer
            lines.append(answer)
        elif args.timeout is None and args.local_read is None:
            lines.append("skip list: %s" % describe_skip_list(exe_ctx))
        return "\n".join(lines)


def describe_skip_list(exe_ctx):
    """The classes whose subviews lreport leaves out in this process: the last list
    `--skip` set here, else the library's default."""
    process = exe_ctx.GetProcess() if exe_ctx is not None and lldb is not None else None
    answer = facts_for(process).skip_list if process is not None and process.IsValid() else None
    prefix = "Skipping subviews of: "
    if answer is None:
        return "the default (controls such as UIButton and UILabel; --skip changes it)"
    return answer[len(prefix):] if answer.startswith(prefix) else answer


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

"""lsettings: the session's settings (expression timeout, local reads) and the skip list in
the process."""

from ..arguments import SECONDS
from ..c_expressions import c_string_literal
from ..evaluation import Context
from ..expression_errors import first_line
from ..expression_timeout import format_seconds
from ..json_documents import document, dumps
from ..lldb_api import lldb
from ..process_facts import facts_for
from ..session import session_for
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
        "With no option, lsettings shows every setting; --json prints them as one\n"
        "document (docs/schema/settings.json).")
    examples = (
        "examples:\n"
        "  lsettings\n"
        "  lsettings --timeout 20\n"
        "  lsettings --skip \"UIButton,MyApp.ChartView\"\n"
        "  lsettings --skip \"\"        restore the default skip list\n"
        "  lsettings --local-read off  read every report through LLDB\n"
        "  lsettings --json")

    def add_arguments(self, parser):
        """The options and positionals of lsettings."""
        parser.add_argument("--timeout", type=SECONDS, metavar="SECONDS",
                            help="expression timeout (%s)" % SECONDS.range_text)
        parser.add_argument("--skip", metavar="CLASSES",
                            help="comma-separated classes whose subviews lreport leaves out")
        parser.add_argument("--local-read", choices=("on", "off"),
                            help="read reports of a process on this machine from /proc/<pid>/mem "
                                 "(default on)")
        parser.add_argument("--json", action="store_true", help="print one JSON document instead of text")

    def run(self, debugger, args, exe_ctx):
        """Applies the options given, then prints the settings they touched (all of them with none)."""
        session = session_for(debugger)
        if args.timeout is not None:
            session.timeout = args.timeout
        if args.local_read is not None:
            session.local_read = args.local_read == "on"
        lines = ["timeout: %s" % format_seconds(session.timeout)]
        fields = {"timeout": session.timeout}
        if args.local_read is not None or (args.timeout is None and args.skip is None):
            detail = describe_local_read(session, exe_ctx)
            lines.append("local read: %s" % detail)
            fields["localRead"] = local_read_fields(session, detail)
        if args.skip is not None:
            ctx = Context(debugger, exe_ctx)
            answer = ctx.call_report("lds_set_skipped_classes", c_string_literal(args.skip)).strip()
            facts = facts_for(ctx.process)
            facts.skip_list = answer
            facts.skip_list_is_default = not args.skip.strip()
            lines.append(answer)
            fields["skipList"] = skip_list_fields(answer, facts.skip_list_is_default)
        elif args.timeout is None and args.local_read is None:
            lines.append("skip list: %s" % describe_skip_list(exe_ctx))
            fields["skipList"] = skip_list_fields(*current_skip_list(exe_ctx))
        text = "\n".join(lines)
        if args.json:
            return dumps(document("settings", text=text, **fields))
        return text


def local_read_fields(session, detail):
    """lsettings --json's `localRead`: the switch, and what it means for the process now."""
    words = detail.split(" ", 1)[1] if " " in detail else ""
    return {"enabled": bool(session.local_read), "detail": words[1:-1] if words.startswith("(") else words}


SKIP_PREFIX = "Skipping subviews of: "


def skip_list_fields(answer, is_default):
    """lsettings --json's `skipList`: whether the process skips the library's default list,
    and the classes, from the library's answer (`Skipping subviews of: A, B`) when there is
    one (None: `--skip` was not given in this process, so the list was never read)."""
    if answer is None:
        return {"default": is_default}
    classes = answer[len(SKIP_PREFIX):] if answer.startswith(SKIP_PREFIX) else answer
    return {"default": is_default, "classes": [name.strip() for name in classes.split(",") if name.strip()]}


def current_skip_list(exe_ctx):
    """The library's last answer to `--skip` in this process (None when none was given), and
    whether the list is the default."""
    process = exe_ctx.GetProcess() if exe_ctx is not None and lldb is not None else None
    if process is None or not process.IsValid():
        return None, True
    facts = facts_for(process)
    return facts.skip_list, facts.skip_list_is_default


def describe_skip_list(exe_ctx):
    """The classes whose subviews lreport leaves out in this process: the last list
    `--skip` set here, else the library's default."""
    answer, _ = current_skip_list(exe_ctx)
    if answer is None:
        return "the default (controls such as UIButton and UILabel; --skip changes it)"
    return answer[len(SKIP_PREFIX):] if answer.startswith(SKIP_PREFIX) else answer


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

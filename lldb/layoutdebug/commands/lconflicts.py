"""lconflicts: the conflicts lbreak has seen in this debugger, counted by owner, one line per
signature (the app's own, or every owner's with --all); --last gives the last report whole,
--json the tally or that report as JSON."""

from ..conflict_log import format_conflict_summary
from ..errors import UsageError
from ..evaluation import Context
from ..last_report import last_report_json, last_report_text, tally_json
from ..session import session_for
from ..storm import drain_before_command
from .base import Command


class ConflictsCommand(Command):
    """Lists (or forgets) the conflicts counted in this debugger's session."""

    name = "lconflicts"
    short_help = "List the Auto Layout conflicts seen in this session, by signature."
    description = (
        "Prints one line per distinct conflict signature seen by lbreak: how many times,\n"
        "when it was first and last seen, and the view controller. Every conflict is\n"
        "counted by owner (yours, system, transient); only yours are listed unless\n"
        "--all is given. Under lbreak --continue the app records conflicts itself:\n"
        "lconflicts first reads them (one call) and prints any report not yet printed.\n"
        "--last prints the last conflict report whole, as lbreak printed it. --json\n"
        "prints the tally as JSON (every owner's signatures, each naming its owner) or,\n"
        "with --last, the report's own JSON (its text once; none with --no-text). Both\n"
        "work at any stop and after the process exits: an editor that joined late, or an\n"
        "agent, reads the conflict at the stop.")
    examples = (
        "examples:\n"
        "  lconflicts\n"
        "  lconflicts --all       also list system and transient conflicts\n"
        "  lconflicts             after `lbreak -c -q`, reads what the app recorded\n"
        "  lconflicts --last      the report of the conflict you are stopped at\n"
        "  lconflicts --last --json\n"
        "  lconflicts --last --json --no-text   the report's fields alone\n"
        "  lconflicts --json      counts by signature and owner, first and last seen\n"
        "  lconflicts --clear     forget the counts and the last report")

    def add_arguments(self, parser):
        """The options and positionals of lconflicts."""
        parser.add_argument("--clear", action="store_true", help="forget every recorded conflict")
        parser.add_argument("-a", "--all", dest="show_all", action="store_true",
                            help="list every owner's conflicts, not only yours")
        parser.add_argument("--last", action="store_true", help="print the last conflict report whole")
        parser.add_argument("--json", action="store_true",
                            help="print JSON: the tally, or with --last the report's own")
        parser.add_argument("--no-text", dest="no_text", action="store_true",
                            help="with --last --json: leave the report's text out (its fields say it all)")

    def run(self, debugger, args, exe_ctx):
        """The summary of the session's conflict log (or its last report, text or JSON), or how
        many --clear forgot."""
        if args.clear and (args.last or args.json):
            raise UsageError("--clear takes neither --last nor --json")
        if args.no_text and not (args.last and args.json):
            raise UsageError("--no-text goes with --last --json")
        session = session_for(debugger)
        # Conflicts the process recorded since the last read count (and print) first.
        recorded = drain_before_command(Context(debugger, exe_ctx, need_process=False), session)
        if args.clear:
            count = session.conflicts.total
            session.conflicts.clear()
            return "Cleared %d recorded conflict%s." % (count, "" if count == 1 else "s")
        if args.json:
            # The reports just drained are in the tally, the newest as the last report: the
            # answer stays one JSON document, without their text before it.
            return last_report_json(session.conflicts, not args.no_text) if args.last else tally_json(session.conflicts)
        if args.last:
            summary = last_report_text(session.conflicts)
        else:
            summary = format_conflict_summary(session.conflicts, show_all=args.show_all)
        return recorded + "\n" + summary if recorded else summary

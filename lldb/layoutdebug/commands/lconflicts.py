"""lconflicts: the conflicts lbreak has seen in this debugger, counted by owner, one line per
signature (the app's own, or every owner's with --all)."""

from ..conflict_log import format_conflict_summary
from ..evaluation import Context
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
        "lconflicts first reads them (one call) and prints any report not yet printed.")
    examples = (
        "examples:\n"
        "  lconflicts\n"
        "  lconflicts --all       also list system and transient conflicts\n"
        "  lconflicts             after `lbreak -c -q`, reads what the app recorded\n"
        "  lconflicts --clear     forget the counts")

    def add_arguments(self, parser):
        """The options and positionals of lconflicts."""
        parser.add_argument("--clear", action="store_true", help="forget every recorded conflict")
        parser.add_argument("-a", "--all", dest="show_all", action="store_true",
                            help="list every owner's conflicts, not only yours")

    def run(self, debugger, args, exe_ctx):
        """The summary of the session's conflict log, or how many --clear forgot."""
        session = session_for(debugger)
        # Conflicts the process recorded since the last read count (and print) first.
        recorded = drain_before_command(Context(debugger, exe_ctx, need_process=False), session)
        if args.clear:
            count = session.conflicts.total
            session.conflicts.clear()
            return "Cleared %d recorded conflict%s." % (count, "" if count == 1 else "s")
        summary = format_conflict_summary(session.conflicts, show_all=args.show_all)
        return recorded + "\n" + summary if recorded else summary

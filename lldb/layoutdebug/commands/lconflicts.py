"""lconflicts: the conflicts lbreak has seen in this debugger, one line per signature."""

from ..conflict_log import format_conflict_summary
from ..session import session_for
from .base import Command


class ConflictsCommand(Command):
    """Lists (or forgets) the conflicts counted in this debugger's session."""

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
        """The options and positionals of lconflicts."""
        parser.add_argument("--clear", action="store_true", help="forget every recorded conflict")

    def run(self, debugger, args, exe_ctx):
        """The summary of the session's conflict log, or how many --clear forgot."""
        session = session_for(debugger)
        if args.clear:
            count = session.conflicts.total
            session.conflicts.clear()
            return "Cleared %d recorded conflict%s." % (count, "" if count == 1 else "s")
        return format_conflict_summary(session.conflicts)

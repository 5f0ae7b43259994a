"""lbreak: a breakpoint where the target's platform reports each unsatisfiable layout, with
the report printed and the conflict counted at every hit."""

import os

from ..breakpoints import breakpoint_symbol, callback_function_name, create_full_name_breakpoint, \
    find_conflict_breakpoints
from ..conflict_sites import conflict_sites
from ..constants import BREAKPOINT_NAME
from ..errors import LayoutDebugError, UsageError
from ..evaluation import Context
from ..origin_launch import capture_at_launch
from ..picture_files import check_folder
from ..session import session_for
from ..storm import delete_storm_breakpoints, drain_before_command, restart_storm_for_command, \
    stop_storm_for_command, storm_wanted
from ..storm_hooks import ensure_stop_hook
from ..storm_log import ring_size_note
from .base import Command, command_target, target_flags


class BreakCommand(Command):
    """Sets (or changes the mode of, or deletes) the conflict breakpoints of the target's platform."""

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
        "of the existing breakpoints.\n"
        "Each report's first line says whose conflict it is: yours, system (only\n"
        "UIKit-internal views, such as the keyboard's) or transient (an encapsulated\n"
        "size of 0 during cell reuse, _UITemporaryLayoutWidth). With --mine, lbreak\n"
        "stops and prints only for yours; the others get one line and are counted.\n"
        "With --continue, once the first hit has loaded the library, the app records\n"
        "its conflicts itself, with no stop each (a storm of hundreds no longer\n"
        "freezes it): the same reports are printed in batches, at the latest at the\n"
        "next stop, lconflicts or exit, and every conflict is counted. It keeps\n"
        "$LAYOUT_DEBUG_STORM_RING reports (256) between reads; 0 stops at each one.\n"
        "With --quiet the app hands its counts over at most once a second (and at\n"
        "exit), so a conflict per frame while scrolling costs no stop per frame.")
    examples = (
        "examples:\n"
        "  lbreak                 stop at each conflict with its report\n"
        "  lbreak --continue      print each report and keep running\n"
        "  lbreak -c --quiet      only count conflicts; see them with lconflicts\n"
        "  lbreak -c -q           a storm of 300: two stops in all (first hit, exit)\n"
        "  lbreak --mine          stop only for the app's own conflicts\n"
        "  lbreak --origins       also record where constraints are made (see lorigins)\n"
        "  lbreak -c --pictures /tmp/pics   an SVG picture of each distinct conflict\n"
        "  lbreak --delete        remove the breakpoints")
    flags = target_flags()

    def add_arguments(self, parser):
        """The options and positionals of lbreak."""
        parser.add_argument("-c", "--continue", dest="continue_", action="store_true",
                            help="log the conflict and keep running instead of stopping")
        parser.add_argument("-q", "--quiet", action="store_true",
                            help="do not print reports (conflicts are still counted)")
        parser.add_argument("-m", "--mine", action="store_true",
                            help="stop and print only for the app's own conflicts "
                                 "(system and transient ones are counted)")
        parser.add_argument("-d", "--delete", action="store_true",
                            help="delete the conflict breakpoints")
        parser.add_argument("--origins", action="store_true",
                            help="also start origin capture at every launch (lorigins on)")
        parser.add_argument("--pictures", metavar="DIR",
                            help="write a picture of each distinct conflict into DIR (conflict-N.svg)")

    def run(self, debugger, args, exe_ctx):
        """Creates the breakpoints once per target, sets the session's mode, lists them."""
        target = command_target(exe_ctx)
        existing = find_conflict_breakpoints(target)
        session = session_for(debugger)
        ctx = Context(debugger, exe_ctx, need_process=False)
        if args.delete:
            if args.continue_ or args.quiet or args.origins or args.pictures or args.mine:
                raise UsageError("--delete takes no other option")
            recorded = stop_storm_for_command(ctx, session)
            for breakpoint in existing:
                target.BreakpointDelete(breakpoint.GetID())
            delete_storm_breakpoints(target)
            return joined(recorded, "Deleted %d Auto Layout conflict breakpoint%s." % (
                len(existing), "" if len(existing) == 1 else "s"))
        if args.pictures:
            check_folder(args.pictures)
        # What the process recorded under the old mode is read, and printed, in that mode.
        leaving = not args.continue_ or bool(args.pictures)
        if leaving:
            recorded = stop_storm_for_command(ctx, session)
            delete_storm_breakpoints(target)
        else:
            recorded = drain_before_command(ctx, session)
        old_mode = (session.pictures_dir, session.stop_on_conflict, session.quiet, session.mine_only)
        session.pictures_dir = args.pictures
        session.stop_on_conflict = not args.continue_
        session.quiet = args.quiet
        session.mine_only = args.mine
        if storm_wanted(session):
            try:
                restart_storm_for_command(ctx, session)
            except LayoutDebugError:
                session.pictures_dir, session.stop_on_conflict, session.quiet, session.mine_only = old_mode
                raise
            ensure_stop_hook(debugger, target)
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
        if session.mine_only:
            mode += "; only for yours (system and transient ones are counted)"
        text = "Auto Layout conflict breakpoints, on a conflict: %s\n%s" % (mode, "\n".join(lines))
        if session.storm is not None:
            text += "\nThe app records its conflicts itself now (the breakpoints are off until it exits)."
        note = ring_size_note(os.environ) if args.continue_ else None
        if note:
            text += "\n" + note
        if args.origins:
            text += "\n" + capture_at_launch(target)
        if args.pictures:
            text += "\nPictures: one per distinct conflict, in %s" % args.pictures
        return joined(recorded, text)


def joined(recorded, text):
    """The command's text after what it read from the process's recorder, if anything."""
    return recorded + "\n" + text if recorded else text

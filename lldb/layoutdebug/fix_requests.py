"""The command line lds_fix reads, from lfix's options (no LLDB).

lfix asks the target once: this module checks that the options name one thing to do and
spells it the way FixRequest (Sources/LayoutDebugSupport/Fixes/FixRequest.swift) reads it.
"""

from .errors import UsageError

CHANGE_OPTIONS = ("--priority", "--constant", "--deactivate", "--activate", "--no-autoresizing")
ACTIONS = "a change (%s), --suggestion N, --undo, --undo-all or --list" % ", ".join(CHANGE_OPTIONS)


def _number(value):
    """A number as lds_fix reads it: 999, -8, 12.5."""
    return ("%d" % value) if float(value).is_integer() else repr(float(value))


def changes_of(args):
    """The changes the options ask for, as lds_fix words: ["priority 999"], ["deactivate"]."""
    found = []
    if args.priority is not None:
        found.append("priority " + _number(args.priority))
    if args.constant is not None:
        found.append("constant " + _number(args.constant))
    if args.deactivate:
        found.append("deactivate")
    if args.activate:
        found.append("activate")
    if args.no_autoresizing:
        found.append("no-autoresizing")
    return found


def plan(args, has_object):
    """What lfix asks for, before the object is resolved: ("apply", change) with an object,
    or ("suggestion N" | "undo" | "undo-all" | "list", None). Raises UsageError when the
    options do not name exactly one thing to do."""
    changes = changes_of(args)
    others = [name for name, given in (("--suggestion", args.suggestion is not None), ("--undo", args.undo),
                                       ("--undo-all", args.undo_all), ("--list", args.list)) if given]
    if len(changes) + len(others) == 0:
        raise UsageError("say what to do: " + ACTIONS)
    if len(changes) + len(others) > 1:
        raise UsageError("one thing at a time: give only one of " + ACTIONS)
    if changes:
        if not has_object:
            what = "a view" if changes[0] == "no-autoresizing" else "a constraint"
            raise UsageError("%s needs %s: an address from a report, #N or an expression"
                             % (_option_of(changes[0]), what))
        return "apply", changes[0]
    if has_object:
        raise UsageError("%s takes no object" % others[0])
    if args.suggestion is not None:
        return "suggestion %d" % args.suggestion, None
    return others[0][2:], None


def _option_of(change):
    """`--priority` for "priority 999"."""
    return "--" + change.split(" ")[0]


def apply_line(handle, change):
    """`apply 0x600000a4c0a0 priority 999`."""
    return "apply %s %s" % (handle, change)

"""Where each platform reports an unsatisfiable layout, and where the broken constraint and
the conflicting list are at that moment (no LLDB).

lbreak breaks on the site of the target's platform and hands the two arguments to
`lds_conflict_report`. One table, so a new platform is one row.
"""

import collections
import re

from .platforms import MACOSX, apple_platform


class ConflictSite(collections.namedtuple("ConflictSite", "symbol constraint conflicting framework")):
    """A function that receives each conflict: its full name, the LLDB argument that holds
    the constraint the engine breaks, the one that holds the array of mutually exclusive
    constraints, and the framework it is in."""


# UIKit's documented breakpoint symbol, a C function (constraint, array); ReferenceKit
# defines it with the same signature.
UIKIT_ALERT = ConflictSite("UIViewAlertForUnsatisfiableConstraints", "$arg1", "$arg2", "UIKit")

# AppKit's LAYOUT_CONSTRAINTS_NOT_SATISFIABLE takes no documented arguments. The engine
# calls its delegate view with both: -[NSView engine:willBreakConstraint:
# dueToMutuallyExclusiveConstraints:], so $arg1 self, $arg2 _cmd, $arg3 the engine,
# $arg4 the constraint, $arg5 the array.
APPKIT_WILL_BREAK = ConflictSite("-[NSView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]",
                                 "$arg4", "$arg5", "AppKit")

CONFLICT_SITES = (UIKIT_ALERT, APPKIT_WILL_BREAK)


def conflict_sites(triple):
    """The sites lbreak breaks on for a target: AppKit's on macOS; UIKit's on iOS, the
    simulator, Catalyst and ReferenceKit (Linux); both when the triple is not known yet."""
    if not (triple or "").strip():
        return CONFLICT_SITES
    if apple_platform(triple) == MACOSX:
        return (APPKIT_WILL_BREAK,)
    return (UIKIT_ALERT,)


def without_category(name):
    """An Objective-C method name without its category: -[NSView(Cat) sel:] is -[NSView sel:]."""
    return re.sub(r"^([-+]\[\w+)\([^)]*\)( )", r"\1\2", name or "")


def site_for_symbol(name):
    """The site whose function is called `name` (a symbol, a frame's function name), or None."""
    plain = without_category(name)
    for site in CONFLICT_SITES:
        if site.symbol == plain:
            return site
    return None


def site_in_description(text):
    """The site a breakpoint's description names, or None."""
    for site in CONFLICT_SITES:
        if site.symbol in (text or ""):
            return site
    return None

"""What `lloop` prints at a stop, from the frames of the stopped thread and the library's record
(no LLDB): which loop the stop is, and what would break it.

The library writes the record's chain with each request's `made at <frames …>` marker, which the
debugger resolves to `made at File.swift:42 in function()` (origin_text); here each becomes `asked
at …`, and the requests made at one line of the app become one change that would break the loop.
"""

import os
import re

from .origin_text import first_user_frame, short_function_name

# The functions that raise for each kind of loop, innermost first under objc_exception_throw,
# as a substring of the name lldb-16 (mangled Swift) and the toolchain's LLDB (demangled) print:
# ReferenceKit's and AppKit's display-cycle limit, UIKit's feedback loop debugger
# (`_UIViewLayoutFeedbackLoopDebugger`), iOS 7's assertion for a layoutSubviews without super.
APPKIT_UPDATE = "_postWindowNeedsUpdateConstraints"
APPKIT_LAYOUT = "_postWindowNeedsLayout"
APPKIT_DISPLAY = "_postWindowNeedsDisplay"
RAISERS = (
    ("displayCycleLimitReached", "appkit"),
    (APPKIT_UPDATE, "appkit"),
    (APPKIT_LAYOUT, "appkit"),
    (APPKIT_DISPLAY, "appkit"),
    ("LayoutFeedbackLoopDebugger", "feedback"),
    ("autoLayoutStillRequired", "missing-super"),
    ("layoutSublayersOfLayer", "missing-super"),
)
THROW = "objc_exception_throw"
# How many frames under the throw are looked at: the raiser is within a few.
RAISER_DEPTH = 8

ASKED = re.compile(r"^  (\d+)\. (.*) \((asked (?:in|by) .*)\)$")
FRAMEWORK_ONLY = "asked by the framework"
# The library's marker for who asked: the return addresses where the request was made.
ASKED_MARKER = re.compile(r"asked at <frames((?: 0x[0-9a-fA-F]+)*)>")


def loop_kind(functions):
    """The kind of stop from the thread's function names, innermost first: `appkit`, `feedback`,
    `missing-super`, None for an exception that is no loop's, or `no-throw` when the thread is not
    stopped in objc_exception_throw."""
    if not functions or THROW not in (functions[0] or ""):
        return "no-throw"
    for name in functions[1:1 + RAISER_DEPTH]:
        for word, kind in RAISERS:
            if word in (name or ""):
                return kind
    return None


def appkit_pass(functions, report):
    """The pass AppKit's limit names: from AppKit's raiser, else (ReferenceKit raises from one
    function for both) from the request at the stop, the last of the round."""
    names = " ".join(name or "" for name in functions[:1 + RAISER_DEPTH])
    if APPKIT_UPDATE in names:
        return "Update Constraints in Window"
    if APPKIT_DISPLAY in names:
        return "Display Window"
    if APPKIT_LAYOUT in names:
        return "Layout Window"
    asked = [match for match in map(ASKED.match, report.splitlines()) if match]
    if asked and asked[-1].group(2).endswith(".setNeedsUpdateConstraints"):
        return "Update Constraints in Window"
    return "Layout Window"


def headline(kind, functions, report):
    """The first line: which loop stopped the app, in the frameworks' words."""
    if kind == "appkit":
        name = appkit_pass(functions, report)
        return "Loop: AppKit's %s pass ran more times than the window has views (NSGenericException)" % name
    return ("Loop: UIKit's layout feedback loop debugger saw a view laid out again and again in one turn "
            "of the run loop (NSGenericException)")


def not_a_loop_line(kind, functions):
    """The one line for a stop that is no layout loop."""
    if kind == "no-throw":
        where = functions[0] if functions else "no frame"
        return "lloop: not stopped at an exception (the thread is in %s): run until the loop raises" % where
    if kind == "missing-super":
        return ("lloop: not a layout loop: iOS 7's UIKit asserts that a layoutSubviews override calls super "
                "(NSInternalInconsistencyException, 'Auto Layout still required after executing -layoutSubviews'); "
                "call super.layoutSubviews() in the view's override")
    raiser = next((name for name in functions[1:] if name), "an unknown function")
    return "lloop: not a layout loop: this exception is raised by %s" % raiser


def qualified_name(name):
    """`Type.method(labels:)` from a demangled name, the toolchain's
    (`DemoScenarios.GrowingBadge.layoutSubviews() -> ()`) or swift-demangle's simplified one
    (`GrowingBadge.layoutSubviews()`); a closure or a C name as origin_text shortens it."""
    short = short_function_name(name)
    if not name or not short or short.startswith(("closure", "implicit closure")) or "(" not in name:
        return short
    head = re.sub(r"^((specialized|merged|static|class) )+", "", name.strip()).split("(", 1)[0]
    parts = head.split(".")
    return parts[-2] + "." + short if len(parts) >= 2 else short


# The frameworks' layout pass, as UIKit, AppKit and ReferenceKit (which uses UIKit's names) call
# its steps: a request made under one of these before any frame of the app is the pass's own (the
# engine's frames, a setter's mark), whatever app code runs the run loop further out.
PASS_WORDS = (
    "layoutSublayersOfLayer", "Transaction::commit", "Layer::layout_if_needed", "layoutIfNeeded",
    "updateConstraintsIfNeeded", "updateConstraintsAsNecessaryAndApplyLayoutFromEngine", "runDisplayCycle",
    "layoutSubtreeIfNeeded", "_layoutViewTree", "NSDisplayCycle", "displayIfNeeded",
)


def asker(frames):
    """Who asked, from one request's resolved frames: the first in the app's own code, with its
    type (the chain names several views' methods) and its line when the line table has one,
    else where the function starts (`start`: (path, line), when the resolver found it). A request
    whose stack reaches the layout pass before any frame of the app is the framework's."""
    frame = None
    for candidate in frames:
        if candidate.is_users:
            frame = candidate
            break
        if candidate.function and any(word in candidate.function for word in PASS_WORDS):
            return FRAMEWORK_ONLY
    if frame is None:
        return FRAMEWORK_ONLY
    name = qualified_name(frame.function) or "0x%x" % frame.address
    if frame.path and frame.line > 0:
        return "asked in %s at %s:%d" % (name, os.path.basename(frame.path), frame.line)
    start = getattr(frame, "start", None)
    if start:
        return "asked in %s (in %s from line %d: no line for the call in this build)" % (
            name, os.path.basename(start[0]), start[1])
    return "asked in %s (%s)" % (name, frame.image or "no image")


def resolve_askers(report, resolve):
    """The report with each `asked at <frames …>` marker replaced by who asked, given
    `resolve(addresses) -> [Frame]` (each distinct marker resolved once)."""
    seen = {}

    def replace(match):
        """One marker's text: who asked, resolved once per distinct marker."""
        words = match.group(1).strip()
        if words not in seen:
            seen[words] = asker(resolve([int(word, 16) for word in words.split()]))
        return seen[words]
    return ASKED_MARKER.sub(replace, report)


def cuts(report, paused=False):
    """The changes that would break the loop: one per line of the app's own code that asked in
    the round, each saying which of the round's links it cuts; the framework's own requests
    (the engine's frames, a setter's mark) follow from those and are no change to make.
    `paused`: the app is not in an exception, so `lfix` can try a constraint's cut; at the
    loop's exception the app is ending, and a layout to check a change would raise again."""
    places = []
    links = {}
    for match in map(ASKED.match, report.splitlines()):
        if match is None or match.group(3) == FRAMEWORK_ONLY:
            continue
        where = match.group(3)
        if where not in links:
            places.append(where)
            links[where] = []
        links[where].append(match.group(2))
    if not places:
        return ["What would break it: every request of the round was made by the framework's own code; "
                "the loop's cause is a value the app gives it (a size, a constraint) that the pass never settles"]
    lines = ["What would break it (each is enough: it cuts a link every round needs):"]
    for where in places:
        first = links[where][0]
        if first.endswith(" activated"):
            constraint = first[:-len(" activated")]
            address = constraint.split(" ")[-1]
            advice = "activate %s once, outside the layout pass (at setup, or in updateConstraints)" % constraint
            if paused:
                advice += ("; `lfix %s --deactivate` takes this one out, but the same code activates another "
                           "each pass until it changes" % address)
        elif "'s " in first and "setNeeds" not in first:
            view, change = first.split("'s ", 1)
            advice = ("set %s's %s outside the layout pass, or only when it differs from what the pass gave"
                      % (view, change.split(" ")[0]))
        else:
            advice = "ask for %s only when what it shows has changed, not from inside the pass" % first
        lines.append("  - %s: %s; cuts %s" % (where[len("asked "):], advice, " → ".join(links[where])))
    return lines


PAUSED = ("Paused, no exception: the requests for another pass recorded so far repeat, as in a pass that "
          "never ends (an iOS app at 100 % CPU)")


def loop_report(functions, report, paused=False):
    """The whole text at a loop stop: the headline, the library's record read as asked, the cuts.
    `paused`: the user asked for the record wherever the app stopped (`lloop --report`), as in a
    UIKit app that spins, which raises nothing."""
    kind = loop_kind(functions)
    if paused and kind not in ("appkit", "feedback"):
        lines = [PAUSED if "Chain: " in report else "Paused, no exception:", report]
        if "Chain: " in report:
            lines += cuts(report, paused=True)
        return "\n".join(lines)
    if kind not in ("appkit", "feedback"):
        return not_a_loop_line(kind, functions)
    lines = [headline(kind, functions, report), report]
    if "Chain: " in report:
        lines += cuts(report)
    return "\n".join(lines)

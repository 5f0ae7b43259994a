"""lfix in real lldb-16 sessions: every suggestion of every conflict scenario, judged by the
engine's own state (ReferenceKitBrokenConstraintCount), undo, and bad input."""

import json
import re
import time

from conftest import ADDRESS, c_value, code_address, frame_lines, freed_view, session_in
from test_lldb_json import suggestion_target
from test_lldb_lbreak import conflict_scenarios

SUGGESTION = re.compile(r"^  (\d+)\. (.*)$")
# A view as reports name it (a generic class with its arguments: `_UIHostingView<CardView>`), with
# the property that holds it when one does.
BRACKETED = re.compile(r"<[A-Za-z_.]+(?:<[^:]*>)?:(0x[0-9a-f]+)(?: [^<>]+)?>")


def suggestions(report):
    """(number, text) of each change the report lists under "Any one of these changes resolves it:";
    none for a conflict of the system's own views, which offers none."""
    if "Any one of these changes resolves it:\n" not in report:
        return []
    lines = report.split("Any one of these changes resolves it:\n", 1)[1].splitlines()
    found = []
    for line in lines:
        match = SUGGESTION.match(line)
        if match:
            found.append((int(match.group(1)), match.group(2)))
        elif not line.startswith("     "):
            break
    return found


def change_option(change):
    """The lfix option that makes a suggestion's change ({"kind": "priority", "value": 999})."""
    kind = change["kind"]
    if kind in ("priority", "constant"):
        return "--%s %g" % (kind, change["value"])
    return {"deactivate": "--deactivate", "activate": "--activate", "noAutoresizing": "--no-autoresizing"}[kind]


def first_view(report):
    """The first view of the report's Views: section."""
    return BRACKETED.search(report.split("\nViews:\n", 1)[1]).group(1)


def is_broken(session, constraint):
    """Whether the engine holds the constraint broken (the engine's own state)."""
    return c_value(session, "(long)ReferenceKitConstraintIsBroken((void *)%s)" % constraint) == 1


def broken_constraint(report):
    """The address of the constraint the report says the engine broke."""
    return re.search(r"Will attempt to recover by breaking:\n  (0x[0-9a-f]+) @", report).group(1)


def broken_count(session, view):
    """The engine's own count of the constraints it holds broken in the view's hierarchy."""
    count = c_value(session, "(long)ReferenceKitBrokenConstraintCount((void *)%s)" % view)
    return count if count < 1 << 63 else count - (1 << 64)


def test_every_suggestion_of_every_conflict_scenario_ends_the_conflict_and_undo_brings_it_back(tmp_path):
    found = conflict_scenarios()
    assert len(found) >= 8, found
    for name, arguments in found:
        with session_in(tmp_path, name) as session:
            session.create_target()
            session.ok("lbreak")
            session.launch(name, *arguments, stop_at_layout=False)
            assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints", name
            report = session.callback_output()
            view = first_view(report)
            broken = broken_constraint(report)
            assert is_broken(session, broken), (name, report)
            before = broken_count(session, view)
            assert before >= 1, (name, report)
            changes = suggestions(report)
            if name in ("keyboard-conflict", "toolbar-conflict"):
                # UIKit's own views and constraints: nothing in the app's code to change.
                assert not changes and "\nNothing to fix in your code: " in report, (name, report)
                session.continue_to_exit()
                continue
            assert changes, (name, report)
            if name in ("background-conflict", "runloop-background-conflict"):
                # Its hierarchy is in no window (a window belongs to the main thread), so there
                # is nothing lfix may lay out: one line, nothing changed, the app runs on.
                assert session.fails("lfix --suggestion 1").endswith("is in no window: there is no view "
                                                                     "hierarchy to lay out"), report
                session.continue_to_exit()
                continue
            if name == "keyboard-conflict":
                # The keyboard's window is dismissed in the call that showed it: by the app's next
                # main-queue turn, where lfix makes a change asked for at a conflict stop, the
                # system's views are gone, and lfix says so.
                gone = session.fails("lfix --suggestion 1")
                assert gone.startswith("error: lfix: at the app's next main-queue turn, where it is stopped now: 0x") \
                    and gone.endswith(" is not a live view or constraint (a wrong address, or freed)"), gone
                assert session.stop_function() == "LayoutDebugFixPending", gone
                session.continue_to_exit()
                continue
            # Each change pinned to its object now: a conflict the app raises before its main queue
            # turns becomes the last report, and --suggestion N would then number its list.
            last_report = json.loads(session.ok("lconflicts --last --json"))["report"]
            listed = last_report["suggestions"]
            assert len(listed) == len(changes), (name, listed)
            inside_engine = True
            for (number, text), suggestion in zip(changes, listed):
                if "(another contradiction remains)" in text:
                    continue
                started = time.time()
                target = suggestion_target(last_report, suggestion)
                applied = session.ok("lfix %s %s" % (target, change_option(suggestion["change"])))
                assert time.time() - started < 10, (name, number)
                # The first change waits for the app's next main-queue turn (a change inside the
                # engine's report would re-enter it, which ReferenceKit refuses as UIKit's engine
                # cannot take it), also under UIApplicationMain's run loop; the others are made
                # where that one stopped.
                assert applied.startswith("Made at the app's next main-queue turn") == inside_engine, \
                    (name, number, applied)
                inside_engine = False
                assert session.stop_function() == "LayoutDebugFixPending", (name, applied)
                assert session.stop_function() != "UIViewAlertForUnsatisfiableConstraints", (name, applied)
                after = broken_count(session, view)
                assert not is_broken(session, broken), (name, number, applied)
                # lfix's verdict and the engine agree.
                assert ("No conflict remains.\n" in applied) == (after == 0), (name, number, after, applied)
                undone = session.ok("lfix --undo")
                assert "A conflict remains" in undone, (name, number, undone)
                assert is_broken(session, broken), (name, number, undone)
                # At least the same: the stop is in the middle of the engine taking the
                # hierarchy's constraints, and the re-check takes the rest, which may hold a
                # conflict the app would have met a moment later (autoresizing-conflict's second).
                assert broken_count(session, view) >= before, (name, number, undone)
            session.continue_to_exit()


def test_a_fix_applied_at_the_conflict_stays_when_the_app_runs_on(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    # The leading edge lowered, ranked after the width since it pushes the view out of the cell
    # (and before the trailing edge, which ties with it): trailing pinned to the 50-wide content
    # view, 768 wide: minX = 50 - 768.
    applied = session.ok("lfix --suggestion 2")
    assert "(0 0; 50 44) → (-718 0; 768 44)" in applied, applied
    rows = frame_lines(session.continue_to_exit())
    assert rows[-1][1].endswith("(-718 0; 768 44)"), rows


def test_the_report_ranks_the_apps_width_first_says_the_frames_predate_layout_and_suggestion_1_applies_it(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    report = session.callback_output()
    wide = first_view(report)
    changes = suggestions(report)
    assert [text.split(" priority 999")[0] for _, text in changes] == [
        "give UIView.width == 768",
        "give UIView.leading == UITableViewCellContentView.leading",
        "give UITableViewCellContentView.trailing == UIView.trailing"], report
    assert changes[0][1].endswith(" (try this first)"), report
    # The width is fixed while both edges are pinned: the width gives way.
    assert " (try this first)\n     why: UIView's width is fixed at 768 while its edges are pinned too" in report, report
    # At the stop the wide view is not laid out yet: (0 0; 0 0), and the report says so. Without a
    # fix the engine makes it the content view's 50. The conflict says nothing of heights, so none
    # is predicted (lfix shows them: 44). Leading lowered: minX = 50 - 768. Trailing lowered:
    # leading 0 and width 768 hold.
    assert "  <UIView:%s> (0 0; 0 0)\n" % wide in report, report
    assert ("\nNot laid out yet: these views' frames are from before the engine's layout, which, without the "
            "constraint it broke, puts <UIView:%s> at x 0, width 50 (now x 0, width 0). " % wide) in report, report
    assert "     predicted: no view moves from the layout the engine recovers to\n  2. " in report, report
    assert ("     predicted: <UIView:%s> x 0, width 50 → x -718, width 768, moves outside its superview and the "
            "window\n  3. " % wide) in report, report
    assert ("     predicted: <UIView:%s> x 0, width 50 → x 0, width 768, moves outside its superview and the "
            "window\n" % wide) in report, report
    # lreport at the same stop says its frames (and their [off by N]) predate the layout pass.
    assert "\nNot laid out yet: the process is stopped inside the layout engine, at a conflict" in \
        session.ok("lreport 0x%s --no-descend" % wide[2:]), report
    applied = session.ok("lfix --suggestion 1")
    assert "Applied --priority 999 to " in applied and "<UIView:%s>.width == 768.0" % wide in applied, applied
    assert "No conflict remains.\n" in applied, applied
    # Laid out, the same view's report no longer says so.
    assert "Not laid out yet" not in session.ok("lreport 0x%s --no-descend" % wide[2:])
    rows = frame_lines(session.continue_to_exit())
    assert rows[-1][1].endswith("(0 0; 50 44)"), rows


def test_undo_is_for_this_stop_and_list_shows_what_is_applied(session):
    session.create_target()
    session.ok("lbreak")
    session.ok("breakpoint set -n LayoutDemoDidLayout")
    session.launch("duplicate-leading", stop_at_layout=False)
    assert "Conflict #1" in session.callback_output()
    assert session.ok("lfix --list").startswith("lfix changed nothing in this stop.")
    # #1 is H:|-50-[label]; without it the broken H:|-80-[label] is taken again.
    applied = session.ok("lfix #1 --deactivate")
    assert "  active true → false\n" in applied, applied
    assert "(50 100; 40 20) → (80 100; 40 20)" in applied, applied
    listing = session.ok("lfix --list")
    assert re.search(r"  1\. --deactivate on 0x[0-9a-f]+ @1000 <UILabel:0x[0-9a-f]+>\.leading == ", listing), listing
    session.process.Continue()
    assert session.stop_function() == "LayoutDemoDidLayout"
    assert session.fails("lfix --undo") == "error: lfix: nothing to undo: lfix changed nothing in this stop"
    assert session.ok("lfix --list").startswith("lfix changed nothing in this stop.")
    rows = frame_lines(session.continue_to_exit())
    assert rows[-1][1].endswith("(80 100; 40 20)"), rows


def test_bad_input_gets_one_line_and_the_app_runs_on(session):
    session.launch("hugging")
    assert session.fails("lfix --suggestion 1") == \
        "error: lfix: no conflict report yet in this process: #N and --suggestion N number the last one"
    assert session.fails("lfix #1 --deactivate").startswith("error: lfix: no conflict report yet")
    assert session.fails("lfix 0x10 --deactivate") == \
        "error: lfix: 0x10 is not a live view or constraint (a wrong address, or freed)"
    gone = freed_view(session)
    assert session.fails("lfix 0x%x --no-autoresizing" % gone) == \
        "error: lfix: 0x%x is not a live view or constraint (a wrong address, or freed)" % gone
    root = session.root_view()
    assert session.fails("lfix 0x%x --deactivate" % root) == \
        "error: lfix: 0x%x is not a constraint: --deactivate changes a constraint" % root
    lonely = new_view(session)
    assert session.fails("lfix 0x%x --no-autoresizing" % lonely) == \
        "error: lfix: 0x%x is in no window: there is no view hierarchy to lay out" % lonely
    assert session.fails("lfix --undo") == "error: lfix: nothing to undo: lfix changed nothing in this stop"
    assert session.fails("lfix").startswith("error: lfix: say what to do: a change (--priority")
    assert session.fails("lfix --undo --list").startswith("error: lfix: one thing at a time")
    assert session.fails("lfix --priority 250").startswith("error: lfix: --priority needs a constraint")
    assert session.fails("lfix $arg1 --priority 0") == \
        "error: lfix: argument --priority: '0' is out of range: a number from 1 to 1000 (see `help lfix`)"
    assert "Frame:" in session.ok("lreport $arg1 --no-descend")
    session.continue_to_exit()


def new_view(session):
    """A live UIView in no window, made by calling `UIView()` through its Swift entry point."""
    target = session.target
    metadata = c_value(session, "((void *(*)(long))0x%x)(0)" % code_address(target, "$s12ReferenceKit6UIViewCMa"))
    return c_value(session, "((__attribute__((swiftcall)) void *(*)(__attribute__((swift_context)) void *))"
                            "0x%x)((void *)0x%x)" % (code_address(target, "$s12ReferenceKit6UIViewCACycfC"), metadata))


def verdict_and_frames(applied):
    """What lfix concluded, without addresses: its verdict and frame lines, from "Laid out" on."""
    body = applied.split("\nLaid out ", 1)[1]
    body = body.split("\n", 1)[1]  # the "… re-checked its N constraints" line counts what the stop held
    return ADDRESS.sub("0x?", body.split("change applied in this stop")[0])


def test_the_same_change_gives_the_same_verdict_and_frames_at_the_conflict_stop_and_after_layout(tmp_path):
    # Suggestion 2 (the leading edge at 999) of cell-width-conflict, made twice: where lbreak
    # stops inside the engine, and once the app has laid out (LayoutDemoDidLayout). The cell
    # is 50 wide; with leading optional, trailing 0 and width 768 hold: minX = 50 - 768 = -718.
    with session_in(tmp_path, "at-conflict") as session:
        session.create_target()
        session.ok("lbreak")
        session.launch("cell-width-conflict", stop_at_layout=False)
        at_conflict = session.ok("lfix --suggestion 2")
        assert at_conflict.startswith("Made at the app's next main-queue turn"), at_conflict
        rows = frame_lines(session.continue_to_exit())
    with session_in(tmp_path, "after-layout") as session:
        session.create_target()
        session.ok("lbreak --continue --quiet")
        session.launch("cell-width-conflict")
        after_layout = session.ok("lfix --suggestion 2")
        assert "main-queue turn" not in after_layout, after_layout
        rows_after = frame_lines(session.continue_to_exit())
    assert "No conflict remains.\n" in at_conflict and "(0 0; 50 44) → (-718 0; 768 44)" in at_conflict, at_conflict
    assert verdict_and_frames(at_conflict) == verdict_and_frames(after_layout), (at_conflict, after_layout)
    assert rows[-1][1].endswith("(-718 0; 768 44)") and rows_after[-1][1].endswith("(-718 0; 768 44)"), (rows, rows_after)

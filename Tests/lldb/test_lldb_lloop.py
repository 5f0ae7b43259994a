"""lloop on each demo loop (Sources/DemoScenarios/LoopScenarios.swift), as a user runs it: `lloop`,
then `process launch`; at the stop it prints the loop. Under lldb-16 and the toolchain's LLDB, in
the debug and the release build. Every expected figure is worked out here from the scenario's own
arithmetic (the same as Tests/python/test_loop_scenarios.py), and each asker's line is looked up
in the scenario's source by the statement's text, never copied from our output:

- a window following its content: 667 + 20 per pass, two passes before the 4th mark passes the
  window's 3 views (window, root, panel): the window's height 667 → 687 → 707;
- half a point: the window (and its root, by autoresizing) goes 667 → 541 once, then the panel
  asks again with nothing changed;
- a badge widening its superview: UIKit's debugger at 50 (the scenarios' default) triggers at the
  root's 50th layout and dumps at its 51st: the root's width 375 → 425, 50 changes;
- two labels marking each other in updateConstraints: 4 views (window, root, two labels);
- a card activating a width in each layoutSubviews: a constraint each round, no frame change;
- a card without super.layoutSubviews in iOS 7's UIKit: no loop, one line."""

import os
import re

import pytest

from conftest import BUILD_DIR, ROOT, SCRIPT
from test_release_builds import RELEASE, lldb_for, run_batch

SOURCE = os.path.join(ROOT, "Sources", "DemoScenarios", "LoopScenarios.swift")
SCENARIOS = ["loop-update-siblings", "loop-window-follows-content", "loop-half-point", "loop-superview-size",
             "loop-constraints-in-layout", "loop-missing-super"]
APPKIT = "Loop: AppKit's %s pass ran more times than the window has views (NSGenericException)"
UIKIT = ("Loop: UIKit's layout feedback loop debugger saw a view laid out again and again in one turn of the run "
         "loop (NSGenericException)")
ADDRESS = "0x[0-9a-f]+"


def line_of(statement):
    """The line number of `statement` in the scenarios' source (it must occur once)."""
    with open(SOURCE) as handle:
        lines = [number for number, text in enumerate(handle, 1) if text.strip() == statement]
    assert len(lines) == 1, (statement, lines)
    return lines[0]


def start_of(function):
    """The line where `Type.method()` starts: its `override func method(` inside `class Type`."""
    type_name, method = function.split(".", 1)
    with open(SOURCE) as handle:
        lines = handle.read().split("\n")
    in_type = False
    for number, text in enumerate(lines, 1):
        if re.match(r"\s*(final )?class %s\b" % type_name, text):
            in_type = True
        elif in_type and "func " + method.split("(")[0] + "(" in text:
            return number
    raise AssertionError(function)


def asked(function, statement, end_of_access=False):
    """A pattern for the `asked in …` words of a request made by `statement` in `function`: its
    line, or, where the build's line table has none for the call (a release build), where the
    function starts. A property set through its modify access (`window.frame.size.height = …`)
    returns from the setter at the code Swift's line table gives the end of the statement, the
    next line."""
    line = line_of(statement) + (1 if end_of_access else 0)
    return r"asked in %s (?:at LoopScenarios\.swift:%d|\(in LoopScenarios\.swift from line %d: no line for the call in this build\))" % (
        re.escape(function), line, start_of(function))


def transcripts(which, build, tmp_path, *setup):
    """Each scenario's lldb output after `lloop`, from one batch session."""
    lldb, environment = lldb_for(which, build)
    demo = os.path.join(build, "layout-demo")
    assert os.path.isfile(demo), "build the products first; missing " + demo
    lines = ["command script import " + SCRIPT] + list(setup) + ["lloop"]
    for scenario in SCENARIOS:
        lines += ["script print('=== %s')" % scenario, "settings set target.run-args " + scenario,
                  "process launch -e %s" % (tmp_path / (scenario + ".stderr")), "process kill"]
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(lines) + "\n")
    transcript = run_batch(lldb, environment, script, demo, tmp_path).stdout
    return {part.split("\n", 1)[0].strip(): part for part in transcript.split("=== ")[1:]}, transcript


def check_each_loop(found, transcript):
    for scenario in SCENARIOS:
        assert scenario in found, transcript[-3000:]
    siblings = found["loop-update-siblings"]
    assert APPKIT % "Update Constraints in Window" in siblings, siblings
    assert re.search(r"Window: <UIWindow: %s> at \(0, 0\), 375 × 667\n" % ADDRESS, siblings), siblings
    assert "the window holds 4 views" in siblings, siblings
    ask = asked("PingPongLabel.updateConstraints()", "partner?.setNeedsUpdateConstraints()")
    for label in ('"Title"', '"Detail"'):
        assert re.search(r"\d\. PingPongLabel %s %s\.setNeedsUpdateConstraints \(%s\)" % (ADDRESS, label, ask),
                         siblings), siblings
    assert re.search("  - " + ask[len("asked "):] + ": ask for PingPongLabel", siblings), siblings

    follows = found["loop-window-follows-content"]
    assert APPKIT % "Layout Window" in follows, follows
    assert re.search(r"Window: <UIWindow: %s> at \(0, 0\), 375 × 707\n" % ADDRESS, follows), follows
    assert "Rounds: 2 in the record" in follows and "the window holds 3 views" in follows, follows
    assert re.search(r"  UIWindow %s: height 667 → 687 → 707\n" % ADDRESS, follows), follows
    ask = asked("FollowingPanel.layoutSubviews()", "window.frame.size.height = window.frame.height + 20", True)
    assert re.search(r"\d\. UIWindow %s's height 687 → 707 \(%s\)" % (ADDRESS, ask), follows), follows
    assert re.search(r"  - %s: set UIWindow %s's height outside the layout pass" % (ask[len("asked "):], ADDRESS), follows), follows

    half = found["loop-half-point"]
    assert APPKIT % "Layout Window" in half, half
    assert re.search(r"Window: <UIWindow: %s> at \(0, 0\), 375 × 541\n" % ADDRESS, half), half
    assert re.search(r"  UIView %s: height 667 → 541, then unchanged" % ADDRESS, half), half
    ask = asked("HalfPointPanel.layoutSubviews()", "setNeedsLayout()")
    assert re.search(r"\d\. HalfPointPanel %s\.setNeedsLayout \(%s\)" % (ADDRESS, ask), half), half

    badge = found["loop-superview-size"]
    assert UIKIT in badge, badge
    assert re.search(r"  UIView %s: width 375 → 376 → … → 421 → 422 → 423 → 424 → 425 \(50 changes\)\n" % ADDRESS, badge), badge
    assert re.search(r"\d\. UIView %s's width 424 → 425 \(asked in GrowingBadge\.layoutSubviews\(\)" % ADDRESS, badge), badge

    card = found["loop-constraints-in-layout"]
    assert UIKIT in card, card
    ask = asked("ConstraintAddingCard.layoutSubviews()", "widthAnchor.constraint(equalToConstant: 200).isActive = true")
    assert re.search(r"\d\. NSLayoutConstraint %s activated \(%s\)" % (ADDRESS, ask), card), card
    assert "no frame of the round's views changed in the record" in card, card
    # At the exception the app is ending: no lfix is offered (lfix refuses there: see below).
    assert re.search(r"activate NSLayoutConstraint %s once, outside the layout pass \(at setup, or in "
                     r"updateConstraints\); cuts" % ADDRESS, card), card
    assert "lfix" not in card, card

    forgetful = found["loop-missing-super"]
    assert "lloop: not a layout loop: iOS 7's UIKit asserts that a layoutSubviews override calls super" in forgetful, forgetful
    assert "Chain:" not in forgetful


@pytest.mark.parametrize("which", ["lldb-16", "toolchain"])
@pytest.mark.parametrize("build", ["debug", "release"])
def test_lloop_names_each_demo_loops_cycle_its_askers_and_values(which, build, tmp_path):
    found, transcript = transcripts(which, BUILD_DIR if build == "debug" else RELEASE, tmp_path)
    check_each_loop(found, transcript)


def lldb16_session(tmp_path, *commands):
    """The stdout of one batch session of lldb-16 on the debug demo: our commands imported, then
    `commands`, then the app killed."""
    lldb, environment = lldb_for("lldb-16", BUILD_DIR)
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(("command script import " + SCRIPT,) + commands + ("process kill",)) + "\n")
    return run_batch(lldb, environment, script, os.path.join(BUILD_DIR, "layout-demo"), tmp_path).stdout


def test_lloop_threshold_is_the_next_launchs_and_moves_where_uikit_stops(tmp_path):
    # 60: the root's 60th layout triggers, its 61st dumps; the badge widened it 59 times
    # before (434) and once after: 375 → 435, 60 changes.
    stderr = tmp_path / "demo.stderr"
    out = lldb16_session(tmp_path, "settings set target.run-args loop-superview-size", "lloop --threshold 60",
                         "process launch -e %s" % stderr)
    assert "Loops: the next launches pass -UIViewLayoutFeedbackLoopDebuggingThreshold 60 " \
        "-NSViewLayoutFeedbackLoopDebuggingThreshold 60" in out, out
    assert "launch argument with a threshold of 60\n" in stderr.read_text()
    assert re.search(r"  UIView %s: width 375 → 376 → … → 431 → 432 → 433 → 434 → 435 \(60 changes\)\n" % ADDRESS, out), out


def test_lloop_at_an_exception_stop_without_the_recorder_says_so_in_one_line(tmp_path):
    out = lldb16_session(tmp_path, "breakpoint set -n objc_exception_throw",
                         "process launch -e %s -- loop-half-point" % (tmp_path / "demo.stderr"), "lloop")
    assert "error: lloop: the loop recorder is not armed in this process (lloop arms it at the next launch)\n" in out, out


def test_lloop_report_at_a_pause_reads_a_spinning_uikit_loop(tmp_path):
    # UIKit without its debugger spins; 10000 (UIKit's ceiling) stands for that here. Paused at
    # the badge's 21st layout (a breakpoint ignored 20 times), before it widens the root again:
    # 20 widenings, 375 → 395.
    out = lldb16_session(tmp_path, "settings set target.run-args loop-superview-size", "lloop --threshold 10000",
                         "breakpoint set -r GrowingBadgeC14layoutSubviews -i 20",
                         "process launch -e %s" % (tmp_path / "demo.stderr"), "lloop --report")
    assert "Paused, no exception: the requests for another pass recorded so far repeat" in out, out
    assert re.search(r"  UIView %s: width 375 → 376 → … → 391 → 392 → 393 → 394 → 395 \(20 changes\)\n" % ADDRESS, out), out


def test_lfix_at_a_loops_exception_says_in_one_line_why_it_cannot_try_a_change(tmp_path):
    out = lldb16_session(tmp_path, "lloop", "process launch -e %s -- loop-constraints-in-layout" % (tmp_path / "demo.stderr"),
                         "lfix 0x1 --deactivate")
    errors = [line for line in out.splitlines() if line.startswith("error: lfix")]
    assert errors == ["error: lfix: the app is stopped in objc_exception_throw: its uncaught exception ends it, "
                      "and the layout a change needs would raise again; make the change in the code (lloop says "
                      "where), or try it with the app paused before the loop's exception"], out[-3000:]


def test_lfix_in_a_paused_spinning_app_takes_out_the_constraint_the_pass_activated(tmp_path):
    # Paused at the card's 21st layout (UIKit's debugger at its ceiling stands for an app that
    # spins): the last constraint its layoutSubviews activated is offered to lfix. Every one says
    # width == 200 (LoopScenarios.swift), and the others stay active: no frame moves.
    take_out = ("script import re; ci = lldb.debugger.GetCommandInterpreter(); r = lldb.SBCommandReturnObject(); "
                "ci.HandleCommand('lloop --report', r); m = re.search(r'lfix 0x[0-9a-f]+ --deactivate', r.GetOutput()); "
                "print('offered: ' + (m.group(0) if m else 'none')); m and ci.HandleCommand(m.group(0), r); "
                "print(r.GetOutput() + r.GetError())")
    out = lldb16_session(tmp_path, "settings set target.run-args loop-constraints-in-layout", "lloop --threshold 10000",
                         "breakpoint set -r ConstraintAddingCardC14layoutSubviews -i 20",
                         "process launch -e %s" % (tmp_path / "demo.stderr"), take_out)
    offered = re.search(r"offered: lfix (%s) --deactivate" % ADDRESS, out)
    assert offered, out[-3000:]
    assert re.search(r"Applied --deactivate to %s @1000 <ConstraintAddingCard:%s>\.width == 200\.0\n  active true → false\n"
                     % (re.escape(offered.group(1)), ADDRESS), out), out[-3000:]
    assert "No frame changed." in out, out[-3000:]

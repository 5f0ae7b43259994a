"""layout-demo's loop scenarios (Sources/DemoScenarios/LoopScenarios.swift), run as a user runs
them: each ends in the exception UIKit or AppKit raises, with the values the scenario's own
arithmetic gives, worked out by hand here:

- AppKit windows raise at the mark that takes a pass's count past the window's views (window,
  its root view, and the scenario's views). A window's size change marks the window and, through
  its autoresizing (W+H), its root view: two marks.
- UIKit's feedback loop debugger (threshold 50, the scenarios' default) triggers at the root
  view's 50th layout, the root being laid out first in each pass, and dumps at its 51st.
- layout-explain then reads each AppKit form back as pasted, which holds the demo's text to the
  public grammar the pasted half was written from."""

import os
import re
import subprocess

from schema_check import ROOT

BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"))
DEMO = os.path.join(BUILD_DIR, "layout-demo")
EXPLAIN = os.path.join(BUILD_DIR, "layout-explain")
TERMINATING = "*** Terminating app due to uncaught exception '{}', reason: '"
APPKIT = ("The window has been marked as needing another {0} pass, but it has already had more {0} passes "
          "than there are views in the window. \n<UIWindow: 0x[0-9a-f]+> 0x([0-9a-f]+) \\((\\d+)\\) {1} en'")


def stderr_of(scenario, *arguments):
    """The scenario's stderr; it must die of SIGABRT, as an app does after an uncaught exception."""
    assert os.path.isfile(DEMO), "build the package first (swift build); missing " + DEMO
    result = subprocess.run([DEMO, scenario] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=60)
    assert result.returncode == -6, (result.returncode, result.stderr[-2000:])
    return result.stderr


def assert_appkit_limit(text, pass_name, frame):
    match = re.search(re.escape(TERMINATING.format("NSGenericException")) + APPKIT.format(re.escape(pass_name), re.escape(frame)), text)
    assert match, text[:3000]
    assert int(match.group(1), 16) == int(match.group(2)), "the window number, in hex then decimal"
    return text[text.index("*** Terminating"):]


def explained(text, tmp_path):
    path = tmp_path / "pasted.txt"
    path.write_text(text)
    result = subprocess.run([EXPLAIN, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=60)
    return result.stdout


def test_siblings_marking_each_other_in_updateConstraints_raise_the_update_constraints_form(tmp_path):
    # 4 views; the window's frame never changes: 375 x 667.
    text = assert_appkit_limit(stderr_of("loop-update-siblings"), "Update Constraints in Window", "{{0, 0}, {375, 667}}")
    out = explained(text, tmp_path)
    assert "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views" in out, out
    assert ", at (0, 0), 375 × 667," in out, out


def test_an_uncaught_exception_prints_apples_throw_stack_and_aborts():
    text = stderr_of("loop-update-siblings")
    # Apple's console form (Tests/Fixtures/loops/SOURCES.md): the stack from objc_exception_throw,
    # each frame's index in 4 columns and its image in 36, then libc++abi's line, and no Swift
    # crash backtrace after it.
    stack = text[text.index("*** First throw call stack:\n(\n"):]
    assert re.match(r"\*\*\* First throw call stack:\n\(\n\t0   libReferenceKit\.so {18}0x[0-9a-f]{16} "
                    r"objc_exception_throw \+ \d+\n", stack), stack[:500]
    assert stack.endswith(")\nlibc++abi.dylib: terminating with uncaught exception of type NSException\n"), stack[-500:]


def test_a_loop_as_the_app_printed_it_reads_whole_with_the_apps_frames_as_yours(tmp_path):
    path = tmp_path / "stderr.txt"
    path.write_text(stderr_of("loop-update-siblings"))
    result = subprocess.run([EXPLAIN, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=60)
    assert "cut off" not in result.stderr, result.stderr
    yours = result.stdout.split("Your frames (innermost first):\n", 1)[1].split("\nOnly a live debugger", 1)[0]
    # ReferenceKit is the app's UIKit: the first frame of the app's own is the demo's (its
    # PingPongLabel.updateConstraints, which layout-demo does not export a symbol for).
    lines = yours.splitlines()
    assert lines and all(" layout-demo " in line for line in lines), result.stdout


def test_a_window_following_its_content_raises_after_two_passes_of_20_points(tmp_path):
    # 3 views; each pass marks the window and its root: marks 1-2 in pass 1, 3-4 in pass 2,
    # the 4th past the limit: 667 + 2 x 20 = 707.
    text = assert_appkit_limit(stderr_of("loop-window-follows-content"), "Layout Window", "{{0, 0}, {375, 707}}")
    assert ", at (0, 0), 375 × 707," in explained(text, tmp_path)


def test_a_half_point_ideal_height_raises_with_the_window_at_541():
    # 3 views; pass 1: 667 -> 541 marks the window and the root, the panel asks (3); pass 2:
    # 541 again changes nothing, the panel asks (4 > 3). 540.5 rounds to 541.
    assert_appkit_limit(stderr_of("loop-half-point"), "Layout Window", "{{0, 0}, {375, 541}}")


def test_a_layoutSubviews_widening_its_superview_is_caught_by_the_feedback_loop_debugger():
    text = stderr_of("loop-superview-size")
    assert "[LayoutLoop] Layout feedback loop debugging enabled via -UIViewLayoutFeedbackLoopDebuggingThreshold " \
        "launch argument with a threshold of 50\n" in text
    # The badge ran 49 layouts before the root's 50th (375 + 49 = 424) and one after (425).
    root = re.search(r"Top-level view = (<UIView: 0x[0-9a-f]+; frame = \(0 0; 425 667\); autoresize = W\+H>)\n", text)
    assert root, text[:3000]
    assert "Geometry change records for " + root.group(1) + ":\n    frame = (0 0; 424 667)\n    frame = (0 0; 425 667)\n" in text
    assert TERMINATING.format("NSGenericException") + "Degenerate layout! Layout feedback loop detected in subtree of " \
        + root.group(1) + ". More info may be available in the log for com.apple.UIKit.LayoutLoop'" in text


def test_a_feedback_loop_as_the_app_printed_it_reads_as_a_loop_and_no_conflict(tmp_path):
    # UIKit's log lists the views caught as an array prints them, "(" then "<UIView: 0x…; frame = …>"
    # lines: a list, but of views, not constraints.
    path = tmp_path / "stderr.txt"
    text = stderr_of("loop-superview-size")
    path.write_text(text)
    result = subprocess.run([EXPLAIN, str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=60)
    assert "unparsed" not in result.stdout and "no readable constraint" not in result.stderr, result.stdout + result.stderr
    assert "Loop: UIKit's layout feedback loop debugger found views laid out again and again" in result.stdout
    # The dump and the exception UIKit raises right after it are one loop: one report, with both,
    # from the dump's first line (after the launch argument's) to the stack's last frame (before
    # its ")" and libc++abi's line).
    assert [line for line in result.stdout.splitlines() if line.startswith("== ")] == \
        ["== %s:2-%d ==" % (path, len(text.splitlines()) - 2)], result.stdout
    assert "Raised: NSGenericException" in result.stdout
    assert "Views caught in the loop (UIKit's dump): <UIView: 0x" in result.stdout


def test_the_feedback_loop_threshold_comes_from_the_launch_argument():
    text = stderr_of("loop-superview-size", "-UIViewLayoutFeedbackLoopDebuggingThreshold", "60")
    assert "with a threshold of 60\n" in text
    assert "frame = (0 0; 435 667)" in text, "375 + 60 at the root's 61st layout"


def test_constraints_added_in_layoutSubviews_are_caught_with_the_card_at_its_width():
    text = stderr_of("loop-constraints-in-layout")
    assert re.search(r"Views caught in loop: \(\n    <UIView: 0x[0-9a-f]+; frame = \(0 0; 375 667\); autoresize = W\+H>,\n"
                     r"    <DemoScenarios.ConstraintAddingCard: 0x[0-9a-f]+; frame = \(20 100; 200 40\)>\n\)", text), text[:3000]


def test_a_missing_super_layoutSubviews_fails_iOS_7s_assertion():
    text = stderr_of("loop-missing-super")
    assert "*** Assertion failure in -[DemoScenarios.ForgetfulCard layoutSublayersOfLayer:], " \
        "/SourceCache/UIKit_Sim/UIKit-2935.137/UIView.m:8794\n" + TERMINATING.format("NSInternalInconsistencyException") \
        + "Auto Layout still required after executing -layoutSubviews. DemoScenarios.ForgetfulCard's implementation " \
        "of -layoutSubviews needs to call super.'" in text

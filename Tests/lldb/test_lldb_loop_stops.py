"""Each loop scenario stops at `breakpoint set -n objc_exception_throw`, the breakpoint Apple
developers set for an exception, under both LLDBs a user has (lldb-16 and the toolchain's),
in the debug and the release build, with the frames that name the loop: the view whose callback
asked for another pass, the request it made, and the deferred pass of the run loop's commit
below. Which view asks is read from each scenario's source (Sources/DemoScenarios/
LoopScenarios.swift): the view whose override marks, or, for the feedback loop debugger, none
(it raises at a layout, not at a request)."""

import os
import re
import subprocess

import pytest

from conftest import BUILD_DIR
from test_release_builds import RELEASE, lldb_for, run_batch

# `bt` lines: "frame #21: 0x… layout-demo`DemoScenarios.PingPongLabel.updateConstraints() -> () + 12 at …"
BT_FRAME = re.compile(r"frame #\d+: 0x[0-9a-f]+ [^`]+`(.+?)(?: \+ \d+)?(?: at .*)?$")

# Each frame as the words its name must hold, innermost last: lldb-16 shows Swift names mangled
# ("$s13DemoScenarios13PingPongLabelC17updateConstraintsyyF"), the toolchain's LLDB demangled.
ASKERS = {
    "loop-update-siblings": [("PingPongLabel", "updateConstraints"), ("UIView", "setNeedsUpdateConstraints")],
    # The request is the window's size change: its frame setter marks it (in a release build
    # setNeedsLayout is inlined there).
    "loop-window-follows-content": [("FollowingPanel", "layoutSubviews"), ("UIView", "frame")],
    "loop-half-point": [("HalfPointPanel", "layoutSubviews"), ("UIView", "setNeedsLayout")],
    # Mangled names substitute repeated words ("willLayout" after "Layout…" is "4willC0"):
    # the debugger's class is enough.
    "loop-superview-size": [("LayoutFeedbackLoopDebugger",)],
    "loop-constraints-in-layout": [("LayoutFeedbackLoopDebugger",)],
    "loop-missing-super": [("UIView", "autoLayoutStillRequired")],
}
COMMIT = ("CA::Transaction::commit()",)


def position(frames, words):
    """The index of the first frame whose name holds all `words`, or None."""
    return next((index for index, name in enumerate(frames) if all(word in name for word in words)), None)


def backtraces(which, build, tmp_path):
    """Each scenario's frames at the stop, from one batch session of `which` lldb on `build`."""
    lldb, environment = lldb_for(which, build)
    demo = os.path.join(build, "layout-demo")
    assert os.path.isfile(demo), "build the products first; missing " + demo
    lines = ["breakpoint set -n objc_exception_throw"]
    for scenario in ASKERS:
        lines += ["script print('=== %s')" % scenario,
                  "process launch -e %s -- %s" % (tmp_path / (scenario + ".stderr"), scenario),
                  "bt", "process kill"]
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(lines) + "\n")
    completed = run_batch(lldb, environment, script, demo, tmp_path)
    transcript = completed.stdout  # stderr joined in
    found = {}
    for part in transcript.split("=== ")[1:]:
        scenario = part.split("\n", 1)[0].strip()
        found[scenario] = [match.group(1) for match in map(BT_FRAME.search, part.splitlines()) if match]
    return found, transcript


@pytest.mark.parametrize("which", ["lldb-16", "toolchain"])
@pytest.mark.parametrize("build", ["debug", "release"])
def test_each_loop_stops_at_objc_exception_throw_with_the_view_that_asked(which, build, tmp_path):
    found, transcript = backtraces(which, BUILD_DIR if build == "debug" else RELEASE, tmp_path)
    for scenario, askers in ASKERS.items():
        frames = found.get(scenario)
        assert frames, (scenario, transcript[-4000:])
        assert "objc_exception_throw" in frames[0], (scenario, frames)
        positions = [position(frames, words) for words in askers]
        assert None not in positions, (scenario, askers, frames)
        # The view's override is below (called before) the request it made.
        assert positions == sorted(positions, reverse=True), (scenario, askers, frames)
        commit = position(frames, COMMIT)
        assert commit is not None and commit > positions[0], (scenario, frames)

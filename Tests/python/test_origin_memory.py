"""Origin capture keeps memory bounded through a 10,000-conflict storm: records go with
their constraints, so ten times the conflicts costs no more memory than one storm's worth."""
import os
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("LAYOUT_DEBUG_BUILD_DIR", ROOT / ".build" / "debug"))
TOOL = BUILD / "layout-monitor-demo"

# Run in a fresh interpreter so RUSAGE_CHILDREN holds that one run's peak only.
PEAK = (
    "import resource, subprocess, sys\n"
    "out = subprocess.run(sys.argv[1:], capture_output=True, text=True, check=True).stdout\n"
    "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n"
    "print(out)\n"
)


def peak_kilobytes(tmp_path, loops):
    """The peak resident size of one monitor-demo run with origins on, and what it printed."""
    backlog = tmp_path / ("storm-%d.jsonl" % loops)
    result = subprocess.run([sys.executable, "-c", PEAK, str(TOOL), "--backlog", str(backlog), "--origins",
                             "--loops", str(loops), "conflict-storm", "500"],
                            capture_output=True, text=True, check=True)
    peak, printed = result.stdout.split("\n", 1)
    return int(peak), printed


def test_a_10000_conflict_storm_with_capture_on_stays_within_one_storms_memory(tmp_path):
    assert TOOL.exists(), "build first: swift build (missing %s)" % TOOL
    one_storm, _ = peak_kilobytes(tmp_path, loops=2)
    ten_thousand, printed = peak_kilobytes(tmp_path, loops=20)
    assert "delivered=10000" in printed, printed
    # Every window of the storm is freed before the next: no record may outlive it.
    assert "origins: capture is on; 0 live constraints recorded" in printed, printed
    # The ceiling: what two storms of 500 needed, plus 16 MB for the allocator's slack.
    assert ten_thousand <= one_storm + 16 * 1024, (one_storm, ten_thousand)

"""The in-app monitor's backlog survives its process being killed mid-write:
every line of the file is a whole JSON record, whenever the kill lands."""
import json
import os
import pathlib
import random
import signal
import subprocess
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
BUILD = pathlib.Path(os.environ.get("LAYOUT_DEBUG_BUILD_DIR", ROOT / ".build" / "debug"))
TOOL = BUILD / "layout-monitor-demo"


def read_records(path):
    text = path.read_text()
    assert text.endswith("\n") or text == "", "a torn last line: %r" % text[-80:]
    return [json.loads(line) for line in text.splitlines()]


def test_backlog_killedMidWrite_leavesAReadableFile(tmp_path):
    assert TOOL.exists(), "build first: swift build (missing %s)" % TOOL
    backlog = tmp_path / "conflicts.jsonl"
    rng = random.Random(7)
    totals = []
    for attempt in range(8):
        # --loops 0 rebuilds the storm until killed, so the backlog is being
        # rewritten (50 ms apart) whenever SIGKILL lands.
        proc = subprocess.Popen([str(TOOL), "--backlog", str(backlog), "--loops", "0", "conflict-storm", "30"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(0.3 + rng.random() * 0.7)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        assert backlog.exists(), "no backlog after attempt %d" % attempt
        records = read_records(backlog)
        assert len(records) == 3, records
        assert all(set(r) >= {"signature", "count", "firstSeen", "lastSeen", "report"} for r in records)
        totals.append(sum(r["count"] for r in records))
    # Each run continues the counts of the file it found.
    assert totals == sorted(totals) and totals[-1] > totals[0]


def test_backlog_cleanExit_countsEveryConflict(tmp_path):
    backlog = tmp_path / "conflicts.jsonl"
    result = subprocess.run([str(TOOL), "--backlog", str(backlog), "--loops", "2", "conflict-storm", "30"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, timeout=120)
    assert result.returncode == 0
    assert result.stdout.strip() == "delivered=60 signatures=3"
    assert sorted(r["count"] for r in read_records(backlog)) == [20, 20, 20]


def test_monitorDemo_missingBacklogOption_failsWithOneLineError():
    result = subprocess.run([str(TOOL), "conflict-storm"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, timeout=60)
    assert result.returncode == 2
    assert result.stderr.splitlines()[0] == "error: --backlog FILE is required"

"""Times `layout-explain --ci` beside `grep -c` on one log (bench/ci/run.sh), taking turns.

Ours runs twice a round: on the file (through mapped windows; in pieces on each idle core) and
from standard input (cut into pieces as it arrives, on the same idle cores), as CI pipes it.
Each command runs RUNS times; its wall times' median is kept, and ours' peak resident memory
(wait4's ru_maxrss for that process alone). Prints them, what ours printed, `stdin_ratio=`, and
last `ratio=ours/grep` for the file.

usage: bench_ci.py BIN LOG BASELINE RUNS
"""
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(argv, stdin_path=None, stdout_path=os.devnull):
    """Runs argv once; (seconds, peak RSS in KB, exit status)."""
    with open(stdin_path or os.devnull, "rb") as stdin, open(stdout_path, "wb") as stdout:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdin=stdin, stdout=stdout, stderr=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
    return elapsed, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def main():
    binary, log, baseline, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    folder = tempfile.mkdtemp(prefix="layout-ci-bench-")
    ours_argv = [binary, "--ci", "--baseline", baseline, "--junit", os.path.join(folder, "junit.xml"),
                 "--markdown", os.path.join(folder, "summary.md")]
    grep_argv = ["grep", "-c", "Unable to simultaneously satisfy constraints", log]
    ours, piped, grep, peaks, piped_peaks = [], [], [], [], []
    output = os.path.join(folder, "ours.txt")
    for _ in range(runs):
        seconds, peak, status = timed(ours_argv + [log], stdout_path=output)
        assert status in (0, 1), "layout-explain --ci exited %d" % status
        ours.append(seconds)
        peaks.append(peak)
        seconds, peak, status = timed(ours_argv + ["-"], stdin_path=log, stdout_path=output + ".stdin")
        assert status in (0, 1), "layout-explain --ci - exited %d" % status
        piped.append(seconds)
        piped_peaks.append(peak)
        # grep's output goes to a file: GNU grep stops at the first match when it is /dev/null.
        seconds, _, status = timed(grep_argv, stdout_path=os.path.join(folder, "grep.txt"))
        assert status == 0, "grep exited %d" % status
        grep.append(seconds)
    with open(output) as handle, open(output + ".stdin") as other:
        assert handle.read() == other.read(), "the file and standard input gave different results"
    with open(output) as handle:
        lines = handle.read().splitlines()
    with open(os.path.join(folder, "grep.txt")) as handle:
        counted = handle.read().strip()
    print("--- layout-explain --ci (first and last lines)")
    print(lines[0][:160])
    print(lines[-1][:160])
    print("--- grep -c: %s" % counted)
    print("ours (file): median %.3f s [%s]" % (statistics.median(ours), " ".join("%.3f" % t for t in ours)))
    print("ours (stdin): median %.3f s [%s]" % (statistics.median(piped), " ".join("%.3f" % t for t in piped)))
    print("grep -c: median %.3f s [%s]" % (statistics.median(grep), " ".join("%.3f" % t for t in grep)))
    print("peak_rss_mb=%.1f (stdin %.1f)" % (max(peaks) / 1024.0, max(piped_peaks) / 1024.0))
    print("stdin_ratio=%.2f" % (statistics.median(piped) / statistics.median(grep)))
    print("ratio=%.2f" % (statistics.median(ours) / statistics.median(grep)))


if __name__ == "__main__":
    main()

"""Times a conflict storm under lbreak against a bare breakpoint, in one run (issue 19).

On `layout-demo conflict-storm N` (N conflicts, one by one), from launch to exit:

  (a) app:   the app alone, no debugger;
  (b) bare:  lldb-16 with a breakpoint on UIViewAlertForUnsatisfiableConstraints set to
             auto-continue, no callback: the floor of any per-conflict breakpoint;
  (c) ours:  lldb-16 with `lbreak --continue --quiet`, then `lconflicts` after the exit
             (the library is loaded at the first hit, then the app records the rest).

Each is the best of --repeat runs; every lldb run is a fresh debugger with the script
already imported, so only the run is timed. The counts are checked: the bare breakpoint's
hit count and lconflicts' total must be N, else this exits 1.
Prints the times, the counts, `over_app=X` ((c)/(a)) and last `ratio=X` ((c)/(b)).
"""

import argparse
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "lldb"))
# bench_lldb finds LLDB's module and the built products the same way for every bench.
from bench_lldb import DEMO, LIBRARY, SCRIPT, fail, lldb  # noqa: E402

ALERT = "UIViewAlertForUnsatisfiableConstraints"


def launch_info(count):
    """conflict-storm N with its output (N logs on stderr) thrown away."""
    info = lldb.SBLaunchInfo(["conflict-storm", str(count)])
    info.AddOpenFileAction(0, "/dev/null", True, False)
    info.AddOpenFileAction(1, "/dev/null", False, True)
    info.AddOpenFileAction(2, "/dev/null", False, True)
    return info


# Where every debugger's own output goes; kept open for the whole run (a file handed
# to LLDB must outlive the debugger).
SINK = open(os.devnull, "w")


def new_debugger():
    """A synchronous headless debugger whose own output is thrown away."""
    debugger = lldb.SBDebugger.Create(False)
    debugger.SetAsync(False)
    debugger.SetOutputFileHandle(SINK, False)
    debugger.SetErrorFileHandle(SINK, False)
    return debugger


def command(debugger, text):
    """Runs an LLDB command; its output, or exit 1 on failure."""
    result = lldb.SBCommandReturnObject()
    debugger.GetCommandInterpreter().HandleCommand(text, result)
    if not result.Succeeded():
        fail("%s: %s" % (text, (result.GetError() or "").strip()))
    return result.GetOutput() or ""


def run_to_exit(target, count):
    """Launches the storm and waits for its exit; the seconds it took."""
    error = lldb.SBError()
    start = time.perf_counter()
    process = target.Launch(launch_info(count), error)
    if not error.Success():
        fail("launch failed: %s" % error.GetCString())
    while process.GetState() == lldb.eStateStopped:  # a stop no breakpoint asked for
        process.Continue()
    elapsed = time.perf_counter() - start
    if process.GetState() != lldb.eStateExited or process.GetExitStatus() != 0:
        fail("layout-demo did not exit cleanly (%s, status %d)"
             % (lldb.SBDebugger.StateAsCString(process.GetState()), process.GetExitStatus()))
    return elapsed


def time_app(count):
    """(a): seconds of one run of the app alone."""
    start = time.perf_counter()
    subprocess.run([DEMO, "conflict-storm", str(count)], stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def time_bare(count):
    """(b): seconds under a bare auto-continue breakpoint, and its hit count."""
    debugger = new_debugger()
    target = debugger.CreateTarget(DEMO)
    breakpoint = target.BreakpointCreateByName(ALERT)
    breakpoint.SetAutoContinue(True)
    elapsed = run_to_exit(target, count)
    hits = breakpoint.GetHitCount()
    lldb.SBDebugger.Destroy(debugger)
    return elapsed, hits


def time_ours(count):
    """(c): seconds under `lbreak -c -q` plus `lconflicts`, its total and distinct signatures."""
    debugger = new_debugger()
    command(debugger, "command script import " + SCRIPT)
    target = debugger.CreateTarget(DEMO)
    debugger.SetSelectedTarget(target)
    command(debugger, "lbreak --continue --quiet")
    start = time.perf_counter()
    run_to_exit(target, count)
    summary = command(debugger, "lconflicts")
    elapsed = time.perf_counter() - start
    lldb.SBDebugger.Destroy(debugger)
    match = re.match(r"(\d+) conflicts?, (\d+) distinct", summary)
    if not match:
        fail("lconflicts said: %s" % summary.strip())
    return elapsed, int(match.group(1)), int(match.group(2))


def main():
    """The three timings, the counts, and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conflicts", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for path in (DEMO, LIBRARY):
        if not os.path.isfile(path):
            fail("missing %s: build first (swift build -c release)" % path)
    os.environ["LAYOUT_DEBUG_LIBRARY"] = LIBRARY
    app, bare, ours = [], [], []
    bare_hits, totals, signatures = set(), set(), set()
    for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits all three
        app.append(time_app(args.conflicts))
        elapsed, hits = time_bare(args.conflicts)
        bare.append(elapsed)
        bare_hits.add(hits)
        elapsed, total, distinct = time_ours(args.conflicts)
        ours.append(elapsed)
        totals.add(total)
        signatures.add(distinct)
    print("conflicts=%d repeat=%d app_ms=%.1f bare_breakpoint_ms=%.1f lbreak_continue_quiet_ms=%.1f"
          % (args.conflicts, args.repeat, min(app) * 1000, min(bare) * 1000, min(ours) * 1000))
    print("bare_breakpoint_hits=%s lconflicts_total=%s lconflicts_signatures=%s"
          % ("/".join(map(str, sorted(bare_hits))), "/".join(map(str, sorted(totals))),
             "/".join(map(str, sorted(signatures)))))
    if bare_hits != {args.conflicts} or totals != {args.conflicts}:
        fail("counted %s (bare) and %s (lconflicts), not %d in every run"
             % (sorted(bare_hits), sorted(totals), args.conflicts))
    print("over_app=%.2f" % (min(ours) / min(app)))
    print("ratio=%.3f" % (min(ours) / min(bare)))


if __name__ == "__main__":
    main()

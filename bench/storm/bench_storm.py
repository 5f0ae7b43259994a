"""Times a conflict storm under lbreak against a bare breakpoint, in one run (issue 19), and a
storm spread over run-loop turns (issue 41).

On `layout-demo conflict-storm N` (N conflicts, one by one), from launch to exit:

  (a) app:   the app alone, no debugger;
  (b) bare:  lldb-16 with a breakpoint on UIViewAlertForUnsatisfiableConstraints set to
             auto-continue, no callback: the floor of any per-conflict breakpoint;
  (c) ours:  lldb-16 with `lbreak --continue --quiet`, then `lconflicts` after the exit
             (the library is loaded at the first hit, then the app records the rest).

The spread storm is `layout-demo runloop-conflict T`: one conflict per turn of the main run
loop (UIApplicationMain), T turns, each from the deferred layout pass, as a conflict per frame
while scrolling. It is timed (b) and (c) the same way; the stops of (c) are the conflict
breakpoint's hits plus the recorder's signals (LayoutDebugStormPending), which quiet mode
rate-limits to about one a second. Beside them, its floor:

  (f) floor: lldb-16 running the app with no breakpoint at all: launch, T turns, exit. No
             recorder in the app can take (c) under it, so `spread_floor_ratio` ((f)/(b))
             is the lowest spread_ratio any could reach on this machine.

Each figure is the median of --repeat rounds (five by default), the kinds taking turns in
each round so that a busy moment of the machine hits them all; every lldb run is a fresh
debugger with the script already imported, so only the run is timed. The counts are checked:
the bare breakpoint's hit count and lconflicts' total must be N (T), else this exits 1.
Prints the times, the counts, `over_app=X` ((c)/(a)), the spread storm's `spread_stops=S`,
`spread_floor_ratio=X` and `spread_ratio=X` ((c)/(b), goal <= 0.2), and last `ratio=X` ((c)/(b)
of the first storm).
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "lldb"))
# bench_lldb finds LLDB's module and the built products the same way for every bench.
from bench_lldb import DEMO, LIBRARY, SCRIPT, fail, lldb  # noqa: E402

ALERT = "UIViewAlertForUnsatisfiableConstraints"


def launch_info(arguments):
    """layout-demo with `arguments` ([scenario, N]), its output (N logs on stderr) thrown away."""
    info = lldb.SBLaunchInfo(arguments)
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


def run_to_exit(target, arguments):
    """Launches the storm and waits for its exit; the seconds it took."""
    error = lldb.SBError()
    start = time.perf_counter()
    process = target.Launch(launch_info(arguments), error)
    if not error.Success():
        fail("launch failed: %s" % error.GetCString())
    while process.GetState() == lldb.eStateStopped:  # a stop no breakpoint asked for
        process.Continue()
    elapsed = time.perf_counter() - start
    if process.GetState() != lldb.eStateExited or process.GetExitStatus() != 0:
        fail("layout-demo did not exit cleanly (%s, status %d)"
             % (lldb.SBDebugger.StateAsCString(process.GetState()), process.GetExitStatus()))
    return elapsed


def time_app(arguments):
    """(a): seconds of one run of the app alone."""
    start = time.perf_counter()
    subprocess.run([DEMO] + arguments, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def time_floor(arguments):
    """(f): seconds of one run of the app under lldb with no breakpoint."""
    debugger = new_debugger()
    elapsed = run_to_exit(debugger.CreateTarget(DEMO), arguments)
    lldb.SBDebugger.Destroy(debugger)
    return elapsed


def time_bare(arguments):
    """(b): seconds under a bare auto-continue breakpoint, and its hit count."""
    debugger = new_debugger()
    target = debugger.CreateTarget(DEMO)
    breakpoint = target.BreakpointCreateByName(ALERT)
    breakpoint.SetAutoContinue(True)
    elapsed = run_to_exit(target, arguments)
    hits = breakpoint.GetHitCount()
    lldb.SBDebugger.Destroy(debugger)
    return elapsed, hits


def hits_of(target, name):
    """The hit count of the target's breakpoints named `name` (lbreak's, the recorder's)."""
    return sum(target.GetBreakpointAtIndex(index).GetHitCount() for index in range(target.GetNumBreakpoints())
               if target.GetBreakpointAtIndex(index).MatchesName(name))


def time_ours(arguments):
    """(c): seconds under `lbreak -c -q` plus `lconflicts`, its total and distinct signatures,
    and how often the debugger stopped (conflict hits and recorder signals)."""
    debugger = new_debugger()
    command(debugger, "command script import " + SCRIPT)
    target = debugger.CreateTarget(DEMO)
    debugger.SetSelectedTarget(target)
    command(debugger, "lbreak --continue --quiet")
    start = time.perf_counter()
    run_to_exit(target, arguments)
    summary = command(debugger, "lconflicts")
    elapsed = time.perf_counter() - start
    stops = hits_of(target, "LayoutDebugConflict") + hits_of(target, "LayoutDebugStorm")
    lldb.SBDebugger.Destroy(debugger)
    match = re.match(r"(\d+) conflicts?, (\d+) distinct", summary)
    if not match:
        fail("lconflicts said: %s" % summary.strip())
    return elapsed, int(match.group(1)), int(match.group(2)), stops


def spread_storm(turns, repeat):
    """The spread storm's (a), (f), (b) and (c), medians of `repeat` rounds: (app seconds, floor
    seconds, bare seconds, quiet seconds, the most stops quiet made)."""
    arguments = ["runloop-conflict", str(turns)]
    app, floor, bare, ours, stops = [], [], [], [], []
    for _ in range(repeat):
        app.append(time_app(arguments))
        floor.append(time_floor(arguments))
        elapsed, hits = time_bare(arguments)
        if hits != turns:
            fail("the bare breakpoint counted %d conflicts of the spread storm, not %d" % (hits, turns))
        bare.append(elapsed)
        elapsed, total, _, stopped = time_ours(arguments)
        if total != turns:
            fail("lconflicts counted %d conflicts of the spread storm, not %d" % (total, turns))
        ours.append(elapsed)
        stops.append(stopped)
    median = statistics.median
    return median(app), median(floor), median(bare), median(ours), max(stops)


def main():
    """The three timings, the counts, and the ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--conflicts", type=int, default=300)
    parser.add_argument("--turns", type=int, default=1000, help="the spread storm's run-loop turns")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    for path in (DEMO, LIBRARY):
        if not os.path.isfile(path):
            fail("missing %s: build first (swift build -c release)" % path)
    os.environ["LAYOUT_DEBUG_LIBRARY"] = LIBRARY
    arguments = ["conflict-storm", str(args.conflicts)]
    app, bare, ours = [], [], []
    bare_hits, totals, signatures = set(), set(), set()
    for _ in range(args.repeat):  # interleaved, so a busy moment of the machine hits all three
        app.append(time_app(arguments))
        elapsed, hits = time_bare(arguments)
        bare.append(elapsed)
        bare_hits.add(hits)
        elapsed, total, distinct, _ = time_ours(arguments)
        ours.append(elapsed)
        totals.add(total)
        signatures.add(distinct)
    app, bare, ours = statistics.median(app), statistics.median(bare), statistics.median(ours)
    print("conflicts=%d repeat=%d app_ms=%.1f bare_breakpoint_ms=%.1f lbreak_continue_quiet_ms=%.1f"
          % (args.conflicts, args.repeat, app * 1000, bare * 1000, ours * 1000))
    print("bare_breakpoint_hits=%s lconflicts_total=%s lconflicts_signatures=%s"
          % ("/".join(map(str, sorted(bare_hits))), "/".join(map(str, sorted(totals))),
             "/".join(map(str, sorted(signatures)))))
    if bare_hits != {args.conflicts} or totals != {args.conflicts}:
        fail("counted %s (bare) and %s (lconflicts), not %d in every run"
             % (sorted(bare_hits), sorted(totals), args.conflicts))
    print("over_app=%.2f" % (ours / app))
    spread_app, spread_floor, spread_bare, spread_ours, spread_stops = spread_storm(args.turns, args.repeat)
    print("spread_turns=%d spread_app_ms=%.1f spread_floor_ms=%.1f spread_bare_breakpoint_ms=%.1f "
          "spread_quiet_ms=%.1f spread_stops=%d"
          % (args.turns, spread_app * 1000, spread_floor * 1000, spread_bare * 1000, spread_ours * 1000, spread_stops))
    print("spread_floor_ratio=%.3f" % (spread_floor / spread_bare))
    print("spread_ratio=%.3f" % (spread_ours / spread_bare))
    print("ratio=%.3f" % (ours / bare))


if __name__ == "__main__":
    main()

#!/usr/bin/env bash
# Benchmark of a conflict storm under lbreak (issue 19), in one run: `layout-demo
# conflict-storm 300` (a) alone, (b) under lldb-16 with a bare auto-continue breakpoint
# on UIViewAlertForUnsatisfiableConstraints, (c) under `lbreak --continue --quiet` and
# `lconflicts`; the median of --repeat rounds (5) each. Fails unless (b) and (c) count every conflict.
# Then the spread storm (issue 41): `layout-demo runloop-conflict T`, one conflict per turn of
# the main run loop, under (b) and (c), and the app under lldb with no breakpoint (its floor):
# `spread_stops=S` (quiet mode's stops), `spread_floor_ratio=X` (floor/(b): no in-app recorder
# can go under it) and `spread_ratio=X` ((c)/(b), goal <= 0.2).
# Prints `over_app=X` ((c)/(a)) and ends with `ratio=X` ((c)/(b)). Goal: X <= 1.0.
#
#   bench/storm/run.sh [--conflicts N] [--turns T] [--repeat R]
#
# Builds release (the build the installer makes) into .build, then runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/common.sh
bench_build_release
exec python3 "$ROOT/bench/storm/bench_storm.py" "$@"

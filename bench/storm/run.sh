#!/usr/bin/env bash
# Benchmark of a conflict storm under lbreak (issue 19), in one run: `layout-demo
# conflict-storm 300` (a) alone, (b) under lldb-16 with a bare auto-continue breakpoint
# on UIViewAlertForUnsatisfiableConstraints, (c) under `lbreak --continue --quiet` and
# `lconflicts`; best of --repeat runs each. Fails unless (b) and (c) count every conflict.
# Prints `over_app=X` ((c)/(a)) and ends with `ratio=X` ((c)/(b)). Goal: X <= 1.0.
#
#   bench/storm/run.sh [--conflicts N] [--repeat R]
#
# Builds release (the build the installer makes) into .build, then runs.
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$(pwd)
. scripts/lldb-env.sh
ld_export_lldb
. scripts/stale-build.sh
ld_forget_stale_build .build release >&2
swift build -c release >&2
ld_record_build .build release
export LAYOUT_DEBUG_BUILD_DIR="$ROOT/.build/release"
exec python3 "$ROOT/bench/storm/bench_storm.py" "$@"

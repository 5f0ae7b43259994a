#!/usr/bin/env bash
# Solver benchmark: our Cassowary (release build) against kiwisolver on the workloads of
# bench/solver/kiwi_workloads.py, both in this one run.
#
#   bench/solver/run.sh [--sizes 100,1000] [--reps 3] [--workloads chain_req,chain,grid]
#
# Prints one line per workload, size and operation with both times and ours/kiwi, and last
# `ratio=X`: the worst ratio (ours / kiwi) over every operation (build, update, resize, readd,
# conflict), workload and size run, after a `# worst:` line naming it. Raw results go to
# bench/out/solver/.
# Environment: SOLVER_BENCH_SCRATCH (SwiftPM scratch path, default .build-solver-bench: not
# .build-bench, which bench/report builds the other package into, and SwiftPM then finds no
# solver-bench target there).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../.." && pwd)
SCRATCH=${SOLVER_BENCH_SCRATCH:-$REPO/.build-solver-bench}
SIZES=100,1000
REPS=3
WORKLOADS=chain_req,chain,grid
while [ $# -gt 0 ]; do
    case "$1" in
        --sizes) SIZES=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --workloads) WORKLOADS=$2; shift 2 ;;
        *) echo "usage: $0 [--sizes 100,1000] [--reps 3] [--workloads chain_req,chain,grid]" >&2; exit 2 ;;
    esac
done
python3 -c 'import kiwisolver' 2>/dev/null || { echo "error: kiwisolver is not installed (pip install kiwisolver)" >&2; exit 1; }

OUT="$REPO/bench/out/solver"
mkdir -p "$OUT"
swift build -c release --package-path "$REPO/ReferenceKit" --scratch-path "$SCRATCH" --product solver-bench >&2
"$SCRATCH/release/solver-bench" --sizes "$SIZES" --reps "$REPS" --workloads "$WORKLOADS" > "$OUT/ours.jsonl"
python3 "$HERE/kiwi_workloads.py" --sizes "$SIZES" --reps "$REPS" --workloads "$WORKLOADS" \
    --json "$OUT/kiwi.json" > "$OUT/kiwi.txt"
python3 "$HERE/compare.py" "$OUT/ours.jsonl" "$OUT/kiwi.json" | tee "$OUT/table.txt"

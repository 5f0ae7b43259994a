#!/usr/bin/env bash
# Benchmark of the in-process descent report (issue 4: ≤ 20 ms at 1000 views,
# linear growth). Builds release into its own scratch path, then runs
# lds-report-bench: one line per view count, last line `ratio=X` where X is
# (ms at 1000 views) / (20 ms budget).
# Usage: bench/report/run.sh [N …]
set -eu
cd "$(dirname "$0")/../.."
scratch="${LDS_BENCH_SCRATCH:-.build-bench}"
. scripts/stale-build.sh
ld_forget_stale_build "$scratch" release >&2
swift build -c release --scratch-path "$scratch" --product lds-report-bench >&2
ld_record_build "$scratch" release
"$scratch/release/lds-report-bench" "$@"

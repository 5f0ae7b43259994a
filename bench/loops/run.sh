#!/usr/bin/env bash
# Benchmark of lloop's recorder: what arming it costs an app that does not loop. A varied
# 1000-view screen (cards of labels, images, buttons, stack views, frame-laid badges) is built,
# laid out and resized three times (loops-bench). Three settings, one process each: unarmed
# (the hooks never installed), disarmed (installed, one integer check) and armed, the
# processes taking turns five times, so that load on a shared machine falls on all alike; each
# process gives its fastest of three runs (CPU time), and each setting the median of its five.
# Goal: armed / unarmed <= 1.05. Ends with `ratio=X`.
#
#   bench/loops/run.sh [--views N] [--instructions]
#
# --instructions: instead, each of unarmed and armed once under callgrind (about 5 minutes
# each), whose instruction counts do not move with the machine's load as times do; ends with
# `ratio=X` of those. Builds release (the build the installer makes) into .build first.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/common.sh
VIEWS=1000
INSTRUCTIONS=0
while [ $# -gt 0 ]; do
    case "$1" in
        --views) VIEWS="$2"; shift 2 ;;
        --instructions) INSTRUCTIONS=1; shift ;;
        *) echo "usage: bench/loops/run.sh [--views N] [--instructions]" >&2; exit 2 ;;
    esac
done
bench_build_release
if [ "$INSTRUCTIONS" = 1 ]; then
    counts=()
    for setting in unarmed armed; do
        out=$(mktemp)
        valgrind --tool=callgrind --callgrind-out-file="$out" "$ROOT/.build/release/loops-bench" "$setting" "$VIEWS" 2>"$out.log"
        counts+=("$(sed -n 's/^==[0-9]*== Collected : //p' "$out.log")")
        echo "$setting instructions=${counts[-1]}"
        rm -f "$out" "$out.log"
    done
    python3 -c "import sys; print('ratio=%.4f' % (int(sys.argv[2]) / int(sys.argv[1])))" "${counts[0]}" "${counts[1]}"
    exit 0
fi
out=""
for round in 1 2 3 4 5; do
    for setting in unarmed disarmed armed; do
        line=$("$ROOT/.build/release/loops-bench" "$setting" "$VIEWS")
        echo "round $round: $line"
        out+="$line"$'\n'
    done
done
printf '%s' "$out" | python3 -c '
import re, statistics, sys
times = {}
requests = 0
for line in sys.stdin:
    setting, ms, recorded = re.match(r"(\w+) ms=([\d.]+) requests=(\d+)", line).groups()
    times.setdefault(setting, []).append(float(ms))
    requests = max(requests, int(recorded))
median = {setting: statistics.median(values) for setting, values in times.items()}
print("medians (CPU ms): unarmed=%.1f disarmed=%.1f armed=%.1f; requests recorded per run: %d"
      % (median["unarmed"], median["disarmed"], median["armed"], requests))
print("disarmed_ratio=%.3f (hooks installed, disarmed / unarmed)" % (median["disarmed"] / median["unarmed"]))
print("ratio=%.3f" % (median["armed"] / median["unarmed"]))
'

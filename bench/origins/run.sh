#!/usr/bin/env bash
# Benchmark of origin capture (issue: where each constraint was made), in one run:
#   (1) building `layout-demo many-views N` in process: capture off, a no-op constraint
#       observer (the floor any hook pays), then capture on (origins-bench);
#   (2) `lreport` on that tree in lldb, without origins and with `lorigins on` from launch.
# Goals: build_ratio (with / without) <= 1.25, lreport_ratio <= 1.5. Ends with `ratio=X`, the
# worse of the two.
#
#   bench/origins/run.sh [--views N] [--repeat R]
#
# Builds release (the build the installer makes) into .build, then runs both halves.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/common.sh
VIEWS=1000
ARGS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --views) VIEWS="$2"; ARGS+=("$1" "$2"); shift 2 ;;
        *) ARGS+=("$1"); shift ;;
    esac
done
bench_build_release
build=$("$ROOT/.build/release/origins-bench" "$VIEWS")
echo "$build" | grep -v '^build_ratio='
build_ratio=$(echo "$build" | sed -n 's/^build_ratio=//p')
report=$(python3 "$ROOT/bench/origins/bench_origins_lldb.py" "${ARGS[@]}")
echo "$report" | grep -v '^lreport_ratio='
report_ratio=$(echo "$report" | sed -n 's/^lreport_ratio=//p')
echo "build_ratio=$build_ratio lreport_ratio=$report_ratio"
python3 -c "import sys; print('ratio=%.3f' % max(float(sys.argv[1]), float(sys.argv[2])))" "$build_ratio" "$report_ratio"

#!/usr/bin/env bash
# Benchmark of the LLDB commands on `layout-demo many-views 1000`, in one lldb session:
#   (1) a trivial C call into the target, (int)getpid(): the floor of any expression;
#   (2) `lreport` on the root view: ours, one expression for the whole tree;
#   (3) the per-object approach of scripts like Chisel: one expression per view;
#   (4) `llint` on the root, printed as `llint_over_lreport=Y`, Y = (4)/(2).
# Ends with `ratio=X`, X = (2)/(1). Goals: X <= 2.0, (3)/(2) >= 50 and Y <= 2.
#
#   bench/lldb/run.sh [--views N] [--repeat R]
#   bench/lldb/run.sh --round-trips [--views N]   what one lreport asks of LLDB (round_trips.py)
#
# Uses $LAYOUT_DEBUG_BUILD_DIR, else .build/release when it holds layout-demo, else
# .build/debug. It does not build: run `swift build -c release` first.
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/common.sh
if [ -z "${LAYOUT_DEBUG_BUILD_DIR:-}" ]; then
    if [ -x "$ROOT/.build/release/layout-demo" ] && [ -f "$ROOT/.build/release/libLayoutDebugSupport.so" ]; then
        LAYOUT_DEBUG_BUILD_DIR="$ROOT/.build/release"
    else
        LAYOUT_DEBUG_BUILD_DIR="$ROOT/.build/debug"
    fi
fi
export LAYOUT_DEBUG_BUILD_DIR
if [ "${1:-}" = "--round-trips" ]; then
    shift
    exec python3 "$ROOT/bench/lldb/round_trips.py" "$@"
fi
exec python3 "$ROOT/bench/lldb/bench_lldb.py" "$@"

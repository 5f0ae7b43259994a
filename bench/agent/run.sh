#!/usr/bin/env bash
# What an agent reads, in bytes, from launch to a verified fix of `layout-demo
# cell-width-conflict`, through scripts/lldb_mcp.py --stdio driven by the official MCP SDK:
# (a) the typed tools: layout_launch, layout_last_conflict, layout_fix {suggestion: 1},
#     layout_continue (the app exits with no other conflict: the fix holds);
# (b) the same through LLDB's lldb_command: lbreak, run, lconflicts --last --json,
#     lfix --suggestion 1 --json, continue.
# Counts each answer's text (what a client hands the model), prints each step, the total of
# each, and tools/list (with and without the outputSchemas, which clients use to check
# answers). Ends with `ratio=X`, (a)/(b). Goal: (a) <= 10240 bytes.
#
#   bench/agent/run.sh            builds release into .build first
#   NO_BUILD=1 LAYOUT_DEBUG_BUILD_DIR=DIR bench/agent/run.sh   another release build
set -euo pipefail
cd "$(dirname "$0")/../.."
. bench/common.sh
python3 -c 'import mcp' 2>/dev/null || python3 -m pip install -q mcp
[ "${NO_BUILD:-}" = 1 ] || bench_build_release
exec python3 "$ROOT/bench/agent/agent_flow.py" "$@"

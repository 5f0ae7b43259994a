#!/usr/bin/env bash
# The project's one test command (the README's and CI's): installs what is
# missing, builds, and runs every suite. Exits non-zero on any failure.
#
#   ./test.sh             everything
#   ./test.sh --quick     skip the fresh-clone install check and the fuzzer
#   ./test.sh --no-lldb   skip the LLDB sessions (Tests/lldb); with --quick, what the
#                         install check runs in its fresh clone, where the outer run has
#                         already run those sessions on the same commit
set -euo pipefail
cd "$(dirname "$0")"
ROOT=$(pwd)
QUICK=0
LLDB_SUITE=1
for arg in "$@"; do
    case "$arg" in
        --quick) QUICK=1 ;;
        --no-lldb) LLDB_SUITE=0 ;;
        *) echo "error: unknown option '$arg' (try --quick or --no-lldb)" >&2; exit 2 ;;
    esac
done
. scripts/lldb-env.sh
. scripts/stale-build.sh

# Each step says how far into the run it starts, so a slow CI run shows where its time went.
step() { echo; echo "==> $*  [$((SECONDS / 60))m$((SECONDS % 60))s]"; }

step "dependencies"
command -v swift >/dev/null || { echo "error: no Swift toolchain on PATH" >&2; exit 1; }
# chromium renders the pictures in Tests/lldb/test_lldb_pictures.py; Pillow reads its PNGs.
# jsonschema validates every command's --json against docs/schema (Tests/python/schema_check.py);
# xmlschema validates layout-explain --ci --junit against Tests/Fixtures/junit/junit-10.xsd.
ld_apt_install lldb-16 python3-lldb-16 liblldb-16-dev chromium
# mcp (the official MCP SDK) is the agent in Tests/lldb/test_mcp_sdk.py: a test dependency only.
python3 -c 'import kiwisolver, pytest, PIL, jsonschema, mcp, xmlschema' 2>/dev/null \
    || python3 -m pip install -q kiwisolver pytest pillow jsonschema mcp xmlschema
ld_export_lldb

step "no Glibc-only code where a Mac compiles it (scripts/apple_sdk_check.py is the full proof)"
python3 scripts/check_platform_calls.py

step "build (debug)"
ld_forget_stale_build .build debug
swift build
ld_record_build .build debug
ld_forget_stale_build ReferenceKit/.build debug
swift build --package-path ReferenceKit
ld_record_build ReferenceKit/.build debug

step "build (release): the conflict paths are tested on what install.sh builds"
# A release build inlines UIViewAlertForUnsatisfiableConstraints' body into its @_cdecl
# thunk; Tests/lldb/test_release_builds.py runs lbreak, the storm, lfix and origins on it.
ld_forget_stale_build .build release
swift build -c release
ld_record_build .build release

step "swift test: ReferenceKit and Cassowary"
swift test --package-path ReferenceKit

step "swift test: LayoutDebugSupport"
swift test

if [ "$QUICK" = 0 ]; then
    # The library and its tests once more, with Swift's run-time actor-isolation checks
    # (Package.swift's LAYOUT_DEBUG_RACE_CHECKS, a build path of its own): main-actor code
    # entered on the debugger's or a background layout's thread traps there. The threads'
    # tests only: the build is the cost.
    step "swift test with actor data-race checks: conflicts and reports off the main thread"
    LAYOUT_DEBUG_RACE_CHECKS=1 swift test --build-path .build-race \
        --filter "BackgroundThreadTests|ConflictHookTests|DemoScenarioTests"
fi

step "pytest"
export LAYOUT_DEBUG_BUILD_DIR="$ROOT/.build/debug"
export LAYOUT_DEBUG_RELEASE_DIR="$ROOT/.build/release"
# Tests/install builds a fresh clone in release under an empty HOME: the
# slowest suite, left out by --quick.
PYTEST_SUITES=()
for d in Tests/python Tests/lldb Tests/install; do
    [ "$QUICK" = 1 ] && [ "$d" = Tests/install ] && continue
    [ "$LLDB_SUITE" = 0 ] && [ "$d" = Tests/lldb ] && continue
    [ -d "$d" ] && PYTEST_SUITES+=("$d")
done
python3 -m pytest -q "${PYTEST_SUITES[@]}"

if [ "$QUICK" = 0 ] && [ -x fuzz/run.sh ]; then
    step "fuzz the log parser (bounded)"
    fuzz/run.sh
fi

step "all suites passed"

#!/usr/bin/env bash
# Type-checks every target that `./install.sh` builds on a Mac against a real Apple SDK, from
# Linux: AppKit for macOS, and UIKit through Mac Catalyst. No code is generated or linked; this
# is where our Apple-only code meets Apple's real signatures.
#
# usage: scripts/apple-sdk-check.sh SDK_GIT [TARGET...]
#   SDK_GIT  the git directory of a snapshot of the public repository D00MFist/MacOSX-SDKs,
#            which holds MacOSX13.3.sdk (Xcode 14.3). With the search tool:
#            `fetch github:D00MFist/MacOSX-SDKs` prints it.
#   TARGET   macos, catalyst, macos-arm64e, catalyst-arm64e (default: macos catalyst)
#
# Modules, in build order, as SwiftPM builds them for `swift build` on a Mac:
#   Cassowary, ReferenceKit, DemoScenarios, LayoutDebugSupport (libraries);
#   layout-demo, layout-explain, layout-monitor-demo, lds-report-bench, origins-bench (this package's
#   executables); solver-bench, cassowary-solve (ReferenceKit's, for bench/solver).
# Test targets are not checked: install.sh does not build them.
#
# It stands on the shared check's support files ($APPLE_SDK_CHECK_SUPPORT, default
# ../shared/apple-sdk-check beside this repository): extract_sdk.py, and the Darwin-only API
# notes for Dispatch and os that the Linux toolchain lacks. Our own apple-sdk-check/
# StdlibCompat.swift stands in for the Swift 5.9 and 6.0 standard-library API that the 13.3
# SDK's Swift 5.8 library lacks (Xcode 16, which Package.swift requires, has it).
# Work files go to $APPLE_CHECK_DIR (default ~/.cache/layoutdebug-apple-check, shared with the
# support folder's own typecheck.sh): the extracted SDK (about 600 MB, once, about 1 minute)
# and a module cache. Exits 1 if any module has an error, 2 on bad usage.
set -uo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
SDK_GIT=${1:-}
usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; }
case "$SDK_GIT" in
    "") usage >&2; exit 2 ;;
    -h|--help) usage; exit 0 ;;
esac
shift
TARGETS=("$@"); [ ${#TARGETS[@]} -eq 0 ] && TARGETS=(macos catalyst)
SUPPORT=${APPLE_SDK_CHECK_SUPPORT:-$REPO/../shared/apple-sdk-check}
COMPAT=$REPO/scripts/apple-sdk-check/StdlibCompat.swift
[ -f "$SUPPORT/extract_sdk.py" ] && [ -d "$SUPPORT/apinotes" ] || {
    echo "error: no support files in $SUPPORT (set APPLE_SDK_CHECK_SUPPORT to the shared apple-sdk-check folder)" >&2; exit 2; }
command -v swiftc >/dev/null || { echo "error: no swiftc on PATH" >&2; exit 2; }

W=${APPLE_CHECK_DIR:-$HOME/.cache/layoutdebug-apple-check}
SDK=$W/MacOSX13.3.sdk RES=$W/resource MC=$W/mcache
TOOLCHAIN=$(dirname "$(dirname "$(readlink -f "$(command -v swiftc)")")")
mkdir -p "$W"

# MARK: - the SDK and a resource folder without the Linux module maps

if [ ! -d "$SDK/System/Library/Frameworks/AppKit.framework" ]; then
    [ -d "$SDK_GIT" ] || { echo "error: $SDK_GIT is not a directory (it must be a git snapshot of D00MFist/MacOSX-SDKs)" >&2; exit 2; }
    echo "== extracting MacOSX13.3.sdk (once)"
    python3 "$SUPPORT/extract_sdk.py" "$SDK_GIT" HEAD MacOSX13.3.sdk "$W" 2>&1 | tail -1
fi
if [ ! -f "$RES/apinotes/Dispatch.apinotes" ]; then
    # The toolchain's own module maps (Dispatch, os, Block, CoreFoundation) clash with the SDK's.
    mkdir -p "$RES/apinotes"
    ln -sfn "$TOOLCHAIN/lib/swift/shims" "$RES/shims"
    ln -sfn "$(readlink -f "$TOOLCHAIN/lib/swift/clang")" "$RES/clang"
    cp "$TOOLCHAIN/lib/swift/apinotes/std.apinotes" "$SUPPORT"/apinotes/*.apinotes "$RES/apinotes/"
fi

# MARK: - the modules

# name|kind|sources (relative to the repository)|dependencies: kind is lib (emits a module
# for later ones) or exe (top-level code in main.swift). Dependencies are the Apple ones:
# on Apple platforms LayoutDebugSupport takes Cassowary, not ReferenceKit (Package.swift).
MODULES=(
    "Cassowary|lib|ReferenceKit/Sources/Cassowary|"
    "ReferenceKit|lib|ReferenceKit/Sources/ReferenceKit|Cassowary"
    "DemoScenarios|lib|Sources/DemoScenarios|ReferenceKit Cassowary"
    "LayoutDebugSupport|lib|Sources/LayoutDebugSupport|Cassowary"
    "layout_demo|exe|Sources/layout-demo|DemoScenarios ReferenceKit Cassowary"
    "layout_explain|exe|Sources/layout-explain|LayoutDebugSupport Cassowary"
    "layout_monitor_demo|exe|Sources/layout-monitor-demo|DemoScenarios LayoutDebugSupport ReferenceKit Cassowary"
    "lds_report_bench|exe|bench/report/Sources/lds-report-bench|LayoutDebugSupport DemoScenarios ReferenceKit Cassowary"
    "origins_bench|exe|bench/origins/Sources/origins-bench|LayoutDebugSupport DemoScenarios ReferenceKit Cassowary"
    "solver_bench|exe|ReferenceKit/Sources/solver-bench|Cassowary"
    "cassowary_solve|exe|ReferenceKit/Sources/cassowary-solve|Cassowary"
)
COMMON=(-sdk "$SDK" -resource-dir "$RES" -module-cache-path "$MC" -swift-version 5 -D SWIFT_PACKAGE -D DEBUG -Onone -wmo)

# Type-checks one module for one target; prints its diagnostics and a summary line.
# Returns 1 on any error.
check_module() {
    local target_dir=$1 triple=$2 name=$3 kind=$4 sources=$5 deps=$6; shift 6
    local extra=("$@") includes=() dep log="$target_dir/$name.log" rc
    # Each module in its own folder, and a compile sees only its own dependencies, as SwiftPM's
    # conditional dependencies mean: LayoutDebugSupport must not find ReferenceKit on a Mac.
    for dep in $deps; do includes+=(-I "$target_dir/$dep"); done
    local files; files=$(find "$REPO/$sources" -name '*.swift' | sort)
    # shellcheck disable=SC2086 # one word per source file
    swiftc -typecheck $([ "$kind" = lib ] && echo -parse-as-library) -module-name "$name" -target "$triple" \
        "${COMMON[@]}" "${extra[@]}" "${includes[@]}" $files "$COMPAT" > "$log" 2>&1
    rc=$?
    if [ "$kind" = lib ] && [ $rc -eq 0 ]; then
        # The interface that later modules import. Bodies are skipped: they were checked above,
        # and lowering the stand-ins' typed-throws bodies crashes this compiler.
        mkdir -p "$target_dir/$name"
        # shellcheck disable=SC2086
        swiftc -emit-module -Xfrontend -experimental-skip-all-function-bodies -parse-as-library -module-name "$name" \
            -target "$triple" "${COMMON[@]}" "${extra[@]}" "${includes[@]}" -emit-module-path "$target_dir/$name/$name.swiftmodule" \
            $files "$COMPAT" >> "$log" 2>&1 || rc=$?
    fi
    grep -E '^[^ ].*: (error|warning): ' "$log" | sed "s#$REPO/##" | sort -u
    local errors warnings
    errors=$(grep -E '^[^ ].*: error: ' "$log" | sort -u | grep -c .)
    warnings=$(grep -E '^[^ ].*: warning: ' "$log" | sort -u | grep -c .)
    if [ $rc -ne 0 ] && [ "$errors" -eq 0 ]; then
        # A driver error or a compiler crash has no file:line: show its first line.
        errors=1; echo "$name: $(grep -m1 -E 'error|Stack dump|Segmentation' "$log" || head -1 "$log")"
    fi
    printf '   %-20s %s error(s), %s warning(s)\n' "$name" "$errors" "$warnings"
    [ $rc -eq 0 ] && [ "$errors" -eq 0 ]
}

status=0
for t in "${TARGETS[@]}"; do
    case $t in
        macos)           TRIPLE=x86_64-apple-macos13.0;      EXTRA=() ;;
        macos-arm64e)    TRIPLE=arm64e-apple-macos13.0;      EXTRA=() ;;
        catalyst)        TRIPLE=x86_64-apple-ios16.4-macabi; EXTRA=(-Fsystem "$SDK/System/iOSSupport/System/Library/Frameworks") ;;
        catalyst-arm64e) TRIPLE=arm64e-apple-ios16.4-macabi; EXTRA=(-Fsystem "$SDK/System/iOSSupport/System/Library/Frameworks") ;;
        *) echo "error: unknown target $t (macos, catalyst, macos-arm64e, catalyst-arm64e)" >&2; exit 2 ;;
    esac
    B=$W/project-build/$t
    rm -rf "$B"; mkdir -p "$B"
    start=$(date +%s)
    echo "-- $t ($TRIPLE)"
    failed=0
    for m in "${MODULES[@]}"; do
        IFS='|' read -r name kind sources deps <<< "$m"
        check_module "$B" "$TRIPLE" "$name" "$kind" "$sources" "$deps" "${EXTRA[@]}" || failed=$((failed + 1))
    done
    echo "-- $t ($TRIPLE): ${#MODULES[@]} modules, $failed with errors, $(( $(date +%s) - start )) s"
    [ $failed -eq 0 ] || status=1
done
exit $status

#!/usr/bin/env bash
# Installs LayoutDebug: builds the helper library LLDB injects, installs it
# with `layout-explain` and the LLDB commands, and adds one line to ~/.lldbinit.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: ./install.sh [--prefix DIR] [--demo] [--uninstall] [--sign IDENTITY] [--dry-run] [--help]

  --prefix DIR      install under DIR (default: ~/.lldb/layout-debug)
  --demo            after installing, run a real lldb session on
                    `layout-demo cell-width-conflict` with the installed commands
  --uninstall       remove what install.sh installed, the ~/.lldbinit line included
  --sign IDENTITY   macOS only: codesign the Apple libraries with IDENTITY, the app's
                    signing identity. A device loads only libraries signed for it, and
                    a hardened-runtime Mac app only those of its own team.
  --dry-run         print what would be built, copied and signed; change nothing
  --help            this text

On macOS each platform's library goes in its own folder of the prefix, chosen
by lldb from the target's triple: macosx/, iphonesimulator/, maccatalyst/ and
iphoneos/ (each with the libCassowary.dylib it links).
USAGE
}

REPO=$(cd "$(dirname "$0")" && pwd)
PREFIX="$HOME/.lldb/layout-debug"
DEMO=0
UNINSTALL=0
SIGN=""
DRY_RUN=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "error: --prefix needs a directory" >&2; exit 2; }; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --demo) DEMO=1; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        --sign) [ $# -ge 2 ] || { echo "error: --sign needs an identity" >&2; exit 2; }; SIGN="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) echo "error: unknown option $1 (see ./install.sh --help)" >&2; exit 2 ;;
    esac
done
case "$PREFIX" in /*) ;; *) PREFIX="$(pwd)/$PREFIX" ;; esac
LLDBINIT="$HOME/.lldbinit"
IMPORT_LINE="command script import \"$PREFIX/layout_debug.py\""
CREATED_MARK="$PREFIX/.created-lldbinit"

say() { echo "==> $*"; }
fail() { echo "error: $*" >&2; exit 1; }

# Runs a command that changes something; with --dry-run, prints it instead.
run() {
    if [ "$DRY_RUN" = 1 ]; then
        printf '+'; printf ' %q' "$@"; echo
    else
        "$@"
    fi
}

# MARK: - ~/.lldbinit

check_lldbinit_writable() {
    if [ -e "$LLDBINIT" ]; then
        if [ ! -f "$LLDBINIT" ] || [ ! -w "$LLDBINIT" ]; then
            fail "$LLDBINIT is not a writable file; add this line by hand: $IMPORT_LINE"
        fi
    else
        [ -w "$(dirname "$LLDBINIT")" ] || fail "cannot create $LLDBINIT; add this line by hand: $IMPORT_LINE"
    fi
}

add_import_line() {
    check_lldbinit_writable
    if [ "$DRY_RUN" = 1 ]; then
        say "would add to $LLDBINIT: $IMPORT_LINE"
        return 0
    fi
    if [ ! -e "$LLDBINIT" ]; then
        : > "$LLDBINIT"
        touch "$CREATED_MARK"
    fi
    if grep -qxF "$IMPORT_LINE" "$LLDBINIT"; then
        say "$LLDBINIT already imports the commands"
    else
        # Keep the file's last line intact when it has no trailing newline.
        [ -s "$LLDBINIT" ] && [ -n "$(tail -c1 "$LLDBINIT")" ] && echo >> "$LLDBINIT"
        echo "$IMPORT_LINE" >> "$LLDBINIT"
        say "added to $LLDBINIT: $IMPORT_LINE"
    fi
}

remove_import_line() {
    [ -e "$LLDBINIT" ] || return 0
    check_lldbinit_writable
    local tmp; tmp=$(mktemp)
    grep -vxF "$IMPORT_LINE" "$LLDBINIT" > "$tmp" || true
    cat "$tmp" > "$LLDBINIT"
    rm -f "$tmp"
    if [ -e "$CREATED_MARK" ] && [ ! -s "$LLDBINIT" ]; then
        rm -f "$LLDBINIT"
    fi
    say "removed the import line from $LLDBINIT"
}

# MARK: - uninstall

if [ "$UNINSTALL" = 1 ]; then
    [ "$DRY_RUN" = 0 ] || fail "--dry-run does not apply to --uninstall"
    remove_import_line
    if [ -d "$PREFIX" ]; then
        rm -rf "$PREFIX"
        say "removed $PREFIX"
    fi
    exit 0
fi

# MARK: - build

command -v swift >/dev/null 2>&1 || fail "no Swift toolchain on PATH (install Swift 6.0 or later (Xcode 16 or later on a Mac): swift.org/install)"

build_release() {
    if [ "$DRY_RUN" = 1 ]; then
        run swift build -c release
        return 0
    fi
    local log; log=$(mktemp)
    (cd "$REPO" && . scripts/stale-build.sh && ld_forget_stale_build .build release)
    if (. "$REPO/scripts/stale-build.sh" && ld_release_build_is_current "$REPO"); then
        say "checking the release build (nothing changed since the last one)"
    else
        say "building in release (a few minutes on 2 cores; progress below)"
    fi
    # Show SwiftPM's [n/m] progress, keep the full log for errors.
    # The pipe's status is not the build's: 'Build complete' in the log decides below.
    (cd "$REPO" && swift build -c release 2>&1) | tee "$log" \
        | grep --line-buffered -E '^\[[0-9]+/[0-9]+\] (Compiling|Linking)' | sed -u 's/^/    /' || true
    if ! grep -q 'Build complete' "$log"; then
        grep -E 'error' "$log" | head -20 >&2
        rm -f "$log"
        fail "the release build failed (run 'swift build -c release' in $REPO for the whole log)"
    fi
    rm -f "$log"
    (cd "$REPO" && . scripts/stale-build.sh && ld_record_build .build release)
}

# The LLDB commands: the script ~/.lldbinit imports and the package beside it (with
# its commands/ subpackage), copied afresh so a module no longer in the repository
# does not stay behind.
install_commands() {
    run rm -rf "$PREFIX/layoutdebug"
    run mkdir -p "$PREFIX/layoutdebug/commands"
    run cp "$REPO/lldb/layout_debug.py" "$PREFIX/"
    run cp "$REPO"/lldb/layoutdebug/*.py "$PREFIX/layoutdebug/"
    run cp "$REPO"/lldb/layoutdebug/commands/*.py "$PREFIX/layoutdebug/commands/"
}

# MARK: - Apple platforms

# The libraries of each Apple platform's folder: the helper and the solver it links
# (@rpath, found beside it).
APPLE_LIBRARIES="libLayoutDebugSupport.dylib libCassowary.dylib"

# The SDK (xcrun --sdk) each platform folder is built against; Catalyst is macOS's SDK
# with its iOSSupport frameworks.
platform_sdk() {
    case "$1" in
        macosx) echo macosx ;;
        iphonesimulator) echo iphonesimulator ;;
        maccatalyst) echo macosx ;;
        iphoneos) echo iphoneos ;;
        *) fail "no SDK for $1" ;;
    esac
}

# The deployment targets: Package.swift's `platforms:`, so the library loads in every app the
# package says it supports (Tests/python/test_install_platforms.py holds these equal to
# `swift package dump-package`).
MACOS_MIN=11.0
IOS_MIN=14.0
CATALYST_MIN=14.0

# The triples built into each platform folder, one slice each in its universal libraries:
# both Mac architectures, since an Intel app runs under Rosetta on Apple silicon and dyld
# refuses a library without the app's architecture ("incompatible architecture").
platform_triples() {
    case "$1" in
        macosx) echo "x86_64-apple-macosx$MACOS_MIN arm64-apple-macosx$MACOS_MIN" ;;
        iphonesimulator) echo "arm64-apple-ios$IOS_MIN-simulator x86_64-apple-ios$IOS_MIN-simulator" ;;
        maccatalyst) echo "arm64-apple-ios$CATALYST_MIN-macabi x86_64-apple-ios$CATALYST_MIN-macabi" ;;
        iphoneos) echo "arm64-apple-ios$IOS_MIN" ;;
        *) fail "no triples for $1" ;;
    esac
}

# Builds the helper library for each triple of a platform and puts the fat libraries
# in $PREFIX/<platform>/.
install_apple_platform() {
    local folder=$1 sdk sdk_path triple lib
    local -a extra inputs
    sdk=$(platform_sdk "$folder")
    sdk_path=$(xcrun --sdk "$sdk" --show-sdk-path) || fail "xcrun has no $sdk SDK: install it in Xcode"
    extra=()
    if [ "$folder" = maccatalyst ]; then
        extra=(-Xswiftc -Fsystem -Xswiftc "$sdk_path/System/iOSSupport/System/Library/Frameworks"
               -Xswiftc -I -Xswiftc "$sdk_path/System/iOSSupport/usr/lib/swift"
               -Xlinker -L -Xlinker "$sdk_path/System/iOSSupport/usr/lib/swift")
    fi
    for triple in $(platform_triples "$folder"); do
        say "building for $triple"
        run swift build -c release --package-path "$REPO" --product LayoutDebugSupport \
            --scratch-path "$REPO/.build-$triple" --triple "$triple" \
            -Xswiftc -sdk -Xswiftc "$sdk_path" ${extra[@]+"${extra[@]}"}
    done
    run mkdir -p "$PREFIX/$folder"
    for lib in $APPLE_LIBRARIES; do
        inputs=()
        for triple in $(platform_triples "$folder"); do
            inputs+=("$REPO/.build-$triple/release/$lib")
        done
        run xcrun lipo -create "${inputs[@]}" -output "$PREFIX/$folder/$lib"
    done
}

install_macos() {
    command -v xcrun >/dev/null 2>&1 || fail "xcrun not found: install Xcode's command line tools"
    build_release
    local rel="$REPO/.build/release" folder lib
    # lexplain runs layout-explain on this Mac; it links libCassowary.dylib beside it.
    run cp "$rel/layout-explain" "$rel/libCassowary.dylib" "$PREFIX/"
    for folder in macosx iphonesimulator maccatalyst iphoneos; do
        install_apple_platform "$folder"
    done
    install_commands
    if [ -n "$SIGN" ]; then
        for folder in macosx maccatalyst iphoneos iphonesimulator; do
            for lib in $APPLE_LIBRARIES; do
                run codesign --force --sign "$SIGN" "$PREFIX/$folder/$lib"
            done
        done
    else
        say "not signed: a device, or a Mac app with the hardened runtime, refuses these libraries until"
        say "you run ./install.sh --sign \"<the app's signing identity>\" (or link LayoutDebugSupport into the app)"
    fi
}

install_linux() {
    # Prefer an LLDB with Python that is already here; else Debian's.
    . "$REPO/scripts/lldb-env.sh"
    if ! command -v lldb-16 >/dev/null 2>&1 || ! dpkg -s python3-lldb-16 >/dev/null 2>&1; then
        if [ "$DRY_RUN" = 1 ]; then
            run ld_apt_install lldb-16 python3-lldb-16
        else
            ld_apt_install lldb-16 python3-lldb-16 || fail "could not install Debian's lldb-16 and python3-lldb-16"
        fi
    fi
    build_release
    local rel="$REPO/.build/release"
    run mkdir -p "$PREFIX"
    # libReferenceKit.so stands in for UIKit: layout-explain links it, and an
    # app already has it loaded when the helper library is injected.
    run cp "$rel/libLayoutDebugSupport.so" "$rel/libReferenceKit.so" "$rel/layout-explain" "$PREFIX/"
    # The Swift toolchain's lldb, started with the libpython it links (see the script).
    run cp "$REPO/scripts/swift-lldb.sh" "$PREFIX/swift-lldb"
    install_commands
}

if [ "$(uname)" != Darwin ] && [ -n "$SIGN" ]; then fail "--sign is for the Apple libraries, built on macOS only"; fi
check_lldbinit_writable
run mkdir -p "$PREFIX" || fail "cannot create $PREFIX"
if [ "$(uname)" = Darwin ]; then install_macos; else install_linux; fi
add_import_line
if [ "$DRY_RUN" = 1 ]; then say "dry run: nothing was changed"; exit 0; fi
say "installed in $PREFIX"

# MARK: - demo

if [ "$DEMO" = 1 ]; then
    [ "$(uname)" != Darwin ] || fail "--demo runs on Linux (ReferenceKit); on macOS attach to your app and type lbreak"
    exec "$REPO/scripts/demo-session.sh" "$PREFIX"
fi
# Name an lldb that starts here: on Linux `lldb` on PATH is often the Swift toolchain's,
# which fails for want of its libpython.
. "$REPO/scripts/lldb-env.sh"
LLDB_COMMAND=$(ld_lldb_to_start "$PREFIX")
if [ "$(uname)" = Darwin ]; then
    echo "Start Xcode's lldb (xcrun lldb, or Xcode's debugger console) and type: help lbreak"
elif [ -n "$LLDB_COMMAND" ]; then
    echo "Start $LLDB_COMMAND and type: help lbreak"
    if [ "$LLDB_COMMAND" != "$PREFIX/swift-lldb" ] && ld_lldb_runs_python "$PREFIX/swift-lldb"; then
        echo "To evaluate Swift in Swift frames, start the Swift toolchain's lldb with its Python: $PREFIX/swift-lldb"
    fi
else
    echo "No lldb with Python starts on this machine: install Debian's lldb-16 and python3-lldb-16, then type: help lbreak"
fi

#!/usr/bin/env bash
# Installs LayoutDebug: builds the helper library LLDB injects, installs it
# with `layout-explain` and the LLDB commands, and adds one line to ~/.lldbinit.
set -euo pipefail

usage() {
    cat <<'USAGE'
usage: ./install.sh [--prefix DIR] [--demo] [--uninstall] [--sign IDENTITY] [--help]

  --prefix DIR      install under DIR (default: ~/.lldb/layout-debug)
  --demo            after installing, run a real lldb session on
                    `layout-demo cell-width-conflict` with the installed commands
  --uninstall       remove what install.sh installed, the ~/.lldbinit line included
  --sign IDENTITY   macOS only: codesign the iOS device build with IDENTITY
                    (a device refuses to load an unsigned library)
  --help            this text
USAGE
}

REPO=$(cd "$(dirname "$0")" && pwd)
PREFIX="$HOME/.lldb/layout-debug"
DEMO=0
UNINSTALL=0
SIGN=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || { echo "error: --prefix needs a directory" >&2; exit 2; }; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#--prefix=}"; shift ;;
        --demo) DEMO=1; shift ;;
        --uninstall) UNINSTALL=1; shift ;;
        --sign) [ $# -ge 2 ] || { echo "error: --sign needs an identity" >&2; exit 2; }; SIGN="$2"; shift 2 ;;
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

# MARK: - ~/.lldbinit

check_lldbinit_writable() {
    if [ -e "$LLDBINIT" ]; then
        [ -f "$LLDBINIT" ] && [ -w "$LLDBINIT" ] || fail "$LLDBINIT is not a writable file; add this line by hand: $IMPORT_LINE"
    else
        [ -w "$(dirname "$LLDBINIT")" ] || fail "cannot create $LLDBINIT; add this line by hand: $IMPORT_LINE"
    fi
}

add_import_line() {
    check_lldbinit_writable
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
    say "building in release (a few minutes on 2 cores; progress below)"
    local log; log=$(mktemp)
    (cd "$REPO" && . scripts/stale-build.sh && ld_forget_stale_build .build release)
    # Show SwiftPM's [n/m] progress, keep the full log for errors.
    # The pipe's status is not the build's: 'Build complete' in the log decides below.
    (cd "$REPO" && swift build -c release "$@" 2>&1) | tee "$log" \
        | grep --line-buffered -E '^\[[0-9]+/[0-9]+\] (Compiling|Linking)' | sed -u 's/^/    /' || true
    if ! grep -q 'Build complete' "$log"; then
        grep -E 'error' "$log" | head -20 >&2
        rm -f "$log"
        fail "the release build failed (run 'swift build -c release' in $REPO for the whole log)"
    fi
    rm -f "$log"
    (cd "$REPO" && . scripts/stale-build.sh && ld_record_build .build release)
}

# The LLDB commands: the script ~/.lldbinit imports and the package beside it,
# copied afresh so a module no longer in the repository does not stay behind.
install_commands() {
    rm -rf "$PREFIX/layoutdebug"
    mkdir -p "$PREFIX/layoutdebug"
    cp "$REPO/lldb/layout_debug.py" "$PREFIX/"
    cp "$REPO"/lldb/layoutdebug/*.py "$PREFIX/layoutdebug/"
}

install_macos() {
    command -v xcrun >/dev/null 2>&1 || fail "xcrun not found: install Xcode's command line tools"
    build_release
    mkdir -p "$PREFIX"
    # The simulator slices; a device build must be signed (see --sign).
    for triple in arm64-apple-ios15.0-simulator x86_64-apple-ios15.0-simulator; do
        say "building for $triple"
        (cd "$REPO" && swift build -c release --product LayoutDebugSupport \
            --scratch-path ".build-$triple" --triple "$triple" \
            -Xswiftc -sdk -Xswiftc "$(xcrun --sdk iphonesimulator --show-sdk-path)")
    done
    mkdir -p "$PREFIX/iphonesimulator"
    xcrun lipo -create "$REPO"/.build-*-simulator/release/libLayoutDebugSupport.dylib \
        -output "$PREFIX/iphonesimulator/libLayoutDebugSupport.dylib"
    cp "$REPO/.build/release/libLayoutDebugSupport.dylib" "$REPO/.build/release/libCassowary.dylib" "$PREFIX/"
    install_commands
    if [ -n "$SIGN" ]; then
        codesign --force --sign "$SIGN" "$PREFIX"/*.dylib "$PREFIX"/iphonesimulator/*.dylib
    fi
}

install_linux() {
    # Prefer an LLDB with Python that is already here; else Debian's.
    . "$REPO/scripts/lldb-env.sh"
    if ! command -v lldb-16 >/dev/null 2>&1 || ! dpkg -s python3-lldb-16 >/dev/null 2>&1; then
        ld_apt_install lldb-16 python3-lldb-16 || fail "could not install Debian's lldb-16 and python3-lldb-16"
    fi
    build_release
    local rel="$REPO/.build/release"
    mkdir -p "$PREFIX"
    # libReferenceKit.so stands in for UIKit: layout-explain links it, and an
    # app already has it loaded when the helper library is injected.
    cp "$rel/libLayoutDebugSupport.so" "$rel/libReferenceKit.so" "$rel/layout-explain" "$PREFIX/"
    install_commands
}

if [ "$(uname)" != Darwin ] && [ -n "$SIGN" ]; then fail "--sign is for macOS device builds only"; fi
check_lldbinit_writable
mkdir -p "$PREFIX" || fail "cannot create $PREFIX"
if [ "$(uname)" = Darwin ]; then install_macos; else install_linux; fi
add_import_line
say "installed in $PREFIX"

# MARK: - demo

if [ "$DEMO" = 1 ]; then
    [ "$(uname)" != Darwin ] || fail "--demo runs on Linux (ReferenceKit); on macOS attach to your app and type lbreak"
    exec "$REPO/scripts/demo-session.sh" "$PREFIX"
fi
echo "Start lldb and type: help lbreak"

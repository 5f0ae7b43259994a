#!/usr/bin/env bash
# Kept for the comments and habits that name it: the Apple SDK check is
# scripts/apple_sdk_check.py (see its --help); arguments pass through. The old form's
# first argument, the macOS SDK snapshot's git dir, is still taken, as MACOS_SDK_GIT.
if [ $# -gt 0 ] && [ -d "$1" ]; then
    export MACOS_SDK_GIT=$1
    shift
fi
exec python3 "$(dirname "$0")/apple_sdk_check.py" "$@"

#!/usr/bin/env bash
# swift-lldb: the Swift toolchain's lldb (the one that evaluates Swift in Swift frames, and
# that lldb-dap uses), started with the libpython it links. On Linux the toolchain's lldb
# links a libpython3.X that the loader often cannot find ("libpython3.10.so.1.0: cannot open
# shared object file"); a matching CPython (pyenv's, or /usr/local/lib, /usr/lib) has it.
# install.sh installs this script as <prefix>/swift-lldb. Arguments go to lldb unchanged.
set -euo pipefail

swift=$(command -v swift) || { echo "error: swift-lldb: no Swift toolchain on PATH" >&2; exit 1; }
lldb="$(dirname "$(readlink -f "$swift")")/lldb"
[ -x "$lldb" ] || { echo "error: swift-lldb: no lldb beside $swift" >&2; exit 1; }
soname=$(ldd "$lldb" 2>/dev/null | sed -n 's/^[[:space:]]*\(libpython[0-9.]*\.so[0-9.]*\) => not found.*/\1/p' | head -n 1)
if [ -n "$soname" ]; then
    found=""
    for dir in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/*/lib /usr/local/lib /usr/lib/*; do
        if [ -e "$dir/$soname" ]; then found=$dir; break; fi
    done
    if [ -z "$found" ]; then
        echo "error: swift-lldb: $lldb needs $soname; install that CPython (e.g. pyenv install ${soname#libpython}) or use lldb-16" >&2
        exit 1
    fi
    export LD_LIBRARY_PATH="$found${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    case "$found" in
        */versions/*/lib)
            # pyenv's Python finds its standard library only through PYTHONHOME, and a
            # PYTHONPATH set for another Python (lldb-16's module) would be imported by it.
            export PYTHONHOME="${found%/lib}"
            unset PYTHONPATH ;;
    esac
fi
exec "$lldb" "$@"

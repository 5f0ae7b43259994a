# Shared by install.sh, test.sh and the benchmarks: finds (and if asked, installs)
# an LLDB whose Python module we can import, and exports what Python needs to
# drive it. Sourced, not executed.

# Prints the apt command prefix: empty as root, `sudo` otherwise.
ld_sudo() {
    if [ "$(id -u)" = 0 ]; then echo ""; elif command -v sudo >/dev/null 2>&1; then echo "sudo"; else
        echo "error: installing Debian packages needs root or sudo" >&2; return 1; fi
}

# Installs Debian packages that are missing; one apt-get update at most.
ld_apt_install() {
    local missing=() pkg
    for pkg in "$@"; do
        dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || { echo "error: missing ${missing[*]} and no apt-get to install them" >&2; return 1; }
    local sudo; sudo=$(ld_sudo) || return 1
    echo "==> installing ${missing[*]} (apt)"
    if ! $sudo apt-get update -qq >/tmp/layout-debug-apt.log 2>&1; then
        echo "error: apt-get update failed (no network to the Debian mirror?); see /tmp/layout-debug-apt.log" >&2; return 1
    fi
    if ! DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >>/tmp/layout-debug-apt.log 2>&1; then
        echo "error: apt-get install ${missing[*]} failed; see /tmp/layout-debug-apt.log" >&2; return 1
    fi
}

# Exports LLDB (the lldb binary), PYTHONPATH (with lldb's Python module) and
# LLDB_DEBUGSERVER_PATH. Debian's python3-lldb-16 only imports from a Python
# outside lldb when liblldb-16-dev is installed, and needs lldb-server-16 to
# launch anything.
ld_export_lldb() {
    LLDB=$(command -v lldb-16 || true)
    [ -n "$LLDB" ] || { echo "error: lldb-16 not found" >&2; return 1; }
    export LLDB
    local pydir; pydir=$("$LLDB" -P 2>/dev/null)
    export PYTHONPATH="$pydir${PYTHONPATH:+:$PYTHONPATH}"
    local server; server=$(command -v lldb-server-16 || true)
    [ -n "$server" ] && export LLDB_DEBUGSERVER_PATH="$server"
    return 0
}

# Whether an lldb command line starts and runs Python here (the commands are Python).
ld_lldb_runs_python() {
    "$@" --no-lldbinit -b -o "script print('layout-debug: python ok')" 2>/dev/null | grep -q "layout-debug: python ok"
}

# Prints the lldb a user should start on this machine after install.sh, as a command line:
# Xcode's on a Mac; on Linux the first of lldb-16, lldb and <prefix>/swift-lldb (the Swift
# toolchain's lldb with its libpython, scripts/swift-lldb.sh) that starts with Python.
# `lldb` on PATH is often the toolchain's, which fails for want of libpython3.10.so.1.0.
# Prints nothing when none does.
ld_lldb_to_start() {
    local prefix=$1 candidate
    if [ "$(uname)" = Darwin ]; then
        echo "xcrun lldb"
        return 0
    fi
    for candidate in lldb-16 lldb; do
        if command -v "$candidate" >/dev/null 2>&1 && ld_lldb_runs_python "$candidate"; then
            echo "$candidate"
            return 0
        fi
    done
    if [ -x "$prefix/swift-lldb" ] && ld_lldb_runs_python "$prefix/swift-lldb"; then
        echo "$prefix/swift-lldb"
    fi
}

#!/usr/bin/env python3
"""lldb_mcp.py: LLDB's MCP server with the LayoutDebug commands loaded, for AI agents.

LLDB 21 serves the Model Context Protocol itself (`protocol-server start MCP`): an agent calls
its `lldb_command` tool with a command line and gets the command's output. Started from the
interactive `lldb` driver, a command that runs Python (every LayoutDebug command, `script`)
hangs: the server's thread waits for the terminal's input lock, which the driver holds while it
waits in fgets for the next line you type (llvm/llvm-project#169703). So this script runs LLDB
without its driver: LLDB's Python module in this process, one debugger in synchronous mode
(`run` and `continue` answer when the app stops), its input /dev/null, our commands imported,
and the server started from Python. Nothing waits on a terminal.

    scripts/lldb_mcp.py --stdio [-- PROGRAM ARGS…]   MCP over stdin/stdout (an agent's config)
    scripts/lldb_mcp.py [-- PROGRAM ARGS…]           MCP on a Unix socket only this user can open
    scripts/lldb_mcp.py --port N --insecure-tcp …    MCP on localhost:N, open to every local process

Whoever reaches the server can run any LLDB command, `platform shell` among them, as this user,
and write into the debugged app. So the server listens on a Unix socket (LLDB 21's `accept://`
scheme) in a folder made for it with mode 0700. With --stdio, the script connects to that
socket, then deletes it and its folder at once: from then on no other process can connect,
and the agent's stdin and stdout are the only way in. TCP on localhost is reachable by every
process of the machine, so --port is refused unless --insecure-tcp asks for it by name.

With --stdio, the script relays its stdin and stdout to the server's socket, so an MCP client
that starts servers as commands (Claude Code, Cursor, VS Code) can use it; LLDB's own output,
lbreak's reports among it, and the app's output go to files (--log, --app-output), never to
stdout. The relay (mcp_relay.py) serves typed tools beside LLDB's `lldb_command`
(layout_launch, layout_last_conflict, layout_fix…: mcp_tools.py), each answering with one of
our JSON documents and its schema, negotiates the protocol version, and runs one command at a
time, each interrupted at its timeout (--timeout; mcp_gate.py) so that the next call is
answered. No command asks for confirmation: `auto-confirm` is on, which answers
CommandInterpreter::Confirm, LLDB 21's one prompt that waits for input (`breakpoint delete`,
`run` with a live process would otherwise hang: llvm/llvm-project#169703).

The LLDB is the Swift toolchain's (beside `swift`), else `lldb` on PATH, or --lldb. Its
Python module must be imported by the Python it was built for (the toolchain's links
libpython3.10): when this Python is another one, the script runs itself again with a
matching python3.X (on PATH, or pyenv's).
"""

import argparse
import glob
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading

import mcp_debugger
import mcp_gate
import mcp_relay
import mcp_tools

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
COMMANDS_SCRIPT = os.path.join(REPO, "lldb", "layout_debug.py")
# Set when the script has run itself again under a matching Python: never a second time.
REEXEC_MARK = "LAYOUT_DEBUG_MCP_REEXEC"


def fail(message):
    """Stops with one line on stderr."""
    sys.stderr.write("error: lldb_mcp: %s\n" % message)
    sys.exit(2)


# MARK: - Finding LLDB and its Python

def default_lldb():
    """The Swift toolchain's lldb (the one with an MCP server since Swift 6.2), else lldb on PATH."""
    swift = shutil.which("swift")
    if swift:
        beside = os.path.join(os.path.dirname(os.path.realpath(swift)), "lldb")
        if os.access(beside, os.X_OK):
            return beside
    return shutil.which("lldb")


def module_folder(lldb):
    """The folder holding LLDB's Python package `lldb` for this lldb binary, or None.

    Found beside the install (`<prefix>/local/lib/python3.X/dist-packages`, `<prefix>/lib/
    python3.X/site-packages`), so that an lldb that cannot start (its libpython is not found)
    is no obstacle; else from `lldb -P`."""
    prefix = os.path.dirname(os.path.dirname(os.path.realpath(lldb)))
    for pattern in ("local/lib/python3*/dist-packages", "lib/python3*/site-packages",
                    "lib/python3*/dist-packages", "lib/python3/dist-packages"):
        for folder in sorted(glob.glob(os.path.join(prefix, pattern))):
            if glob.glob(os.path.join(folder, "lldb", "_lldb*.so")):
                return folder
    try:
        folder = subprocess.run([lldb, "-P"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                universal_newlines=True, timeout=30).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return folder if folder and os.path.isdir(os.path.join(folder, "lldb")) else None


def extension_version(folder):
    """(major, minor) of the Python that LLDB's extension module (_lldb.cpython-310-….so) is
    built for, or None when its name does not say."""
    for path in glob.glob(os.path.join(folder, "lldb", "_lldb*.so")):
        found = re.search(r"cpython-(\d)(\d+)", os.path.basename(path))
        if found:
            return int(found.group(1)), int(found.group(2))
    return None


def python_for(version):
    """A python3.X executable of `version`: on PATH (not a pyenv shim, which may refuse a
    version that is installed but not selected), pyenv's, or None."""
    name = "python%d.%d" % version
    on_path = shutil.which(name)
    roots = [os.environ.get("PYENV_ROOT", ""), os.path.expanduser("~/.pyenv")]
    candidates = [on_path if on_path and "/shims/" not in on_path else None]
    candidates += [path for root in roots if root
                   for path in sorted(glob.glob(os.path.join(root, "versions", "%d.%d.*" % version, "bin", name)))]
    return next((path for path in candidates if path and os.access(path, os.X_OK)), None)


def import_lldb(lldb):
    """LLDB's Python module for `lldb`, imported here; runs this script again under a Python of
    the right version first when this one is not."""
    folder = module_folder(lldb)
    if folder is None:
        fail("no Python module found for %s (is it an LLDB built with Python?)" % lldb)
    version = extension_version(folder)
    if version is not None and version != sys.version_info[:2]:
        if os.environ.get(REEXEC_MARK):
            fail("%s's Python module needs Python %d.%d, and this is %d.%d" % ((lldb,) + version + sys.version_info[:2]))
        python = python_for(version)
        if python is None:
            fail("%s's Python module needs Python %d.%d: install it (pyenv install %d.%d) or put python%d.%d on PATH"
                 % ((lldb,) + version * 3))
        environment = dict(os.environ)
        environment[REEXEC_MARK] = "1"
        # A PYTHONPATH or PYTHONHOME set for another Python (lldb-16's module) would break this one.
        environment.pop("PYTHONPATH", None)
        environment.pop("PYTHONHOME", None)
        os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], environment)
    preload_liblldb(folder)
    sys.path.insert(0, folder)
    sys.modules.pop("lldb", None)
    import lldb as module
    if not hasattr(module, "SBDebugger"):
        fail("%s is not LLDB's Python module" % folder)
    return module


def preload_liblldb(folder):
    """Loads liblldb by its real path before `import lldb`, on Linux.

    The package's _lldb….so is a symbolic link to <prefix>/lib/liblldb.so, whose RUNPATH
    ($ORIGIN/../lib/swift/linux…) names the Swift runtime relative to where it really is;
    loaded through the link, $ORIGIN is the package's folder and libswiftCore.so is not
    found. Loaded first by its real path, the import finds it already loaded."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes
    for path in glob.glob(os.path.join(folder, "lldb", "_lldb*.so")):
        ctypes.CDLL(os.path.realpath(path), mode=ctypes.RTLD_GLOBAL)


# MARK: - The debugger and its server

def run_command(lldb, debugger, line):
    """Runs one LLDB command; (succeeded, output, error)."""
    result = lldb.SBCommandReturnObject()
    debugger.GetCommandInterpreter().HandleCommand(line, result)
    return result.Succeeded(), result.GetOutput() or "", result.GetError() or ""


def required(lldb, debugger, line):
    """Runs a command that must succeed; its output."""
    ok, output, error = run_command(lldb, debugger, line)
    if not ok:
        fail("`%s` failed: %s" % (line, (error or output).strip()))
    return output


# One argument for an LLDB command line (double quotes; backslash and quote escaped).
quoted = mcp_tools.quoted


def make_debugger(lldb, options):
    """A debugger in synchronous mode, input /dev/null, output to the log (or stderr), our commands
    imported, and the program (if any) as its target, its stdio in files."""
    debugger = lldb.SBDebugger.Create(False)
    debugger.SetAsync(False)
    null = open(os.devnull, "r")
    debugger.SetInputFileHandle(null, True)
    output = open(options.log, "a") if options.log else sys.stderr
    debugger.SetOutputFileHandle(output, False)
    debugger.SetErrorFileHandle(output, False)
    # Confirm() reads an answer from the debugger's input, which nobody types into: it would
    # wait for ever. With auto-confirm it takes the default answer at once.
    required(lldb, debugger, "settings set auto-confirm true")
    required(lldb, debugger, "command script import " + quoted(options.commands))
    # The app never reads the agent's stream, nor writes to it.
    required(lldb, debugger, "settings set target.input-path /dev/null")
    if options.app_output:
        required(lldb, debugger, "settings set target.output-path " + quoted(options.app_output))
        required(lldb, debugger, "settings set target.error-path " + quoted(options.app_output))
    if options.program:
        required(lldb, debugger, "target create " + quoted(options.program[0]))
        if options.program[1:]:
            required(lldb, debugger, "settings set target.run-args " + " ".join(quoted(a) for a in options.program[1:]))
    return debugger, (null, output)


def start_server(lldb, debugger, connection):
    """Starts LLDB's MCP server listening on `connection` (`listen://localhost:N` or
    `accept:///path`); the address it listens on, as LLDB names it."""
    ok, output, error = run_command(lldb, debugger, "protocol-server start MCP " + connection)
    if not ok and "not a valid command" in error:
        fail("this LLDB has no MCP server: protocol-server needs LLDB 21 or later "
             "(the Swift 6.2+ toolchain's); give it with --lldb")
    if not ok:
        fail("the MCP server did not start on %s: %s" % (connection, (error or output).strip()))
    found = re.search(r"listeners?: (\S+)", output)
    if not found:
        fail("the MCP server said nothing of where it listens: %s" % output.strip())
    return found.group(1)


def private_socket_folder():
    """A new folder only this user can open (mode 0700, as mkdtemp makes it), for the socket."""
    folder = tempfile.mkdtemp(prefix="lldb-mcp-")
    os.chmod(folder, 0o700)
    return folder


def listened_port(address):
    """The TCP port of an address LLDB gives (`connection://[127.0.0.1]:N`)."""
    found = re.search(r":(\d+)$", address)
    if not found:
        fail("the MCP server said nothing of its port: %s" % address)
    return int(found.group(1))


def forget_socket(path):
    """Deletes the socket's file and its folder: the server keeps the connection it accepted,
    and nobody can open a new one."""
    for remove in (os.unlink, os.rmdir):
        try:
            remove(path)
        except OSError:
            pass
        path = os.path.dirname(path)


# MARK: - Serving

def private_stdio():
    """The agent's stdin and stdout as descriptors of their own, with 0 and 1 pointed at
    /dev/null and stderr: whatever else writes to stdout (LLDB, Python's print while a
    `script` command has swapped sys.stdout, a child process) cannot break the protocol."""
    protocol_in, protocol_out = os.dup(0), os.dup(1)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return protocol_in, protocol_out


def write_all(descriptor, data):
    """Writes all of `data` to a descriptor."""
    view = memoryview(data)
    while view:
        view = view[os.write(descriptor, view):]


def relay_stdio(socket_path, lldb, debugger, options, protocol):
    """Connects to the server's Unix socket, deletes it so that no other process can connect,
    then relays the agent's stream to it, serving the bridge's own tools, until either closes."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(options.commands)))
    from layoutdebug.constants import BREAKPOINT_NAME
    connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    connection.settimeout(30)
    try:
        connection.connect(socket_path)
    finally:
        forget_socket(socket_path)
    connection.settimeout(None)
    session = mcp_debugger.DebuggerSession(lldb, debugger, BREAKPOINT_NAME)
    gate = mcp_gate.CommandGate(mcp_debugger.DebuggerInterrupter(lldb, debugger))
    protocol_in, protocol_out = protocol

    def log(text):
        """What the agent should not read goes where LLDB's output goes."""
        with open(options.log, "a") as handle:
            handle.write(text.rstrip("\n") + "\n")

    relay = mcp_relay.Relay(lambda size: os.read(protocol_in, size), lambda data: write_all(protocol_out, data),
                            connection.recv, connection.sendall, mcp_tools.Tools(session), gate,
                            options.timeout, log)
    relay.serve()
    connection.close()


def wait_for_signal():
    """Returns on SIGINT or SIGTERM (the server answers on its own threads meanwhile)."""
    stop = threading.Event()
    for number in (signal.SIGINT, signal.SIGTERM):
        signal.signal(number, lambda *_: stop.set())
    while not stop.is_set():
        stop.wait(0.5)


def agent_config(options):
    """The mcpServers entry an MCP client's config takes for this way of starting the server."""
    arguments = [os.path.abspath(__file__), "--stdio"]
    if options.program:
        arguments += ["--"] + options.program
    return {"mcpServers": {"layoutdebug-lldb": {"command": "python3", "args": arguments}}}


def parse_arguments(argv):
    """The command line; the program and its arguments come after `--`."""
    parser = argparse.ArgumentParser(
        prog="lldb_mcp.py", description="LLDB's MCP server with the LayoutDebug commands loaded, "
        "headless and synchronous (no driver to deadlock on stdin: llvm/llvm-project#169703).")
    parser.add_argument("--stdio", action="store_true", help="speak MCP over stdin/stdout (for an agent's config)")
    parser.add_argument("--port", type=int, default=None,
                        help="serve on TCP at localhost:N (0: any free port) instead of a private Unix "
                        "socket; every process of this machine can connect to it, so it needs --insecure-tcp")
    parser.add_argument("--insecure-tcp", action="store_true",
                        help="allow --port: anyone on this machine who connects can run commands as you")
    parser.add_argument("--lldb", default=None, help="the lldb whose Python module to use (default: the Swift "
                        "toolchain's, beside swift, else lldb on PATH); LLDB 21 or later")
    parser.add_argument("--commands", default=COMMANDS_SCRIPT, help="layout_debug.py to import (default: %(default)s)")
    parser.add_argument("--log", default=None, help="where LLDB's own output goes, lbreak's reports among it "
                        "(default: stderr; with --stdio, a file in the temporary folder)")
    parser.add_argument("--app-output", default=None, help="where the app's stdout and stderr go "
                        "(default: the script's own; with --stdio, a file in the temporary folder)")
    parser.add_argument("--timeout", type=float, default=45.0, help="seconds a call may take before its command "
                        "is interrupted (default: %(default)s, under the 60 s many clients wait); layout_launch and "
                        "layout_continue take their own")
    parser.add_argument("--print-config", action="store_true", help="print an MCP client's config for --stdio and exit")
    parser.add_argument("program", nargs="*", help="the app to debug and its arguments, after --")
    options = parser.parse_args(argv)
    if options.port is not None and options.stdio:
        fail("--stdio and --port exclude each other: with --stdio nothing listens for others")
    if options.port is not None and not options.insecure_tcp:
        fail("--port serves on TCP, which every process of this machine can reach and drive "
             "the debugger through (platform shell runs as you): add --insecure-tcp to do it anyway")
    if not options.timeout > 0:
        parser.error("--timeout must be more than 0, got %g" % options.timeout)
    if options.port is not None and not 0 <= options.port <= 65535:
        parser.error("--port must be 0-65535, got %d" % options.port)
    if options.stdio:
        folder = tempfile.mkdtemp(prefix="lldb-mcp-")
        options.log = options.log or os.path.join(folder, "lldb-output.txt")
        options.app_output = options.app_output or os.path.join(folder, "app-output.txt")
    return options


def main(argv):
    """Starts the debugger and its server, announces the port on stderr, serves until told to stop."""
    options = parse_arguments(argv)
    if options.print_config:
        print(json.dumps(agent_config(options), indent=2))
        return 0
    lldb_path = options.lldb or default_lldb()
    if not lldb_path:
        fail("no lldb found: put the Swift toolchain on PATH or give --lldb")
    if not os.access(lldb_path, os.X_OK) or os.path.isdir(lldb_path):
        fail("no lldb at %s (--lldb)" % lldb_path)
    if not os.path.isfile(options.commands):
        fail("no %s (--commands)" % options.commands)
    lldb = import_lldb(lldb_path)
    protocol = private_stdio() if options.stdio else None
    debugger, files = make_debugger(lldb, options)
    if options.port is not None:
        where = "localhost:%d" % listened_port(start_server(lldb, debugger, "listen://localhost:%d" % options.port))
        sys.stderr.write("warning: lldb_mcp: TCP port open to every process of this machine: any of them can "
                         "run LLDB commands, and shell commands through them, as you\n")
    else:
        socket_path = os.path.join(private_socket_folder(), "mcp.sock")
        start_server(lldb, debugger, "accept://" + socket_path)
        where = ("a private socket, for this client only (stdio)" if options.stdio
                 else "unix socket %s (this user only)" % socket_path)
    sys.stderr.write("LLDB MCP server on %s (tool lldb_command, debugger_id %d); LLDB's output: %s; "
                     "the app's output: %s\n" % (where, debugger.GetID(), options.log or "stderr",
                                                  options.app_output or "stdout and stderr"))
    sys.stderr.flush()
    try:
        if options.stdio:
            relay_stdio(socket_path, lldb, debugger, options, protocol)
        else:
            wait_for_signal()
    finally:
        run_command(lldb, debugger, "protocol-server stop MCP")
        if options.port is None:
            forget_socket(socket_path)
        process = debugger.GetSelectedTarget().GetProcess()
        if process.IsValid() and process.GetState() not in (lldb.eStateExited, lldb.eStateDetached):
            process.Kill()
        lldb.SBDebugger.Destroy(debugger)
        for handle in files:
            if handle not in (sys.stdout, sys.stderr):
                handle.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""An agent through LLDB's MCP server: scripts/lldb_mcp.py starts the Swift toolchain's LLDB
headless and synchronous with our commands loaded and the server started from Python (the
interactive driver deadlocks on a Python command: llvm/llvm-project#169703), and this test
speaks MCP to it as an agent does: JSON-RPC, one message a line, over the server's socket, and
over the script's stdin and stdout with --stdio. On the release build; every wait is bounded.
"""

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time

from conftest import ROOT
from test_release_builds import lldb_command, release_products

SCRIPT = os.path.join(ROOT, "scripts", "lldb_mcp.py")
WAIT = 60
LOGGED_BROKEN = re.compile(r"Will attempt to recover by breaking constraint \n<NSLayoutConstraint:(0x[0-9a-f]+) ")


class McpClient(object):
    """JSON-RPC 2.0 over a byte stream, one message a line; answers matched by id."""

    def __init__(self, reader, writer):
        """`reader` and `writer` are binary file objects; a thread reads lines into a queue."""
        self.writer = writer
        self.lines = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self.read_lines, args=(reader,), daemon=True).start()

    def read_lines(self, reader):
        """Queues each line read, then None at the end of the stream."""
        for line in iter(reader.readline, b""):
            self.lines.put(line)
        self.lines.put(None)

    def send(self, message):
        """Writes one message as one line."""
        self.writer.write(json.dumps(message).encode("utf-8") + b"\n")
        self.writer.flush()

    def call(self, method, params, timeout=WAIT):
        """The result of a request; fails on an error answer, the stream's end or the timeout."""
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        deadline = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(deadline - time.time(), 0.01))
            except queue.Empty:
                raise AssertionError("no answer to %s %s within %ds" % (method, json.dumps(params), timeout))
            assert line is not None, "the server closed the stream before answering %s" % method
            message = json.loads(line.decode("utf-8"))
            if message.get("id") == self.next_id:
                assert "error" not in message, message
                return message["result"]

    def initialize(self):
        """The MCP handshake; the server's capabilities."""
        result = self.call("initialize", {"protocolVersion": "2024-11-05", "capabilities": {},
                                          "clientInfo": {"name": "layoutdebug-test", "version": "1"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return result

    def command(self, line, timeout=WAIT):
        """An LLDB command through the server's lldb_command tool: its text, and whether LLDB
        called it an error."""
        result = self.call("tools/call", {"name": "lldb_command",
                                          "arguments": {"debugger_id": 1, "arguments": line}}, timeout)
        return "".join(item.get("text", "") for item in result["content"]), result.get("isError", False)

    def ok(self, line, timeout=WAIT):
        """A command that must succeed: its text."""
        text, failed = self.command(line, timeout)
        assert not failed, (line, text)
        return text


def server_environment():
    """The release products for the commands; the script finds the toolchain LLDB's Python
    itself, and the toolchain's lldb-server (not lldb-16's) launches the app."""
    _, environment = lldb_command("lldb-16")
    for name in ("PYTHONPATH", "PYTHONHOME", "LLDB_DEBUGSERVER_PATH"):
        environment.pop(name, None)
    return environment


def start_server(arguments, tmp_path, **pipes):
    """Starts scripts/lldb_mcp.py; (process, its stderr lines as a queue)."""
    process = subprocess.Popen([sys.executable, SCRIPT] + arguments, stderr=subprocess.PIPE,
                               env=server_environment(), cwd=str(tmp_path), **pipes)
    lines = queue.Queue()

    def read():
        for line in iter(process.stderr.readline, b""):
            lines.put(line.decode("utf-8", "replace"))
        lines.put(None)
    threading.Thread(target=read, daemon=True).start()
    return process, lines


def announcement(process, lines, pattern, timeout=WAIT):
    """The first match of `pattern` in the script's stderr, once its server listens."""
    seen = []
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            line = lines.get(timeout=max(deadline - time.time(), 0.01))
        except queue.Empty:
            break
        if line is None:
            break
        seen.append(line)
        found = re.search(pattern, line)
        if found:
            return found
    process.kill()
    raise AssertionError("lldb_mcp.py announced no server (exit %s):\n%s" % (process.poll(), "".join(seen)))


def announced_socket(process, lines):
    """The Unix socket the script names on stderr once its server listens."""
    return announcement(process, lines, r"LLDB MCP server on unix socket (\S+) ").group(1)


def listening_sockets(pid):
    """(TCP ports, Unix socket paths) that process `pid` listens on, read from /proc as any
    process of the machine could: the sockets among its file descriptors, matched by inode
    with the kernel's tables. A Unix socket whose file was deleted is listed by its old path."""
    inodes = set()
    for fd in os.listdir("/proc/%d/fd" % pid):
        try:
            target = os.readlink("/proc/%d/fd/%s" % (pid, fd))
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[len("socket:["):-1])
    ports = []
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with open(table) as rows:
            for row in list(rows)[1:]:
                fields = row.split()
                if fields[3] == "0A" and fields[9] in inodes:  # 0A: LISTEN
                    ports.append(int(fields[1].rsplit(":", 1)[1], 16))
    paths = []
    with open("/proc/net/unix") as rows:
        for row in list(rows)[1:]:
            fields = row.split()
            # Flags 00010000: __SO_ACCEPTCON, a listening socket.
            if fields[6] in inodes and int(fields[3], 16) & 0x10000 and len(fields) > 7:
                paths.append(fields[7])
    return ports, paths


def stop(process, signal_number=signal.SIGTERM):
    """Asks the script to stop, bounded; its exit status."""
    if process.poll() is None:
        process.send_signal(signal_number)
    try:
        return process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        raise AssertionError("lldb_mcp.py did not stop within 30 s")


def test_an_agent_runs_lbreak_reads_the_last_report_and_applies_the_fix_over_mcp(tmp_path):
    demo, _ = release_products()
    log, app_output = tmp_path / "lldb-output.txt", tmp_path / "app-output.txt"
    process, lines = start_server(["--log", str(log), "--app-output", str(app_output), "--",
                                   demo, "cell-width-conflict"], tmp_path)
    try:
        path = announced_socket(process, lines)
        # Only this user may open the socket's folder.
        assert os.stat(os.path.dirname(path)).st_mode & 0o777 == 0o700
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.settimeout(WAIT)
        connection.connect(path)
        client = McpClient(connection.makefile("rb"), connection.makefile("wb"))
        assert client.initialize()["serverInfo"]["name"]
        tools = {tool["name"]: tool for tool in client.call("tools/list", {})["tools"]}
        assert "lldb_command" in tools, tools
        assert set(tools["lldb_command"]["inputSchema"]["properties"]) >= {"debugger_id", "arguments"}

        assert "breakpoint 1: UIViewAlertForUnsatisfiableConstraints" in client.ok("lbreak")
        # Synchronous: run answers once the app has stopped at the conflict.
        stopped = client.ok("run")
        assert "stop reason = breakpoint 1." in stopped, stopped

        # lbreak printed its report to LLDB's output, which the agent never sees; it pulls it.
        last = json.loads(client.ok("lconflicts --last --json"))
        report = last["report"]
        logged = LOGGED_BROKEN.search(app_output.read_text())
        assert logged, app_output.read_text()
        # The engine breaks the width added last (768), as the app's own log says.
        width = report["constraints"][report["brokenConstraint"]]
        assert width["address"] == logged.group(1), width
        assert (width["firstAttribute"], width["constant"]) == ("width", 768), width
        assert last["number"] == 1 and last["text"].strip("\n") in log.read_text(), last["text"]

        fix = json.loads(client.ok("lfix --suggestion 1 --json"))
        assert fix["resolved"] is True, fix
        assert "No conflict remains." in fix["text"], fix["text"]
        assert fix["steps"][0]["constraint"]["address"] == logged.group(1), fix["steps"]
        # It stepped out of the layout engine first (synchronously, as under the driver).
        top = client.ok("frame info")
        assert "UIViewAlertForUnsatisfiableConstraints" not in top, top

        assert "exited with status = 0" in client.ok("continue")
        # After the exit the session still has the report.
        assert json.loads(client.ok("lconflicts --last --json")) == last
        tally = json.loads(client.ok("lconflicts --json"))
        assert tally["total"] == 1 and tally["last"]["brokenConstraint"]["address"] == logged.group(1), tally
        connection.close()
    finally:
        status = stop(process)
    assert status == 0, status
    assert "Traceback" not in log.read_text(), log.read_text()


def test_an_agent_config_s_stdio_server_speaks_only_mcp_on_stdout(tmp_path):
    process, lines = start_server(["--stdio", "--log", str(tmp_path / "lldb-output.txt")], tmp_path,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        announcement(process, lines, r"LLDB MCP server on a private socket, for this client only")
        # Every line on stdout is a JSON-RPC message: the client below parses each one.
        client = McpClient(process.stdout, process.stdin)
        assert client.initialize()["protocolVersion"]
        assert "usage: lreport" in client.ok("help lreport")
        assert json.loads(client.ok("lconflicts --json"))["total"] == 0
        text, failed = client.command("lconflicts --last")
        assert failed and "no Auto Layout conflict seen in this session" in text, text
        # The agent closing its end of stdin ends the server.
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            stop(process)


def test_an_lldb_without_an_mcp_server_or_none_at_all_is_one_clear_line(tmp_path):
    environment = server_environment()
    for lldb, message in (("/usr/bin/lldb-16", "this LLDB has no MCP server: protocol-server needs LLDB 21 or later"),
                          (str(tmp_path / "no-lldb"), "no lldb at %s (--lldb)" % (tmp_path / "no-lldb"))):
        completed = subprocess.run([sys.executable, SCRIPT, "--lldb", lldb], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, universal_newlines=True, env=environment, timeout=WAIT)
        assert completed.returncode == 2, completed
        assert completed.stderr.splitlines() == [completed.stderr.strip()], completed.stderr
        assert completed.stderr.startswith("error: lldb_mcp: " + message), completed.stderr


def test_while_an_agent_is_connected_over_stdio_no_other_process_reaches_the_server(tmp_path):
    process, lines = start_server(["--stdio", "--log", str(tmp_path / "lldb-output.txt")], tmp_path,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        announcement(process, lines, r"LLDB MCP server on ")
        client = McpClient(process.stdout, process.stdin)
        assert client.initialize()["protocolVersion"]
        # A second process of this machine looks for a way in, as an intruder would.
        ports, paths = listening_sockets(process.pid)
        assert ports == [], "the server listens on TCP port(s) %s" % ports
        assert paths, "the server's listening socket was not found"
        for path in paths:
            intruder = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            intruder.settimeout(5)
            try:
                intruder.connect(path)
            except OSError:
                pass
            else:
                raise AssertionError("a second process connected to %s" % path)
            finally:
                intruder.close()
        # The agent is still served.
        assert "usage: lreport" in client.ok("help lreport")
        process.stdin.close()
        assert process.wait(timeout=30) == 0
    finally:
        if process.poll() is None:
            stop(process)


def test_tcp_is_refused_unless_asked_for_by_name_and_then_warns(tmp_path):
    refused = subprocess.run([sys.executable, SCRIPT, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True, env=server_environment(), timeout=WAIT)
    assert refused.returncode == 2, refused
    assert refused.stderr.splitlines() == [refused.stderr.strip()], refused.stderr
    assert refused.stderr.startswith("error: lldb_mcp: --port serves on TCP, which every process of this "
                                     "machine can reach"), refused.stderr
    assert "add --insecure-tcp" in refused.stderr, refused.stderr

    process, lines = start_server(["--port", "0", "--insecure-tcp", "--log", str(tmp_path / "lldb-output.txt")], tmp_path)
    try:
        warning = announcement(process, lines, r"warning: lldb_mcp: TCP port open to every process of this machine")
        assert "shell commands" in warning.string, warning.string
        port = int(announcement(process, lines, r"LLDB MCP server on localhost:(\d+) ").group(1))
        connection = socket.create_connection(("127.0.0.1", port), timeout=WAIT)
        client = McpClient(connection.makefile("rb"), connection.makefile("wb"))
        assert client.initialize()["serverInfo"]["name"]
        connection.close()
    finally:
        assert stop(process) == 0

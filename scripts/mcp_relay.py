"""The MCP relay between an agent and LLDB's MCP server, with the bridge's own tools (no LLDB).

LLDB's server (LLDB 21) has no way to add tools, and answers `initialize` with protocol
version 2024-11-05 whatever the client asks (ProtocolServerMCP.cpp's kProtocolVersion), so
the relay reads both JSON-RPC streams, one message a line, and:

- answers `ping` itself (LLDB 21 answers "no handler for request: ping");
- negotiates the version: a client asking for one the relay speaks gets it, any other gets the
  newest; from 2025-06-18 on, its tools carry an outputSchema and answer with structuredContent;
- adds its tools to LLDB's `tools/list` answer, and answers calls to them itself, through
  `tools` (mcp_tools.Tools), in this process;
- forwards everything else, under ids of its own (LLDB 21 reads only integer ids), and gives
  LLDB's answers back under the client's;
- runs every request that reaches the debugger, its tools' and LLDB's alike, through one
  CommandGate (mcp_gate): one at a time, each bounded by its timeout and interrupted then, so a
  slow command is answered with one line and the next call is answered too. A client's
  `notifications/cancelled` interrupts the call at once.
"""

import itertools
import json
import queue
import threading
import traceback

from mcp_gate import BRIDGE_THREADS, start_thread

# Newest first. 2025-11-25 adds only capabilities a server may leave out (tasks, icons,
# elicitation by URL), none of which the relay declares.
SUPPORTED_VERSIONS = ("2025-11-25", "2025-06-18", "2024-11-05")
STRUCTURED_VERSIONS = ("2025-11-25", "2025-06-18")

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
INTERNAL_ERROR = -32603
REQUEST_TIMEOUT = -32001

INSTRUCTIONS = ("LayoutDebug: Auto Layout conflicts in the app under LLDB. layout_launch runs the app to its "
                "first conflict; layout_last_conflict reads it with its suggested fixes; layout_fix tries one in "
                "the stopped app and says whether a conflict remains; layout_undo puts it back; layout_continue "
                "runs to the next conflict or the exit. lldb_command runs any LLDB command.")


def negotiated_version(requested):
    """The protocol version the relay answers a client that asked for `requested`."""
    return requested if requested in SUPPORTED_VERSIONS else SUPPORTED_VERSIONS[0]


def one_line(text):
    """The first non-empty line of `text`, without LLDB's `error: `."""
    for line in str(text).splitlines():
        line = line.strip()
        if line:
            return line[len("error: "):] if line.startswith("error: ") else line
    return ""


def error_result(message):
    """A tools/call result that failed: one line, isError."""
    return {"content": [{"type": "text", "text": "error: " + one_line(message)}], "isError": True}


def error_response(request_id, code, message):
    """A JSON-RPC error answer."""
    return {"jsonrpc": "2.0", "id": request_id, "error": {"code": code, "message": one_line(message)}}


def read_lines(read):
    """Each line `read(n)` gives until it returns b"" (the newline left off)."""
    pending = b""
    while True:
        data = read(65536)
        if not data:
            break
        pending += data
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if line.strip():
                yield line
    if pending.strip():
        yield pending


class LineWriter(object):
    """Writes one JSON message a line; callable from any thread."""

    def __init__(self, write):
        self.write_bytes = write
        self.lock = threading.Lock()

    def send(self, message):
        """Writes `message` whole (no other thread's message lands in the middle of it)."""
        data = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\n"
        with self.lock:
            self.write_bytes(data)


class ServerGone(Exception):
    """LLDB's server closed its end."""


class ToolError(Exception):
    """A tool's call failed; its message is the one line the agent reads."""


class Relay(object):
    """See the module's doc. `client_read`/`server_read` are read(n) functions, `client_write`/
    `server_write` write-all functions; `log(text)` takes what the agent should not see."""

    def __init__(self, client_read, client_write, server_read, server_write, tools, gate, timeout, log):
        self.client_read = client_read
        self.client = LineWriter(client_write)
        self.server_read = server_read
        self.server = LineWriter(server_write)
        self.tools = tools
        self.gate = gate
        self.timeout = timeout
        self.log = log
        self.requests = queue.Queue()
        self.pending = {}
        self.pending_lock = threading.Lock()
        self.ids = itertools.count(1)
        self.server_closed = False
        self.cancelled = set()
        self.running_id = None
        self.structured = False

    # MARK: - Serving

    def serve(self):
        """Relays until the client closes its stream or LLDB's server closes its socket."""
        BRIDGE_THREADS.add(threading.get_ident())
        start_thread(self.read_server)
        worker = start_thread(self.work)
        for line in read_lines(self.client_read):
            if self.server_closed:
                break
            self.receive(line)
        self.requests.put(None)
        worker.join(timeout=1.0)

    def receive(self, line):
        """One message from the client."""
        try:
            message = json.loads(line.decode("utf-8"))
        except ValueError as error:
            self.client.send(error_response(None, PARSE_ERROR, "not JSON: %s" % error))
            return
        if not isinstance(message, dict):
            self.client.send(error_response(None, INVALID_REQUEST, "one JSON-RPC message a line, not a batch"))
            return
        method = message.get("method")
        if method is None:
            self.server.send(message)  # an answer to a request of LLDB's (LLDB 21 sends none)
        elif "id" not in message:
            self.notify(message)
        elif method == "ping":
            self.client.send({"jsonrpc": "2.0", "id": message["id"], "result": {}})
        else:
            self.requests.put(message)

    def notify(self, notification):
        """A client notification: a cancellation interrupts its call; LLDB gets the others."""
        if notification.get("method") != "notifications/cancelled":
            self.server.send(notification)
            return
        request_id = (notification.get("params") or {}).get("requestId")
        self.cancelled.add(request_id)
        if request_id is not None and request_id == self.running_id:
            self.gate.cancel()

    def work(self):
        """Answers the queued requests in order."""
        while True:
            request = self.requests.get()
            if request is None:
                return
            request_id = request["id"]
            if request_id in self.cancelled:
                self.cancelled.discard(request_id)
                continue
            self.running_id = request_id
            try:
                answer = self.answer(request)
            except Exception as error:  # noqa: BLE001 (the client gets one line, the log the rest)
                self.log("lldb_mcp: %s failed:\n%s" % (request.get("method"), traceback.format_exc()))
                answer = error_response(request_id, INTERNAL_ERROR, "%s: %s" % (type(error).__name__, error))
            self.running_id = None
            if request_id in self.cancelled:
                self.cancelled.discard(request_id)
            else:
                self.client.send(answer)

    # MARK: - Answers

    def answer(self, request):
        """The answer to one request."""
        method = request.get("method")
        params = request.get("params") or {}
        if method == "tools/call" and params.get("name") in self.tools.names:
            return self.result(request, self.call_tool(params.get("name"), params.get("arguments") or {}))
        if method == "tools/call":
            return self.forward_call(request, params)
        answer = self.forward_bounded(request, method)
        if "result" in answer and method == "initialize":
            self.negotiate(params, answer["result"])
        elif "result" in answer and method == "tools/list":
            answer["result"]["tools"] = answer["result"].get("tools", []) + self.tools.definitions(self.structured)
        return answer

    def result(self, request, result):
        """A JSON-RPC answer carrying `result`."""
        return {"jsonrpc": "2.0", "id": request["id"], "result": result}

    def negotiate(self, params, result):
        """Sets the version in LLDB's initialize answer to the one negotiated, and adds the
        relay's instructions."""
        version = negotiated_version(params.get("protocolVersion"))
        result["protocolVersion"] = version
        self.structured = version in STRUCTURED_VERSIONS
        result.setdefault("instructions", INSTRUCTIONS)

    def call_tool(self, name, arguments):
        """A call to one of the relay's tools, bounded: a tools/call result."""
        problem = self.tools.check(name, arguments)
        if problem:
            return error_result(problem)
        timeout = self.tools.timeout(name, arguments, self.timeout)
        outcome = self.gate.run(name, lambda job: self.tools.call(name, arguments, job), timeout)
        if not outcome.finished:
            return error_result(self.unfinished(outcome))
        job = outcome.job
        if job.error is not None:
            if isinstance(job.error, KeyboardInterrupt) or job.interrupted:
                return error_result(self.interrupted(outcome))
            if not isinstance(job.error, ToolError):
                self.log("lldb_mcp: %s failed:\n%s" % (name, "".join(traceback.format_exception(
                    type(job.error), job.error, job.error.__traceback__))))
                return error_result("%s failed: %s: %s" % (name, type(job.error).__name__, job.error))
            return error_result(str(job.error))
        if job.interrupted and not self.tools.answers_interrupted(name):
            return error_result(self.interrupted(outcome))
        return self.tools.result(name, job.value, self.structured)

    def forward_call(self, request, params):
        """LLDB's own tool (lldb_command), bounded like the relay's."""
        arguments = params.get("arguments") or {}
        label = str(arguments.get("arguments") or params.get("name"))
        outcome = self.gate.run(label, lambda job: self.forward(request), self.timeout, on_lldb_thread=True)
        if outcome.finished and outcome.job.error is None and not outcome.job.interrupted:
            return outcome.job.value
        if outcome.finished and isinstance(outcome.job.error, ServerGone):
            return error_response(request["id"], INTERNAL_ERROR, str(outcome.job.error))
        message = self.unfinished(outcome) if not outcome.finished else self.interrupted(outcome)
        return self.result(request, error_result(message))

    def forward_bounded(self, request, method):
        """Any other request, answered by LLDB's server within the timeout."""
        outcome = self.gate.run(method, lambda job: self.forward(request), self.timeout, on_lldb_thread=True)
        if outcome.finished and outcome.job.error is None:
            return outcome.job.value
        if outcome.finished:
            return error_response(request["id"], INTERNAL_ERROR, str(outcome.job.error))
        return error_response(request["id"], REQUEST_TIMEOUT, self.unfinished(outcome))

    def interrupted(self, outcome):
        """The line for a call that ran out of time and was interrupted."""
        after = self.tools.state_after_interrupt()
        return "`%s` timed out after %g s and was interrupted%s" % (
            outcome.job.label, outcome.timeout, "; " + after if after else "")

    def unfinished(self, outcome):
        """The line for a call that did not get the debugger, or did not end when interrupted."""
        if outcome.busy is not None:
            return ("the debugger is still running `%s` (it timed out and was interrupted, and has not "
                    "returned); try again later" % outcome.busy.label)
        return ("`%s` timed out after %g s and was interrupted, but has not returned: later calls wait "
                "for it" % (outcome.job.label, outcome.timeout))

    # MARK: - LLDB's server

    def forward(self, request):
        """Sends a request to LLDB's server under an id of the relay's and waits for its answer,
        given back under the client's id."""
        bridge_id = next(self.ids)
        answered = threading.Event()
        slot = {"event": answered}
        with self.pending_lock:
            if self.server_closed:
                raise ServerGone("LLDB's MCP server closed its connection")
            self.pending[bridge_id] = slot
        message = dict(request)
        message["id"] = bridge_id
        self.server.send(message)
        answered.wait()
        answer = slot.get("answer")
        if answer is None:
            raise ServerGone("LLDB's MCP server closed its connection")
        answer["id"] = request["id"]
        return answer

    def read_server(self):
        """LLDB's answers to their waiting requests; anything else goes to the client."""
        try:
            for line in read_lines(self.server_read):
                try:
                    message = json.loads(line.decode("utf-8"))
                except ValueError:
                    self.log("lldb_mcp: LLDB's server sent a line that is not JSON: %r" % line[:200])
                    continue
                with self.pending_lock:
                    slot = self.pending.pop(message.get("id"), None) if "method" not in message else None
                if slot is not None:
                    slot["answer"] = message
                    slot["event"].set()
                elif "method" in message:
                    self.client.send(message)
        finally:
            with self.pending_lock:
                self.server_closed = True
                slots, self.pending = list(self.pending.values()), {}
            for slot in slots:
                slot["event"].set()

"""The MCP bridge's relay, gate, tools and schemas without LLDB: a fake of LLDB 21's server (it
answers initialize with 2024-11-05, reads only integer ids, has one tool, lldb_command, and no
ping) on one side, the agent's JSON-RPC lines on the other, and the real tools over a session
that records the command lines it is given."""

import json
import os
import queue
import socket
import sys
import threading
import time

import jsonschema
import pytest

from schema_check import ROOT, check_document

sys.path.insert(0, os.path.join(ROOT, "scripts"))
import mcp_debugger  # noqa: E402
import mcp_gate  # noqa: E402
import mcp_relay  # noqa: E402
import mcp_schemas  # noqa: E402
import mcp_tools  # noqa: E402

WAIT = 10


class FakeLLDBServer(object):
    """LLDB 21's MCP server as it answers (checked against the real one in Tests/lldb): a
    `slow` command blocks until interrupted."""

    def __init__(self, connection, interrupted):
        self.connection = connection
        self.interrupted = interrupted
        self.ids = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        for line in mcp_relay.read_lines(self.connection.recv):
            message = json.loads(line)
            if "id" not in message:
                continue
            self.ids.append(message["id"])
            assert isinstance(message["id"], int), message
            self.answer(message)

    def answer(self, message):
        method, params = message["method"], message.get("params") or {}
        if method == "initialize":
            result = {"protocolVersion": "2024-11-05", "capabilities": {"tools": {"listChanged": True}},
                      "serverInfo": {"name": "lldb-mcp", "version": "0.1.0"}}
        elif method == "tools/list":
            result = {"tools": [{"name": "lldb_command", "description": "Run an lldb command.",
                                 "inputSchema": {"type": "object", "properties": {}}}]}
        elif method == "tools/call" and params["arguments"]["arguments"] == "slow":
            self.interrupted.wait(WAIT)
            result = {"content": [{"type": "text", "text": "Process 1 stopped"}], "isError": False}
        elif method == "tools/call":
            result = {"content": [{"type": "text", "text": "ran " + params["arguments"]["arguments"]}],
                      "isError": False}
        else:
            self.send({"jsonrpc": "2.0", "id": message["id"], "error": {"code": 1, "message": "no handler for "
                                                                                  "request: " + method}})
            return
        self.send({"jsonrpc": "2.0", "id": message["id"], "result": result})

    def send(self, message):
        self.connection.sendall(json.dumps(message).encode() + b"\n")


class FakeSession(mcp_debugger.DebuggerSession):
    """The debugger's session with canned command output; records each line it runs."""

    def __init__(self, outputs=None, block=None):
        mcp_debugger.DebuggerSession.__init__(self, None, None, "layoutdebug")
        self.outputs = outputs or {}
        self.block = block
        self.lines = []

    def run(self, line):
        self.lines.append(line)
        if self.block is not None and line.startswith(self.block[0]):
            self.block[1].wait(WAIT)
        return self.outputs.get(line.split(" ")[0], (True, "{}", ""))

    def has_target(self):
        return True

    def process_state(self):
        return {"state": "stopped", "pid": 7, "stopReason": "signal", "stopDescription": "signal SIGSTOP"}

    def state_after_interrupt(self):
        return "the app is stopped (signal SIGSTOP)"


class FakeInterrupter(object):
    """Interrupting sets `interrupted` (what SendAsyncInterrupt does to a waiting command)."""

    def __init__(self):
        self.interrupted = threading.Event()
        self.stops = 0
        self.clears = 0

    def stop(self):
        self.stops += 1
        self.interrupted.set()

    def clear(self):
        self.clears += 1


class Agent(object):
    """The relay between an agent's lines and the fake server; `call` sends and waits."""

    def __init__(self, session=None, timeout=WAIT, grace=2.0):
        self.interrupter = FakeInterrupter()
        ours, theirs = socket.socketpair()
        self.server = FakeLLDBServer(theirs, self.interrupter.interrupted)
        self.session = session or FakeSession()
        self.inbox, self.answers = queue.Queue(), queue.Queue()
        self.gate = mcp_gate.CommandGate(self.interrupter, python_after=0.5, grace=grace, poll=0.05)
        self.log = []
        self.relay = mcp_relay.Relay(self.read, self.answers.put, ours.recv, ours.sendall,
                                     mcp_tools.Tools(self.session), self.gate, timeout, self.log.append)
        self.pending = b""
        threading.Thread(target=self.relay.serve, daemon=True).start()
        self.next_id = 0

    def read(self, size):
        return self.inbox.get()

    def send(self, message):
        self.inbox.put(json.dumps(message).encode() + b"\n")

    def receive(self, timeout=WAIT):
        return json.loads(self.answers.get(timeout=timeout))

    def call(self, method, params=None, request_id=None):
        self.next_id += 1
        request_id = self.next_id if request_id is None else request_id
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params or {}})
        answer = self.receive()
        assert answer["id"] == request_id, answer
        return answer

    def initialize(self, version="2025-06-18"):
        return self.call("initialize", {"protocolVersion": version, "capabilities": {},
                                        "clientInfo": {"name": "test", "version": "1"}})["result"]

    def tool(self, name, arguments=None):
        return self.call("tools/call", {"name": name, "arguments": arguments or {}})["result"]


# MARK: - The relay

@pytest.mark.parametrize("asked, answered", [("2025-06-18", "2025-06-18"), ("2025-11-25", "2025-11-25"),
                                             ("2024-11-05", "2024-11-05"), ("2031-01-01", "2025-11-25")])
def test_the_version_a_client_asks_for_is_answered_when_the_relay_speaks_it_else_the_newest(asked, answered):
    agent = Agent()
    result = agent.initialize(asked)
    assert result["protocolVersion"] == answered
    assert result["serverInfo"]["name"] == "lldb-mcp" and "layout_launch" in result["instructions"]
    tools = {tool["name"]: tool for tool in agent.call("tools/list")["result"]["tools"]}
    assert set(tools) == {"lldb_command"} | mcp_tools.Tools(None).names
    structured = answered != "2024-11-05"
    assert all(("outputSchema" in tool) == structured for name, tool in tools.items() if name != "lldb_command")
    answer = agent.tool("layout_conflicts")
    assert ("structuredContent" in answer) == structured, answer


def test_ping_is_answered_by_the_relay_and_string_ids_reach_lldb_as_integers():
    agent = Agent()
    assert agent.call("ping", request_id="p-1") == {"jsonrpc": "2.0", "id": "p-1", "result": {}}
    answer = agent.call("tools/call", {"name": "lldb_command", "arguments": {"debugger_id": 1, "arguments": "bt"}},
                        request_id="call-7")
    assert answer["result"]["content"][0]["text"] == "ran bt"
    assert all(isinstance(request_id, int) for request_id in agent.server.ids)
    assert agent.call("resources/list")["error"]["message"] == "no handler for request: resources/list"


def test_a_line_that_is_not_json_or_a_batch_gets_an_error_and_the_next_one_an_answer():
    agent = Agent()
    agent.inbox.put(b"{not json\n")
    assert agent.receive()["error"]["code"] == mcp_relay.PARSE_ERROR
    agent.inbox.put(b"[]\n")
    assert "not a batch" in agent.receive()["error"]["message"]
    assert agent.call("ping")["result"] == {}


def test_a_tool_s_text_is_its_document_and_bad_arguments_are_one_line():
    tally = {"schema": "layoutdebug/2", "kind": "conflict-tally", "total": 0,
             "byOwner": {"yours": 0, "system": 0, "transient": 0}, "signatures": [], "last": None}
    agent = Agent(FakeSession({"lconflicts": (True, json.dumps(tally), "")}))
    agent.initialize()
    answer = agent.tool("layout_conflicts")
    assert answer["structuredContent"] == tally and json.loads(answer["content"][0]["text"]) == tally
    assert answer["isError"] is False
    for arguments, line in (({"view": 5}, "error: view must be a string, not 5"),
                            ({}, "error: missing argument view"),
                            ({"view": "0x1", "depth": -1}, "error: depth must be at least 0, not -1"),
                            ({"view": "0x1", "fields": ["frame", "colour"]}, "error: fields[1] must be one of"),
                            ({"view": "0x1", "size": 2}, "error: unknown argument size (known: view, depth, "
                                                         "fields, all)")):
        answer = agent.tool("layout_report", arguments)
        assert answer["isError"] is True and answer["content"][0]["text"].startswith(line), (arguments, answer)
    assert agent.session.lines == ["lconflicts --json"]


def test_a_command_error_is_its_first_line_and_a_bug_in_a_tool_is_one_line_too():
    agent = Agent(FakeSession({"lreport": (False, "", "error: lreport: 0x1 is not a UIView or a constraint\nmore\n"),
                               "llint": (True, "not json", "")}))
    agent.initialize()
    answer = agent.tool("layout_report", {"view": "0x1"})
    assert answer["content"][0]["text"] == "error: lreport: 0x1 is not a UIView or a constraint"
    answer = agent.tool("layout_lint")
    assert answer["content"][0]["text"] == "error: `llint --json` printed no JSON: not json", answer


# MARK: - Timeouts

def test_a_timed_out_lldb_command_is_interrupted_answered_in_one_line_and_the_next_call_answers():
    agent = Agent(timeout=0.3)
    agent.initialize()
    started = time.monotonic()
    answer = agent.call("tools/call", {"name": "lldb_command", "arguments": {"debugger_id": 1, "arguments": "slow"}})
    assert answer["result"]["isError"] is True
    assert answer["result"]["content"][0]["text"] == ("error: `slow` timed out after 0.3 s and was interrupted; "
                                                      "the app is stopped (signal SIGSTOP)")
    assert time.monotonic() - started < 2
    assert agent.interrupter.stops >= 1 and agent.interrupter.clears == 1
    assert agent.tool("layout_conflicts")["isError"] is False


def test_a_command_that_ignores_its_interrupt_keeps_the_debugger_and_later_calls_say_so():
    never = threading.Event()
    agent = Agent(FakeSession(block=("lreport", never)), timeout=0.2, grace=0.3)
    agent.initialize()
    answer = agent.tool("layout_report", {"view": "0x1"})
    assert answer["content"][0]["text"] == ("error: `layout_report` timed out after 0.2 s and was interrupted, but "
                                            "has not returned: later calls wait for it")
    busy = agent.tool("layout_conflicts")
    assert busy["content"][0]["text"] == ("error: the debugger is still running `layout_report` (it timed out and "
                                          "was interrupted, and has not returned); try again later")
    never.set()
    assert agent.tool("layout_conflicts")["isError"] is False
    assert agent.session.lines == ["lreport 0x1 --json", "lconflicts --json"]


def test_a_cancelled_call_is_interrupted_at_once_and_not_answered():
    agent = Agent(timeout=30)
    agent.initialize()
    agent.send({"jsonrpc": "2.0", "id": 40, "method": "tools/call",
                "params": {"name": "lldb_command", "arguments": {"debugger_id": 1, "arguments": "slow"}}})
    time.sleep(0.2)
    agent.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 40}})
    assert agent.interrupter.interrupted.wait(5)
    answer = agent.call("ping")
    assert answer["result"] == {}
    assert agent.call("tools/call", {"name": "lldb_command",
                                     "arguments": {"debugger_id": 1, "arguments": "bt"}})["result"]["isError"] is False


# MARK: - Tools

def test_each_tool_spells_its_command_line_as_the_commands_read_it():
    session = FakeSession({"lreport": (True, json.dumps({"kind": "descent-report", "views": []}), "")})
    tools = mcp_tools.Tools(session)
    for name, arguments, lines in (
            ("layout_fix", {"suggestion": 2}, ["lfix --suggestion 2 --json"]),
            ("layout_fix", {"constraint": "#4", "priority": 999}, ["lfix '#4' --priority 999 --json"]),
            ("layout_fix", {"constraint": "0x6000", "constant": -8.5}, ["lfix 0x6000 --constant -8.5 --json"]),
            ("layout_fix", {"view": "self.title label", "no_autoresizing": True},
             ["lfix 'self.title label' --no-autoresizing --json"]),
            ("layout_undo", {"all": True}, ["lfix --undo-all --json"]),
            ("layout_report", {"view": "self.view", "depth": 0, "all": True},
             ["lreport self.view --no-descend --all --json"]),
            ("layout_lint", {"stress": True}, ["llint --stress --json"]),
            ("layout_launch", {"arguments": ["cell width", 'a"b'], "mine": True},
             ['settings set target.run-args "cell width" "a\\"b"', "lbreak --mine", "process launch",
              "lconflicts --json"]),
            ("layout_launch", {"pid": 42}, ["lbreak", "process attach --pid 42", "process continue",
                                            "lconflicts --json"])):
        session.lines = []
        assert tools.check(name, arguments) is None, (name, arguments)
        try:
            tools.call(name, arguments, mcp_gate.Job(mcp_gate.CommandGate(FakeInterrupter()), name, None, False))
        except (KeyError, mcp_relay.ToolError):
            pass  # the fake's "{}" is no document: only the lines matter here
        assert session.lines == lines, (name, arguments)


def test_the_report_keeps_the_depth_and_fields_asked_for():
    def view(depth):
        return {"address": "0x%d" % (depth + 1), "className": "UIView", "depth": depth, "frame": [0, 0, 1, 1],
                "contentMode": "center"}
    document = {"schema": "layoutdebug/2", "kind": "descent-report", "views": [view(0), view(1), view(2)],
                "classes": {"UIView": ["UIResponder"]}}
    tools = mcp_tools.Tools(FakeSession({"lreport": (True, json.dumps(document), "")}))
    kept = tools.call("layout_report", {"view": "0x1", "depth": 1, "fields": ["frame"]}, None)
    assert [view["depth"] for view in kept["views"]] == [0, 1]
    assert all(set(view) == {"address", "className", "depth", "frame"} for view in kept["views"])
    schema = tools.table["layout_report"].output_schema()
    jsonschema.Draft202012Validator(schema).validate(kept)


def test_the_last_conflict_is_its_fields_unless_the_text_is_asked_for():
    session = FakeSession({"lconflicts": (True, "{}", "")})
    tools = mcp_tools.Tools(session)
    for arguments, line in (({}, "lconflicts --last --json --no-text"), ({"text": True}, "lconflicts --last --json")):
        session.lines = []
        assert tools.check("layout_last_conflict", arguments) is None
        tools.call("layout_last_conflict", arguments, None)
        assert session.lines == [line]


def annotations_in(schema, names=False, path="$"):
    """Where a schema holds an annotation keyword (a property named like one is no keyword)."""
    found = []
    if isinstance(schema, list):
        for index, item in enumerate(schema):
            found += annotations_in(item, False, "%s[%d]" % (path, index))
    elif isinstance(schema, dict):
        for key, item in schema.items():
            if not names and key in mcp_schemas.ANNOTATIONS:
                found.append(path + "." + key)
            found += annotations_in(item, not names and key in mcp_schemas.NAME_MAPS, path + "." + key)
    return found


def test_an_output_schema_keeps_what_validates_and_leaves_the_words_to_the_schema_files():
    for tool in mcp_tools.tool_table():
        assert annotations_in(tool.output_schema()) == [], tool.name
    assert annotations_in(mcp_schemas.load("common")), "the schema files keep them"
    # A property named like an annotation stays: the notice's explanation has a title.
    explain = mcp_tools.Tools(None).table["layout_explain"].output_schema()
    notice = explain["properties"]["reports"]["items"]["oneOf"][1]
    assert "title" in notice["properties"]["explanation"]["properties"]


def test_a_stop_says_in_one_line_where_the_app_is():
    tally = {"schema": "layoutdebug/2", "total": 2, "last": {"number": 2, "owner": "yours", "brokenConstraint":
             {"address": "0x5", "line": "0x5 @1000 <UIView:0x9>.width == 768.0"}}}
    at_conflict = mcp_tools.stop_document({"state": "stopped", "pid": 3, "stopReason": "conflict",
                                           "stopDescription": "breakpoint 1.1"}, tally, False)
    assert at_conflict["text"] == ("stopped at conflict #2 (yours): the engine breaks 0x5 @1000 "
                                   "<UIView:0x9>.width == 768.0")
    assert at_conflict["conflict"] is tally["last"] and at_conflict["conflicts"] == 2
    exited = mcp_tools.stop_document({"state": "exited", "pid": 3, "exitStatus": 0}, tally, False)
    assert exited["text"] == "exited with status 0" and exited["conflict"] is None
    stopped = mcp_tools.stop_document({"state": "stopped", "pid": 3, "stopReason": "signal",
                                       "stopDescription": "signal SIGSTOP"}, tally, True)
    assert stopped["text"] == ("interrupted: its time ran out before a conflict; layout_continue goes on "
                               "(signal SIGSTOP)")


# MARK: - Schemas

def test_every_tool_s_output_schema_is_its_document_s_schema_made_whole():
    for tool in mcp_tools.tool_table():
        schema = tool.output_schema()
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and mcp_schemas.external_refs(schema) == [], tool.name
        assert schema["properties"]["kind"] == {"const": tool.kind}, tool.name
        assert "\n" not in tool.description, tool.name


def test_a_bundled_schema_accepts_and_refuses_what_the_schema_files_do():
    stop = {"schema": "layoutdebug/2", "kind": "process-stop", "text": "exited with status 0", "state": "exited",
            "pid": 4, "exitStatus": 0, "interrupted": False, "conflict": None, "conflicts": 0}
    check_document(json.dumps(stop), "process-stop")
    whole = jsonschema.Draft202012Validator(mcp_schemas.output_schema("process-stop"))
    assert not list(whole.iter_errors(stop))
    for bad in ({"state": "asleep"}, {"conflict": {"number": 0}}, {"schema": "layoutdebug/0"}):
        assert list(whole.iter_errors(dict(stop, **bad))), bad
        with pytest.raises(AssertionError):
            check_document(json.dumps(dict(stop, **bad)), "process-stop")

"""The commands in VS Code: lldb-vscode-16 and the Swift toolchain's lldb-dap (what the Swift
extension starts) driven over the Debug Adapter Protocol exactly as VS Code drives them, on the
release build.

VS Code sends `initialize`, then `launch` with the launch.json's `initCommands` (our script
imported) and `preRunCommands` (lbreak: it needs the target, which does not exist yet when the
initCommands run), then `configurationDone`; what the user types in the debug console is an
`evaluate` in the `repl` context, and what LLDB prints outside a command (lbreak's report at a
hit) arrives as `output` events. Every wait is bounded.
"""

import json
import os
import queue
import re
import shutil
import subprocess
import threading
import time

import pytest

from conftest import SCRIPT
from test_release_builds import lldb_command, release_products

# A launch, a conflict stop, four commands and an exit take a few seconds; a hang fails here.
WAIT = 60


class DapClient(object):
    """A debug adapter run over its stdin and stdout, messages framed by Content-Length."""

    def __init__(self, command, environment):
        """Starts the adapter; a thread reads its messages into a queue."""
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=environment)
        self.sequence = 0
        self.messages = queue.Queue()
        self.outputs = []  # (category, text) of every output event, in order
        self.events = []
        self.responses = {}  # request seq -> response, kept while waiting for something else
        threading.Thread(target=self.read_messages, daemon=True).start()

    def read_messages(self):
        """Reads framed messages until the adapter closes its output (then queues None)."""
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    self.messages.put(None)
                    return
                line = line.strip()
                if not line:
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            body = stream.read(length or 0)
            self.messages.put(json.loads(body.decode("utf-8")))

    def send(self, command, arguments=None):
        """Sends a request; its sequence number."""
        self.sequence += 1
        body = json.dumps({"seq": self.sequence, "type": "request", "command": command,
                           "arguments": arguments or {}}).encode("utf-8")
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return self.sequence

    def wait_for(self, wanted, what, timeout=WAIT):
        """The first message for which `wanted` is true; every output event is kept on the way.
        Fails after `timeout` seconds, or when the adapter exits, with what it printed."""
        deadline = time.time() + timeout
        while True:
            left = deadline - time.time()
            try:
                message = self.messages.get(timeout=max(left, 0.01))
            except queue.Empty:
                message = False
            if message is False or message is None:
                raise AssertionError("no %s from the adapter within %ds%s; output events:\n%s" % (
                    what, timeout, " (it exited)" if message is None else "", self.output_text()))
            if message.get("type") == "response":
                self.responses[message.get("request_seq")] = message
            if message.get("type") == "event":
                self.events.append(message)
                if message.get("event") == "output":
                    self.outputs.append((message["body"].get("category"), message["body"].get("output", "")))
            if wanted(message):
                return message

    def response(self, sequence, what, timeout=WAIT):
        """The response to request `sequence` (lldb-vscode-16 answers launch before its
        initialized event, lldb-dap after configurationDone)."""
        if sequence in self.responses:
            return self.responses[sequence]
        return self.wait_for(lambda message: message.get("type") == "response"
                             and message.get("request_seq") == sequence, what, timeout)

    def request(self, command, arguments=None, timeout=WAIT):
        """Sends a request and returns its response."""
        return self.response(self.send(command, arguments), "response to " + command, timeout)

    def event(self, name, timeout=WAIT):
        """The next event called `name`."""
        return self.wait_for(lambda message: message.get("type") == "event" and message.get("event") == name,
                             name + " event", timeout)

    def evaluate(self, expression, frame_id):
        """What the debug console shows for `expression` typed at the stop: (success, text),
        without the `(lldb) command` line lldb-vscode-16 puts before a command's output."""
        answer = self.request("evaluate", {"expression": expression, "context": "repl", "frameId": frame_id})
        if not answer.get("success"):
            return False, answer.get("message") or json.dumps(answer.get("body"))
        text = answer["body"].get("result", "")
        echo = "(lldb) " + expression.lstrip("`") + "\n"
        return True, text[len(echo):] if text.startswith(echo) else text

    def output_matching(self, pattern, timeout=WAIT):
        """Every output event's text once `pattern` (a regular expression) matches it: lldb-dap
        relays what LLDB prints outside a command from a pipe, so it may come after the stopped
        event, and a program's output comes in pieces."""
        found = lambda message=None: re.search(pattern, self.output_text())  # noqa: E731
        if not found():
            self.wait_for(found, repr(pattern) + " in the output", timeout)
        return self.output_text()

    def output_text(self, category=None):
        """Every output event's text (of one category when given), joined."""
        return "".join(text for kind, text in self.outputs if category is None or kind == category)

    def close(self):
        """Ends the session; kills the adapter if it does not exit in time."""
        try:
            if self.process.poll() is None:
                self.send("disconnect", {"terminateDebuggee": True})
                self.process.wait(timeout=10)
        except Exception:  # noqa: BLE001 - a stuck adapter is killed below
            pass
        finally:
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait(timeout=10)


def adapter(which):
    """The adapter's command line and environment: lldb-vscode-16, or the lldb-dap beside the
    toolchain's lldb (with the libpython it links, as test_release_builds finds it)."""
    lldb, environment = lldb_command("lldb-16" if which == "lldb-vscode-16" else "toolchain")
    if which == "lldb-vscode-16":
        binary = shutil.which("lldb-vscode-16")
        assert binary, "lldb-vscode-16 is not installed (apt install lldb-16)"
        return [binary], environment
    binary = os.path.join(os.path.dirname(lldb), "lldb-dap")
    assert os.access(binary, os.X_OK), "no lldb-dap beside " + lldb
    return [binary], environment


# What a command typed in the debug console needs: lldb-vscode-16 takes every line as an
# expression unless it starts with a backtick; lldb-dap 21 ("auto" mode) takes a line whose
# first word is a command as the command, and a backtick as well.
ADAPTERS = [("lldb-vscode-16", "`"), ("lldb-dap", ""), ("lldb-dap", "`")]


@pytest.mark.parametrize("which,prefix", ADAPTERS)
def test_vs_code_sees_lbreak_s_report_and_the_commands_answer_in_the_debug_console(which, prefix, tmp_path):
    demo, _ = release_products()
    command, environment = adapter(which)
    client = DapClient(command, environment)
    try:
        initialized = client.request("initialize", {"clientID": "vscode", "adapterID": "lldb-dap",
                                                    "linesStartAt1": True, "columnsStartAt1": True,
                                                    "pathFormat": "path"})
        assert initialized.get("success"), initialized
        launch = client.send("launch", {
            "program": demo, "args": ["cell-width-conflict"], "cwd": str(tmp_path),
            "initCommands": ["command script import " + SCRIPT],
            "preRunCommands": ["lbreak"]})
        client.event("initialized")
        assert client.request("configurationDone").get("success")
        launched = client.response(launch, "response to launch")
        assert launched.get("success"), (launched, client.output_text())
        stopped = client.event("stopped")
        thread_id = stopped["body"]["threadId"]
        frames = client.request("stackTrace", {"threadId": thread_id, "levels": 5})["body"]["stackFrames"]
        # In the release build the site's body is inlined: its top frames are inlined frames
        # (lldb-dap names the innermost, an addressor), then UIViewAlertForUnsatisfiableConstraints.
        assert any("UIViewAlertForUnsatisfiableConstraints" in frame["name"] for frame in frames), frames
        frame_id = frames[0]["id"]

        # lbreak's report arrived as output events, as the debug console shows it: in the
        # "console" category under lldb-dap, "stdout" under lldb-vscode-16. Read in its own
        # category, since LLDB's warnings (an optimized module) come in between.
        client.output_matching(r"\[lbreak\] conflict #1,")
        category = next(kind for kind, text in client.outputs if "[lbreak] conflict #1," in text)
        printed = client.output_text(category)
        assert "lbreak" in printed and "Traceback" not in printed, printed
        assert re.search(r"Will attempt to recover by breaking:\n  0x[0-9a-f]+ @1000 <UIView:0x[0-9a-f]+>"
                         r"\.width == 768\.0\n", printed), printed
        assert "[lbreak] conflict #1, signature seen 1 time" in printed, printed

        ok, answer = client.evaluate(prefix + "lconflicts --last --json", frame_id)
        assert ok, answer
        last = json.loads(answer)
        width = last["report"]["constraints"][last["report"]["brokenConstraint"]]
        assert last["number"] == 1 and (width["firstAttribute"], width["constant"]) == ("width", 768), last
        broken = width["address"]
        # The same report the console printed at the hit.
        assert last["text"].strip("\n") in printed, (last["text"], printed)

        if which == "lldb-vscode-16":
            # Without the backtick the line is an expression in the frame, not our command.
            ok, answer = client.evaluate("lconflicts --last", frame_id)
            assert not (ok and answer.startswith(last["text"][:40])), answer

        ok, answer = client.evaluate(prefix + "lreport " + broken, frame_id)
        assert ok, answer
        assert answer.startswith(broken + " @1000 <UIView:0x") and ".width == 768.0" in answer.splitlines()[0], answer

        # lfix lets the app run to its next main-queue turn first (synchronously, in an adapter
        # that runs LLDB asynchronously), then the change: width 768 at 999 lets the cell's 50 win.
        ok, answer = client.evaluate(prefix + "lfix --suggestion 1", frame_id)
        assert ok, (answer, client.output_text())
        assert answer.startswith("Made at the app's next main-queue turn"), answer
        assert "priority 1000 → 999" in answer and "No conflict remains." in answer, answer

        # The process goes on to exit normally, its frames printed on its stdout.
        assert client.request("continue", {"threadId": thread_id}).get("success")
        exited = client.event("exited")
        assert exited["body"]["exitCode"] == 0, (exited, client.output_text())
        # Width 768 at 999: the view keeps the 50-wide content view's width (the demo's frames).
        client.output_matching(r"== frames ==(.|\n)*UIView:0x[0-9a-f]+ \(0 0; 50 44\)")
        client.event("terminated")
        assert "Traceback" not in client.output_text(), client.output_text()
    finally:
        client.close()

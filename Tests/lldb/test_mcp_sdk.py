"""An agent on the official MCP Python SDK (PyPI's `mcp`) drives scripts/lldb_mcp.py --stdio as
an agent's config starts it: the SDK starts the script, negotiates, lists the tools and calls
them, and checks every structured answer against the tool's outputSchema itself. Under the
toolchain's LLDB, on the release build; every wait is bounded.
"""

import json
import os
import sys

import anyio
import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

from conftest import ROOT
from test_mcp import LOGGED_BROKEN, SCRIPT, server_environment
from test_release_builds import release_products

sys.path.append(os.path.join(ROOT, "Tests", "python"))
from schema_check import check_document  # noqa: E402

OUR_TOOLS = {"layout_launch", "layout_continue", "layout_last_conflict", "layout_conflicts", "layout_report",
             "layout_fix", "layout_undo", "layout_lint", "layout_explain"}
# Long enough for a launch on a busy 2-core machine; far under the test's own bound.
CALL_SECONDS = 120


def run_agent(tmp_path, bridge_arguments, agent):
    """Starts the bridge with the SDK's stdio client and runs `agent(session)` on it; the
    bridge's stderr is kept in tmp_path/bridge-stderr.txt."""
    parameters = StdioServerParameters(command=sys.executable, args=[SCRIPT, "--stdio"] + bridge_arguments,
                                       env=server_environment(), cwd=str(tmp_path))

    async def main():
        with anyio.fail_after(600):
            with open(str(tmp_path / "bridge-stderr.txt"), "w") as errors:
                async with stdio_client(parameters, errlog=errors) as (read, write):
                    async with ClientSession(read, write, read_timeout_seconds=CALL_SECONDS) as session:
                        return await agent(session)
    return anyio.run(main)


def document(result, kind, tools):
    """A successful call's structured answer: the same as its text, valid against the tool's
    outputSchema (the SDK checked that too) and against docs/schema by its kind."""
    assert not result.is_error, result.content
    structured = result.structured_content
    assert json.loads(result.content[0].text) == structured
    jsonschema.Draft202012Validator(tools[kind_tool(kind)].output_schema).validate(structured)
    check_document(json.dumps(structured), kind)
    return structured


def kind_tool(kind):
    """A tool answering with documents of `kind` (for its outputSchema)."""
    return {"process-stop": "layout_launch", "last-conflict": "layout_last_conflict", "fix-outcome": "layout_fix",
            "descent-report": "layout_report", "conflict-tally": "layout_conflicts", "lint": "layout_lint",
            "explain": "layout_explain"}[kind]


def error_line(result):
    """A failed call's one line."""
    assert result.is_error, result.content
    text = result.content[0].text
    assert text.startswith("error: ") and "\n" not in text and "Traceback" not in text, text
    return text


def test_an_agent_on_the_sdk_runs_into_the_conflict_reads_it_tries_fix_1_undoes_it_and_fixes_it(tmp_path):
    demo, _ = release_products()
    log, app_output = tmp_path / "lldb-output.txt", tmp_path / "app-output.txt"

    async def agent(session):
        initialized = await session.initialize()
        # The SDK asks for 2025-11-25; LLDB's server alone would answer 2024-11-05.
        assert initialized.protocol_version == "2025-11-25", initialized.protocol_version
        assert "layout_launch" in (initialized.instructions or "")
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
        assert OUR_TOOLS | {"lldb_command"} <= set(listed), sorted(listed)
        for name in OUR_TOOLS:
            tool = listed[name]
            assert tool.description and "\n" not in tool.description and len(tool.description) < 200, tool
            assert tool.input_schema["type"] == "object" and tool.output_schema["type"] == "object", name
            jsonschema.Draft202012Validator.check_schema(tool.output_schema)
            assert '"$ref": "common' not in json.dumps(tool.output_schema), name

        stop = document(await session.call_tool("layout_launch", {}), "process-stop", listed)
        logged = LOGGED_BROKEN.search(app_output.read_text())
        assert logged, app_output.read_text()
        # The engine breaks the width added last (768), as the app's own log says.
        assert (stop["state"], stop["stopReason"], stop["interrupted"]) == ("stopped", "conflict", False), stop
        assert stop["conflict"]["number"] == 1 and stop["conflict"]["owner"] == "yours", stop
        assert stop["conflict"]["brokenConstraint"]["address"] == logged.group(1), stop
        assert stop["text"].startswith("stopped at conflict #1 (yours): the engine breaks " + logged.group(1)), stop

        # An agent reads the report's fields; the text lbreak printed only when it asks for it.
        last = document(await session.call_tool("layout_last_conflict", {}), "last-conflict", listed)
        assert "text" not in last, last
        report = last["report"]
        width = report["constraints"][report["brokenConstraint"]]
        assert width["address"] == logged.group(1) and width["isBroken"] is True, width
        assert (width["firstAttribute"], width["constant"]) == ("width", 768), width
        assert [suggestion["rank"] for suggestion in report["suggestions"]][:1] == [1], report["suggestions"]
        with_text = document(await session.call_tool("layout_last_conflict", {"text": True}), "last-conflict", listed)
        assert with_text["report"] == report
        # lbreak printed the same report to LLDB's output, which the agent never reads.
        assert with_text["text"].strip("\n") in log.read_text()

        fixed = document(await session.call_tool("layout_fix", {"suggestion": 1}), "fix-outcome", listed)
        assert fixed["resolved"] is True and "No conflict remains." in fixed["text"], fixed["text"]
        assert fixed["steps"][0]["constraint"]["address"] == logged.group(1)
        assert fixed["steps"][0]["action"] == "applied"

        undone = document(await session.call_tool("layout_undo", {}), "fix-outcome", listed)
        assert undone["steps"][0]["action"] == "undone", undone["steps"]
        assert undone["steps"][0]["constraint"]["address"] == logged.group(1)
        assert undone["resolved"] is False, undone["text"]

        bad = error_line(await session.call_tool("layout_report", {"view": "0x1"}))
        assert bad == "error: lreport: 0x1 is not a UIView or a constraint", bad
        typo = error_line(await session.call_tool("layout_fix", {"suggestion": "first"}))
        assert typo == 'error: suggestion must be an integer, not "first"', typo

        # The conflict's view alone, its frame only: the 768-wide view in a 50-wide cell.
        view = width["firstItem"]
        alone = document(await session.call_tool("layout_report", {"view": view, "depth": 0, "fields": ["frame"]}),
                         "descent-report", listed)
        assert [entry["depth"] for entry in alone["views"]] == [0], alone["views"]
        assert alone["views"][0] == {"address": view, "className": "UIView", "depth": 0, "frame": [0, 0, 50, 44]}, alone

        # The cell's required width cannot hold in the 50-wide cell: lint names the same view.
        linted = document(await session.call_tool("layout_lint", {}), "lint", listed)
        assert view in [finding["view"] for finding in linted["findings"]], linted["findings"]

        again = document(await session.call_tool("layout_fix", {"suggestion": 1}), "fix-outcome", listed)
        assert again["resolved"] is True, again["text"]
        ended = document(await session.call_tool("layout_continue", {}), "process-stop", listed)
        assert (ended["state"], ended["exitStatus"], ended["conflict"], ended["conflicts"]) == ("exited", 0, None, 1), ended
        tally = document(await session.call_tool("layout_conflicts", {}), "conflict-tally", listed)
        assert tally["total"] == 1 and tally["last"]["brokenConstraint"]["address"] == logged.group(1), tally

    run_agent(tmp_path, ["--log", str(log), "--app-output", str(app_output), "--", demo, "cell-width-conflict"], agent)
    assert "Traceback" not in log.read_text(), log.read_text()


def test_a_command_that_times_out_is_interrupted_and_the_next_call_answers(tmp_path):
    log = tmp_path / "lldb-output.txt"

    async def agent(session):
        await session.initialize()
        listed = {tool.name: tool for tool in (await session.list_tools()).tools}
        # An app that never meets a conflict: its own timeout stops it, and says so.
        stop = document(await session.call_tool("layout_launch", {"program": "/bin/sleep", "arguments": ["600"],
                                                                  "timeout": 2}), "process-stop", listed)
        assert (stop["state"], stop["interrupted"], stop["stopDescription"]) == ("stopped", True, "signal SIGSTOP"), stop
        assert stop["text"].startswith("interrupted: its time ran out before a conflict"), stop

        async def command(line):
            with anyio.fail_after(30):
                return await session.call_tool("lldb_command", {"debugger_id": 1, "arguments": line})
        # LLDB's own tool, past the bridge's --timeout of 3 s: interrupted, one line.
        for line in ("continue", "script while True: pass"):
            timed_out = error_line(await command(line))
            assert timed_out.startswith("error: `%s` timed out after 3 s and was interrupted" % line), timed_out
            # ... and the next call answers at once.
            status = await command("process status")
            assert not status.is_error and "stop reason = signal SIGSTOP" in status.content[0].text, status.content
        # Nothing asks for a confirmation (llvm/llvm-project#169703): both answered before auto-confirm.
        deleted = await command("breakpoint delete")
        assert not deleted.is_error and "All breakpoints removed" in deleted.content[0].text, deleted.content
        relaunched = error_line(await command("run"))
        assert relaunched.startswith("error: `run` timed out after 3 s and was interrupted; the app is stopped"), relaunched
        tally = document(await session.call_tool("layout_conflicts", {}), "conflict-tally", listed)
        assert tally["total"] == 0
        # A pasted log needs no app: one report per conflict, each with its owner.
        log_text = open(os.path.join(ROOT, "Tests", "Fixtures", "corpus", "logs", "001.txt")).read()
        explained = document(await session.call_tool("layout_explain", {"log": log_text}), "explain", listed)
        assert explained["reports"] and all("owner" in report for report in explained["reports"]), explained
        nothing = error_line(await session.call_tool("layout_explain", {"log": "hello"}))
        assert "no Auto Layout conflict found" in nothing, nothing

    run_agent(tmp_path, ["--timeout", "3", "--log", str(log)], agent)
    # LLDB's output has the script's KeyboardInterrupt, and nothing from the bridge itself.
    assert "lldb_mcp:" not in log.read_text(), log.read_text()

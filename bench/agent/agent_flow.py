"""bench/agent: the bytes an agent reads through the MCP bridge (see run.sh)."""

import json
import os
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD = os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "release")
SCENARIO = "cell-width-conflict"

TYPED = [("layout_launch", {}), ("layout_last_conflict", {}), ("layout_fix", {"suggestion": 1}),
         ("layout_continue", {})]
COMMANDS = ["lbreak", "run", "lconflicts --last --json", "lfix --suggestion 1 --json", "continue"]


def environment():
    """The bridge's environment: the build's library and layout-explain; the toolchain's own
    LLDB Python and lldb-server (the bridge finds them)."""
    found = dict(os.environ)
    for name in ("PYTHONPATH", "PYTHONHOME", "LLDB_DEBUGSERVER_PATH"):
        found.pop(name, None)
    found["LAYOUT_DEBUG_LIBRARY"] = os.path.join(BUILD, "libLayoutDebugSupport.so")
    found["LAYOUT_DEBUG_EXPLAIN"] = os.path.join(BUILD, "layout-explain")
    return found


def text_of(result):
    """The text a client gives the model."""
    return "".join(item.text for item in result.content if getattr(item, "text", None) is not None)


async def flow(steps, typed, scratch):
    """Runs the steps on a fresh bridge; [(label, bytes)], and tools/list's bytes."""
    parameters = StdioServerParameters(
        command=sys.executable, env=environment(), cwd=scratch,
        args=[os.path.join(ROOT, "scripts", "lldb_mcp.py"), "--stdio", "--log", os.path.join(scratch, "lldb.txt"),
              "--app-output", os.path.join(scratch, "app.txt"), "--", os.path.join(BUILD, "layout-demo"), SCENARIO])
    read_bytes = []
    with open(os.path.join(scratch, "bridge-stderr.txt"), "w") as errors:
        async with stdio_client(parameters, errlog=errors) as (read, write):
            async with ClientSession(read, write, read_timeout_seconds=300) as session:
                await session.initialize()
                tools = (await session.list_tools()).tools
                listed = [tool.model_dump(by_alias=True, exclude_none=True) for tool in tools]
                without = [{key: value for key, value in tool.items() if key != "outputSchema"} for tool in listed]
                sizes = (len(json.dumps(without, separators=(",", ":"))), len(json.dumps(listed, separators=(",", ":"))))
                for step in steps:
                    if typed:
                        result = await session.call_tool(step[0], step[1])
                        label = step[0] + (" " + json.dumps(step[1]) if step[1] else "")
                    else:
                        result = await session.call_tool("lldb_command", {"debugger_id": 1, "arguments": step})
                        label = "lldb_command " + step
                    if result.is_error:
                        raise SystemExit("error: bench/agent: %s failed: %s" % (label, text_of(result)))
                    read_bytes.append((label, len(text_of(result).encode("utf-8"))))
    return read_bytes, sizes


def main():
    scratch = os.path.join(ROOT, ".build-agent-bench")
    os.makedirs(scratch, exist_ok=True)
    typed, (list_small, list_whole) = anyio.run(flow, TYPED, True, scratch)
    commands, _ = anyio.run(flow, COMMANDS, False, scratch)
    print("scenario: layout-demo %s (%s)" % (SCENARIO, BUILD))
    print("tools/list: %d bytes, %d with outputSchemas" % (list_small, list_whole))
    for name, steps in (("typed tools", typed), ("lldb_command", commands)):
        print("%s:" % name)
        for label, size in steps:
            print("  %6d  %s" % (size, label))
        print("  %6d  in all" % sum(size for _, size in steps))
    ours, anchor = sum(size for _, size in typed), sum(size for _, size in commands)
    print("typed_bytes=%d lldb_command_bytes=%d goal_bytes=10240" % (ours, anchor))
    print("ratio=%.3f" % (ours / anchor))


if __name__ == "__main__":
    main()

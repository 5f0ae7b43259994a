"""The bridge's typed MCP tools: each one's name, one-line description, input schema, the
LLDB commands it runs and the document it answers with (its outputSchema from docs/schema).

A tool is a thin layer over our commands (`lbreak`, `lconflicts`, `lreport`, `lfix`, `llint`,
`lexplain`): it spells the command line from its arguments, runs it through the session
(mcp_debugger.DebuggerSession, or a fake in the unit tests), and gives the command's --json
document back, as the command printed it. Only layout_launch and layout_continue build a
document of their own (process-stop), from the process's state and `lconflicts --json`.
"""

import json
import os
import shlex
import shutil
import tempfile

import mcp_schemas
from mcp_relay import ToolError

# Seconds a tool that runs the app may be given (an hour).
LONGEST_TIMEOUT = 3600


def quoted(word):
    """One argument for LLDB's own commands (double quotes; backslash and quote escaped)."""
    return '"%s"' % word.replace("\\", "\\\\").replace('"', '\\"')


def dumps(document):
    """A document as one line of JSON, as the commands print it."""
    return json.dumps(document, separators=(",", ":"), ensure_ascii=False)


# What layout_report keeps of each view whatever `fields` asks: what names it and where it is.
VIEW_NAMING = ("address", "className", "depth")


def view_fields():
    """The fields of a view in a report (common.json's view, less those always kept)."""
    properties = mcp_schemas.load("common")["$defs"]["view"]["properties"]
    return [name for name in properties if name not in VIEW_NAMING]


# MARK: - Arguments

TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "array": (list,),
         "object": (dict,)}


def type_problem(name, value, schema):
    """Why `value` is not of the schema's type, or None."""
    expected = schema.get("type")
    if expected is None:
        return None
    if isinstance(value, bool) and expected in ("integer", "number"):
        return "%s must be a%s %s, not %s" % (name, "n" if expected == "integer" else "", expected, json.dumps(value))
    if not isinstance(value, TYPES[expected]):
        return "%s must be %s %s, not %s" % (name, "an" if expected[0] in "aeiou" else "a", expected, json.dumps(value))
    return None


def value_problem(name, value, schema):
    """Why `value` does not fit `schema` (type, enum, minimum, maximum, items), or None."""
    problem = type_problem(name, value, schema)
    if problem:
        return problem
    if "enum" in schema and value not in schema["enum"]:
        return "%s must be one of %s, not %s" % (name, ", ".join(schema["enum"]), json.dumps(value))
    if "minimum" in schema and value < schema["minimum"]:
        return "%s must be at least %g, not %g" % (name, schema["minimum"], value)
    if "exclusiveMinimum" in schema and value <= schema["exclusiveMinimum"]:
        return "%s must be more than %g, not %g" % (name, schema["exclusiveMinimum"], value)
    if "maximum" in schema and value > schema["maximum"]:
        return "%s must be at most %g, not %g" % (name, schema["maximum"], value)
    if "items" in schema:
        for index, item in enumerate(value):
            problem = value_problem("%s[%d]" % (name, index), item, schema["items"])
            if problem:
                return problem
    return None


def argument_problem(schema, arguments):
    """Why `arguments` do not fit a tool's input schema, in one line, or None."""
    if not isinstance(arguments, dict):
        return "arguments must be an object"
    properties = schema.get("properties", {})
    unknown = sorted(set(arguments) - set(properties))
    if unknown:
        return "unknown argument%s %s (known: %s)" % ("s" if len(unknown) > 1 else "", ", ".join(unknown),
                                                      ", ".join(properties) or "none")
    missing = [name for name in schema.get("required", []) if name not in arguments]
    if missing:
        return "missing argument %s" % ", ".join(missing)
    for name, value in arguments.items():
        problem = value_problem(name, value, properties[name])
        if problem:
            return problem
    return None


# MARK: - The tools

class Tool(object):
    """One tool: `run(tools, arguments, job)` gives its document of kind `kind`."""

    def __init__(self, name, description, properties, run, kind, required=(), runs_app=False):
        self.name = name
        self.description = description
        self.input_schema = {"type": "object", "properties": properties, "additionalProperties": False}
        if required:
            self.input_schema["required"] = list(required)
        self.run = run
        self.kind = kind
        self.runs_app = runs_app

    def output_schema(self):
        """The outputSchema: docs/schema/<kind>.json, made whole."""
        return mcp_schemas.output_schema(self.kind)


TIMEOUT = {"type": "number", "exclusiveMinimum": 0, "maximum": LONGEST_TIMEOUT,
           "description": "seconds to let the app run before the bridge stops it (default: the bridge's --timeout)"}
VIEW = {"type": "string", "description": "a view: its address (0x7fc82aba1210, as reports print it) or an "
        "expression in the stopped frame's language (self.view)"}


def launch(tools, arguments, job):
    """layout_launch: target, lbreak, then launch (or attach and continue)."""
    session = tools.session
    if "pid" not in arguments:
        if "program" in arguments:
            session.command("target create " + quoted(arguments["program"]))
        elif not session.has_target():
            raise ToolError("no program: give program, or start the bridge with -- PROGRAM")
        if "arguments" in arguments:
            words = " ".join(quoted(word) for word in arguments["arguments"])
            session.command("settings set target.run-args " + words if words else "settings clear target.run-args")
    session.command("lbreak --mine" if arguments.get("mine") else "lbreak")
    if "pid" in arguments:
        session.command("process attach --pid %d" % arguments["pid"])
        return run_app(tools, job, "process continue")
    return run_app(tools, job, "process launch")


def run_app(tools, job, line):
    """Runs `line` (the app runs until it stops), then the process-stop document."""
    succeeded, output, error = tools.session.run(line)
    job.returned()
    state = tools.session.process_state()
    if not succeeded and not job.interrupted and state["state"] != "stopped":
        raise ToolError(error or output or "`%s` failed" % line)
    tally = tools.session.document("lconflicts --json")
    return stop_document(state, tally, job.interrupted)


def stop_document(state, tally, interrupted):
    """The process-stop document of a process state and the session's conflict tally."""
    at_conflict = state.get("stopReason") == "conflict"
    conflict = tally.get("last") if at_conflict else None
    document = {"schema": tally["schema"], "kind": "process-stop", "text": stop_text(state, conflict, interrupted)}
    document.update(state)
    document.update({"interrupted": interrupted, "conflict": conflict, "conflicts": tally["total"]})
    return document


def stop_text(state, conflict, interrupted):
    """The one line of a process-stop document."""
    if conflict is not None:
        broken = (conflict.get("brokenConstraint") or {}).get("line") or "a constraint"
        return "stopped at conflict #%d (%s): the engine breaks %s" % (conflict["number"], conflict.get("owner"), broken)
    if state["state"] == "exited":
        return "exited with status %d" % state["exitStatus"]
    if state["state"] == "stopped":
        why = "interrupted: its time ran out before a conflict; layout_continue goes on" if interrupted else "stopped"
        return "%s (%s)" % (why, state.get("stopDescription") or "no stop reason")
    return "the process is %s" % state["state"]


def continue_app(tools, arguments, job):
    """layout_continue."""
    return run_app(tools, job, "process continue")


def conflicts(tools, arguments, job):
    """layout_conflicts."""
    return tools.session.document("lconflicts --json")


def last_conflict(tools, arguments, job):
    """layout_last_conflict: the report's fields, and its text when asked for."""
    return tools.session.document("lconflicts --last --json" + ("" if arguments.get("text") else " --no-text"))


def report(tools, arguments, job):
    """layout_report: lreport, then the depth and the fields asked for."""
    depth = arguments.get("depth")
    words = ["lreport", shlex.quote(arguments["view"])]
    if depth == 0:
        words.append("--no-descend")
    if arguments.get("all"):
        words.append("--all")
    document = tools.session.document(" ".join(words + ["--json"]))
    if document.get("kind") != "descent-report":
        raise ToolError("%s is not a view (lreport gave a %s): layout_report takes a view"
                        % (arguments["view"], document.get("kind")))
    if depth is not None:
        document["views"] = [view for view in document["views"] if view["depth"] <= depth]
    if "fields" in arguments:
        keep = set(arguments["fields"]) | set(VIEW_NAMING)
        document["views"] = [{key: value for key, value in view.items() if key in keep} for view in document["views"]]
    return document


def fix(tools, arguments, job):
    """layout_fix: one lfix line from the arguments; lfix says what does not go together."""
    words = ["lfix"]
    for name in ("constraint", "view"):
        if name in arguments:
            words.append(shlex.quote(arguments[name]))
    if "suggestion" in arguments:
        words += ["--suggestion", str(arguments["suggestion"])]
    for name in ("priority", "constant"):
        if name in arguments:
            words += ["--" + name, repr(arguments[name])]
    for name in ("deactivate", "activate", "no_autoresizing"):
        if arguments.get(name):
            words.append("--" + name.replace("_", "-"))
    if len(words) == 1:
        raise ToolError("nothing to do: give suggestion, or a constraint with priority, constant, deactivate or "
                        "activate, or a view with no_autoresizing")
    return tools.session.document(" ".join(words + ["--json"]))


def undo(tools, arguments, job):
    """layout_undo."""
    return tools.session.document("lfix --undo-all --json" if arguments.get("all") else "lfix --undo --json")


def lint(tools, arguments, job):
    """layout_lint."""
    words = ["llint"] + ([shlex.quote(arguments["view"])] if "view" in arguments else [])
    if arguments.get("stress"):
        words.append("--stress")
    return tools.session.document(" ".join(words + ["--json"]))


def explain(tools, arguments, job):
    """layout_explain: the log into a file only this user can read, then lexplain FILE --json."""
    folder = tempfile.mkdtemp(prefix="lldb-mcp-explain-")
    try:
        path = os.path.join(folder, "console.log")
        with open(path, "w") as handle:
            handle.write(arguments["log"])
        words = ["lexplain", shlex.quote(path), "--json"]
        if "app_module" in arguments:
            words += ["--app-module", shlex.quote(arguments["app_module"])]
        return tools.session.document(" ".join(words))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def tool_table():
    """Every tool, in the order tools/list gives them."""
    return [
        Tool("layout_launch", "Launch the app (or attach to a pid) with lbreak armed and run it until it stops at "
             "an Auto Layout conflict, exits, or its time runs out.",
             {"program": {"type": "string", "description": "the executable (default: the one the bridge was "
                          "started with)"},
              "arguments": {"type": "array", "items": {"type": "string"}, "description": "the app's arguments"},
              "pid": {"type": "integer", "minimum": 1, "description": "attach to this running process instead"},
              "mine": {"type": "boolean", "description": "stop only for the app's own conflicts, not UIKit's "
                       "or a reused cell's (those are counted)"},
              "timeout": TIMEOUT}, launch, "process-stop", runs_app=True),
        Tool("layout_continue", "Continue the stopped app until its next Auto Layout conflict, its exit, or its "
             "time runs out.", {"timeout": TIMEOUT}, continue_app, "process-stop", runs_app=True),
        Tool("layout_last_conflict", "The conflict the app is stopped at (or the last one seen): its constraints, "
             "why they cannot all hold, and the suggested fixes, ranked for layout_fix.",
             {"text": {"type": "boolean", "description": "also the report as lbreak prints it (the fields say the "
                       "same)"}}, last_conflict, "last-conflict"),
        Tool("layout_conflicts", "Every Auto Layout conflict seen in this session, counted by signature and owner "
             "(yours, system, transient).", {}, conflicts, "conflict-tally"),
        Tool("layout_report", "A view's layout report: frame, constraints (each with its address and whether it "
             "holds), ambiguity, hugging and resistance, for it and its subviews.",
             {"view": VIEW,
              "depth": {"type": "integer", "minimum": 0, "description": "levels of subviews (0: the view alone; "
                        "default: all)"},
              "fields": {"type": "array", "items": {"enum": view_fields()},
                         "description": "the fields of each view to keep (its address, class and depth always); "
                         "default: all"},
              "all": {"type": "boolean", "description": "also open the views lreport skips (UIKit's own)"}},
             report, "descent-report", required=("view",)),
        Tool("layout_fix", "Try a fix in the stopped app (a suggestion of the last conflict by its rank, or a "
             "change on a constraint) and see whether a conflict remains and what moved.",
             {"suggestion": {"type": "integer", "minimum": 1, "description": "apply suggestion N of the last "
                             "conflict (its rank)"},
              "constraint": {"type": "string", "description": "the constraint to change: its address, or #N for "
                             "constraint N of the last conflict"},
              "priority": {"type": "number", "minimum": 1, "maximum": 1000},
              "constant": {"type": "number"},
              "deactivate": {"type": "boolean"},
              "activate": {"type": "boolean"},
              "view": dict(VIEW, description="the view whose translatesAutoresizingMaskIntoConstraints "
                           "no_autoresizing turns off"),
              "no_autoresizing": {"type": "boolean"}}, fix, "fix-outcome"),
        Tool("layout_undo", "Undo the newest change layout_fix made at this stop (every one with all).",
             {"all": {"type": "boolean"}}, undo, "fix-outcome"),
        Tool("layout_lint", "Layout traps in a view's tree that break later (ambiguity, offset for inset, "
             "redundant constraints...), each with its fix.",
             {"view": dict(VIEW, description="default: the key window; " + VIEW["description"]),
              "stress": {"type": "boolean", "description": "also solve a copy with text twice as wide and right "
                         "to left"}}, lint, "lint"),
        Tool("layout_explain", "Explain Auto Layout conflicts in a pasted console log (no app needed): why the "
             "constraints cannot all hold, and what to change.",
             {"log": {"type": "string", "description": "the console text, from \"Unable to simultaneously "
                      "satisfy constraints\" on"},
              "app_module": {"type": "string", "description": "the app's module, dropped from class names"}},
             explain, "explain", required=("log",)),
    ]


class Tools(object):
    """The tools the relay serves (mcp_relay.Relay's `tools`)."""

    def __init__(self, session):
        self.session = session
        self.table = {tool.name: tool for tool in tool_table()}
        self.names = set(self.table)
        self.schemas = {}

    def definitions(self, structured):
        """The tools as tools/list gives them; with an outputSchema from 2025-06-18 on."""
        definitions = []
        for tool in self.table.values():
            definition = {"name": tool.name, "description": tool.description, "inputSchema": tool.input_schema}
            if structured:
                if tool.name not in self.schemas:
                    self.schemas[tool.name] = tool.output_schema()
                definition["outputSchema"] = self.schemas[tool.name]
            definitions.append(definition)
        return definitions

    def check(self, name, arguments):
        """Why the arguments do not fit the tool's input schema, or None."""
        return argument_problem(self.table[name].input_schema, arguments)

    def timeout(self, name, arguments, default):
        """The seconds a call may take."""
        return arguments.get("timeout", default) if self.table[name].runs_app else default

    def answers_interrupted(self, name):
        """Whether an interrupted call still answers with its document (the app stopped)."""
        return self.table[name].runs_app

    def call(self, name, arguments, job):
        """The tool's document (on the gate's job thread)."""
        return self.table[name].run(self, arguments, job)

    def result(self, name, document, structured):
        """A tools/call result: the document as text, and as structuredContent when negotiated."""
        result = {"content": [{"type": "text", "text": dumps(document)}], "isError": False}
        if structured:
            result["structuredContent"] = document
        return result

    def state_after_interrupt(self):
        """A few words on the app once an interrupted command has returned."""
        return self.session.state_after_interrupt()

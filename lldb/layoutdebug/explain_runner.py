"""lexplain's work outside LLDB: finding layout-explain, reading a pasted log from the
debugger's input, and running the tool on it."""

import os
import subprocess
import sys

from .constants import EXPLAIN_ENV, EXPLAIN_TOOL
from .errors import LayoutDebugError
from .expression_errors import first_line, strip_error_prefix
from .library_search import explain_candidates, script_directory
from .pasted_input import read_until_blank, unbuffered_readline
from .session import write_output

# layout-explain reads a whole log at once; a minute means it is stuck.
EXPLAIN_TIMEOUT_SECONDS = 60


def explain_arguments(summary, as_json, app_modules=()):
    """layout-explain's options for lexplain's --summary, --json and --app-module."""
    arguments = []
    if summary:
        arguments.append("--summary")
    if as_json:
        arguments.append("--json")
    for module in app_modules or ():
        arguments += ["--app-module", module]
    return arguments


def find_explain_tool():
    """The first executable layout-explain among the candidates, or a LayoutDebugError."""
    candidates = explain_candidates(os.environ, script_directory(), os.path.expanduser("~"))
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise LayoutDebugError("could not find %s (set $%s to its path)" % (EXPLAIN_TOOL, EXPLAIN_ENV))


def read_pasted_log(debugger):
    """The log pasted into the debugger's input, up to its ending empty line(s); a prompt
    first when the input is a terminal."""
    handle = debugger.GetInputFileHandle() if debugger is not None else None
    if handle is None:
        handle = sys.stdin
    try:
        interactive = handle.isatty()
    except Exception:  # noqa: BLE001
        interactive = False
    if interactive:
        write_output(debugger, "Paste the console log, then an empty line:")
    return read_until_blank(unbuffered_readline(handle))


def run_explain(tool, arguments, stdin_text):
    """layout-explain's output; its first error line as a LayoutDebugError when it fails."""
    try:
        completed = subprocess.run([tool] + arguments, input=stdin_text, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, universal_newlines=True,
                                   timeout=EXPLAIN_TIMEOUT_SECONDS)
    except OSError as error:
        raise LayoutDebugError("could not run %s: %s" % (tool, error))
    except subprocess.TimeoutExpired:
        raise LayoutDebugError("%s did not finish in %d s" % (tool, EXPLAIN_TIMEOUT_SECONDS))
    if completed.returncode != 0:
        message = first_line(completed.stderr) or first_line(completed.stdout) or \
            "exit status %d" % completed.returncode
        name = os.path.basename(tool)
        message = strip_error_prefix(message)
        # The tool names itself (`layout-explain: no conflict found`); "<name> failed:" already does.
        if message.startswith(name + ": "):
            message = message[len(name) + 2:]
        raise LayoutDebugError("%s failed: %s" % (name, message))
    return completed.stdout

"""The code behind lldb/layout_debug.py, the file users import into LLDB.

One module per concern, lowest layer first:

- no LLDB (they never import lldb; Tests/python runs them without it): constants,
  errors, arguments, object_arguments, c_expressions, buffers, settings,
  expression_errors, local_memory, platforms, library_search, loader_errors,
  conflict_sites, conflict_log, last_report (the last report kept whole, the tally as JSON),
  storm_log (the storm ring's drains counted), pasted_input, origin_text (reports' `made at` lines),
  json_documents (the one JSON: schema and kind, origins resolved in documents), report_thread (which thread a report's
  call runs on);
- LLDB plumbing, by domain: lldb_api (LLDB's module), session (per-debugger state and
  output), symbols, process_facts (what is known of each process run), local_read_policy
  (when /proc may be read), target_memory (reading a report buffer), origin_symbols
  (return addresses made `file:line`), helper_library
  (getting the library into the process), evaluation (a command's Context and its one
  call), object_pointers (the user's argument made an address), storm (lbreak --continue's
  in-process recorder: started, read, ended), storm_hooks (its breakpoint callbacks and stop
  hook), breakpoints (lbreak's
  breakpoints and callback), origin_launch (capture from the start of each launch),
  explain_runner (lexplain's layout-explain);
- commands/: one module per command, found by discovery.

The package's name is neither `layout_debug` (the script), `lldb` (LLDB's module)
nor LayoutDebugSupport (the Swift library).
"""

import os

# Each module comes after every module it imports: a re-import of layout_debug.py
# reloads them in this order, so each one binds the fresh names of those below it.
PURE_MODULES = (
    "constants", "errors", "arguments", "object_arguments", "c_expressions", "buffers",
    "settings", "expression_errors", "local_memory", "platforms", "library_search",
    "loader_errors", "conflict_sites", "conflict_log", "last_report", "storm_log", "pasted_input", "origin_text",
    "json_documents", "report_thread", "fix_requests", "picture_files",
)
LLDB_MODULES = (
    "lldb_api", "session", "symbols", "process_facts", "local_read_policy", "target_memory",
    "origin_symbols", "helper_library", "evaluation", "object_pointers", "storm", "storm_hooks", "breakpoints",
    "origin_launch", "explain_runner", "engine_exit",
)
COMMANDS_FOLDER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "commands")


def command_module_names():
    """The command modules of commands/, sorted: every .py file there but base and __init__."""
    return tuple(sorted(name[:-3] for name in os.listdir(COMMANDS_FOLDER)
                        if name.endswith(".py") and not name.startswith("_") and name != "base.py"))


# The commands' shared base, each command, then the package that discovers them.
COMMAND_MODULES = ("commands.base",) + tuple("commands." + name for name in command_module_names()) + \
    ("commands",)
MODULES = PURE_MODULES + LLDB_MODULES + COMMAND_MODULES

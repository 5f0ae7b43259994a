"""The code behind lldb/layout_debug.py, the file users import into LLDB.

One module per concern, in three layers, each named below in reload order:

- PURE_MODULES: no LLDB (they never import lldb; Tests/python runs them without it);
- LLDB_MODULES: the LLDB plumbing, by domain (only lldb_api imports lldb);
- COMMAND_MODULES: commands/, one module per command, found by discovery.

lldb/README.md says what each module does; Tests/python/test_documents.py holds its table to
these lists, and test_package.py holds the lists to the files and the layers to the imports.

The package's name is neither `layout_debug` (the script), `lldb` (LLDB's module)
nor LayoutDebugSupport (the Swift library).
"""

import os

# Each module comes after every module it imports: a re-import of layout_debug.py
# reloads them in this order, so each one binds the fresh names of those below it.
PURE_MODULES = (
    "constants", "errors", "arguments", "object_arguments", "c_expressions", "buffers",
    "expression_timeout", "expression_errors", "local_memory", "platforms", "library_search",
    "loader_errors", "conflict_sites", "conflict_log", "pasted_input", "origin_text", "json_documents",
    "last_report", "storm_log", "report_thread", "fix_requests", "picture_files", "loop_text",
)
LLDB_MODULES = (
    "lldb_api", "session", "symbols", "process_facts", "local_read_policy", "target_memory",
    "origin_symbols", "helper_library", "evaluation", "object_pointers", "storm", "storm_hooks", "breakpoints",
    "origin_launch", "explain_runner", "engine_exit", "loop_launch",
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

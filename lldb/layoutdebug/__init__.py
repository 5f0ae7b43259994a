"""The code behind lldb/layout_debug.py, the file users import into LLDB.

One module per concern, lowest layer first:

- no LLDB (they never import lldb; Tests/python runs them without it): constants,
  errors, arguments, object_arguments, c_expressions, buffers, settings,
  expression_errors, local_memory, platforms, library_search, loader_errors,
  conflict_sites, conflict_log, pasted_input;
- LLDB plumbing: plumbing (the session's state, expressions, buffer reads, the
  helper library) and breakpoints (lbreak's breakpoints and their callback);
- commands: one small class per command.

The package's name is neither `layout_debug` (the script), `lldb` (LLDB's module)
nor LayoutDebugSupport (the Swift library).
"""

# Each module comes after every module it imports: a re-import of layout_debug.py
# reloads them in this order, so each one binds the fresh names of those below it.
PURE_MODULES = (
    "constants", "errors", "arguments", "object_arguments", "c_expressions", "buffers",
    "settings", "expression_errors", "local_memory", "platforms", "library_search",
    "loader_errors", "conflict_sites", "conflict_log", "pasted_input",
)
LLDB_MODULES = ("plumbing", "breakpoints", "commands")
MODULES = PURE_MODULES + LLDB_MODULES

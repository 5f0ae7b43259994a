"""LayoutDebug: Auto Layout debugging commands for LLDB.

Load it from ~/.lldbinit:

    command script import ~/.lldb/layout-debug/layout_debug.py

Commands: lbreak, lconflicts, lreport, lconstraints, ltrace, lname, lexplain,
lload, lsettings. Type `help <command>` for each one.

Every report comes from ONE expression that calls a C entry point (`lds_*`) of
the injected LayoutDebugSupport library. Those expressions are always
evaluated as C, so they work the same in Swift and Objective-C frames. Only
the user's own argument (`self.view`) is evaluated in the frame's language,
and only to get a pointer.

The source stays Python 3.9 compatible (Xcode's LLDB): no `match`, no
`X | Y` type unions, no 3.10+ library calls.
"""

import importlib
import os
import sys

# `command script import` runs this file from the repository or from an install
# prefix: the package beside it is the one to import.
_HERE = os.path.dirname(os.path.abspath(__file__))
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

PACKAGE = "layoutdebug"


def load_package():
    """Imports the package beside this file, or reloads it if it is already imported.

    LLDB reloads this file on a second `command script import`. Reloading the
    package's modules too, lowest layer first, makes edited code take effect as
    it did when all of it was in this file; a reload keeps a module's globals, so
    the state in layoutdebug.plumbing (_SESSIONS) survives it.
    """
    loaded = sys.modules.get(PACKAGE)
    if loaded is not None and \
            os.path.dirname(os.path.dirname(os.path.abspath(loaded.__file__))) != _HERE:
        # Another copy came first (the repository's, then an install prefix's). A reload
        # finds the package on sys.path, so this file's folder goes first and its copy
        # replaces the other one's code, keeping the state as any re-import does.
        sys.path.remove(_HERE)
        sys.path.insert(0, _HERE)
    package = importlib.reload(loaded) if loaded is not None else importlib.import_module(PACKAGE)
    for name in package.MODULES:
        module = sys.modules.get(PACKAGE + "." + name)
        if module is not None:
            importlib.reload(module)
        else:
            importlib.import_module(PACKAGE + "." + name)
    return package


load_package()

from layoutdebug import breakpoints  # noqa: E402  (after load_package: the fresh modules)
from layoutdebug.breakpoints import conflict_breakpoint_callback  # noqa: E402,F401
from layoutdebug.c_expressions import c_call, c_pointer  # noqa: E402,F401
from layoutdebug.commands import (  # noqa: E402,F401
    COMMANDS, BreakCommand, ConflictsCommand, ConstraintsCommand, ExplainCommand, LoadCommand,
    NameCommand, ReportCommand, SettingsCommand, TraceCommand,
)
from layoutdebug.constants import DEFAULT_TIMEOUT, LDS_NO_DESCEND  # noqa: E402,F401
from layoutdebug.local_memory import LocalMemory  # noqa: E402,F401
from layoutdebug.plumbing import (  # noqa: E402,F401
    code_symbol_address, expression_options, facts_for, local_memory_refusal, read_buffer,
    read_buffer_with_lldb,
)

# Above, the names reached as layout_debug.<name>: the commands (`command script
# add -c`), the lbreak callback (`breakpoint command add -F`) and the helpers
# bench/lldb/bench_lldb.py and Tests/lldb call. lbreak names its callback after
# this module, the one LLDB's script namespace holds.
breakpoints.SCRIPT_MODULE = __name__


def __lldb_init_module(debugger, internal_dict):
    for command in COMMANDS:
        debugger.HandleCommand("command script add -o -c %s.%s %s"
                               % (__name__, command.__name__, command.name))

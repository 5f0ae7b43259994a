"""LayoutDebug: Auto Layout debugging commands for LLDB.

Load it from ~/.lldbinit:

    command script import ~/.lldb/layout-debug/layout_debug.py

The commands are the modules of layoutdebug/commands/, one each, registered from there;
`help` lists them (all start with l) and `help <command>` explains each one.

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
    package's modules too, lowest layer first, makes edited code take effect, and
    imports a command module that is new; a reload keeps a module's globals, so the
    state in layoutdebug.session (_SESSIONS) survives it.
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
    commands = sys.modules.get(PACKAGE + ".commands")
    if commands is not None:
        # A subpackage keeps the folder it was first found in; a command module new to this
        # copy is only found in this copy's folder.
        commands.__path__ = [package.COMMANDS_FOLDER]
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
from layoutdebug.commands import COMMANDS  # noqa: E402
from layoutdebug.constants import DEFAULT_TIMEOUT, LDS_NO_DESCEND  # noqa: E402,F401
from layoutdebug.evaluation import expression_options  # noqa: E402,F401
from layoutdebug.local_memory import LocalMemory  # noqa: E402,F401
from layoutdebug.local_read_policy import local_memory_refusal  # noqa: E402,F401
from layoutdebug import origin_launch  # noqa: E402
from layoutdebug.origin_launch import origins_launch_callback  # noqa: E402,F401
from layoutdebug import loop_launch  # noqa: E402
from layoutdebug.loop_launch import loop_launch_callback, loop_throw_callback  # noqa: E402,F401
from layoutdebug.process_facts import facts_for  # noqa: E402,F401
from layoutdebug import storm  # noqa: E402
from layoutdebug.storm_hooks import StormStopHook, storm_launch_callback, storm_pending_callback  # noqa: E402,F401
from layoutdebug.symbols import code_symbol_address  # noqa: E402,F401
from layoutdebug.target_memory import read_buffer, read_buffer_with_lldb  # noqa: E402,F401

# `command script add -c layout_debug.<class>` finds each command here, by the name of
# its class (ReportCommand, ...), straight from the registry.
globals().update((command.__name__, command) for command in COMMANDS)

# Above, the other names reached as layout_debug.<name>: the lbreak, storm and lorigins
# callbacks (`breakpoint command add -F`), the storm's stop hook (`target stop-hook add -P`) and the helpers bench/lldb/bench_lldb.py and
# Tests/lldb call. lbreak names its callback after this module, the one LLDB's
# script namespace holds.
breakpoints.SCRIPT_MODULE = __name__
origin_launch.SCRIPT_MODULE = __name__
loop_launch.SCRIPT_MODULE = __name__
storm.SCRIPT_MODULE = __name__


def __lldb_init_module(debugger, internal_dict):
    """LLDB's hook after `command script import`: adds every command of the registry."""
    for command in COMMANDS:
        command.register(debugger, __name__)

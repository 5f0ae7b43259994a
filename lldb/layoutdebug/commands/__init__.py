"""The LLDB commands, one module each, found by discovery: nothing else names them.

Every module in this folder but `base` holds one Command subclass (lreport.py holds
ReportCommand, and so on). COMMANDS lists them in module-name order; layout_debug.py
registers each and exposes it as layout_debug.<class name>, and the tests take their list
of commands from here. A new command is one new module.
"""

import importlib

from .. import command_module_names
from .base import Command


def command_class(module):
    """The one Command subclass a command module defines; ImportError if it has none or several."""
    classes = [value for value in vars(module).values()
               if isinstance(value, type) and issubclass(value, Command) and value.__module__ == module.__name__]
    if len(classes) != 1:
        raise ImportError("%s must define one Command subclass, not %d" % (module.__name__, len(classes)))
    return classes[0]


def discover():
    """The command class of each module of this folder, in module-name order."""
    return tuple(command_class(importlib.import_module("%s.%s" % (__name__, name)))
                 for name in command_module_names())


COMMANDS = discover()

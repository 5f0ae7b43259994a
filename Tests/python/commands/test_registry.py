"""commands/__init__.py: the registry every command comes from, and the help each one has."""

import types

import pytest

from layoutdebug import command_module_names, commands
from layoutdebug.commands import COMMANDS, base


def test_every_command_has_short_and_long_help_with_examples():
    names = set()
    for command_class in COMMANDS:
        command = command_class(None, {})
        names.add(command.name)
        assert command.get_short_help().strip()
        assert "\n" not in command.get_short_help()
        long_help = command.get_long_help()
        assert long_help.startswith("usage: " + command.name)
        assert "examples:" in long_help
        for line in long_help.splitlines():
            assert len(line) <= 80, line
    assert {"lload", "lbreak", "lconflicts", "lreport", "lconstraints", "ltrace", "lname",
            "lexplain"} <= names


def test_each_command_module_is_named_after_its_command_and_holds_one_class():
    assert [command.name for command in COMMANDS] == list(command_module_names())
    for command in COMMANDS:
        assert command.__module__ == "layoutdebug.commands." + command.name
        assert command.__doc__ and command.run.__doc__, command


def test_a_module_with_no_command_class_or_two_is_refused():
    # Through the modules: test_layout_debug.py reloads them, making new classes.
    empty, two = types.ModuleType("layoutdebug.commands.lempty"), types.ModuleType("layoutdebug.commands.ltwo")
    for module, count in ((empty, 0), (two, 2)):
        for index in range(count):
            cls = type("C%d" % index, (base.Command,), {"name": "l%d" % index})
            cls.__module__ = module.__name__
            setattr(module, cls.__name__, cls)
        with pytest.raises(ImportError) as info:
            commands.command_class(module)
        assert "must define one Command subclass, not %d" % count in str(info.value)

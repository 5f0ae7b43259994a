"""commands/lsettings.py: the timeout and local-read settings, per debugger (no process needed)."""

import pytest

from layoutdebug import arguments, errors, session

from fakes import FakeDebugger
from layoutdebug.commands.lsettings import SettingsCommand


def test_lsettings_timeout_is_per_debugger():
    debugger = FakeDebugger(9003)
    try:
        command = SettingsCommand(None, {})
        assert command.run(debugger, arguments.parse_command(command.parser, "--timeout 12"), None) == "timeout: 12 s"
        assert session.session_for(debugger).timeout == 12.0
        with pytest.raises(errors.UsageError):
            command.run(debugger, arguments.parse_command(command.parser, "--timeout 0"), None)
    finally:
        session._SESSIONS.pop(9003, None)


def test_lsettings_local_read_is_per_debugger_and_shown_with_every_setting():
    debugger, other = FakeDebugger(9004), FakeDebugger(9005)
    try:
        command = SettingsCommand(None, {})
        assert session.session_for(debugger).local_read is True
        assert command.run(debugger, arguments.parse_command(command.parser, "--local-read off"), None) == \
            "timeout: 5 s\nlocal read: off (reports are read through LLDB)"
        assert session.session_for(debugger).local_read is False
        assert session.session_for(other).local_read is True
        shown = command.run(other, arguments.parse_command(command.parser, ""), None).splitlines()
        assert shown[0] == "timeout: 5 s" and shown[1].startswith("local read: on (")
        with pytest.raises(errors.UsageError):
            command.run(debugger, arguments.parse_command(command.parser, "--local-read maybe"), None)
        assert "--local-read" in command.get_long_help() and "/proc/<pid>/mem" in command.get_long_help()
    finally:
        session._SESSIONS.pop(9004, None)
        session._SESSIONS.pop(9005, None)

"""commands/lconflicts.py: the summary and --clear, per debugger (no process needed)."""

from layoutdebug import arguments, session

from fakes import FakeDebugger
from layoutdebug.commands.lconflicts import ConflictsCommand


def test_lconflicts_lists_and_clears_this_debugger_s_conflicts_only():
    mine, other = FakeDebugger(9001), FakeDebugger(9002)
    try:
        session.session_for(mine).conflicts.record("S", "VC", when=0)
        session.session_for(mine).conflicts.record("S", "VC", when=1)
        command = ConflictsCommand(None, {})
        assert command.run(mine, arguments.parse_command(command.parser, ""), None).startswith(
            "2 conflicts, 1 distinct signature:")
        assert "No Auto Layout conflicts" in command.run(other, arguments.parse_command(command.parser, ""), None)
        session.session_for(mine).conflicts.record("K", None, when=2, owner="system")
        listed = command.run(mine, arguments.parse_command(command.parser, ""), None)
        assert "  K" not in listed and "not listed: 1 system" in listed, listed
        assert listed.splitlines()[-2].endswith("vc VC  S"), listed
        every = command.run(mine, arguments.parse_command(command.parser, "--all"), None)
        last = every.splitlines()[-1]
        assert last.startswith("    1x  system     first ") and last.endswith("  vc -  K"), every
        assert command.run(mine, arguments.parse_command(command.parser, "--clear"), None) == \
            "Cleared 3 recorded conflicts."
        assert session.session_for(mine).conflicts.total == 0
    finally:
        session._SESSIONS.pop(9001, None)
        session._SESSIONS.pop(9002, None)

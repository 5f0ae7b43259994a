"""commands/lbreak.py: lbreak's options."""

from layoutdebug import arguments
from layoutdebug.commands.lbreak import BreakCommand

from fakes import parser_for


def test_break_options():
    args = arguments.parse_command(parser_for(BreakCommand), "--continue -q")
    assert args.continue_ and args.quiet and not args.delete


def test_break_mine_option():
    args = arguments.parse_command(parser_for(BreakCommand), "--mine")
    assert args.mine and not args.continue_

"""layoutdebug.arguments: command lines parsed like a shell, errors raised, never an exit."""

import pytest

from layoutdebug import arguments, errors
from layoutdebug.commands.lconflicts import ConflictsCommand
from layoutdebug.commands.lname import NameCommand
from layoutdebug.commands.lreport import ReportCommand
from layoutdebug.commands.ltrace import TraceCommand

from fakes import parser_for


def test_report_parses_options_after_the_object():
    args = arguments.parse_command(parser_for(ReportCommand), "self.view --no-descend --json")
    assert args.object == ["self.view"]
    assert args.no_descend and args.json and not args.all


def test_report_joins_an_expression_with_spaces():
    args = arguments.parse_command(parser_for(ReportCommand), "--all [self view]")
    assert arguments.join_words(args.object) == "[self view]"
    assert args.all


def test_report_without_object_is_a_usage_error():
    with pytest.raises(errors.UsageError):
        arguments.parse_command(parser_for(ReportCommand), "")


@pytest.mark.parametrize("command_class, line", [
    (ReportCommand, "0x7fc82aba1210"),
    (ReportCommand, "self.view"),
    (ReportCommand, "a b c"),
    (NameCommand, "0x10 Header"),
    (TraceCommand, ""),
    (ConflictsCommand, ""),
])
def test_a_line_without_options_parses_as_parse_intermixed_args_does(command_class, line):
    parser = parser_for(command_class)
    assert arguments.parse_command(parser, line) == parser.parse_intermixed_args(arguments.split_command(line))


def test_a_line_without_options_gives_the_same_usage_errors():
    for command_class, line in ((ReportCommand, ""), (NameCommand, "0x10"), (NameCommand, "a b c")):
        parser = parser_for(command_class)
        with pytest.raises(errors.UsageError) as plain:
            arguments.parse_command(parser, line)
        with pytest.raises(errors.UsageError) as intermixed:
            parser.parse_intermixed_args(arguments.split_command(line))
        assert str(plain.value) == str(intermixed.value)


def test_unknown_option_is_a_usage_error_not_an_exit():
    with pytest.raises(errors.UsageError) as info:
        arguments.parse_command(parser_for(ReportCommand), "0x1 --bogus")
    assert "--bogus" in str(info.value)


def test_unterminated_quote_is_a_usage_error():
    with pytest.raises(errors.UsageError) as info:
        arguments.parse_command(parser_for(ReportCommand), "'self.view")
    assert "unterminated quote" in str(info.value)


def test_help_option_returns_help_text():
    with pytest.raises(errors.HelpRequested) as info:
        arguments.parse_command(parser_for(ReportCommand), "--help")
    assert "usage: lreport" in str(info.value)

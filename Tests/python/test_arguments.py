"""layoutdebug.arguments: command lines parsed like a shell, errors raised, never an exit."""

import argparse

import pytest

from layoutdebug import arguments, errors
from layoutdebug.commands import COMMANDS
from layoutdebug.commands.lconflicts import ConflictsCommand
from layoutdebug.commands.lname import NameCommand
from layoutdebug.commands.lreport import ReportCommand
from layoutdebug.commands.ltrace import TraceCommand

from fakes import parser_for


def test_report_parses_options_after_the_object():
    args = arguments.parse_command(parser_for(ReportCommand), "self.view --no-descend --json")
    assert args.object == "self.view"
    assert args.no_descend and args.json and not args.all


def test_report_joins_an_expression_with_spaces():
    args = arguments.parse_command(parser_for(ReportCommand), "--all [self view]")
    assert args.object == "[self view]"
    assert args.all


def test_usage_shows_the_one_object_a_command_takes():
    # The words of an object are one expression: `object [object ...]` promised several.
    usage = " ".join(parser_for(ReportCommand).format_usage().split())
    assert usage.endswith("[--html FILE] object"), usage
    assert parser_for(TraceCommand).format_usage().rstrip().endswith("[--json] [view]")
    for line in ("", "--json"):
        assert arguments.parse_command(parser_for(TraceCommand), line).view == ""


@pytest.mark.parametrize("reader, text, value", [
    (arguments.PRIORITY, "999", 999.0), (arguments.PRIORITY, "1", 1.0), (arguments.PRIORITY, "1000", 1000.0),
    (arguments.CONSTANT, "-8", -8.0), (arguments.CONSTANT, "1e6", 1e6), (arguments.CONSTANT, "-1000000", -1e6),
    (arguments.COUNT, "1", 1), (arguments.COUNT, "4294967295", 4294967295),
    (arguments.SECONDS, "0.5", 0.5), (arguments.SECONDS, "3600", 3600.0),
])
def test_numbers_inside_their_range_are_read(reader, text, value):
    assert reader(text) == value


@pytest.mark.parametrize("reader, text, message", [
    (arguments.CONSTANT, "1e308", "'1e308' is out of range: a number from -1000000 to 1000000 points"),
    (arguments.CONSTANT, "inf", "'inf' is out of range: a number from -1000000 to 1000000 points"),
    (arguments.CONSTANT, "nan", "'nan' is out of range: a number from -1000000 to 1000000 points"),
    (arguments.CONSTANT, "-1000000.5", "'-1000000.5' is out of range"),
    (arguments.PRIORITY, "0", "'0' is out of range: a number from 1 to 1000"),
    (arguments.PRIORITY, "1001", "'1001' is out of range: a number from 1 to 1000"),
    (arguments.PRIORITY, "high", "'high' is not a number"),
    (arguments.COUNT, "0", "'0' is out of range: a whole number from 1 to 4294967295"),
    (arguments.COUNT, "4294967296", "'4294967296' is out of range"),
    (arguments.COUNT, "1.5", "'1.5' is not a whole number"),
    (arguments.SECONDS, "0", "'0' is out of range: more than 0 and at most 3600 seconds"),
    (arguments.SECONDS, "3601", "'3601' is out of range: more than 0 and at most 3600 seconds"),
])
def test_numbers_outside_their_range_are_one_line_that_states_it(reader, text, message):
    with pytest.raises(argparse.ArgumentTypeError) as info:
        reader(text)
    assert str(info.value).startswith(message) and "\n" not in str(info.value)


def test_every_numeric_option_is_read_through_a_range():
    # One place: an option that reads a number takes its type from arguments.
    readers = (arguments.PRIORITY, arguments.CONSTANT, arguments.COUNT, arguments.SECONDS)
    for command_class in COMMANDS:
        for action in parser_for(command_class)._actions:
            if action.type in (int, float) or action.dest in ("priority", "constant", "suggestion", "timeout"):
                assert action.type in readers, (command_class.name, action.dest)


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

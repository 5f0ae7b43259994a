"""Every command's help, walked: each claim that can be checked without a process is held to
what the command does. Options named in the help exist; each example parses as the command
reads it; figures that move (bench ratios) are not in help at all; constants the help states
are the code's; the manuals' command tables name only options the commands have."""

import os
import re

import pytest

from layoutdebug import arguments, constants, fix_requests
from layoutdebug.commands import COMMANDS

from fakes import parser_for

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BY_NAME = {command.name: command for command in COMMANDS}
# `--option`, with the command named just before it when the prose names another one
# (`lreport --all ignores the list`, `Under lbreak --continue`, `./install.sh --sign`).
OPTION_IN_PROSE = re.compile(r"(?:(?<![\w/])(l[a-z]+|\./install\.sh) (?:[^ ,;.()]+ )?)?(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b")


def read(*path):
    with open(os.path.join(ROOT, *path)) as handle:
        return handle.read()


def options_of(name):
    """Every option string the command's parser takes (`--json`, `-c`, `-h`)."""
    return {option for action in parser_for(BY_NAME[name])._actions for option in action.option_strings}


def prose_of(command_class):
    """The help the command writes itself: its description, its examples and its options' help."""
    parser = parser_for(command_class)
    return "\n".join([command_class.description, command_class.examples] +
                     [action.help or "" for action in parser._actions])


def examples_of(command_class):
    """Each example's command line (`lfix #4 --priority 999`), without the words after it."""
    lines = command_class.examples.splitlines()
    assert lines[0] == "examples:", command_class.name
    found = []
    for line in lines[1:]:
        command_line = re.split(r"\s{2,}", line.strip())[0]
        if command_line.split()[0] in BY_NAME:
            found.append(command_line)
    return found


@pytest.mark.parametrize("command_class", COMMANDS, ids=lambda command: command.name)
def test_every_option_the_help_names_exists(command_class):
    for match in OPTION_IN_PROSE.finditer(prose_of(command_class)):
        named, option = match.group(1), match.group(2)
        if named == "./install.sh":
            assert option in read("install.sh"), "help %s names ./install.sh %s" % (command_class.name, option)
            continue
        owner = named if named in BY_NAME else command_class.name
        assert option in options_of(owner), "help %s names %s %s" % (command_class.name, owner, option)


@pytest.mark.parametrize("command_class", COMMANDS, ids=lambda command: command.name)
def test_every_example_parses_as_its_command_reads_it(command_class):
    examples = examples_of(command_class)
    assert examples, command_class.name
    for example in examples:
        name, _, rest = example.partition(" ")
        args = arguments.parse_command(parser_for(BY_NAME[name]), rest)
        if name == "lfix":
            fix_requests.plan(args, bool(args.object))


@pytest.mark.parametrize("command_class", COMMANDS, ids=lambda command: command.name)
def test_no_help_states_a_figure_that_moves(command_class):
    # `help lorigins` said 1.4x where the README said 1.06: figures live in bench/RESULTS.md.
    help_text = command_class(None, {}).get_long_help()
    assert not re.search(r"(?<![\w.])\d+(\.\d+)?\s*[x×](?![\w.])|\bratio\b|\d%", help_text), command_class.name


def test_stated_constants_are_the_code_constants():
    help_text = {command.name: " ".join(command(None, {}).get_long_help().split()) for command in COMMANDS}
    assert "(default 5 s, or $LAYOUT_DEBUG_TIMEOUT when set)" in help_text["lsettings"]
    assert constants.DEFAULT_TIMEOUT == 5
    assert "$LAYOUT_DEBUG_STORM_RING reports (%d)" % constants.DEFAULT_STORM_RING in help_text["lbreak"]
    origin_table = read("Sources", "LayoutDebugSupport", "Origins", "OriginTable.swift")
    frames = re.search(r"static let framesPerRecord = (\d+)", origin_table).group(1)
    capacity = re.search(r"init\(capacity: Int = ([\d_]+)\)", origin_table).group(1).replace("_", "")
    assert "a %s-frame backtrace per constraint" % frames in help_text["lorigins"]
    assert "for at most {:,} constraints".format(int(capacity)) in help_text["lorigins"]


def test_ltrace_help_says_what_the_trace_prints():
    # It promised frames, and the trace prints none.
    trace = read("Sources", "LayoutDebugSupport", "Rendering", "AutolayoutTrace.swift")
    help_text = " ".join(BY_NAME["ltrace"](None, {}).get_long_help().split())
    assert "It prints no frames: lreport does." in help_text
    assert not re.search(r"(?<!no )frames", help_text.replace("It prints no frames", ""))
    for mark, meaning in (("•", "layout engine host"), ("*", "is laid out with auto layout"),
                          ("+", "is laid out manually")):
        assert "\\t%s - %s" % (mark, meaning) in trace  # the legend the trace ends with
        assert "%s " % mark in help_text
    assert '"- AMBIGUOUS LAYOUT for "' in trace and "'- AMBIGUOUS LAYOUT for'" in help_text


@pytest.mark.parametrize("manual", [("README.md",), ("lldb", "README.md"), ("docs", "COMMANDS.md")],
                         ids="/".join)
def test_the_manuals_command_tables_name_only_options_the_commands_take(manual):
    rows = [line for line in read(*manual).splitlines() if re.match(r"^\| `l[a-z]+[ `]", line)]
    assert rows, manual
    for row in rows:
        owner = re.match(r"^\| `(l[a-z]+)", row).group(1)
        if owner not in BY_NAME:
            continue  # another table's row (`left-right-mixed`, a lint rule)
        for span in re.findall(r"`([^`]*)`", row):
            words = span.split()
            command = words[0] if words and words[0] in BY_NAME else owner
            for option in re.findall(r"(?<![\w-])(--[a-z][a-z-]*|-[a-z])\b", span):
                assert option in options_of(command), "%s: %s in `%s`" % ("/".join(manual), command, span)

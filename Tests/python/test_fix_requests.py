"""fix_requests: lfix's options become the one line lds_fix reads, or a usage error."""

import pytest

from layoutdebug import arguments, errors, fix_requests
from layoutdebug.commands import lfix

from fakes import parser_for

# Module attributes, read at each use: another test may reload the package.


def parsed(text):
    return arguments.parse_command(parser_for(lfix.FixCommand), text)


def plan_of(text):
    args = parsed(text)
    return fix_requests.plan(args, bool(args.object))


def test_each_change_is_spelled_as_lds_fix_reads_it():
    assert plan_of("0x10 --priority 999") == ("apply", "priority 999")
    assert plan_of("0x10 --priority 999.5") == ("apply", "priority 999.5")
    assert plan_of("#2 --constant -8") == ("apply", "constant -8")
    assert plan_of("0x10 --deactivate") == ("apply", "deactivate")
    assert plan_of("0x10 --activate") == ("apply", "activate")
    assert plan_of("self.label --no-autoresizing") == ("apply", "no-autoresizing")
    assert fix_requests.apply_line("#2", "constant -8") == "apply #2 constant -8"


def test_suggestion_undo_and_list_take_no_object():
    assert plan_of("--suggestion 2") == ("suggestion 2", None)
    assert plan_of("--undo") == ("undo", None)
    assert plan_of("--undo-all") == ("undo-all", None)
    assert plan_of("--list --json") == ("list", None)
    with pytest.raises(errors.UsageError, match="--undo takes no object"):
        plan_of("0x10 --undo")


def test_nothing_or_two_things_is_a_usage_error():
    with pytest.raises(errors.UsageError, match="say what to do"):
        plan_of("0x10")
    with pytest.raises(errors.UsageError, match="one thing at a time"):
        plan_of("0x10 --priority 250 --deactivate")
    with pytest.raises(errors.UsageError, match="one thing at a time"):
        plan_of("--suggestion 1 --undo")


def test_a_change_without_an_object_names_what_it_needs():
    with pytest.raises(errors.UsageError, match="--priority needs a constraint"):
        plan_of("--priority 250")
    with pytest.raises(errors.UsageError, match="--no-autoresizing needs a view"):
        plan_of("--no-autoresizing")
    with pytest.raises(errors.UsageError, match="from 1 to"):
        plan_of("--suggestion 0")


@pytest.mark.parametrize("line, message", [
    ("#2 --constant 1e308", "argument --constant: '1e308' is out of range: a number from -1000000 to 1000000 points"),
    ("#2 --constant nan", "argument --constant: 'nan' is out of range"),
    ("#2 --priority 1e400", "argument --priority: '1e400' is out of range: a number from 1 to 1000"),
    ("#2 --priority 0", "argument --priority: '0' is out of range: a number from 1 to 1000"),
    ("--suggestion 99999999999999999999", "argument --suggestion: '99999999999999999999' is out of range"),
])
def test_a_number_outside_its_range_is_refused_before_the_target_is_asked(line, message):
    # `--constant 1e308` was taken, and the report printed `+ inf.0`.
    with pytest.raises(errors.UsageError) as info:
        parsed(line)
    assert str(info.value).startswith(message)

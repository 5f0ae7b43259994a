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
    with pytest.raises(errors.UsageError, match="counts from 1"):
        plan_of("--suggestion 0")


def test_report_numbers_are_hash_and_digits_only():
    assert fix_requests.is_report_number("#2") and fix_requests.is_report_number("#12")
    assert not fix_requests.is_report_number("#") and not fix_requests.is_report_number("#x") and not fix_requests.is_report_number("0x2")

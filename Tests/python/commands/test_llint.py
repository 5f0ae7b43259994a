"""commands/llint.py: llint's optional view, its options and the flags they give."""

import pytest

from layoutdebug import arguments
from layoutdebug.c_expressions import report_flags
from layoutdebug.commands import llint
from layoutdebug.commands.llint import LintCommand
from layoutdebug.constants import LDS_JSON, LDS_STRESS

from fakes import parser_for


def test_lint_view_is_optional_so_the_key_window_is_linted():
    args = arguments.parse_command(parser_for(LintCommand), "")
    assert args.view == [] and not args.stress and not args.json and args.ignore is None


def test_lint_stress_and_json_set_their_own_flag_bits():
    args = arguments.parse_command(parser_for(LintCommand), "0x10 --stress --json")
    assert args.view == ["0x10"]
    assert report_flags(as_json=args.json, stress=args.stress) == LDS_JSON | LDS_STRESS
    assert report_flags(stress=True) == 16


def test_lint_ignore_takes_a_rule_and_a_view():
    args = arguments.parse_command(parser_for(LintCommand), "--ignore offset-inset 0x10")
    assert args.ignore == "offset-inset" and args.view == ["0x10"]


def test_lint_ignore_without_a_view_is_a_usage_error():
    # The class the module raises: other tests reload the package, which makes new classes.
    with pytest.raises(llint.UsageError, match="--ignore needs a view"):
        llint.LintCommand.ignored_view(None, "")


def test_lint_help_lists_every_rule_and_an_example():
    help_text = parser_for(LintCommand).format_help()
    for rule in ("ambiguous-layout", "center-only", "offset-inset", "redundant-constraint",
                 "left-right-mixed", "sibling-overlap"):
        assert rule in help_text
    assert "llint --ignore offset-inset 0x7fc82aba1210" in help_text

"""commands/llint.py: llint's optional view, its options and the flags they give."""

import os
import re

import pytest

from layoutdebug import arguments
from layoutdebug.c_expressions import report_flags
from layoutdebug.commands import llint
from layoutdebug.commands.llint import LintCommand
from layoutdebug.constants import LDS_JSON, LDS_STRESS

from fakes import parser_for


def test_lint_view_is_optional_so_the_key_window_is_linted():
    args = arguments.parse_command(parser_for(LintCommand), "")
    assert args.view == "" and not args.stress and not args.json and args.ignore is None


def test_lint_stress_and_json_set_their_own_flag_bits():
    args = arguments.parse_command(parser_for(LintCommand), "0x10 --stress --json")
    assert args.view == "0x10"
    assert report_flags(as_json=args.json, stress=args.stress) == LDS_JSON | LDS_STRESS
    assert report_flags(stress=True) == 16


def test_lint_ignore_takes_a_rule_and_a_view():
    args = arguments.parse_command(parser_for(LintCommand), "--ignore offset-inset 0x10")
    assert args.ignore == "offset-inset" and args.view == "0x10"


def test_lint_ignore_without_a_view_is_a_usage_error():
    # The class the module raises: other tests reload the package, which makes new classes.
    with pytest.raises(llint.UsageError, match="--ignore needs a view"):
        llint.LintCommand.ignored_view(None, "")


LINT_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))),
                        "Sources", "LayoutDebugSupport", "Lint")


def library_rules():
    """LintRule's cases in declaration order, as {Swift case name: rule name}."""
    with open(os.path.join(LINT_DIR, "LintRule.swift")) as handle:
        text = handle.read()
    return dict(re.findall(r'^\s*case (\w+) = "([a-z-]+)"', text, re.M))


def stress_rule_cases():
    """The cases the stress pass finds (`rule: .siblingOverlap` in LintStress.swift)."""
    with open(os.path.join(LINT_DIR, "LintStress.swift")) as handle:
        return set(re.findall(r"rule: \.(\w+)", handle.read()))


def test_lint_rules_are_the_library_rules_in_its_order():
    # The help listed 9 rules when the library had 15.
    rules = library_rules()
    assert len(rules) == 15, rules
    assert list(llint.RULES) + list(llint.STRESS_RULES) == list(rules.values())


def test_lint_stress_rules_are_those_the_stress_pass_finds():
    rules = library_rules()
    assert {rules[case] for case in stress_rule_cases()} == set(llint.STRESS_RULES)


def test_lint_help_lists_every_rule_and_an_example():
    help_text = " ".join(parser_for(LintCommand).format_help().split())
    for rule in llint.RULES + llint.STRESS_RULES:
        assert rule in help_text
    assert "with --stress also " + ", ".join(llint.STRESS_RULES) in help_text
    assert "llint --ignore offset-inset 0x7fc82aba1210" in help_text

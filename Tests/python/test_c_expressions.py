"""layoutdebug.c_expressions: the C text of each call into the helper library."""

import pytest

from layoutdebug import c_expressions, constants


def test_c_call_casts_the_entry_point():
    assert c_expressions.c_call("lds_report", c_expressions.c_pointer(0x1234), "2") == \
        "((void *(*)(void *, unsigned int))lds_report)((void *)0x1234, 2)"


def test_c_call_to_a_resolved_address():
    assert c_expressions.c_call("lds_report", c_expressions.c_pointer(0x10), "0", address=0x7FFFF7F29650) == \
        "((void *(*)(void *, unsigned int))0x7ffff7f29650)((void *)0x10, 0)"


def test_c_call_null_pointer():
    assert c_expressions.c_call("lds_trace", c_expressions.c_pointer(None), "0") == \
        "((void *(*)(void *, unsigned int))lds_trace)((void *)0, 0)"


def test_conflict_call_is_one_expression_over_the_arguments():
    text = c_expressions.c_call("lds_conflict_report", "(void *)$arg1", "(void *)$arg2", str(constants.LDS_JSON))
    assert text == "((void *(*)(void *, void *, unsigned int))lds_conflict_report)" \
                   "((void *)$arg1, (void *)$arg2, 1)"


@pytest.mark.parametrize("name,literal", [
    ("Header", '"Header"'),
    ('say "hi"', '"say \\"hi\\""'),
    ("back\\slash", '"back\\\\slash"'),
    ("new\nline", '"new\\012line"'),
    ("caf\u00e9", '"caf\\303\\251"'),
    ("what??/", '"what\\077\\077/"'),  # no trigraphs
    ("", '""'),
])
def test_c_string_literal(name, literal):
    assert c_expressions.c_string_literal(name) == literal


def test_report_flags_match_the_c_surface():
    assert c_expressions.report_flags() == 0
    assert c_expressions.report_flags(as_json=True) == 1
    assert c_expressions.report_flags(no_descend=True) == 2
    assert c_expressions.report_flags(show_all=True) == 4
    assert c_expressions.report_flags(hide_system=True) == 8
    assert c_expressions.report_flags(True, True, True, True) == 15

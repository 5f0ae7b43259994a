"""layoutdebug.expression_timeout: the expression timeout's parsing, default and display."""

import pytest

from layoutdebug import errors, expression_timeout


def test_timeout_parsing():
    assert expression_timeout.parse_timeout("2.5") == 2.5
    for bad in ("x", "0", "-1", "nan", "99999"):
        with pytest.raises(errors.UsageError):
            expression_timeout.parse_timeout(bad)


def test_a_timeout_of_zero_is_refused_with_the_range_it_is_outside():
    # It said "must be between 0 and 3600, got 0": 0 is not accepted, and the line says so.
    with pytest.raises(errors.UsageError) as info:
        expression_timeout.parse_timeout("0")
    assert str(info.value) == "timeout: '0' is out of range: more than 0 and at most 3600 seconds"


def test_default_timeout_from_environment():
    assert expression_timeout.default_timeout({}) == 5.0
    assert expression_timeout.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "12"}) == 12.0
    assert expression_timeout.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "junk"}) == 5.0


def test_format_seconds():
    assert expression_timeout.format_seconds(5.0) == "5 s"
    assert expression_timeout.format_seconds(0.5) == "0.5 s"

"""layoutdebug.expression_timeout: the expression timeout's parsing, default and display."""

import pytest

from layoutdebug import errors, expression_timeout


def test_timeout_parsing():
    assert expression_timeout.parse_timeout("2.5") == 2.5
    for bad in ("x", "0", "-1", "nan", "99999"):
        with pytest.raises(errors.UsageError):
            expression_timeout.parse_timeout(bad)


def test_default_timeout_from_environment():
    assert expression_timeout.default_timeout({}) == 5.0
    assert expression_timeout.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "12"}) == 12.0
    assert expression_timeout.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "junk"}) == 5.0


def test_format_seconds():
    assert expression_timeout.format_seconds(5.0) == "5 s"
    assert expression_timeout.format_seconds(0.5) == "0.5 s"

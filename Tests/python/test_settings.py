"""layoutdebug.settings: the expression timeout's parsing, default and display."""

import pytest

from layoutdebug import errors, settings


def test_timeout_parsing():
    assert settings.parse_timeout("2.5") == 2.5
    for bad in ("x", "0", "-1", "nan", "99999"):
        with pytest.raises(errors.UsageError):
            settings.parse_timeout(bad)


def test_default_timeout_from_environment():
    assert settings.default_timeout({}) == 5.0
    assert settings.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "12"}) == 12.0
    assert settings.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "junk"}) == 5.0


def test_format_seconds():
    assert settings.format_seconds(5.0) == "5 s"
    assert settings.format_seconds(0.5) == "0.5 s"

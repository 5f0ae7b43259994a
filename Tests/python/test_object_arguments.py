"""layoutdebug.object_arguments: what kind of object argument the user gave, and its checks."""

import pytest

from layoutdebug import errors, object_arguments


@pytest.mark.parametrize("text,expected", [
    ("0x7fc82aba1210", ("address", 0x7fc82aba1210)),
    ("0XDEADBEEF", ("address", 0xDEADBEEF)),
    ("0", ("address", 0)),
    ("140000", ("address", 140000)),
    ("$arg1", ("dollar", "$arg1")),
    ("$rdi", ("dollar", "$rdi")),
    ("$0", ("dollar", "$0")),
    ("$R12", ("dollar", "$R12")),
    ("self.view", ("expression", "self.view")),
    ("[self view]", ("expression", "[self view]")),
    ("0xZZ", ("expression", "0xZZ")),
])
def test_classify_object_argument(text, expected):
    assert object_arguments.classify_object_argument(text) == expected


def test_empty_object_argument_is_a_usage_error():
    with pytest.raises(errors.UsageError):
        object_arguments.classify_object_argument("  ")


def test_null_address_is_rejected():
    with pytest.raises(errors.LayoutDebugError) as info:
        object_arguments.check_address(0, "0")
    assert "null" in str(info.value)


def test_oversized_address_is_rejected():
    with pytest.raises(errors.LayoutDebugError):
        object_arguments.check_address(1 << 64, "0x10000000000000000")

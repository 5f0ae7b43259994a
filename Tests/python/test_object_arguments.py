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


@pytest.mark.parametrize("text, number", [("#1", 1), ("#4", 4), (" #12 ", 12), ("#4294967295", 4294967295)])
def test_hash_n_is_a_constraint_of_the_last_report(text, number):
    assert object_arguments.classify_object_argument(text) == ("report number", number)


@pytest.mark.parametrize("text", ["#", "#0", "#-1", "#x", "#1.5", "#+3", "# 3", "#4294967296", "#99999999999999999999"])
def test_a_bad_hash_n_is_one_usage_line_not_an_expression(text):
    # Evaluated, `#-1` was "invalid preprocessing directive" and `#4` "unknown error".
    with pytest.raises(errors.UsageError) as info:
        object_arguments.classify_object_argument(text)
    message = str(info.value)
    assert message == "%s is not a constraint number: #N is constraint N (from 1) of the last conflict report" \
        % text.strip()


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

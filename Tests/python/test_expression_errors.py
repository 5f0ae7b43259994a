"""layoutdebug.expression_errors: LLDB's expression errors made one line that says what happened."""

import pytest

from layoutdebug import expression_errors


PARSE_ERROR = ("expression failed to parse:\nerror: <user expression 3>:1:1: use of undeclared "
               "identifier 'self'\nself.view\n^\n")


def test_expression_message_takes_the_compiler_line():
    assert expression_errors.expression_message(PARSE_ERROR) == "use of undeclared identifier 'self'"
    assert expression_errors.expression_message("") == "unknown error"
    assert expression_errors.expression_message("Couldn't read memory") == "Couldn't read memory"


@pytest.mark.parametrize("text,elapsed,kind", [
    (PARSE_ERROR, 0.01, "failed"),
    ("Execution was interrupted, reason: signal SIGSEGV: invalid address (fault address: 0x10).", 0.01,
     "stopped"),
    ("Execution was interrupted, reason: breakpoint 1.1.", 0.6, "timeout"),
    ("Expression timed out", 0.01, "timeout"),
    ("Could not find type system for language swift: TypeSystem for language swift doesn't exist",
     0.0, "unsupported"),
])
def test_classify_expression_error(text, elapsed, kind):
    assert expression_errors.classify_expression_error(text, elapsed, 0.5)[0] == kind


def test_describe_expression_failure_says_the_process_is_unharmed():
    timed_out = expression_errors.describe_expression_failure("Execution was interrupted", 0.5, "evaluating 'x'", 0.7)
    assert timed_out.startswith("evaluating 'x' timed out after 0.5 s")
    assert "the process is where it was" in timed_out and "lsettings --timeout" in timed_out
    fault = expression_errors.describe_expression_failure(
        "Execution was interrupted, reason: signal SIGSEGV: invalid address.", 5, "the call", 0.01)
    assert "stopped in the target" in fault and "unwound" in fault
    parse = expression_errors.describe_expression_failure(PARSE_ERROR, 5)
    assert parse == "the expression failed: use of undeclared identifier 'self'; the process is where it was"
    for message in (timed_out, fault, parse):
        assert "\n" not in message

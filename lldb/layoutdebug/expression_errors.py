"""LLDB's expression error text, made into one line for the user (no LLDB: text in, text out)."""

import re

from .expression_timeout import format_seconds


def first_line(text):
    """The first line of `text` that is not blank, stripped; None if there is none."""
    for line in (text or "").splitlines():
        line = line.strip()
        if line:
            return line
    return ""


def expression_message(text):
    """The one line that says why an expression failed, from LLDB's error text."""
    lines = [line.strip() for line in (text or "").splitlines() if line.strip()]
    for line in lines:
        if line.lower().startswith("expression failed to parse"):
            continue
        if "error:" in line:
            return strip_error_prefix(line[line.index("error:"):])
    for line in lines:
        if not line.lower().startswith("expression failed to parse"):
            return strip_error_prefix(line)
    return strip_error_prefix(lines[0]) if lines else "unknown error"


def classify_expression_error(text, elapsed=0.0, timeout=None):
    """("timeout" | "stopped" | "unsupported" | "failed", one-line message) for an LLDB error."""
    lowered = (text or "").lower()
    message = expression_message(text)
    if "timed out" in lowered or "timeout" in lowered or \
            (timeout is not None and elapsed >= timeout and "interrupted" in lowered):
        return "timeout", message
    if "interrupted" in lowered or "crashed" in lowered or "signal" in lowered \
            or "exception" in lowered or "execution was halted" in lowered:
        return "stopped", message
    if "type system" in lowered or "typesystem" in lowered or "no plugin for the language" in lowered:
        return "unsupported", message
    return "failed", message


def describe_expression_failure(error_text, timeout, what="the expression", elapsed=0.0):
    """One line saying what went wrong and that the process was left as it was."""
    kind, message = classify_expression_error(error_text, elapsed, timeout)
    if kind == "timeout":
        return "%s timed out after %s and was stopped; the process is where it was " \
               "(raise the limit with `lsettings --timeout`)" % (what, format_seconds(timeout))
    if kind == "stopped":
        return "%s stopped in the target (%s); it was unwound and the process is where it was" \
            % (what, message.rstrip("."))
    return "%s failed: %s; the process is where it was" % (what, message)


def strip_error_prefix(text):
    """The message without LLDB's `<user expression N>:l:c:` and `error:` prefixes."""
    text = re.sub(r"<user expression \d+>:\d+:\d+: ", "", text or "")
    if text.startswith("error:"):
        text = text[len("error:"):].strip()
    return text or "unknown error"

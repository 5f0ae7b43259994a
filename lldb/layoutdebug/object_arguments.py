"""Object arguments: how `0x...`, `#N`, `$arg1`, `$N` or an expression becomes an address (no LLDB)."""

import re

from argparse import ArgumentTypeError

from .arguments import COUNT
from .errors import LayoutDebugError, UsageError


_HEX = re.compile(r"^0[xX][0-9a-fA-F]+$")
_DECIMAL = re.compile(r"^[0-9]+$")
_DOLLAR = re.compile(r"^\$[A-Za-z_][A-Za-z_0-9]*$|^\$[0-9]+$")

_DIGITS = re.compile(r"^[0-9]+$")


def classify_object_argument(text):
    """Says how to turn a user's object argument into an address.

    Returns ("address", int) for a literal, ("report number", N) for `#N`,
    ("dollar", name) for `$arg1`, a register or a `$N` result variable, and
    ("expression", text) otherwise. Text that starts with `#` and is not a
    report number is a UsageError: no expression that names an object starts so.
    """
    text = (text or "").strip()
    if not text:
        raise UsageError("missing object: give an address, #N, $arg1, a register, $N or an expression")
    if text.startswith("#"):
        return ("report number", report_number(text))
    if _HEX.match(text):
        return ("address", int(text, 16))
    if _DECIMAL.match(text):
        return ("address", int(text, 10))
    if _DOLLAR.match(text):
        return ("dollar", text)
    return ("expression", text)


def report_number(text):
    """N of `#N`, constraint N of the last conflict report; a UsageError for any other `#…`."""
    try:
        if _DIGITS.match(text[1:]):
            return COUNT(text[1:])
    except ArgumentTypeError:  # out of range
        pass
    raise UsageError("%s is not a constraint number: #N is constraint N (from 1) of the last conflict report"
                     % text)


def check_address(address, text):
    """Rejects addresses that can never be an object, before any call into the target."""
    if address == 0:
        raise LayoutDebugError("%s is a null pointer, not an object" % text)
    if address >= 1 << 64:
        raise LayoutDebugError("%s does not fit in a pointer" % text)
    return address

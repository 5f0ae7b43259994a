"""Object arguments: how `0x...`, `$arg1`, `$N` or an expression becomes an address (no LLDB)."""

import re

from .errors import LayoutDebugError, UsageError


_HEX = re.compile(r"^0[xX][0-9a-fA-F]+$")
_DECIMAL = re.compile(r"^[0-9]+$")
_DOLLAR = re.compile(r"^\$[A-Za-z_][A-Za-z_0-9]*$|^\$[0-9]+$")


def classify_object_argument(text):
    """Says how to turn a user's object argument into an address.

    Returns ("address", int) for a literal, ("dollar", name) for `$arg1`, a
    register or a `$N` result variable, and ("expression", text) otherwise.
    """
    text = (text or "").strip()
    if not text:
        raise UsageError("missing object: give an address, $arg1, a register, $N or an expression")
    if _HEX.match(text):
        return ("address", int(text, 16))
    if _DECIMAL.match(text):
        return ("address", int(text, 10))
    if _DOLLAR.match(text):
        return ("dollar", text)
    return ("expression", text)


def check_address(address, text):
    """Rejects addresses that can never be an object, before any call into the target."""
    if address == 0:
        raise LayoutDebugError("%s is a null pointer, not an object" % text)
    if address >= 1 << 64:
        raise LayoutDebugError("%s does not fit in a pointer" % text)
    return address

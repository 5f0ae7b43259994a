"""The C text of the calls into the helper library's entry points (no LLDB)."""

from .constants import LDS_ALL, LDS_JSON, LDS_NO_DESCEND, LDS_STRESS, LDS_SYSTEM_FILTER, PROTOTYPES


def c_string_literal(text):
    """A C string literal holding `text` as UTF-8, safe for any input."""
    out = ['"']
    for byte in text.encode("utf-8"):
        char = chr(byte)
        if char == '"' or char == "\\":
            out.append("\\" + char)
        elif 0x20 <= byte < 0x7F and char != "?":
            out.append(char)
        else:
            out.append("\\%03o" % byte)
    out.append('"')
    return "".join(out)


def c_pointer(address):
    """A C pointer literal for an address; None is NULL."""
    if address is None:
        return "(void *)0"
    return "(void *)0x%x" % address


def c_call(function, *arguments, **options):
    """The C text that calls an entry point through its cast prototype.

    With `address=` the call goes to the function's resolved load address, which
    spares the expression parser a symbol search across every module.
    """
    prototype = PROTOTYPES[function]
    address = options.get("address")
    callee = ("0x%x" % address) if address else function
    return "((%s)%s)(%s)" % (prototype, callee, ", ".join(arguments))


def report_flags(no_descend=False, show_all=False, as_json=False, hide_system=False, stress=False):
    """The flags argument of the report entry points, from the options given."""
    flags = 0
    if as_json:
        flags |= LDS_JSON
    if no_descend:
        flags |= LDS_NO_DESCEND
    if show_all:
        flags |= LDS_ALL
    if hide_system:
        flags |= LDS_SYSTEM_FILTER
    if stress:
        flags |= LDS_STRESS
    return flags

"""Code symbols of the running process (where the helper library's entry points are), and
breakpoints on them by name."""

from .constants import VERSION_SYMBOL
from .errors import LayoutDebugError
from .lldb_api import lldb


def code_symbol(target, name):
    """The SBAddress of a code symbol loaded in the running process, or None.

    A module from an earlier run can stay in the target's image list; its
    symbols have no load address, so they do not count.
    """
    symbols = target.FindSymbols(name)
    for index in range(symbols.GetSize() if symbols is not None else 0):
        symbol = symbols.GetContextAtIndex(index).GetSymbol()
        if symbol.IsValid() and symbol.GetType() == lldb.eSymbolTypeCode:
            start = symbol.GetStartAddress()
            if start.GetLoadAddress(target) not in (0, lldb.LLDB_INVALID_ADDRESS):
                return start
    return None


def code_symbol_address(target, name):
    """The load address of a code symbol in the running process, or None."""
    start = code_symbol(target, name)
    return start.GetLoadAddress(target) if start is not None else None


def library_present(target):
    """Whether the helper library is loaded in the target's process (its version entry is)."""
    return code_symbol(target, VERSION_SYMBOL) is not None


def create_full_name_breakpoint(target, symbol):
    """A breakpoint on the function of that full name only: a C symbol or -[Class selector].

    A Swift-aware LLDB also matches the Swift function behind a `@_cdecl`
    thunk by its base name, which would give two locations and two hits
    per conflict.
    """
    try:
        return target.BreakpointCreateByName(symbol, lldb.eFunctionNameTypeFull, lldb.eLanguageTypeUnknown,
                                             lldb.SBFileSpecList(), lldb.SBFileSpecList())
    except (TypeError, AttributeError, NotImplementedError):  # an LLDB without that overload
        return target.BreakpointCreateByName(symbol)


def named_breakpoints(target, name):
    """The target's breakpoints that carry `name` (lbreak's, lorigins', the storm's)."""
    found = []
    for index in range(target.GetNumBreakpoints()):
        breakpoint = target.GetBreakpointAtIndex(index)
        if breakpoint.IsValid() and breakpoint.MatchesName(name):
            found.append(breakpoint)
    return found


def create_named_breakpoint(target, symbol, name, callback):
    """A breakpoint on `symbol` (create_full_name_breakpoint) carrying `name`, calling the script
    function `callback` (its dotted name) at each hit; a LayoutDebugError when LLDB refuses."""
    breakpoint = create_full_name_breakpoint(target, symbol)
    if not breakpoint.IsValid() or not breakpoint.AddName(name):
        if breakpoint.IsValid():
            target.BreakpointDelete(breakpoint.GetID())
        raise LayoutDebugError("could not set a breakpoint on %s" % symbol)
    breakpoint.SetScriptCallbackFunction(callback)
    return breakpoint


def delete_named_breakpoints(target, name):
    """Deletes the target's breakpoints that carry `name`; returns how many there were."""
    found = named_breakpoints(target, name)
    for breakpoint in found:
        target.BreakpointDelete(breakpoint.GetID())
    return len(found)

"""Getting LayoutDebugSupport into the process: found already loaded, injected from this
machine (macOS, the simulator, Catalyst, Linux), or loaded from the app on an iOS device."""

import os

from .constants import LIBRARY_BASENAME, LIBRARY_ENV, VERSION_SYMBOL
from .errors import LayoutDebugError
from .library_search import device_library_path, library_candidates, library_extension, script_directory
from .lldb_api import lldb
from .loader_errors import load_failure_message
from .platforms import is_ios_device
from .process_facts import facts_for
from .symbols import code_symbol


def load_library(ctx):
    """The facts of ctx's process, with the helper library in it; and whether this call loaded it."""
    facts = facts_for(ctx.process, ctx.target)
    if facts.library is not None:
        return facts, False
    anchor = code_symbol(ctx.target, VERSION_SYMBOL)
    if anchor is not None:
        facts.found_library("(already in the process)", anchor, ctx.target)
        return facts, False
    triple = ctx.target.GetTriple()
    if is_ios_device(triple):
        path = device_library_path(executable_on_device(ctx.target), os.environ)
        local = lldb.SBFileSpec()  # nothing to copy: the library is in the app on the device
    else:
        path = library_on_this_machine(triple)
        local = None
    error = lldb.SBError()
    remote = lldb.SBFileSpec(path, False)
    token = ctx.process.LoadImage(remote, error) if local is None else \
        ctx.process.LoadImage(local, remote, error)
    if not error.Success() or token == lldb.LLDB_INVALID_IMAGE_TOKEN:
        raise LayoutDebugError(load_failure_message(path, error.GetCString(), triple))
    anchor = code_symbol(ctx.target, VERSION_SYMBOL)
    if anchor is None:
        raise LayoutDebugError("loaded %s but it has no %s symbol: is it LayoutDebugSupport?"
                               % (path, VERSION_SYMBOL))
    facts.found_library(path, anchor, ctx.target)
    return facts, True


def library_on_this_machine(triple):
    """The first candidate that exists here (the process runs here: macOS, the simulator,
    Catalyst, Linux), or a LayoutDebugError naming every place looked in."""
    candidates = library_candidates(triple, os.environ, script_directory(), os.path.expanduser("~"))
    for path in candidates:
        if os.path.isfile(path):
            return path
    if os.environ.get(LIBRARY_ENV):
        raise LayoutDebugError("could not load %s: no such file ($%s)" % (candidates[0], LIBRARY_ENV))
    raise LayoutDebugError("could not find %s%s; looked in: %s (set $%s to its path)" % (
        LIBRARY_BASENAME, library_extension(triple), ", ".join(candidates), LIBRARY_ENV))


def executable_on_device(target):
    """The path of the target's executable on the device (where the app bundle is there)."""
    module = target.GetModuleAtIndex(0)
    if module is None or not module.IsValid():
        return ""
    spec = module.GetPlatformFileSpec()
    if spec is None or not spec.IsValid():
        spec = module.GetFileSpec()
    return spec.fullpath or ""


def ensure_loaded(ctx):
    """Loads the helper library into the process once; returns (path or None, freshly loaded)."""
    facts, fresh = load_library(ctx)
    return facts.library, fresh

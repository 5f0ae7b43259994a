"""Getting LayoutDebugSupport into the process: found already loaded, injected from this
machine (macOS, the simulator, Catalyst, Linux; a copy in the app's temporary folder when App
Sandbox refuses the installed file), or loaded from the app on an iOS device."""

import os
import shutil
import tempfile

from .constants import LIBRARY_BASENAME, LIBRARY_ENV, SURFACE_DIGEST, SURFACE_SYMBOL, VERSION_SYMBOL
from .errors import LayoutDebugError
from .expression_errors import first_line
from .library_search import device_library_path, library_candidates, library_extension, sandbox_copies, \
    script_directory
from .lldb_api import lldb
from .loader_errors import load_failure_message, may_copy_into_sandbox, sandbox_copy_failure_message
from .platforms import IPHONEOS, apple_platform, is_ios_device, runs_on_mac
from .process_facts import facts_for
from .symbols import code_symbol


def load_library(ctx):
    """The facts of ctx's process, with the helper library in it; and whether this call loaded it."""
    facts = facts_for(ctx.process, ctx.target)
    if facts.surface_problem is not None:
        raise LayoutDebugError(facts.surface_problem)
    if facts.library is not None:
        return facts, False
    anchor = code_symbol(ctx.target, VERSION_SYMBOL)
    if anchor is not None:
        facts.found_library("(already in the process)", anchor, ctx.target)
        check_surface(ctx, facts)
        return facts, False
    triple = ctx.target.GetTriple()
    on_mac = apple_platform(triple) == IPHONEOS and process_runs_on_mac(ctx.target)
    if is_ios_device(triple, on_mac):
        path = device_library_path(executable_on_device(ctx.target), os.environ)
        # Nothing to copy: the library is in the app on the device.
        failure = load_image(ctx.process, path, local=lldb.SBFileSpec())
        if failure is not None:
            raise LayoutDebugError(load_failure_message(path, failure, triple))
    else:
        path = load_from_this_machine(library_on_this_machine(triple), triple,
                                      lambda candidate: load_image(ctx.process, candidate),
                                      lambda: target_temporary_directory(ctx), on_mac=on_mac)
    anchor = code_symbol(ctx.target, VERSION_SYMBOL)
    if anchor is None:
        raise LayoutDebugError("loaded %s but it has no %s symbol: is it LayoutDebugSupport?"
                               % (path, VERSION_SYMBOL))
    facts.found_library(path, anchor, ctx.target)
    check_surface(ctx, facts)
    return facts, True


def check_surface(ctx, facts):
    """Raises a LayoutDebugError, and keeps it for every later command in this run, when the
    library in the process was built with other entry points than these commands call: its
    `lds_surface` is missing or gives another digest. Called once, before any other call."""
    found = None
    # The address found here is the one the call uses (ProcessFacts keeps it): one symbol search.
    if facts.entry_address(ctx.target, SURFACE_SYMBOL) is not None:
        found = ctx.call_entry(SURFACE_SYMBOL, origins=False).strip()
    problem = surface_problem(facts.library, found)
    if problem is not None:
        facts.surface_problem = problem
        raise LayoutDebugError(problem)


def surface_problem(path, found):
    """The one line that refuses the library at `path` whose `lds_surface` gave `found` (None:
    it has none), or None when it is the surface these commands were written for."""
    if found == SURFACE_DIGEST:
        return None
    what = "has no %s" % SURFACE_SYMBOL if found is None else "has C surface %s" % (found[:40] or "(empty)")
    return ("%s %s %s, and these commands call %s: it was built from other sources, so no call is "
            "made into it; rebuild it (swift build) or install it again (./install.sh)"
            % (LIBRARY_BASENAME, path, what, SURFACE_DIGEST))


def load_image(process, path, local=None):
    """Loads `path` (a path in the process's file system) into the process; with `local`, that
    file of this machine is what LLDB uploads first. None on success, else the loader's text."""
    error = lldb.SBError()
    remote = lldb.SBFileSpec(path, False)
    token = process.LoadImage(remote, error) if local is None else process.LoadImage(local, remote, error)
    if error.Success() and token != lldb.LLDB_INVALID_IMAGE_TOKEN:
        return None
    return error.GetCString() or "unknown loader error"


def load_from_this_machine(path, triple, load, temporary_directory, copy_file=shutil.copyfile,
                           make_folder=None, on_mac=False):
    """Loads the library at `path` with `load` (None, or the loader's text); when the app's
    sandbox refuses it (a sandboxed Mac or Catalyst app cannot map ~/.lldb), copies it and its
    companions into a new folder of the app's own temporary folder (`temporary_directory()`,
    the app's NSTemporaryDirectory()) and loads that copy. Returns the path loaded; raises a
    LayoutDebugError with one line otherwise. `on_mac`: an iOS triple's app runs on this Mac."""
    failure = load(path)
    if failure is None:
        return path
    if not may_copy_into_sandbox(triple, failure, on_mac):
        raise LayoutDebugError(load_failure_message(path, failure, triple, on_mac))
    make_folder = make_folder or (lambda parent: tempfile.mkdtemp(prefix="layout-debug-", dir=parent))
    try:
        # A new folder each time: a copy an earlier run of the app still maps is never overwritten.
        copies = sandbox_copies(path, make_folder(temporary_directory()))
        for source, destination in copies:
            copy_file(source, destination)
    except (OSError, LayoutDebugError) as error:
        raise LayoutDebugError(sandbox_copy_failure_message(path, failure, triple, error))
    copied = copies[0][1]
    failure = load(copied)
    if failure is not None:
        raise LayoutDebugError(load_failure_message(copied, failure, triple, on_mac))
    return copied


# NSTemporaryDirectory() in the app: its container's tmp/ when sandboxed. Cast to its declared
# type, since LLDB knows no prototype for it without Foundation's debug information.
TEMPORARY_DIRECTORY_EXPRESSION = \
    "(const char *)[((id (*)(void))NSTemporaryDirectory)() fileSystemRepresentation]"


def target_temporary_directory(ctx):
    """The app's own temporary folder, as the app sees it (NSTemporaryDirectory()); raises a
    LayoutDebugError when the expression fails."""
    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeObjC_plus_plus)
    options.SetUnwindOnError(True)
    options.SetIgnoreBreakpoints(True)
    options.SetTryAllThreads(True)
    options.SetTimeoutInMicroSeconds(5000000)
    frame = ctx.frame if ctx.frame is not None and ctx.frame.IsValid() else None
    value = frame.EvaluateExpression(TEMPORARY_DIRECTORY_EXPRESSION, options) if frame is not None \
        else ctx.target.EvaluateExpression(TEMPORARY_DIRECTORY_EXPRESSION, options)
    if not value.GetError().Success():
        raise LayoutDebugError("NSTemporaryDirectory() failed in the app: %s"
                               % first_line(value.GetError().GetCString() or ""))
    address = value.GetValueAsUnsigned()
    error = lldb.SBError()
    text = ctx.process.ReadCStringFromMemory(address, 4096, error) if address else ""
    if not text or not error.Success():
        raise LayoutDebugError("NSTemporaryDirectory() gave no folder in the app")
    return text


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


def process_runs_on_mac(target):
    """Whether the target's process runs on this Mac although its triple names an iOS device
    (platforms.runs_on_mac: the local platform, or frameworks from /System/iOSSupport)."""
    platform = target.GetPlatform()
    name = platform.GetName() if platform is not None and platform.IsValid() else ""
    paths = (target.GetModuleAtIndex(index).GetFileSpec().fullpath for index in range(target.GetNumModules()))
    return runs_on_mac(name, paths)


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

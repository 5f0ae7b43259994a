"""Leaving the layout engine before lfix changes the layout.

At an lbreak stop the thread is inside the engine: UIKit's engine called
UIViewAlertForUnsatisfiableConstraints in the middle of handling an unsatisfiable row.
A change made there re-enters the engine, which UIKit does not expect (ReferenceKit
refuses it, as its tests show). So lfix first lets the thread run until the outermost
framework frame above the conflict site returns into the app's code, and makes its change
there, where the engine has finished with the conflict.

Which frames are the framework's is decided from module paths (no LLDB here): the site's
own module, and the system's libraries.
"""

from .conflict_sites import site_for_symbol
from .errors import LayoutDebugError
from .lldb_api import lldb
from .origin_symbols import swift_demangle

# Folders of the system's libraries: Apple's frameworks and dylibs, Linux's, and the Swift
# toolchain's runtime (libswiftCore, Foundation), which sits under <toolchain>/usr/lib/swift/.
SYSTEM_FOLDERS = ("/System/", "/usr/lib/", "/lib/", "/lib64/", "/usr/lib64/")
# A simulator's frameworks live in its runtime's root: …/iOS 17.0.simruntime/Contents/Resources/RuntimeRoot/System/….
SYSTEM_PARTS = ("/usr/lib/swift/", "/RuntimeRoot/")


def is_framework_module(path, site_module):
    """Whether a frame in the module at `path` belongs to the engine's side of the stack."""
    if not path:
        return True  # no module (a trampoline): not the app's code
    return path == site_module or path.startswith(SYSTEM_FOLDERS) or any(part in path for part in SYSTEM_PARTS)


def engine_exit_index(frames):
    """Where to step out: the index of the outermost framework frame above the conflict
    site, given the thread's frames as (symbol name, module path) pairs from the top.

    None when no frame is a conflict site (the thread is not inside a conflict report).
    Raises LayoutDebugError when no app frame is above the site: nothing to return to.
    """
    site = next((index for index, (name, _) in enumerate(frames) if site_for_symbol(name)), None)
    if site is None:
        return None
    site_module = frames[site][1]
    last = site
    for index in range(site + 1, len(frames)):
        if not is_framework_module(frames[index][1], site_module):
            return last
        last = index
    raise LayoutDebugError("stopped inside the layout engine's conflict report with no app code above it "
                           "to return to; continue to a later stop and run lfix there")


def thread_frames(thread):
    """A thread's frames as (symbol name, module path) pairs, from the top."""
    frames = []
    for index in range(thread.GetNumFrames()):
        frame = thread.GetFrameAtIndex(index)
        symbol = frame.GetSymbol()
        name = symbol.GetName() if symbol is not None and symbol.IsValid() else frame.GetFunctionName()
        spec = frame.GetModule().GetFileSpec()
        path = spec.fullpath if spec is not None and spec.IsValid() else None
        frames.append((name, path))
    return frames


def threads_to_check(ctx):
    """The command's thread first, then the others: a conflict may stop any thread."""
    first = ctx.thread if ctx.thread is not None and ctx.thread.IsValid() else ctx.process.GetSelectedThread()
    yield first
    for index in range(ctx.process.GetNumThreads()):
        thread = ctx.process.GetThreadAtIndex(index)
        if thread.GetThreadID() != first.GetThreadID():
            yield thread


def thread_in_engine(ctx):
    """(thread, index of the frame to step out of) for a thread inside a conflict report, or None."""
    for thread in threads_to_check(ctx):
        index = engine_exit_index(thread_frames(thread))
        if index is not None:
            return thread, index
    return None


def leave_engine(ctx, inside):
    """Steps the thread of `inside` (thread_in_engine's answer) out of the engine; the function
    it stepped into. Conflicts the app raises on the way are counted and printed by lbreak
    without stopping (session.leaving_engine). Raises LayoutDebugError when the thread did
    not get out (the process ended, or stopped elsewhere)."""
    thread, index = inside
    frame = thread.GetFrameAtIndex(index)
    caller = thread.GetFrameAtIndex(index + 1)
    was_async = ctx.debugger.GetAsync()
    ctx.debugger.SetAsync(False)
    ctx.session.leaving_engine = True
    error = lldb.SBError()
    try:
        thread.StepOutOfFrame(frame, error)
    finally:
        ctx.session.leaving_engine = False
        ctx.debugger.SetAsync(was_async)
    if not error.Success():
        raise LayoutDebugError("could not leave the layout engine before the change: %s" % error.GetCString())
    if ctx.process.GetState() != lldb.eStateStopped:
        raise LayoutDebugError("the process did not stop after leaving the layout engine (state: %s); "
                               "nothing was changed" % lldb.SBDebugger.StateAsCString(ctx.process.GetState()))
    if engine_exit_index(thread_frames(thread)) is not None:
        raise LayoutDebugError("the app stopped inside the layout engine again before it returned; "
                               "nothing was changed: run lfix again at this stop")
    ctx.process.SetSelectedThread(thread)
    return function_name(thread.GetFrameAtIndex(0))


def stepped_out_line(function):
    """The line lfix prints before its answer when it stepped out of the engine into `function`."""
    return ("Stepped out of the layout engine into %s first: a change made inside the engine's own "
            "conflict report would re-enter it." % function)


def function_name(frame):
    """A frame's function as a person reads it: Swift names demangled, else "the app's code"."""
    name = frame.GetDisplayFunctionName() or frame.GetFunctionName()
    if name and name.lstrip("_").startswith("$s"):
        name = swift_demangle(name) or name
    return name or "the app's code"

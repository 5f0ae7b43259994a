"""LLDB plumbing: the session's state, expressions, buffer reads and the helper library.

Everything here that holds state across commands (_SESSIONS, _PROCESSES) lives in this
one module, so a re-import (`command script import` again) has one place to keep it.
"""

import os
import sys
import time

try:  # Unit tests import this module without LLDB.
    import lldb
except ImportError:  # pragma: no cover - exercised only outside LLDB
    lldb = None
if lldb is not None and not hasattr(lldb, "SBDebugger"):
    lldb = None  # A folder named lldb/ (this repo's) on sys.path, not LLDB's module.

from .buffers import buffer_length, decode_text, split_error
from .c_expressions import c_call
from .conflict_log import ConflictLog
from .constants import LIBRARY_BASENAME, LIBRARY_ENV, VERSION_SYMBOL
from .errors import LayoutDebugError
from .expression_errors import classify_expression_error, describe_expression_failure
from .library_search import device_library_path, library_candidates, library_extension, script_directory
from .loader_errors import load_failure_message
from .local_memory import LocalMemory, proc_status_field
from .object_arguments import check_address, classify_object_argument
from .platforms import is_ios_device
from .settings import default_timeout


# MARK: - Session state


class Session(object):
    """Per-debugger state: settings, the conflict log and the break mode."""

    def __init__(self):
        self.timeout = default_timeout(os.environ)
        self.conflicts = ConflictLog()
        self.stop_on_conflict = True
        self.quiet = False
        self.callback_errors = 0
        self.local_read = True
        self.options = {}

    def expression_options(self, language):
        """The options for this timeout and language, made once: building them is ~15 SB calls."""
        key = (self.timeout, language)
        options = self.options.get(key)
        if options is None:
            options = expression_options(self.timeout, language)
            self.options[key] = options
        return options


# Kept across `command script import` reloads, so a re-import keeps the counts.
_SESSIONS = globals().get("_SESSIONS", {})


def session_for(debugger):
    key = debugger.GetID() if debugger is not None and debugger.IsValid() else -1
    session = _SESSIONS.get(key)
    if not isinstance(session, Session):
        # None, or a Session of an earlier import of this script: keep its state
        # (conflicts, settings) and add the fields this version has.
        fresh = Session()
        fresh.__dict__.update(getattr(session, "__dict__", {}))
        session = fresh
        _SESSIONS[key] = session
    return session


# MARK: - LLDB plumbing


def expression_options(timeout, language=None):
    options = lldb.SBExpressionOptions()
    if language is not None:
        options.SetLanguage(language)
    options.SetUnwindOnError(True)
    options.SetIgnoreBreakpoints(True)
    options.SetTryAllThreads(True)
    micros = int(timeout * 1000000)
    options.SetTimeoutInMicroSeconds(micros)
    options.SetOneThreadTimeoutInMicroSeconds(max(1, min(micros // 2, 1000000)))
    options.SetFetchDynamicValue(lldb.eNoDynamicValues)
    options.SetSuppressPersistentResult(True)
    options.SetGenerateDebugInfo(False)
    options.SetAutoApplyFixIts(False)
    return options


class Context(object):
    """The target, process and frame of one command, from exe_ctx only."""

    def __init__(self, debugger, exe_ctx, need_process=True):
        self.debugger = debugger
        self.session = session_for(debugger)
        self.target = exe_ctx.GetTarget() if exe_ctx is not None else None
        self.process = exe_ctx.GetProcess() if exe_ctx is not None else None
        self.thread = exe_ctx.GetThread() if exe_ctx is not None else None
        self.frame = exe_ctx.GetFrame() if exe_ctx is not None else None
        self.elapsed = 0.0
        if need_process:
            self.require_stopped_process()

    def require_stopped_process(self):
        if self.target is None or not self.target.IsValid():
            raise LayoutDebugError("no target: create one with `target create <app>` and run it")
        if self.process is None or not self.process.IsValid() \
                or self.process.GetState() in (lldb.eStateInvalid, lldb.eStateUnloaded,
                                               lldb.eStateConnected, lldb.eStateDetached,
                                               lldb.eStateExited):
            raise LayoutDebugError("no process: run or attach to the app first")
        state = self.process.GetState()
        if state in (lldb.eStateRunning, lldb.eStateStepping, lldb.eStateLaunching,
                     lldb.eStateAttaching):
            raise LayoutDebugError("the process is running: interrupt it (process interrupt) first")
        if state not in (lldb.eStateStopped, lldb.eStateSuspended, lldb.eStateCrashed):
            raise LayoutDebugError("the process is not stopped (state: %s)"
                                   % lldb.SBDebugger.StateAsCString(state))
        if self.frame is None or not self.frame.IsValid():
            thread = self.thread if self.thread is not None and self.thread.IsValid() \
                else self.process.GetSelectedThread()
            if thread is None or not thread.IsValid():
                thread = self.process.GetThreadAtIndex(0)
            if thread is None or not thread.IsValid():
                raise LayoutDebugError("the process has no thread to evaluate in")
            self.thread = thread
            self.frame = thread.GetSelectedFrame()
            if not self.frame.IsValid():
                self.frame = thread.GetFrameAtIndex(0)
        if self.frame is None or not self.frame.IsValid():
            raise LayoutDebugError("no frame to evaluate in")

    # -- expressions

    def evaluate(self, text, language=None):
        """Evaluates `text`; the time it took is left in `self.elapsed`."""
        options = self.session.expression_options(language)
        start = time.time()
        value = self.frame.EvaluateExpression(text, options)
        self.elapsed = time.time() - start
        return value

    def call_entry(self, function, *arguments):
        """Runs one C call into the library and returns the buffer's text."""
        facts, _ = load_library(self)
        address = facts.entry_address(self.target, function)
        value = self.evaluate(c_call(function, *arguments, address=address), lldb.eLanguageTypeC)
        if not value.GetError().Success():
            raise LayoutDebugError(describe_expression_failure(value.GetError().GetCString(),
                                                               self.session.timeout,
                                                               "the call to %s" % function,
                                                               self.elapsed))
        return read_buffer(self.process, value.GetValueAsUnsigned(), self.session.local_read)

    def call_report(self, function, *arguments):
        text = self.call_entry(function, *arguments)
        message = split_error(text)
        if message is not None:
            raise LayoutDebugError(message)
        return text

    # -- object arguments

    def resolve_object(self, text):
        kind, payload = classify_object_argument(text)
        if kind == "address":
            return check_address(payload, text)
        if kind == "dollar":
            register = self.frame.FindRegister(payload[1:])
            if register is not None and register.IsValid():
                error = lldb.SBError()
                address = register.GetValueAsUnsigned(error, 0)
                if error.Success():
                    return check_address(address, text)
        return check_address(self.evaluate_pointer(text), text)

    def evaluate_pointer(self, text):
        """Evaluates the user's expression in the frame's language, for a pointer.

        When this LLDB has no plugin for the frame's language (Swift under a
        stock LLDB) or the text is C, it is evaluated again as C.
        """
        what = "evaluating '%s'" % text
        timeout = self.session.timeout
        value = self.evaluate(text)
        if value.GetError().Success():
            return pointer_from_value(value, text)
        frame_text = value.GetError().GetCString()
        frame_kind, _ = classify_expression_error(frame_text, self.elapsed, timeout)
        if frame_kind in ("timeout", "stopped"):
            raise LayoutDebugError(describe_expression_failure(frame_text, timeout, what, self.elapsed))
        fallback = self.evaluate(text, lldb.eLanguageTypeC)
        if fallback.GetError().Success():
            return pointer_from_value(fallback, text)
        c_text = fallback.GetError().GetCString()
        c_kind, _ = classify_expression_error(c_text, self.elapsed, timeout)
        if c_kind in ("timeout", "stopped") or frame_kind == "unsupported":
            message = describe_expression_failure(c_text, timeout, what, self.elapsed)
            if frame_kind == "unsupported" and c_kind == "failed":
                message += " (this LLDB cannot evaluate the frame's language: give an address, " \
                           "$arg1, a register or $N)"
            raise LayoutDebugError(message)
        raise LayoutDebugError(describe_expression_failure(frame_text, timeout, what))


def pointer_from_value(value, text):
    """The address an expression's value holds.

    C pointers and integers give their value. Anything else pointer-sized
    (a Swift class reference, `UIView?`, `UnsafeMutableRawPointer?`) gives its
    raw bits: Swift's LLDB reports an Optional's value as "some", and its
    GetValueAsUnsigned is not the payload.
    """
    value_type = value.GetType().GetCanonicalType()
    floating = (lldb.eBasicTypeFloat, lldb.eBasicTypeDouble, lldb.eBasicTypeLongDouble, lldb.eBasicTypeHalf)
    if value_type.IsValid() and value_type.GetBasicType() in floating:
        raise LayoutDebugError("'%s' is not a pointer (type %s)" % (text, value.GetTypeName() or "unknown"))
    scalar_classes = (lldb.eTypeClassBuiltin, lldb.eTypeClassObjCObjectPointer, lldb.eTypeClassBlockPointer)
    if value_type.IsValid() and (value_type.IsPointerType() or value_type.GetTypeClass() in scalar_classes):
        error = lldb.SBError()
        address = value.GetValueAsUnsigned(error, 0)
        if error.Success():
            return address
    size = value.GetByteSize()
    if size in (4, 8):
        error = lldb.SBError()
        data = value.GetData()
        address = data.GetUnsignedInt64(error, 0) if size == 8 else data.GetUnsignedInt32(error, 0)
        if error.Success():
            return address
    raise LayoutDebugError("'%s' is not a pointer (type %s)" % (text, value.GetTypeName() or "unknown"))


def read_buffer(process, address, local_read=True):
    """The text of the buffer at `address`: 8-byte little-endian length N, N bytes of UTF-8, NUL.

    With `local_read`, a process on this machine is read from /proc/<pid>/mem
    (read_locally); LLDB's own memory read is the reference, and it reads the
    buffer whenever the local read is not possible or fails in any way.
    """
    if not address:
        raise LayoutDebugError("the helper library returned no buffer")
    if local_read:
        text = read_locally(process, address)
        if text is not None:
            return text
    return read_buffer_with_lldb(process, address)


def read_buffer_with_lldb(process, address):
    error = lldb.SBError()
    header = process.ReadMemory(address, 8, error)
    if not error.Success():
        raise LayoutDebugError("could not read the report at 0x%x: %s" % (address, error.GetCString()))
    length = buffer_length(header)
    if length == 0:
        return ""
    data = process.ReadMemory(address + 8, length, error)
    if not error.Success() or data is None:
        raise LayoutDebugError("could not read %d bytes of report at 0x%x: %s"
                               % (length, address + 8, error.GetCString()))
    return decode_text(data)


# The first local read of each process is compared with LLDB's read of its start.
VERIFIED_BYTES = 4096


def read_locally(process, address):
    """The buffer's text read from /proc, or None to read it through LLDB. Never raises."""
    try:
        memory = local_memory(process)
        data = memory.read(address)
        if data is None:
            return None
        if not memory.verified:
            # A process's local reads are trusted once one matched LLDB's read of the
            # same bytes; a different answer means /proc shows another process.
            same = same_as_lldb(process, address, data)
            if same is None:
                return None  # LLDB cannot read it either: its read will say why
            if not same:
                memory.refuse("%s does not hold what LLDB reads at 0x%x" % (memory.path, address))
                return None
            memory.verified = True
        text = decode_text(data)
        memory.reads += 1
        return text
    except Exception:  # noqa: BLE001 - whatever went wrong, LLDB's read is the answer
        return None


def same_as_lldb(process, address, data):
    """Whether LLDB reads the header and first bytes of `data` at `address`; None if it cannot read."""
    size = min(len(data), VERIFIED_BYTES - 8)
    error = lldb.SBError()
    reference = process.ReadMemory(address, 8 + size, error)
    if not error.Success() or reference is None:
        return None
    return bytes(reference) == len(data).to_bytes(8, "little") + bytes(data[:size])


def host_platform_name():
    try:
        return lldb.SBPlatform.GetHostPlatform().GetName() or "host"
    except AttributeError:  # an LLDB without SBPlatform.GetHostPlatform
        return "host"


def local_memory_refusal(process):
    """Why /proc/<pid>/mem may not stand for the process's memory, or None when it may.

    The platform must be the host platform: not remote-linux, remote-ios, qemu-user
    (a local qemu whose memory is not the guest's), ... And a gdb-remote
    connection to another machine keeps the host platform, with a pid that may
    name an unrelated process here, so the pid must also be, on this machine, a
    process traced by this LLDB or by a debug server it started (lldb-server, a
    child of this process). macOS has no /proc.
    """
    if not sys.platform.startswith("linux"):
        return "no /proc/<pid>/mem on %s" % sys.platform
    platform = process.GetTarget().GetPlatform()
    name = platform.GetName() if platform is not None and platform.IsValid() else None
    if name != host_platform_name():
        return "the platform is %s, not this machine" % (name or "unknown")
    pid = process.GetProcessID()
    if not pid or pid == lldb.LLDB_INVALID_PROCESS_ID:
        return "no process id"
    tracer = proc_status_field(pid, "TracerPid")
    me = os.getpid()
    if not tracer or (tracer != me and proc_status_field(tracer, "PPid") != me):
        return "pid %d on this machine is not traced by this LLDB's debug server" % pid
    return None


def local_memory(process):
    """The process's LocalMemory (refused when the process is not local), decided once."""
    facts = facts_for(process)
    if facts.memory is None:
        pid = process.GetProcessID()
        facts.memory = LocalMemory(pid, local_memory_refusal(process))
    return facts.memory


# MARK: - Per-process facts

MAX_REMEMBERED_PROCESSES = 16


class ProcessFacts(object):
    """What the commands remember about one run of one process, between calls.

    Found once: the library's path and the entry points' addresses (a symbol search
    over every module takes milliseconds), and how to read the process's memory.
    Kept by (unique id, pid), so a relaunch or a re-attach, a new SBProcess, starts
    from nothing; and the library's own load address is checked on each use, so an
    unload or a reload elsewhere in the same process is seen too.
    """

    def __init__(self, key):
        self.key = key
        self.library = None  # the path loaded, or "(already in the process)"
        self.anchor = None   # SBAddress of lds_version, in the library
        self.anchor_load = None
        self.entries = {}    # entry point -> load address (None: call it by name)
        self.memory = None   # LocalMemory, decided at the first read

    def found_library(self, path, anchor, target):
        self.library = path
        self.anchor = anchor
        self.anchor_load = anchor.GetLoadAddress(target)

    def library_moved(self, target):
        return self.anchor is not None and self.anchor.GetLoadAddress(target) != self.anchor_load

    def entry_address(self, target, function):
        if function not in self.entries:
            self.entries[function] = code_symbol_address(target, function)
        return self.entries[function]


_PROCESSES = {}


def facts_for(process, target=None):
    """The facts of this run of the process; with `target`, also dropped if the library moved."""
    key = (process.GetUniqueID(), process.GetProcessID())
    facts = _PROCESSES.get(key)
    if facts is not None and target is not None and facts.library_moved(target):
        facts = None
    if facts is None:
        facts = ProcessFacts(key)
        _PROCESSES.pop(key, None)
        _PROCESSES[key] = facts
        while len(_PROCESSES) > MAX_REMEMBERED_PROCESSES:
            _PROCESSES.pop(next(iter(_PROCESSES)))  # the oldest: dicts keep insertion order
    return facts


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
    return code_symbol(target, VERSION_SYMBOL) is not None


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


def write_output(debugger, text):
    """Writes text to the debugger's output outside a command (breakpoint callbacks)."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        handle = debugger.GetOutputFileHandle()
        if handle is not None:
            handle.write(text)
            handle.flush()
            return
    except Exception:  # noqa: BLE001 - fall back to Python's stdout
        pass
    sys.stdout.write(text)
    sys.stdout.flush()

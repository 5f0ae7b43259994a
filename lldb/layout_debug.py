"""LayoutDebug: Auto Layout debugging commands for LLDB.

Load it from ~/.lldbinit:

    command script import ~/.lldb/layout-debug/layout_debug.py

Commands: lbreak, lconflicts, lreport, lconstraints, ltrace, lname, lexplain,
lload, lsettings. Type `help <command>` for each one.

Every report comes from ONE expression that calls a C entry point (`lds_*`) of
the injected LayoutDebugSupport library. Those expressions are always
evaluated as C, so they work the same in Swift and Objective-C frames. Only
the user's own argument (`self.view`) is evaluated in the frame's language,
and only to get a pointer.

The source stays Python 3.9 compatible (Xcode's LLDB): no `match`, no
`X | Y` type unions, no 3.10+ library calls.
"""

import argparse
import json
import os
import re
import shlex
import subprocess
import sys
import time

try:  # Unit tests import this module without LLDB.
    import lldb
except ImportError:  # pragma: no cover - exercised only outside LLDB
    lldb = None
if lldb is not None and not hasattr(lldb, "SBDebugger"):
    lldb = None  # A folder named lldb/ (this repo's) on sys.path, not LLDB's module.


LIBRARY_ENV = "LAYOUT_DEBUG_LIBRARY"
TIMEOUT_ENV = "LAYOUT_DEBUG_TIMEOUT"
EXPLAIN_ENV = "LAYOUT_DEBUG_EXPLAIN"
INSTALL_DIR = os.path.join("~", ".lldb", "layout-debug")
LIBRARY_BASENAME = "libLayoutDebugSupport"
EXPLAIN_TOOL = "layout-explain"
VERSION_SYMBOL = "lds_version"
DEFAULT_TIMEOUT = 5.0
MAX_BUFFER_LENGTH = 256 * 1024 * 1024

# Flags of the C entry surface (docs/ARCHITECTURE.md).
LDS_JSON = 1
LDS_NO_DESCEND = 2
LDS_ALL = 4
LDS_SYSTEM_FILTER = 8

# Where UIKit (and ReferenceKit) and AppKit report an unsatisfiable layout.
CONFLICT_SYMBOLS = (
    "UIViewAlertForUnsatisfiableConstraints",
    "LAYOUT_CONSTRAINTS_NOT_SATISFIABLE",
)
BREAKPOINT_NAME = "LayoutDebugConflict"

# C prototypes of the entry points, used to cast the symbol in each call.
PROTOTYPES = {
    "lds_version": "void *(*)(void)",
    "lds_report": "void *(*)(void *, unsigned int)",
    "lds_constraints": "void *(*)(void *, unsigned int)",
    "lds_trace": "void *(*)(void *, unsigned int)",
    "lds_set_name": "void *(*)(void *, const char *)",
    "lds_conflict_report": "void *(*)(void *, void *, unsigned int)",
    "lds_set_skipped_classes": "void *(*)(const char *)",
}


# MARK: - Errors


class LayoutDebugError(Exception):
    """A failure reported to the user as one line through result.SetError."""


class UsageError(LayoutDebugError):
    """Bad command-line input."""


class HelpRequested(Exception):
    """`-h`/`--help` was given: the text is the help, printed as output."""


# MARK: - Argument parsing (no LLDB)


class CommandParser(argparse.ArgumentParser):
    """An ArgumentParser that raises instead of printing and exiting."""

    def error(self, message):
        raise UsageError(message)

    def exit(self, status=0, message=None):
        if status:
            raise UsageError((message or "invalid arguments").strip())
        raise HelpRequested(self.format_help())

    def print_help(self, file=None):
        raise HelpRequested(self.format_help())

    def print_usage(self, file=None):
        raise HelpRequested(self.format_usage())


def make_parser(prog, description, epilog):
    return CommandParser(
        prog=prog,
        description=description,
        epilog=epilog,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )


def split_command(command):
    """Splits a command line like a shell does; an unterminated quote is a UsageError."""
    try:
        return shlex.split(command or "")
    except ValueError as error:
        text = str(error)
        if "quotation" in text.lower():
            raise UsageError("unterminated quote in: %s" % (command or "").strip())
        raise UsageError(text)


def parse_command(parser, command):
    """Parses a command line: options may come before or after the positionals."""
    words = split_command(command)
    try:
        if not any(word.startswith("-") for word in words):
            # No option to intermix: a plain parse gives the same answer and the same
            # errors, without parse_intermixed_args's two passes and the usage text it
            # formats on every call (0.1 ms of each `lreport 0x...`).
            return parser.parse_args(words)
        return parser.parse_intermixed_args(words)
    except (UsageError, HelpRequested):
        raise
    except SystemExit as exit_:  # Defensive: argparse must never end LLDB.
        raise UsageError("invalid arguments (status %s)" % exit_.code)


def join_words(words):
    """Joins the words of an expression argument back into one expression."""
    return " ".join(words).strip()


# MARK: - Object arguments (no LLDB)

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


# MARK: - C expressions (no LLDB)


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


def report_flags(no_descend=False, show_all=False, as_json=False, hide_system=False):
    flags = 0
    if as_json:
        flags |= LDS_JSON
    if no_descend:
        flags |= LDS_NO_DESCEND
    if show_all:
        flags |= LDS_ALL
    if hide_system:
        flags |= LDS_SYSTEM_FILTER
    return flags


# MARK: - Buffers (no LLDB)


def buffer_length(header):
    """The text length from a buffer's 8-byte little-endian header."""
    if header is None or len(header) != 8:
        raise LayoutDebugError("could not read the report buffer header")
    length = int.from_bytes(bytes(header), "little")
    if length > MAX_BUFFER_LENGTH:
        raise LayoutDebugError("the report buffer claims %d bytes; refusing to read it" % length)
    return length


def decode_text(data):
    """UTF-8 text from bytes or a memoryview, without copying the bytes first."""
    return str(data, "utf-8", "replace")


def check_buffer_text(text_and_nul, length):
    """The `length` text bytes of a buffer read with its NUL, or None if the NUL is missing.

    The library always ends the text with a NUL, so a read that lacks it did not
    read one of our buffers (a wrong address, or another process's memory).
    """
    if len(text_and_nul) != length + 1 or text_and_nul[length] != 0:
        return None
    return memoryview(text_and_nul)[:length]


def split_error(text):
    """Returns the message if the entry point reported a failure, else None."""
    if text.startswith("error:"):
        message = text[len("error:"):].strip()
        return " ".join(message.splitlines()) or "the helper library reported an error"
    return None


# MARK: - Local memory reads (no LLDB)

PROC_MEMORY = "/proc/%d/mem"


def open_memory(pid):
    """A read-only descriptor on a process's memory (Linux). Tests replace it to simulate failures."""
    return os.open(PROC_MEMORY % pid, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))


def pread_exactly(descriptor, size, offset):
    """`size` bytes at `offset`; ValueError when the readable memory ends first."""
    data = os.pread(descriptor, size, offset)
    if len(data) == size:
        return data  # /proc/<pid>/mem gives the whole range in one call unless a page is missing
    parts = [data]
    got = len(data)
    while got < size:
        chunk = os.pread(descriptor, size - got, offset + got)
        if not chunk:
            raise ValueError("short read: %d of %d bytes at 0x%x" % (got, size, offset))
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def os_error_text(error):
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return first_line(str(error)) or type(error).__name__


class LocalMemory(object):
    """Reads report buffers straight from /proc/<pid>/mem, for a process on this machine.

    LLDB reads a process's memory through its debug server, in gdb-remote packets
    (on Linux even for a local process), and every expression resumes the process,
    which empties LLDB's memory cache: a 1 MB report takes ~9 ms that way and
    under 1 ms from /proc. Whether a process qualifies is decided elsewhere
    (local_memory_refusal); every read that returns None is made again through LLDB.
    """

    def __init__(self, pid, refusal=None):
        self.pid = pid
        self.refusal = refusal  # why this process is never read here, or None
        self.verified = False   # set once a read matched LLDB's read of the same bytes
        self.failure = None     # why the last read was left to LLDB, or None
        self.reads = 0          # buffers read here and returned (read_locally counts them)

    @property
    def path(self):
        return PROC_MEMORY % self.pid

    def refuse(self, reason):
        self.refusal = reason

    def read(self, address):
        """The text bytes (a memoryview) of the buffer at `address`, or None."""
        if self.refusal is not None:
            return None
        try:
            descriptor = open_memory(self.pid)
        except (OSError, ValueError, OverflowError) as error:
            # Permissions (Yama's ptrace_scope, another user), no /proc: the same
            # answer on every call for this process, so stop asking.
            self.refuse("%s: %s" % (self.path, os_error_text(error)))
            return None
        try:
            try:
                length = buffer_length(pread_exactly(descriptor, 8, address))
            except LayoutDebugError as error:
                self.failure = "%s (the header at 0x%x)" % (error, address)
                return None
            text = check_buffer_text(pread_exactly(descriptor, length + 1, address + 8), length)
            if text is None:
                self.failure = "no NUL after the %d bytes at 0x%x" % (length, address + 8)
                return None
        except (OSError, ValueError, OverflowError) as error:
            self.failure = "%s at 0x%x: %s" % (self.path, address, os_error_text(error))
            return None
        finally:
            os.close(descriptor)
        self.failure = None
        return text

    def describe(self):
        """How this process's reports are read, for lsettings."""
        if self.refusal is not None:
            return "this process is read through LLDB: %s" % self.refusal
        if self.failure is not None:
            return "this process is read from %s; the last report was read through LLDB: %s" \
                % (self.path, self.failure)
        if not self.reads:
            return "this process will be read from %s" % self.path
        return "this process is read from %s, %d buffer%s so far" \
            % (self.path, self.reads, "" if self.reads == 1 else "s")


# MARK: - Library search (no LLDB)


def library_extension(triple):
    triple = (triple or "").lower()
    if "apple" in triple or "darwin" in triple or "macos" in triple or "ios" in triple:
        return ".dylib"
    if "windows" in triple:
        return ".dll"
    return ".so"


def is_ios_device(triple):
    triple = (triple or "").lower()
    return ("-ios" in triple or "tvos" in triple or "watchos" in triple or "xros" in triple) \
        and "simulator" not in triple and "macabi" not in triple \
        and not triple.startswith("x86_64")


def library_candidates(triple, environ, script_dir, home):
    """Paths to try for the helper library, in order.

    An explicit $LAYOUT_DEBUG_LIBRARY is the only candidate. Otherwise: the
    installed location, the folder of this script (an installer `--prefix`),
    then the package's build folders next to lldb/.
    """
    explicit = environ.get(LIBRARY_ENV)
    if explicit:
        return [os.path.expanduser(explicit)]
    name = LIBRARY_BASENAME + library_extension(triple)
    package = os.path.dirname(os.path.abspath(script_dir))
    paths = [
        os.path.join(home, ".lldb", "layout-debug", name),
        os.path.join(script_dir, name),
        os.path.join(package, ".build", "release", name),
        os.path.join(package, ".build", "debug", name),
    ]
    unique = []
    for path in paths:
        path = os.path.normpath(path)
        if path not in unique:
            unique.append(path)
    return unique


def explain_candidates(environ, script_dir, home):
    explicit = environ.get(EXPLAIN_ENV)
    if explicit:
        return [os.path.expanduser(explicit)]
    package = os.path.dirname(os.path.abspath(script_dir))
    paths = [
        os.path.join(home, ".lldb", "layout-debug", EXPLAIN_TOOL),
        os.path.join(script_dir, EXPLAIN_TOOL),
        os.path.join(package, ".build", "release", EXPLAIN_TOOL),
        os.path.join(package, ".build", "debug", EXPLAIN_TOOL),
    ]
    for directory in (environ.get("PATH") or "").split(os.pathsep):
        if directory:
            paths.append(os.path.join(directory, EXPLAIN_TOOL))
    return [os.path.normpath(path) for path in paths]


def clean_loader_error(path, loader_error):
    """The loader's message without the path LLDB cut short (lldb-16 drops its start).

    `dlopen error: alib.so: file too short` for /tmp/notalib.so becomes
    `dlopen: file too short`; the full path is named by the caller.
    """
    text = (loader_error or "").strip()
    match = re.match(r"^(dlopen(?: error)?):\s*(\S+):\s*(.+)$", text)
    if match and (path.endswith(match.group(2)) or match.group(2).endswith(os.path.basename(path))):
        return "dlopen: " + match.group(3)
    return text or "unknown loader error"


def load_failure_message(path, loader_error, triple):
    message = "could not load %s: %s" % (path, clean_loader_error(path, loader_error))
    if is_ios_device(triple):
        message += " (on a device the library must be signed with the app's identity: " \
                   "codesign -s <identity> %s, then copy it into the app bundle)" % os.path.basename(path)
    return message


# MARK: - Settings (no LLDB)


def parse_timeout(text):
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise UsageError("timeout must be a number of seconds, got %r" % (text,))
    if not value > 0 or value > 3600:
        raise UsageError("timeout must be between 0 and 3600 seconds, got %s" % text)
    return value


def default_timeout(environ):
    text = environ.get(TIMEOUT_ENV)
    if not text:
        return DEFAULT_TIMEOUT
    try:
        return parse_timeout(text)
    except UsageError:
        return DEFAULT_TIMEOUT


def format_seconds(value):
    if value == int(value):
        return "%d s" % value
    return "%g s" % value


# MARK: - Conflict log (no LLDB)


class ConflictRecord(object):
    def __init__(self, signature, view_controller, when):
        self.signature = signature
        self.view_controller = view_controller
        self.count = 0
        self.first_seen = when
        self.last_seen = when

    def add(self, view_controller, when):
        self.count += 1
        self.last_seen = when
        if view_controller and not self.view_controller:
            self.view_controller = view_controller


class ConflictLog(object):
    """Counts conflicts by signature, in order of first appearance."""

    def __init__(self):
        self.records = {}
        self.order = []
        self.total = 0

    def record(self, signature, view_controller=None, when=None):
        when = time.time() if when is None else when
        signature = signature or "(no signature)"
        entry = self.records.get(signature)
        if entry is None:
            entry = ConflictRecord(signature, view_controller, when)
            self.records[signature] = entry
            self.order.append(signature)
        entry.add(view_controller, when)
        self.total += 1
        return entry

    def clear(self):
        self.records = {}
        self.order = []
        self.total = 0

    def entries(self):
        return [self.records[signature] for signature in self.order]


def format_clock(when):
    return time.strftime("%H:%M:%S", time.localtime(when))


def format_conflict_summary(log):
    """One line per distinct signature: count, first and last seen, view controller."""
    if not log.total:
        return "No Auto Layout conflicts seen in this session."
    entries = log.entries()
    lines = ["%d conflict%s, %d distinct signature%s:" % (
        log.total, "" if log.total == 1 else "s", len(entries), "" if len(entries) == 1 else "s")]
    for entry in entries:
        lines.append("%5dx  first %s  last %s  vc %s  %s" % (
            entry.count, format_clock(entry.first_seen), format_clock(entry.last_seen),
            entry.view_controller or "-", entry.signature))
    return "\n".join(lines)


def parse_conflict_json(text):
    """Reads the fields of an LDS_JSON conflict report; tolerant of missing ones."""
    try:
        data = json.loads(text)
    except ValueError:
        return {"text": text, "signature": None, "viewController": None}
    if not isinstance(data, dict):
        return {"text": text, "signature": None, "viewController": None}
    return {
        "text": data.get("text") if isinstance(data.get("text"), str) else text,
        "signature": data.get("signature") if isinstance(data.get("signature"), str) else None,
        "viewController": data.get("viewController") if isinstance(data.get("viewController"), str) else None,
        "ordinal": data.get("ordinal"),
        "brokenConstraint": data.get("brokenConstraint"),
    }


# MARK: - Pasted input (no LLDB)


CONFLICT_OPENING = "Unable to simultaneously satisfy constraints"
CONFLICT_CLOSING = "may also be helpful"


def read_until_blank(readline):
    """Reads a pasted console log up to an empty line; returns the text.

    UIKit's conflict log has empty lines of its own, so inside a conflict (from
    `Unable to simultaneously satisfy constraints` to the trailer line ending in
    `may also be helpful.`) it takes two empty lines in a row to end the input.
    Leading empty lines are skipped.
    """
    lines = []
    in_conflict = False
    blanks = 0
    while True:
        line = readline()
        if not line:
            break
        line = line.rstrip("\r\n")
        if not line.strip():
            if not lines:
                continue
            blanks += 1
            if not in_conflict or blanks >= 2:
                break
            lines.append("")
            continue
        blanks = 0
        lines.append(line)
        if CONFLICT_OPENING in line:
            in_conflict = True
        elif CONFLICT_CLOSING in line:
            in_conflict = False
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + ("\n" if lines else "")


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


def script_directory():
    return os.path.dirname(os.path.abspath(__file__))


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


def first_line(text):
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


def strip_error_prefix(text):
    text = re.sub(r"<user expression \d+>:\d+:\d+: ", "", text or "")
    if text.startswith("error:"):
        text = text[len("error:"):].strip()
    return text or "unknown error"


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


def proc_status_field(pid, name):
    """An integer field of /proc/<pid>/status (TracerPid, PPid), or None."""
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


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
    candidates = library_candidates(triple, os.environ, script_directory(), os.path.expanduser("~"))
    existing = [path for path in candidates if os.path.isfile(path)]
    if not existing:
        if os.environ.get(LIBRARY_ENV):
            raise LayoutDebugError("could not load %s: no such file ($%s)" % (candidates[0], LIBRARY_ENV))
        raise LayoutDebugError("could not find %s%s; looked in: %s (set $%s to its path)" % (
            LIBRARY_BASENAME, library_extension(triple), ", ".join(candidates), LIBRARY_ENV))
    path = existing[0]
    error = lldb.SBError()
    token = ctx.process.LoadImage(lldb.SBFileSpec(path, False), error)
    if not error.Success() or token == lldb.LLDB_INVALID_IMAGE_TOKEN:
        raise LayoutDebugError(load_failure_message(path, first_line(error.GetCString()), triple))
    anchor = code_symbol(ctx.target, VERSION_SYMBOL)
    if anchor is None:
        raise LayoutDebugError("loaded %s but it has no %s symbol: is it LayoutDebugSupport?"
                               % (path, VERSION_SYMBOL))
    facts.found_library(path, anchor, ctx.target)
    return facts, True


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


# MARK: - Commands


class Command(object):
    """Base of every command: parsing, error handling, help.

    A subclass sets the metadata below and defines run(debugger, args, exe_ctx),
    which returns the command's output text or raises LayoutDebugError."""

    name = ""
    short_help = ""
    description = ""
    examples = ""
    flags = 0

    def __init__(self, debugger, internal_dict):
        self.parser = make_parser(self.name, self.description, self.examples)
        self.add_arguments(self.parser)

    def add_arguments(self, parser):
        pass

    def get_short_help(self):
        return self.short_help

    def get_long_help(self):
        return self.parser.format_help()

    def get_flags(self):
        return self.flags

    def __call__(self, debugger, command, exe_ctx, result):
        try:
            args = parse_command(self.parser, command)
            output = self.run(debugger, args, exe_ctx)
            if output:
                result.AppendMessage(output.rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except HelpRequested as help_text:
            result.AppendMessage(str(help_text).rstrip("\n"))
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
        except UsageError as error:
            result.SetError("%s: %s (see `help %s`)" % (self.name, error, self.name))
        except LayoutDebugError as error:
            result.SetError("%s: %s" % (self.name, error))
        except SystemExit as exit_:
            result.SetError("%s: invalid arguments (status %s)" % (self.name, exit_.code))
        except Exception as error:  # noqa: BLE001 - never show a traceback
            result.SetError("%s: internal error: %s: %s" % (self.name, type(error).__name__,
                                                             first_line(str(error))))


def _process_flags():
    if lldb is None:
        return 0
    return lldb.eCommandRequiresProcess | lldb.eCommandProcessMustBeLaunched | \
        lldb.eCommandProcessMustBePaused


def _target_flags():
    return 0 if lldb is None else lldb.eCommandRequiresTarget


class LoadCommand(Command):
    name = "lload"
    short_help = "Load the LayoutDebugSupport helper library into the process."
    description = (
        "Injects libLayoutDebugSupport into the stopped process with SBProcess.LoadImage,\n"
        "once per process; it is skipped when the library is already present.\n"
        "Every other command runs it for you. The library is searched in order:\n"
        "  1. $LAYOUT_DEBUG_LIBRARY (only that path, when set)\n"
        "  2. ~/.lldb/layout-debug/libLayoutDebugSupport.{so,dylib} (the installed copy)\n"
        "  3. the folder holding layout_debug.py (an installer --prefix)\n"
        "  4. ../.build/release, then ../.build/debug, next to the script's lldb/ folder")
    examples = (
        "examples:\n"
        "  lload\n"
        "  (shell) LAYOUT_DEBUG_LIBRARY=/path/libLayoutDebugSupport.so lldb MyApp")
    flags = property(lambda self: _process_flags())

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        path, fresh = ensure_loaded(ctx)
        version = ctx.call_report("lds_version").strip()
        if fresh:
            return "Loaded %s (%s)" % (path, version)
        return "%s is already loaded: %s (%s)" % (LIBRARY_BASENAME, path, version)


class BreakCommand(Command):
    name = "lbreak"
    short_help = "Stop (or log and continue) on every unsatisfiable Auto Layout conflict."
    description = (
        "Sets breakpoints on UIViewAlertForUnsatisfiableConstraints (iOS, ReferenceKit)\n"
        "and LAYOUT_CONSTRAINTS_NOT_SATISFIABLE (macOS). At each hit the conflict report\n"
        "is printed from one expression and its signature is counted for `lconflicts`.\n"
        "Running lbreak again changes the mode of the existing breakpoints.")
    examples = (
        "examples:\n"
        "  lbreak                 stop at each conflict with its report\n"
        "  lbreak --continue      print each report and keep running\n"
        "  lbreak -c --quiet      only count conflicts; see them with lconflicts\n"
        "  lbreak --delete        remove the breakpoints")
    flags = property(lambda self: _target_flags())

    def add_arguments(self, parser):
        parser.add_argument("-c", "--continue", dest="continue_", action="store_true",
                            help="log the conflict and keep running instead of stopping")
        parser.add_argument("-q", "--quiet", action="store_true",
                            help="do not print reports (conflicts are still counted)")
        parser.add_argument("-d", "--delete", action="store_true",
                            help="delete the conflict breakpoints")

    def run(self, debugger, args, exe_ctx):
        target = exe_ctx.GetTarget() if exe_ctx is not None else None
        if target is None or not target.IsValid():
            raise LayoutDebugError("no target: create one with `target create <app>` first")
        existing = find_conflict_breakpoints(target)
        if args.delete:
            if args.continue_ or args.quiet:
                raise UsageError("--delete takes no other option")
            for breakpoint in existing:
                target.BreakpointDelete(breakpoint.GetID())
            return "Deleted %d Auto Layout conflict breakpoint%s." % (
                len(existing), "" if len(existing) == 1 else "s")
        session = session_for(debugger)
        session.stop_on_conflict = not args.continue_
        session.quiet = args.quiet
        if not existing:
            for symbol in CONFLICT_SYMBOLS:
                breakpoint = create_c_symbol_breakpoint(target, symbol)
                if not breakpoint.IsValid():
                    raise LayoutDebugError("could not create a breakpoint on %s" % symbol)
                if not breakpoint.AddName(BREAKPOINT_NAME):
                    target.BreakpointDelete(breakpoint.GetID())
                    raise LayoutDebugError("could not name the breakpoint on %s" % symbol)
                breakpoint.SetScriptCallbackFunction(__name__ + ".conflict_breakpoint_callback")
                existing.append(breakpoint)
        lines = []
        for breakpoint in existing:
            count = breakpoint.GetNumLocations()
            where = "%d location%s" % (count, "" if count == 1 else "s") if count else "pending"
            lines.append("  breakpoint %d: %s (%s)" % (breakpoint.GetID(),
                                                        breakpoint_symbol(breakpoint), where))
        mode = "stop and print the report" if session.stop_on_conflict else "print the report and continue"
        if session.quiet:
            mode = ("stop" if session.stop_on_conflict else "continue") + " without printing (counted)"
        return "Auto Layout conflict breakpoints, on a conflict: %s\n%s" % (mode, "\n".join(lines))


def create_c_symbol_breakpoint(target, symbol):
    """A breakpoint on the C symbol only.

    A Swift-aware LLDB also matches the Swift function behind a `@_cdecl`
    thunk by its base name, which would give two locations and two hits
    per conflict.
    """
    try:
        return target.BreakpointCreateByName(symbol, lldb.eFunctionNameTypeFull, lldb.eLanguageTypeUnknown,
                                             lldb.SBFileSpecList(), lldb.SBFileSpecList())
    except (TypeError, AttributeError, NotImplementedError):  # an LLDB without that overload
        return target.BreakpointCreateByName(symbol)


def find_conflict_breakpoints(target):
    found = []
    for index in range(target.GetNumBreakpoints()):
        breakpoint = target.GetBreakpointAtIndex(index)
        if breakpoint.IsValid() and breakpoint.MatchesName(BREAKPOINT_NAME):
            found.append(breakpoint)
    return found


def breakpoint_symbol(breakpoint):
    names = lldb.SBStringList()
    breakpoint.GetNames(names)
    description = lldb.SBStream()
    breakpoint.GetDescription(description, False)
    text = description.GetData() or ""
    for symbol in CONFLICT_SYMBOLS:
        if symbol in text:
            return symbol
    return "?"


def conflict_breakpoint_callback(frame, bp_loc, *rest):
    """The lbreak callback: one expression, count always, stop as asked. Never raises."""
    debugger = None
    try:
        thread = frame.GetThread()
        process = thread.GetProcess()
        target = process.GetTarget()
        debugger = target.GetDebugger()
        session = session_for(debugger)
    except Exception:  # noqa: BLE001
        return True
    stop = session.stop_on_conflict
    if is_nested_hit(frame):
        return False  # the same conflict, one call deeper: counted at the outer hit
    signature = None
    view_controller = None
    text = None
    try:
        exe_ctx = lldb.SBExecutionContext(frame)
        ctx = Context(debugger, exe_ctx)
        raw = ctx.call_entry("lds_conflict_report", "(void *)$arg1", "(void *)$arg2", str(LDS_JSON))
        message = split_error(raw)
        if message is not None:
            text = "Auto Layout conflict (no report: %s)" % message
            # No addresses in a signature: repeats of one failure count as one.
            signature = "(unreported: %s)" % re.sub(r"0x[0-9a-fA-F]+", "0x?", message)
        else:
            fields = parse_conflict_json(raw)
            text = fields["text"]
            signature = fields["signature"]
            view_controller = fields["viewController"]
    except Exception as error:  # noqa: BLE001 - count the hit even when the report fails
        session.callback_errors += 1
        message = first_line(str(error)) or type(error).__name__
        text = "Auto Layout conflict (no report: %s)" % message
        signature = "(unreported conflict)"
    entry = session.conflicts.record(signature, view_controller)
    if not session.quiet:
        try:
            write_output(debugger, "%s\n[lbreak] conflict #%d, signature seen %d time%s%s" % (
                (text or "").rstrip("\n"), session.conflicts.total, entry.count,
                "" if entry.count == 1 else "s",
                "" if stop else "; continuing"))
        except Exception:  # noqa: BLE001
            pass
    return bool(stop)


def is_nested_hit(frame):
    """True when the caller is itself a conflict symbol (a `@_cdecl` thunk calling its body)."""
    try:
        caller = frame.GetThread().GetFrameAtIndex(frame.GetFrameID() + 1)
        symbol = caller.GetSymbol()
        name = symbol.GetName() if symbol is not None and symbol.IsValid() else None
        return name in CONFLICT_SYMBOLS
    except Exception:  # noqa: BLE001 - when unsure, count it
        return False


class ConflictsCommand(Command):
    name = "lconflicts"
    short_help = "List the Auto Layout conflicts seen in this session, by signature."
    description = (
        "Prints one line per distinct conflict signature seen by lbreak: how many times,\n"
        "when it was first and last seen, and the view controller.")
    examples = (
        "examples:\n"
        "  lconflicts\n"
        "  lconflicts --clear     forget the counts")

    def add_arguments(self, parser):
        parser.add_argument("--clear", action="store_true", help="forget every recorded conflict")

    def run(self, debugger, args, exe_ctx):
        session = session_for(debugger)
        if args.clear:
            count = session.conflicts.total
            session.conflicts.clear()
            return "Cleared %d recorded conflict%s." % (count, "" if count == 1 else "s")
        return format_conflict_summary(session.conflicts)


OBJECT_HELP = ("a hex address (0x7fc82aba1210), $arg1 or any register, a $N result, "
               "or an expression in the frame's language (self.view)")


class ReportCommand(Command):
    name = "lreport"
    short_help = "Print the layout report of a view (and its subviews) or of a constraint."
    description = (
        "Prints a view's frame, constraints, ambiguity and hugging/compression, for it\n"
        "and its descendants, from one call into the helper library. Each constraint\n"
        "is listed once, under the view that holds it; a descendant's Ancestors line\n"
        "counts those already listed above it (--no-descend lists them all). Given a\n"
        "constraint, prints its description and its items.")
    examples = (
        "examples:\n"
        "  lreport self.view\n"
        "  lreport 0x7fc82aba1210 --no-descend\n"
        "  lreport $arg1 --all --json")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("object", nargs="+", help=OBJECT_HELP)
        parser.add_argument("--no-descend", action="store_true", help="only this view, not its subviews")
        parser.add_argument("--all", action="store_true", help="include views on the skip list")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.object)
        address = ctx.resolve_object(text)
        flags = report_flags(no_descend=args.no_descend, show_all=args.all, as_json=args.json)
        return ctx.call_report("lds_report", c_pointer(address), str(flags))


class ConstraintsCommand(Command):
    name = "lconstraints"
    short_help = "List every constraint that references a view, in the view and its ancestors."
    description = "Lists the constraints that reference the view, wherever they are installed."
    examples = (
        "examples:\n"
        "  lconstraints self.view\n"
        "  lconstraints 0x7fc82aba1210 --hide-system")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("view", nargs="+", help=OBJECT_HELP)
        parser.add_argument("--hide-system", action="store_true",
                            help="drop the constraints the system adds (autoresizing, content size)")
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.view)
        address = ctx.resolve_object(text)
        flags = report_flags(as_json=args.json, hide_system=args.hide_system)
        return ctx.call_report("lds_constraints", c_pointer(address), str(flags))


class TraceCommand(Command):
    name = "ltrace"
    short_help = "Print the Auto Layout trace of a view hierarchy (default: the key window)."
    description = (
        "Prints the view tree with frames, marking ambiguous layouts. With no view it\n"
        "uses the key window, or the first window's root view when there is no key\n"
        "window.")
    examples = (
        "examples:\n"
        "  ltrace\n"
        "  ltrace self.view\n"
        "  ltrace 0x7fc82aba1210 --json")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("view", nargs="*", help="optional; " + OBJECT_HELP)
        parser.add_argument("--json", action="store_true", help="print JSON instead of text")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        text = join_words(args.view)
        address = ctx.resolve_object(text) if text else None
        flags = report_flags(as_json=args.json)
        return ctx.call_report("lds_trace", c_pointer(address), str(flags))


class NameCommand(Command):
    name = "lname"
    short_help = "Give a view or constraint a name that later reports show."
    description = (
        "Sets a nametag on an object, so reports print <HeaderView:0x...>.\n"
        "An empty name (\"\") clears it. Quote an object expression that has spaces.")
    examples = (
        "examples:\n"
        "  lname 0x7fc82aba1210 HeaderView\n"
        "  lname self.view Root\n"
        "  lname 0x7fc82aba1210 \"\"        clear the name")
    flags = property(lambda self: _process_flags())

    def add_arguments(self, parser):
        parser.add_argument("object", help=OBJECT_HELP)
        parser.add_argument("nametag", metavar="name", help="the name to show in reports")

    def run(self, debugger, args, exe_ctx):
        ctx = Context(debugger, exe_ctx)
        address = ctx.resolve_object(args.object)
        text = ctx.call_report("lds_set_name", c_pointer(address), c_string_literal(args.nametag))
        return text or ("Named 0x%x %s" % (address, args.nametag))


class ExplainCommand(Command):
    name = "lexplain"
    short_help = "Explain an Auto Layout conflict from a pasted console log or a file."
    description = (
        "Runs layout-explain on this machine (no process needed): why the constraints\n"
        "cannot hold together, and what to change. With no FILE, paste the console log\n"
        "and end it with an empty line (two, if the paste stops before UIKit's last\n"
        "line, \"...may also be helpful.\"). layout-explain is searched in\n"
        "$LAYOUT_DEBUG_EXPLAIN, ~/.lldb/layout-debug/, next to this script, the\n"
        "package's .build/release and .build/debug, then $PATH.")
    examples = (
        "examples:\n"
        "  lexplain ~/Desktop/console.log\n"
        "  lexplain --summary ~/Desktop/console.log   one line per distinct conflict\n"
        "  lexplain               then paste the log and an empty line")

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="a file holding the console log")
        parser.add_argument("--summary", action="store_true",
                            help="one line per distinct conflict, most frequent first")
        parser.add_argument("--json", action="store_true", help="print JSON")

    def run(self, debugger, args, exe_ctx):
        tool = find_explain_tool()
        options = explain_arguments(args.summary, args.json)
        if args.file:
            path = os.path.expanduser(args.file)
            if not os.path.isfile(path):
                raise LayoutDebugError("no such file: %s" % args.file)
            return run_explain(tool, options + ["--", path], None)
        text = read_pasted_log(debugger)
        if not text.strip():
            raise LayoutDebugError("no log given: paste it and end with an empty line, or give a FILE")
        return run_explain(tool, options, text)


def explain_arguments(summary, as_json):
    arguments = []
    if summary:
        arguments.append("--summary")
    if as_json:
        arguments.append("--json")
    return arguments


def find_explain_tool():
    candidates = explain_candidates(os.environ, script_directory(), os.path.expanduser("~"))
    for path in candidates:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path
    raise LayoutDebugError("could not find %s (set $%s to its path)" % (EXPLAIN_TOOL, EXPLAIN_ENV))


def read_pasted_log(debugger):
    handle = debugger.GetInputFileHandle() if debugger is not None else None
    if handle is None:
        handle = sys.stdin
    try:
        interactive = handle.isatty()
    except Exception:  # noqa: BLE001
        interactive = False
    if interactive:
        write_output(debugger, "Paste the console log, then an empty line:")
    return read_until_blank(unbuffered_readline(handle))


def unbuffered_readline(handle):
    """A readline that takes no byte past the newline, so LLDB's own input is untouched."""
    try:
        descriptor = handle.fileno()
    except Exception:  # noqa: BLE001 - not a real file: its own readline
        return handle.readline

    def readline():
        data = bytearray()
        while True:
            byte = os.read(descriptor, 1)
            if not byte:
                break
            data.extend(byte)
            if byte == b"\n":
                break
        return data.decode("utf-8", errors="replace")

    return readline


def run_explain(tool, arguments, stdin_text):
    try:
        completed = subprocess.run([tool] + arguments, input=stdin_text, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, universal_newlines=True, timeout=60)
    except OSError as error:
        raise LayoutDebugError("could not run %s: %s" % (tool, error))
    except subprocess.TimeoutExpired:
        raise LayoutDebugError("%s did not finish in 60 s" % tool)
    if completed.returncode != 0:
        message = first_line(completed.stderr) or first_line(completed.stdout) or \
            "exit status %d" % completed.returncode
        raise LayoutDebugError("%s failed: %s" % (os.path.basename(tool), strip_error_prefix(message)))
    return completed.stdout


class SettingsCommand(Command):
    name = "lsettings"
    short_help = "Show or change LayoutDebug settings (expression timeout, skip list, local reads)."
    description = (
        "Every call into the process runs on the current thread first, then on all\n"
        "threads, and is stopped and unwound after the timeout (default 5 s, or\n"
        "$LAYOUT_DEBUG_TIMEOUT when set).\n"
        "--skip replaces, in the stopped process, the classes whose subviews lreport\n"
        "does not open (default: UIButton, UILabel, UISwitch and the other controls);\n"
        "an empty list restores the default. lreport --all ignores the list.\n"
        "--local-read (default on): when the process runs on this machine (Linux), each\n"
        "report is read straight from /proc/<pid>/mem. LLDB reads memory through its\n"
        "debug server in gdb-remote packets, ~9 ms for a 1 MB report; /proc takes under\n"
        "1 ms. A remote process, macOS (no /proc) and any failed local read use LLDB's\n"
        "read, which is also the check the first local read of a process must match.\n"
        "Turn it off to read every report through LLDB.\n"
        "With no option, lsettings shows every setting.")
    examples = (
        "examples:\n"
        "  lsettings\n"
        "  lsettings --timeout 20\n"
        "  lsettings --skip \"UIButton,MyApp.ChartView\"\n"
        "  lsettings --skip \"\"        restore the default skip list\n"
        "  lsettings --local-read off  read every report through LLDB")

    def add_arguments(self, parser):
        parser.add_argument("--timeout", metavar="SECONDS", help="expression timeout in seconds")
        parser.add_argument("--skip", metavar="CLASSES",
                            help="comma-separated classes whose subviews lreport leaves out")
        parser.add_argument("--local-read", choices=("on", "off"),
                            help="read reports of a process on this machine from /proc/<pid>/mem "
                                 "(default on)")

    def run(self, debugger, args, exe_ctx):
        session = session_for(debugger)
        if args.timeout is not None:
            session.timeout = parse_timeout(args.timeout)
        if args.local_read is not None:
            session.local_read = args.local_read == "on"
        lines = ["timeout: %s" % format_seconds(session.timeout)]
        if args.local_read is not None or (args.timeout is None and args.skip is None):
            lines.append("local read: %s" % describe_local_read(session, exe_ctx))
        if args.skip is not None:
            ctx = Context(debugger, exe_ctx)
            lines.append(ctx.call_report("lds_set_skipped_classes", c_string_literal(args.skip)).strip())
        return "\n".join(lines)


def describe_local_read(session, exe_ctx):
    """`on (...)` or `off (...)`: the setting, and what it means for the current process."""
    if not session.local_read:
        return "off (reports are read through LLDB)"
    process = exe_ctx.GetProcess() if exe_ctx is not None and lldb is not None else None
    if process is None or not process.IsValid() or process.GetState() in (
            lldb.eStateInvalid, lldb.eStateUnloaded, lldb.eStateConnected, lldb.eStateDetached,
            lldb.eStateExited):
        return "on (for a process that runs on this machine)"
    try:
        return "on (%s)" % local_memory(process).describe()
    except Exception as error:  # noqa: BLE001 - a status line must not fail the command
        return "on (%s)" % (first_line(str(error)) or type(error).__name__)


COMMANDS = (
    LoadCommand, BreakCommand, ConflictsCommand, ReportCommand, ConstraintsCommand,
    TraceCommand, NameCommand, ExplainCommand, SettingsCommand,
)


def __lldb_init_module(debugger, internal_dict):
    for command in COMMANDS:
        debugger.HandleCommand("command script add -o -c %s.%s %s"
                               % (__name__, command.__name__, command.name))

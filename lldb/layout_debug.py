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
    return bytes(data).decode("utf-8", errors="replace")


def split_error(text):
    """Returns the message if the entry point reported a failure, else None."""
    if text.startswith("error:"):
        message = text[len("error:"):].strip()
        return " ".join(message.splitlines()) or "the helper library reported an error"
    return None


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
        self.loaded_processes = {}
        self.entry_addresses = {}
        self.callback_errors = 0


# Kept across `command script import` reloads, so a re-import keeps the counts.
_SESSIONS = globals().get("_SESSIONS", {})


def session_for(debugger):
    key = debugger.GetID() if debugger is not None and debugger.IsValid() else -1
    session = _SESSIONS.get(key)
    if session is None:
        session = Session()
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
        options = expression_options(self.session.timeout, language)
        start = time.time()
        value = self.frame.EvaluateExpression(text, options)
        self.elapsed = time.time() - start
        return value

    def call_entry(self, function, *arguments):
        """Runs one C call into the library and returns the buffer's text."""
        ensure_loaded(self)
        address = entry_address(self, function)
        value = self.evaluate(c_call(function, *arguments, address=address), lldb.eLanguageTypeC)
        if not value.GetError().Success():
            raise LayoutDebugError(describe_expression_failure(value.GetError().GetCString(),
                                                               self.session.timeout,
                                                               "the call to %s" % function,
                                                               self.elapsed))
        return read_buffer(self.process, value.GetValueAsUnsigned())

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


def read_buffer(process, address):
    if not address:
        raise LayoutDebugError("the helper library returned no buffer")
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


def code_symbol_address(target, name):
    """The load address of a code symbol in the running process, or None.

    A module from an earlier run can stay in the target's image list; its
    symbols have no load address, so they do not count.
    """
    symbols = target.FindSymbols(name)
    for index in range(symbols.GetSize() if symbols is not None else 0):
        symbol = symbols.GetContextAtIndex(index).GetSymbol()
        if symbol.IsValid() and symbol.GetType() == lldb.eSymbolTypeCode:
            load = symbol.GetStartAddress().GetLoadAddress(target)
            if load not in (0, lldb.LLDB_INVALID_ADDRESS):
                return load
    return None


def library_present(target):
    return code_symbol_address(target, VERSION_SYMBOL) is not None


def ensure_loaded(ctx):
    """Loads the helper library into the process once; returns (path or None, freshly loaded)."""
    process = ctx.process
    key = process.GetUniqueID()
    loaded = ctx.session.loaded_processes.get(key)
    if loaded is not None:
        return loaded, False
    if library_present(ctx.target):
        ctx.session.loaded_processes[key] = "(already in the process)"
        return ctx.session.loaded_processes[key], False
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
    token = process.LoadImage(lldb.SBFileSpec(path, False), error)
    if not error.Success() or token == lldb.LLDB_INVALID_IMAGE_TOKEN:
        raise LayoutDebugError(load_failure_message(path, first_line(error.GetCString()), triple))
    if not library_present(ctx.target):
        raise LayoutDebugError("loaded %s but it has no %s symbol: is it LayoutDebugSupport?"
                               % (path, VERSION_SYMBOL))
    ctx.session.loaded_processes[key] = path
    return path, True


def entry_address(ctx, function):
    """The load address of an lds_ function in this process, cached; None if unknown."""
    key = (ctx.process.GetUniqueID(), function)
    cache = ctx.session.entry_addresses
    if key not in cache:
        cache[key] = code_symbol_address(ctx.target, function)
    return cache[key]


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
        "and its descendants, from one call into the helper library. Given a\n"
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
    short_help = "Show or change LayoutDebug settings (expression timeout, skip list)."
    description = (
        "Every call into the process runs on the current thread first, then on all\n"
        "threads, and is stopped and unwound after the timeout (default 5 s, or\n"
        "$LAYOUT_DEBUG_TIMEOUT when set).\n"
        "--skip replaces, in the stopped process, the classes whose subviews lreport\n"
        "does not open (default: UIButton, UILabel, UISwitch and the other controls);\n"
        "an empty list restores the default. lreport --all ignores the list.")
    examples = (
        "examples:\n"
        "  lsettings\n"
        "  lsettings --timeout 20\n"
        "  lsettings --skip \"UIButton,MyApp.ChartView\"\n"
        "  lsettings --skip \"\"        restore the default skip list")

    def add_arguments(self, parser):
        parser.add_argument("--timeout", metavar="SECONDS", help="expression timeout in seconds")
        parser.add_argument("--skip", metavar="CLASSES",
                            help="comma-separated classes whose subviews lreport leaves out")

    def run(self, debugger, args, exe_ctx):
        session = session_for(debugger)
        if args.timeout is not None:
            session.timeout = parse_timeout(args.timeout)
        lines = ["timeout: %s" % format_seconds(session.timeout)]
        if args.skip is not None:
            ctx = Context(debugger, exe_ctx)
            lines.append(ctx.call_report("lds_set_skipped_classes", c_string_literal(args.skip)).strip())
        return "\n".join(lines)


COMMANDS = (
    LoadCommand, BreakCommand, ConflictsCommand, ReportCommand, ConstraintsCommand,
    TraceCommand, NameCommand, ExplainCommand, SettingsCommand,
)


def __lldb_init_module(debugger, internal_dict):
    for command in COMMANDS:
        debugger.HandleCommand("command script add -o -c %s.%s %s"
                               % (__name__, command.__name__, command.name))

"""Unit tests of the LLDB commands' plain logic (lldb/layout_debug.py and the layoutdebug
package beside it): no LLDB, no process."""

import ast
import glob
import io
import os
import re
import sys
import time

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "lldb", "layout_debug.py")
PACKAGE_DIR = os.path.join(ROOT, "lldb", "layoutdebug")
sys.path.insert(0, os.path.join(ROOT, "lldb"))

import layout_debug as ld  # noqa: E402
import layoutdebug  # noqa: E402
from layoutdebug import (  # noqa: E402
    arguments, buffers, c_expressions, commands, conflict_log, constants, errors, expression_errors,
    library_search, local_memory, object_arguments, pasted_input, plumbing, settings,
)


# MARK: - Python 3.9 compatibility


def sources():
    """(path, text) of the script and of every module of its package."""
    paths = [SCRIPT] + sorted(glob.glob(os.path.join(PACKAGE_DIR, "*.py")))
    assert len(paths) > 2
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            yield path, handle.read()


def test_source_parses_with_python_3_9_grammar():
    for path, text in sources():
        ast.parse(text, filename=path, feature_version=(3, 9))


def test_source_has_no_match_statement():
    match_type = getattr(ast, "Match", None)
    assert match_type is not None  # the running Python knows `match`
    for path, text in sources():
        assert not [node for node in ast.walk(ast.parse(text)) if isinstance(node, match_type)], path


def test_source_has_no_union_type_syntax_in_annotations():
    for path, text in sources():
        for node in ast.walk(ast.parse(text)):
            annotations = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                annotations.extend(arg.annotation for arg in node.args.args + node.args.kwonlyargs)
                annotations.append(node.returns)
            if isinstance(node, ast.AnnAssign):
                annotations.append(node.annotation)
            for annotation in annotations:
                if annotation is None:
                    continue
                assert not [sub for sub in ast.walk(annotation)
                            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.BitOr)], path


def test_source_uses_no_python_3_10_apis():
    forbidden = [
        r"\bzip\([^)]*strict\s*=",          # 3.10
        r"\bint\.bit_count\b|\.bit_count\(\)",  # 3.10
        r"\bpairwise\b",                     # itertools 3.10
        r"\baiter\(|\banext\(",              # 3.10
        r"\bParamSpec\b|\bTypeAlias\b|\bTypeGuard\b",  # typing 3.10
        r"\bkw_only\s*=|\bslots\s*=",       # dataclasses 3.10
        r"\btomllib\b|\bExceptionGroup\b|except\*",  # 3.11
        r"\bStrEnum\b|\bSelf\b",            # 3.11
        r"\bdatetime\.UTC\b",                # 3.11
        r"from __future__ import annotations",  # hides | unions from the 3.9 check
    ]
    for path, text in sources():
        for pattern in forbidden:
            assert not re.search(pattern, text), (path, pattern)


# MARK: - Layers


def imported_modules(text):
    """The absolute names and the package-relative names a module's source imports."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.update("." + (node.module or alias.name) for alias in node.names)
            else:
                names.add(node.module.split(".")[0])
    return names


def test_pure_modules_import_neither_lldb_nor_the_lldb_layers():
    lldb_layers = set("." + name for name in layoutdebug.LLDB_MODULES)
    for name in layoutdebug.PURE_MODULES:
        with open(os.path.join(PACKAGE_DIR, name + ".py"), encoding="utf-8") as handle:
            imported = imported_modules(handle.read())
        assert "lldb" not in imported, name
        assert not imported & lldb_layers, (name, imported & lldb_layers)


def test_the_reload_order_names_every_module_after_those_it_imports():
    files = sorted(os.path.basename(path)[:-3] for path in glob.glob(os.path.join(PACKAGE_DIR, "*.py")))
    assert sorted(layoutdebug.MODULES + ("__init__",)) == files
    for index, name in enumerate(layoutdebug.MODULES):
        with open(os.path.join(PACKAGE_DIR, name + ".py"), encoding="utf-8") as handle:
            relative = [module[1:] for module in imported_modules(handle.read()) if module.startswith(".")]
        later = [module for module in relative if module not in layoutdebug.MODULES[:index]]
        assert not later, (name, later)


def python39():
    """A real Python 3.9 interpreter, if this machine has one (pyenv, PATH or $PYTHON39)."""
    import glob
    import subprocess
    candidates = [os.environ.get("PYTHON39", "")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.9*/bin/python3.9")))
    candidates += ["/usr/bin/python3.9", "/usr/local/bin/python3.9"]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            probe = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 9))"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
            if probe.stdout.strip() == "True":
                return candidate
    return None


def test_script_runs_under_python_3_9():
    """Imports the script and runs its plain logic in a real 3.9 when there is one;
    otherwise compiles it with the 3.9 grammar (as the test above)."""
    import subprocess
    interpreter = python39()
    if interpreter is None:
        for path, text in sources():
            compile(ast.parse(text, feature_version=(3, 9)), path, "exec")
        return
    program = (
        "import sys; sys.path.insert(0, %r)\n"
        "import layout_debug\n"
        "from layoutdebug import arguments, commands, conflict_log, plumbing\n"
        "assert plumbing.lldb is None\n"
        "args = arguments.parse_command(commands.ReportCommand(None, {}).parser, '0x10 --json --no-descend')\n"
        "assert args.json and args.no_descend and args.object == ['0x10']\n"
        "log = conflict_log.ConflictLog(); log.record('s', 'VC', when=0); log.record('s', None, when=1)\n"
        "assert conflict_log.format_conflict_summary(log).startswith('2 conflicts, 1 distinct signature')\n"
        "for command in commands.COMMANDS: assert 'examples:' in command(None, {}).get_long_help()\n"
        "print('ok')\n" % os.path.join(ROOT, "lldb"))
    run = subprocess.run([interpreter, "-c", program], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr


def test_module_imports_without_lldb():
    assert plumbing.lldb is None or hasattr(plumbing.lldb, "SBDebugger")
    assert callable(ld.__lldb_init_module)


# MARK: - Argument parsing


def parser_for(command_class):
    return command_class(None, {}).parser


def test_report_parses_options_after_the_object():
    args = arguments.parse_command(parser_for(commands.ReportCommand), "self.view --no-descend --json")
    assert args.object == ["self.view"]
    assert args.no_descend and args.json and not args.all


def test_report_joins_an_expression_with_spaces():
    args = arguments.parse_command(parser_for(commands.ReportCommand), "--all [self view]")
    assert arguments.join_words(args.object) == "[self view]"
    assert args.all


def test_report_without_object_is_a_usage_error():
    with pytest.raises(errors.UsageError):
        arguments.parse_command(parser_for(commands.ReportCommand), "")


@pytest.mark.parametrize("command_class, line", [
    (commands.ReportCommand, "0x7fc82aba1210"),
    (commands.ReportCommand, "self.view"),
    (commands.ReportCommand, "a b c"),
    (commands.NameCommand, "0x10 Header"),
    (commands.TraceCommand, ""),
    (commands.ConflictsCommand, ""),
])
def test_a_line_without_options_parses_as_parse_intermixed_args_does(command_class, line):
    parser = parser_for(command_class)
    assert arguments.parse_command(parser, line) == parser.parse_intermixed_args(arguments.split_command(line))


def test_a_line_without_options_gives_the_same_usage_errors():
    for command_class, line in ((commands.ReportCommand, ""), (commands.NameCommand, "0x10"), (commands.NameCommand, "a b c")):
        parser = parser_for(command_class)
        with pytest.raises(errors.UsageError) as plain:
            arguments.parse_command(parser, line)
        with pytest.raises(errors.UsageError) as intermixed:
            parser.parse_intermixed_args(arguments.split_command(line))
        assert str(plain.value) == str(intermixed.value)


def test_unknown_option_is_a_usage_error_not_an_exit():
    with pytest.raises(errors.UsageError) as info:
        arguments.parse_command(parser_for(commands.ReportCommand), "0x1 --bogus")
    assert "--bogus" in str(info.value)


def test_unterminated_quote_is_a_usage_error():
    with pytest.raises(errors.UsageError) as info:
        arguments.parse_command(parser_for(commands.ReportCommand), "'self.view")
    assert "unterminated quote" in str(info.value)


def test_help_option_returns_help_text():
    with pytest.raises(errors.HelpRequested) as info:
        arguments.parse_command(parser_for(commands.ReportCommand), "--help")
    assert "usage: lreport" in str(info.value)


def test_break_options():
    args = arguments.parse_command(parser_for(commands.BreakCommand), "--continue -q")
    assert args.continue_ and args.quiet and not args.delete


def test_name_takes_object_and_quoted_name():
    args = arguments.parse_command(parser_for(commands.NameCommand), "0x10 'Header View'")
    assert args.object == "0x10" and args.nametag == "Header View"


def test_trace_view_is_optional():
    args = arguments.parse_command(parser_for(commands.TraceCommand), "")
    assert args.view == []


def test_every_command_has_short_and_long_help_with_examples():
    names = set()
    for command_class in commands.COMMANDS:
        command = command_class(None, {})
        names.add(command.name)
        assert command.get_short_help().strip()
        assert "\n" not in command.get_short_help()
        long_help = command.get_long_help()
        assert long_help.startswith("usage: " + command.name)
        assert "examples:" in long_help
        for line in long_help.splitlines():
            assert len(line) <= 80, line
    assert {"lload", "lbreak", "lconflicts", "lreport", "lconstraints", "ltrace", "lname",
            "lexplain"} <= names


# MARK: - Object arguments


@pytest.mark.parametrize("text,expected", [
    ("0x7fc82aba1210", ("address", 0x7fc82aba1210)),
    ("0XDEADBEEF", ("address", 0xDEADBEEF)),
    ("0", ("address", 0)),
    ("140000", ("address", 140000)),
    ("$arg1", ("dollar", "$arg1")),
    ("$rdi", ("dollar", "$rdi")),
    ("$0", ("dollar", "$0")),
    ("$R12", ("dollar", "$R12")),
    ("self.view", ("expression", "self.view")),
    ("[self view]", ("expression", "[self view]")),
    ("0xZZ", ("expression", "0xZZ")),
])
def test_classify_object_argument(text, expected):
    assert object_arguments.classify_object_argument(text) == expected


def test_empty_object_argument_is_a_usage_error():
    with pytest.raises(errors.UsageError):
        object_arguments.classify_object_argument("  ")


def test_null_address_is_rejected():
    with pytest.raises(errors.LayoutDebugError) as info:
        object_arguments.check_address(0, "0")
    assert "null" in str(info.value)


def test_oversized_address_is_rejected():
    with pytest.raises(errors.LayoutDebugError):
        object_arguments.check_address(1 << 64, "0x10000000000000000")


# MARK: - C text


def test_c_call_casts_the_entry_point():
    assert c_expressions.c_call("lds_report", c_expressions.c_pointer(0x1234), "2") == \
        "((void *(*)(void *, unsigned int))lds_report)((void *)0x1234, 2)"


def test_c_call_to_a_resolved_address():
    assert c_expressions.c_call("lds_report", c_expressions.c_pointer(0x10), "0", address=0x7FFFF7F29650) == \
        "((void *(*)(void *, unsigned int))0x7ffff7f29650)((void *)0x10, 0)"


def test_c_call_null_pointer():
    assert c_expressions.c_call("lds_trace", c_expressions.c_pointer(None), "0") == \
        "((void *(*)(void *, unsigned int))lds_trace)((void *)0, 0)"


def test_conflict_call_is_one_expression_over_the_arguments():
    text = c_expressions.c_call("lds_conflict_report", "(void *)$arg1", "(void *)$arg2", str(constants.LDS_JSON))
    assert text == "((void *(*)(void *, void *, unsigned int))lds_conflict_report)" \
                   "((void *)$arg1, (void *)$arg2, 1)"


@pytest.mark.parametrize("name,literal", [
    ("Header", '"Header"'),
    ('say "hi"', '"say \\"hi\\""'),
    ("back\\slash", '"back\\\\slash"'),
    ("new\nline", '"new\\012line"'),
    ("caf\u00e9", '"caf\\303\\251"'),
    ("what??/", '"what\\077\\077/"'),  # no trigraphs
    ("", '""'),
])
def test_c_string_literal(name, literal):
    assert c_expressions.c_string_literal(name) == literal


def test_report_flags_match_the_c_surface():
    assert c_expressions.report_flags() == 0
    assert c_expressions.report_flags(as_json=True) == 1
    assert c_expressions.report_flags(no_descend=True) == 2
    assert c_expressions.report_flags(show_all=True) == 4
    assert c_expressions.report_flags(hide_system=True) == 8
    assert c_expressions.report_flags(True, True, True, True) == 15


# MARK: - Buffers


def test_buffer_length_is_little_endian():
    assert buffers.buffer_length(b"\x05\x01\x00\x00\x00\x00\x00\x00") == 261


def test_buffer_length_rejects_short_header():
    with pytest.raises(errors.LayoutDebugError):
        buffers.buffer_length(b"\x05\x00")


def test_buffer_length_rejects_absurd_length():
    with pytest.raises(errors.LayoutDebugError):
        buffers.buffer_length(b"\xff" * 8)


def test_decode_text_replaces_bad_utf8():
    assert buffers.decode_text(b"ok \xff") == "ok \ufffd"


def test_decode_text_takes_a_memoryview_without_copying_first():
    assert buffers.decode_text(memoryview(b"caf\xc3\xa9!")[:5]) == "caf\u00e9"


def test_check_buffer_text_needs_the_nul_after_the_text():
    assert bytes(buffers.check_buffer_text(b"abc\0", 3)) == b"abc"
    assert buffers.check_buffer_text(b"abcd", 3) is None
    assert buffers.check_buffer_text(b"ab\0", 3) is None
    assert bytes(buffers.check_buffer_text(b"\0", 0)) == b""


def test_split_error():
    assert buffers.split_error("error: 0x1 is not a live object\n") == "0x1 is not a live object"
    assert buffers.split_error("UIView:0x1 'root'") is None
    assert buffers.split_error("error:") == "the helper library reported an error"


# MARK: - Local memory reads (this process's own /proc/self/mem)

needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="no /proc (not Linux)")


def fake_buffer(text, length=None):
    """A buffer laid out as the library makes them, in this process: (its address, the ctypes object)."""
    import ctypes
    data = text.encode("utf-8")
    header = (len(data) if length is None else length).to_bytes(8, "little")
    buffer = ctypes.create_string_buffer(header + data)  # create_string_buffer adds the NUL
    return ctypes.addressof(buffer), buffer


@needs_proc
def test_local_memory_reads_a_buffer_from_proc():
    address, keep = fake_buffer("UIView:0x1 caf\u00e9\n" * 1000)
    memory = local_memory.LocalMemory(os.getpid())
    data = memory.read(address)
    assert buffers.decode_text(data) == "UIView:0x1 caf\u00e9\n" * 1000
    assert memory.failure is None and memory.refusal is None
    assert memory.path == "/proc/%d/mem" % os.getpid()


@needs_proc
def test_local_memory_reads_an_empty_buffer():
    address, keep = fake_buffer("")
    assert bytes(local_memory.LocalMemory(os.getpid()).read(address)) == b""


@needs_proc
def test_local_memory_gives_up_on_a_header_without_a_nul_after_the_text():
    address, keep = fake_buffer("abcdef", length=3)  # "def" where the NUL should be
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(address) is None
    assert "no NUL" in memory.failure and memory.refusal is None


@needs_proc
def test_local_memory_gives_up_on_an_absurd_header():
    address, keep = fake_buffer("abc", length=constants.MAX_BUFFER_LENGTH + 1)
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(address) is None
    assert "header" in memory.failure


@needs_proc
def test_local_memory_gives_up_on_an_unmapped_address_without_raising():
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(0x10) is None
    assert memory.failure and memory.refusal is None  # the next read tries again


@needs_proc
def test_local_memory_of_a_process_it_may_not_open_is_refused_for_good(monkeypatch):
    calls = []

    def refuse(pid):
        calls.append(pid)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(local_memory, "open_memory", refuse)
    memory = local_memory.LocalMemory(4242)
    assert memory.read(0x1000) is None
    assert memory.read(0x1000) is None
    assert calls == [4242], "a refused open is not tried again"
    assert memory.refusal == "/proc/4242/mem: Permission denied"
    assert "read through LLDB" in memory.describe()


def test_pread_exactly_rejects_a_short_read(tmp_path):
    path = tmp_path / "ten"
    path.write_bytes(b"0123456789")
    descriptor = os.open(str(path), os.O_RDONLY)
    try:
        assert local_memory.pread_exactly(descriptor, 4, 3) == b"3456"
        with pytest.raises(ValueError):
            local_memory.pread_exactly(descriptor, 20, 0)
    finally:
        os.close(descriptor)


# MARK: - Settings


def test_timeout_parsing():
    assert settings.parse_timeout("2.5") == 2.5
    for bad in ("x", "0", "-1", "nan", "99999"):
        with pytest.raises(errors.UsageError):
            settings.parse_timeout(bad)


def test_default_timeout_from_environment():
    assert settings.default_timeout({}) == 5.0
    assert settings.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "12"}) == 12.0
    assert settings.default_timeout({"LAYOUT_DEBUG_TIMEOUT": "junk"}) == 5.0


def test_format_seconds():
    assert settings.format_seconds(5.0) == "5 s"
    assert settings.format_seconds(0.5) == "0.5 s"


# MARK: - Conflict log


def test_conflict_log_groups_by_signature_in_first_seen_order():
    log = conflict_log.ConflictLog()
    log.record("B", "FeedVC", when=100)
    log.record("A", None, when=101)
    log.record("B", "OtherVC", when=105)
    assert log.total == 3
    entries = log.entries()
    assert [(e.signature, e.count) for e in entries] == [("B", 2), ("A", 1)]
    assert entries[0].first_seen == 100 and entries[0].last_seen == 105
    assert entries[0].view_controller == "FeedVC"


def test_conflict_log_counts_missing_signatures():
    log = conflict_log.ConflictLog()
    log.record(None)
    log.record("")
    assert log.total == 2 and log.entries()[0].count == 2


def test_conflict_summary_one_line_per_signature():
    log = conflict_log.ConflictLog()
    base = time.mktime((2026, 1, 2, 10, 0, 0, 0, 0, -1))
    for index in range(3):
        log.record("UIView.width == 100 | UIView.width == 200", "CellVC", when=base + index)
    log.record("other", None, when=base + 10)
    text = conflict_log.format_conflict_summary(log)
    lines = text.splitlines()
    assert lines[0] == "4 conflicts, 2 distinct signatures:"
    assert lines[1] == "    3x  first 10:00:00  last 10:00:02  vc CellVC  " \
                       "UIView.width == 100 | UIView.width == 200"
    assert lines[2] == "    1x  first 10:00:10  last 10:00:10  vc -  other"


def test_conflict_summary_when_empty():
    assert "No Auto Layout conflicts" in conflict_log.format_conflict_summary(conflict_log.ConflictLog())


def test_parse_conflict_json():
    fields = conflict_log.parse_conflict_json(
        '{"text":"Broke X","signature":"S","viewController":"VC","ordinal":3,"brokenConstraint":"c"}')
    assert fields["text"] == "Broke X" and fields["signature"] == "S"
    assert fields["viewController"] == "VC" and fields["ordinal"] == 3


def test_parse_conflict_json_tolerates_text_and_nulls():
    assert conflict_log.parse_conflict_json("not json")["text"] == "not json"
    fields = conflict_log.parse_conflict_json('{"text":"t","signature":null,"viewController":null}')
    assert fields["signature"] is None and fields["viewController"] is None


# MARK: - Pasted input


def test_read_until_blank_line():
    stream = io.StringIO("\nline one\nline two\n\nafter\n")
    assert pasted_input.read_until_blank(stream.readline) == "line one\nline two\n"
    assert stream.readline() == "after\n"


UIKIT_LOG = """Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x1 UIView:0x2.width == 768   (active)>"
)

Will attempt to recover by breaking constraint 
<NSLayoutConstraint:0x1 UIView:0x2.width == 768   (active)>

Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
"""


def test_read_until_blank_keeps_the_empty_lines_inside_a_conflict():
    stream = io.StringIO(UIKIT_LOG + "\nlconflicts\n")
    assert pasted_input.read_until_blank(stream.readline) == UIKIT_LOG
    assert stream.readline() == "lconflicts\n"


def test_read_until_blank_two_empty_lines_end_a_cut_conflict():
    cut = UIKIT_LOG.split("Make a symbolic")[0].rstrip("\n") + "\n"
    stream = io.StringIO(cut + "\n\nnext\n")
    assert pasted_input.read_until_blank(stream.readline) == cut
    assert stream.readline() == "next\n"


def test_read_until_end_of_input():
    assert pasted_input.read_until_blank(io.StringIO("only\n").readline) == "only\n"
    assert pasted_input.read_until_blank(io.StringIO("").readline) == ""


# MARK: - Expression errors


PARSE_ERROR = ("expression failed to parse:\nerror: <user expression 3>:1:1: use of undeclared "
               "identifier 'self'\nself.view\n^\n")


def test_expression_message_takes_the_compiler_line():
    assert expression_errors.expression_message(PARSE_ERROR) == "use of undeclared identifier 'self'"
    assert expression_errors.expression_message("") == "unknown error"
    assert expression_errors.expression_message("Couldn't read memory") == "Couldn't read memory"


@pytest.mark.parametrize("text,elapsed,kind", [
    (PARSE_ERROR, 0.01, "failed"),
    ("Execution was interrupted, reason: signal SIGSEGV: invalid address (fault address: 0x10).", 0.01,
     "stopped"),
    ("Execution was interrupted, reason: breakpoint 1.1.", 0.6, "timeout"),
    ("Expression timed out", 0.01, "timeout"),
    ("Could not find type system for language swift: TypeSystem for language swift doesn't exist",
     0.0, "unsupported"),
])
def test_classify_expression_error(text, elapsed, kind):
    assert expression_errors.classify_expression_error(text, elapsed, 0.5)[0] == kind


def test_describe_expression_failure_says_the_process_is_unharmed():
    timed_out = expression_errors.describe_expression_failure("Execution was interrupted", 0.5, "evaluating 'x'", 0.7)
    assert timed_out.startswith("evaluating 'x' timed out after 0.5 s")
    assert "the process is where it was" in timed_out and "lsettings --timeout" in timed_out
    fault = expression_errors.describe_expression_failure(
        "Execution was interrupted, reason: signal SIGSEGV: invalid address.", 5, "the call", 0.01)
    assert "stopped in the target" in fault and "unwound" in fault
    parse = expression_errors.describe_expression_failure(PARSE_ERROR, 5)
    assert parse == "the expression failed: use of undeclared identifier 'self'; the process is where it was"
    for message in (timed_out, fault, parse):
        assert "\n" not in message


def test_sessions_survive_a_reimport():
    """LLDB reloads layout_debug.py on a second `command script import`; that reloads the package."""
    import importlib
    plumbing._SESSIONS["marker"] = "kept"
    earlier_session_class = plumbing.Session
    try:
        importlib.reload(ld)
        assert plumbing.Session is not earlier_session_class, "the package's code is run again"
        assert plumbing._SESSIONS.get("marker") == "kept"
        assert ld.ReportCommand is commands.ReportCommand
    finally:
        plumbing._SESSIONS.pop("marker", None)


def test_explain_arguments():
    assert commands.explain_arguments(False, False) == []
    assert commands.explain_arguments(True, True) == ["--summary", "--json"]
    args = arguments.parse_command(parser_for(commands.ExplainCommand), "--summary ~/log.txt")
    assert args.summary and args.file == "~/log.txt" and not args.json


# MARK: - Commands that need no process


class FakeDebugger(object):
    def __init__(self, identifier):
        self.identifier = identifier

    def GetID(self):
        return self.identifier

    def IsValid(self):
        return True


def test_lconflicts_lists_and_clears_this_debugger_s_conflicts_only():
    mine, other = FakeDebugger(9001), FakeDebugger(9002)
    try:
        plumbing.session_for(mine).conflicts.record("S", "VC", when=0)
        plumbing.session_for(mine).conflicts.record("S", "VC", when=1)
        command = commands.ConflictsCommand(None, {})
        assert command.run(mine, arguments.parse_command(command.parser, ""), None).startswith(
            "2 conflicts, 1 distinct signature:")
        assert "No Auto Layout conflicts" in command.run(other, arguments.parse_command(command.parser, ""), None)
        assert command.run(mine, arguments.parse_command(command.parser, "--clear"), None) == \
            "Cleared 2 recorded conflicts."
        assert plumbing.session_for(mine).conflicts.total == 0
    finally:
        plumbing._SESSIONS.pop(9001, None)
        plumbing._SESSIONS.pop(9002, None)


def test_lsettings_timeout_is_per_debugger():
    debugger = FakeDebugger(9003)
    try:
        command = commands.SettingsCommand(None, {})
        assert command.run(debugger, arguments.parse_command(command.parser, "--timeout 12"), None) == "timeout: 12 s"
        assert plumbing.session_for(debugger).timeout == 12.0
        with pytest.raises(errors.UsageError):
            command.run(debugger, arguments.parse_command(command.parser, "--timeout 0"), None)
    finally:
        plumbing._SESSIONS.pop(9003, None)


def test_lsettings_local_read_is_per_debugger_and_shown_with_every_setting():
    debugger, other = FakeDebugger(9004), FakeDebugger(9005)
    try:
        command = commands.SettingsCommand(None, {})
        assert plumbing.session_for(debugger).local_read is True
        assert command.run(debugger, arguments.parse_command(command.parser, "--local-read off"), None) == \
            "timeout: 5 s\nlocal read: off (reports are read through LLDB)"
        assert plumbing.session_for(debugger).local_read is False
        assert plumbing.session_for(other).local_read is True
        shown = command.run(other, arguments.parse_command(command.parser, ""), None).splitlines()
        assert shown[0] == "timeout: 5 s" and shown[1].startswith("local read: on (")
        with pytest.raises(errors.UsageError):
            command.run(debugger, arguments.parse_command(command.parser, "--local-read maybe"), None)
        assert "--local-read" in command.get_long_help() and "/proc/<pid>/mem" in command.get_long_help()
    finally:
        plumbing._SESSIONS.pop(9004, None)
        plumbing._SESSIONS.pop(9005, None)


def test_a_session_from_an_earlier_import_keeps_its_state_and_gains_new_settings():
    class OldSession(object):  # what an earlier version of the script left in _SESSIONS
        def __init__(self):
            self.timeout = 12.0
            self.conflicts = conflict_log.ConflictLog()
            self.stop_on_conflict = False
            self.quiet = True
            self.callback_errors = 3

    plumbing._SESSIONS[9006] = OldSession()
    try:
        session = plumbing.session_for(FakeDebugger(9006))
        assert isinstance(session, plumbing.Session)
        assert (session.timeout, session.stop_on_conflict, session.quiet, session.callback_errors) == \
            (12.0, False, True, 3)
        assert session.local_read is True and session.options == {}
        assert plumbing.session_for(FakeDebugger(9006)) is session
    finally:
        plumbing._SESSIONS.pop(9006, None)

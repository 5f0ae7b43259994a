"""scripts/check_platform_calls.py: the Linux-side guard against Glibc-only Swift code,
which breaks the build on every Mac (issue: the package did not build on a Mac because of
one `Glibc.read`)."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "check_platform_calls.py")


def run_guard(*paths):
    return subprocess.run([sys.executable, SCRIPT, *paths], cwd=ROOT, capture_output=True, text=True)


def guard_on(tmp_path, text):
    source = tmp_path / "Planted.swift"
    source.write_text(text)
    return run_guard(str(source))


def test_the_repository_has_no_glibc_only_code():
    result = run_guard()
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_planted_glibc_read_in_the_real_reader_fails_with_its_line(tmp_path):
    with open(os.path.join(ROOT, "Sources/LayoutDebugSupport/Parsing/Lines/ConsoleLogReader.swift")) as handle:
        lines = handle.read().split("\n")
    index = next(i for i, line in enumerate(lines) if "readBytes(descriptor" in line)
    lines[index] = lines[index].replace("readBytes(", "Glibc.read(")
    result = guard_on(tmp_path, "\n".join(lines))
    assert result.returncode == 1
    assert "Planted.swift:%d: `Glibc.` names Linux's C library" % (index + 1) in result.stdout


def test_import_glibc_needs_a_darwin_twin(tmp_path):
    twin = "#if canImport(Glibc)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#endif\n"
    assert guard_on(tmp_path, twin).returncode == 0
    alone = "#if canImport(Glibc)\nimport Glibc\n#endif\n"
    result = guard_on(tmp_path, alone)
    assert result.returncode == 1 and "Planted.swift:1: `import Glibc` in a Linux-only `#if`" in result.stdout
    bare = "import Foundation\nimport Glibc\n"
    result = guard_on(tmp_path, bare)
    assert result.returncode == 1 and "Planted.swift:2: `import Glibc` outside" in result.stdout


@pytest.mark.parametrize("condition", ["os(Linux)", "canImport(Glibc)", "!canImport(UIKit) && os(Linux)"])
def test_a_gnu_only_call_is_fine_inside_a_linux_only_branch(tmp_path, condition):
    text = "#if %s\nlet size = malloc_usable_size(pointer)\n#endif\n" % condition
    assert guard_on(tmp_path, text).returncode == 0


@pytest.mark.parametrize("condition", ["canImport(UIKit) || os(Linux)", "!os(Linux)"])
def test_a_gnu_only_call_fails_where_a_mac_also_compiles_it(tmp_path, condition):
    text = "#if %s\nlet size = malloc_usable_size(pointer)\n#endif\n" % condition
    result = guard_on(tmp_path, text)
    assert result.returncode == 1 and "Planted.swift:2: `malloc_usable_size` is glibc-only" in result.stdout


def test_names_in_comments_and_strings_are_not_calls(tmp_path):
    text = '// Glibc.read would break a Mac build\nlet text = "memrchr(x)"\n'
    assert guard_on(tmp_path, text).returncode == 0


def test_a_missing_path_is_a_one_line_error():
    result = run_guard("no/such/folder")
    assert result.returncode == 2
    assert result.stderr.strip() == "error: no such file or folder: no/such/folder"

#!/usr/bin/env python3
"""Finds Glibc-only Swift code that would break the build on a Mac.

usage: scripts/check_platform_calls.py [PATH...]   (default: Sources ReferenceKit/Sources bench)

The Apple SDK type-check (scripts/apple_sdk_check.py) is the real proof, but CI cannot fetch an
SDK. This guard catches the commonest slip on Linux: a use of Glibc outside a conditional branch
that has a Darwin twin. It reports, one line each, as FILE:LINE: message:
  - `import Glibc`, a `Glibc.` qualified name, or a GNU-only C function (see GNU_ONLY)
    that is not inside an `#if canImport(Glibc)` / `#if os(Linux)` branch;
  - `import Glibc` in such a branch whose `#if` chain has no other branch
    (`#elseif canImport(Darwin)`, `#else`...), so a Mac build imports no C library there.
A `Glibc.` qualified name is reported even inside a guarded branch: the Darwin twin of the same
line would have to spell `Darwin.`, and a plain name reaches whichever library was imported.
Exits 1 when it reports anything.
"""

import os
import re
import sys

# C functions that glibc has and Darwin's libc does not (or has with another signature).
GNU_ONLY = (
    "malloc_usable_size", "malloc_trim", "mallinfo", "mallinfo2", "__errno_location",
    "memrchr", "rawmemchr", "strchrnul", "mempcpy", "get_nprocs", "sched_getaffinity",
    "gettid", "pipe2", "accept4", "dup3", "secure_getenv", "getauxval", "sysinfo",
    "epoll_create", "epoll_create1", "epoll_ctl", "epoll_wait", "inotify_init", "inotify_init1",
    "eventfd", "signalfd", "timerfd_create", "prctl", "statx", "posix_fadvise", "fallocate",
    "program_invocation_name", "program_invocation_short_name",
)
# A condition that holds only on Linux: `canImport(Glibc)` or `os(Linux)`, not negated, and
# not one side of an `||` (`canImport(UIKit) || os(Linux)` holds on iOS too).
LINUX_CONDITION = re.compile(r"(?<!!)\b(canImport\(\s*Glibc\s*\)|os\(\s*Linux\s*\))")
DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")
QUALIFIED = re.compile(r"\bGlibc\s*\.")
IMPORT = re.compile(r"^\s*(@_exported\s+)?import\s+Glibc\b")
GNU_CALL = re.compile(r"\b(" + "|".join(GNU_ONLY) + r")\s*\(")


def strip_comment_and_strings(line):
    """The line without string literals and `//` comments, so prose never matches."""
    line = re.sub(r'"(?:[^"\\]|\\.)*"', '""', line)
    return line.split("//", 1)[0]


def linux_only(condition):
    """Whether an `#if`/`#elseif` condition can hold only on Linux."""
    return bool(LINUX_CONDITION.search(condition)) and "||" not in condition


def branch_chains(lines):
    """For each line index, whether it sits in a Linux-only branch; and the line numbers of
    the `#if`s whose chain is one Linux-only branch that imports Glibc, with no other branch
    to import Darwin."""
    guarded = [False] * len(lines)
    stack = []  # per open #if: {"start", "linux_now", "has_linux", "branches"}
    untwinned = []
    for index, raw in enumerate(lines):
        match = DIRECTIVE.match(raw)
        if match:
            keyword, condition = match.group(1), match.group(2)
            if keyword == "if":
                linux = linux_only(condition)
                stack.append({"start": index + 1, "linux_now": linux, "has_linux": linux, "branches": 1,
                              "imports": False})
            elif stack and keyword in ("elseif", "else"):
                frame = stack[-1]
                frame["branches"] += 1
                frame["linux_now"] = keyword == "elseif" and linux_only(condition)
                frame["has_linux"] = frame["has_linux"] or frame["linux_now"]
            elif stack and keyword == "endif":
                frame = stack.pop()
                if frame["has_linux"] and frame["branches"] == 1 and frame["imports"]:
                    untwinned.append(frame["start"])
            continue
        guarded[index] = any(frame["linux_now"] for frame in stack)
        if stack and IMPORT.search(strip_comment_and_strings(raw)):
            stack[-1]["imports"] = True
    return guarded, untwinned


def check_file(path):
    """The problems in one Swift file, as 'FILE:LINE: message' strings."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().split("\n")
    guarded, untwinned = branch_chains(lines)
    problems = []
    for index, raw in enumerate(lines):
        code = strip_comment_and_strings(raw)
        where = "%s:%d: " % (path, index + 1)
        if QUALIFIED.search(code):
            problems.append(where + "`Glibc.` names Linux's C library; call the plain name, which "
                                    "reaches Darwin's on a Mac")
        elif not guarded[index]:
            if IMPORT.search(code):
                problems.append(where + "`import Glibc` outside `#if canImport(Glibc)` with a Darwin twin")
            else:
                call = GNU_CALL.search(code)
                if call:
                    problems.append(where + "`%s` is glibc-only; put it in an `#if canImport(Glibc)` "
                                            "branch with a Darwin twin" % call.group(1))
    for start in untwinned:
        problems.append("%s:%d: `import Glibc` in a Linux-only `#if` with no other branch: add "
                        "`#elseif canImport(Darwin)` / `import Darwin`" % (path, start))
    return problems


def swift_files(paths):
    """Every .swift file under the given files and folders, build folders left out."""
    for path in paths:
        if os.path.isfile(path):
            yield path
            continue
        for folder, subfolders, files in os.walk(path):
            subfolders[:] = sorted(d for d in subfolders if not d.startswith("."))
            for name in sorted(files):
                if name.endswith(".swift"):
                    yield os.path.join(folder, name)


def main(argv):
    paths = argv[1:] or ["Sources", "ReferenceKit/Sources", "bench"]
    missing = [path for path in paths if not os.path.exists(path)]
    if missing:
        print("error: no such file or folder: %s" % missing[0], file=sys.stderr)
        return 2
    problems = [problem for path in swift_files(paths) for problem in check_file(path)]
    for problem in problems:
        print(problem)
    if problems:
        print("%d Glibc-only use(s) would break the build on a Mac" % len(problems), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Compares two folders of reports written by `LDS_BENCH_DUMP=DIR lds-report-bench N ...`.

Addresses move from run to run, so each address (0x and six or more hex digits) is
rewritten as its order of first appearance in its file before the files are compared.
Prints each file that differs; exits 1 if any does (or one folder lacks a file).

Usage: bench/report/same_reports.py BEFORE_DIR AFTER_DIR
"""
import os
import re
import sys

ADDRESS = re.compile(rb"0x[0-9a-f]{6,}")


def normalized(path):
    """The file's bytes with every address replaced by @N, N counting distinct addresses."""
    seen = {}
    with open(path, "rb") as f:
        data = f.read()
    return ADDRESS.sub(lambda m: b"@%d" % seen.setdefault(m.group(0), len(seen)), data)


def main(before, after):
    names = sorted(set(os.listdir(before)) | set(os.listdir(after)))
    different = [name for name in names
                 if not (os.path.exists(os.path.join(before, name)) and os.path.exists(os.path.join(after, name)))
                 or normalized(os.path.join(before, name)) != normalized(os.path.join(after, name))]
    for name in different:
        print(f"differs: {name}")
    print(f"{len(names) - len(different)} of {len(names)} reports the same")
    return 1 if different else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))

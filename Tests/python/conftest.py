"""Puts lldb/ on sys.path, so the unit tests import the package as LLDB's script does, and
this folder, for the tests' shared helpers (triples, fakes) from commands/ too."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLDB_DIR = os.path.join(ROOT, "lldb")
HERE = os.path.dirname(os.path.abspath(__file__))
for folder in (LLDB_DIR, HERE):
    if folder not in sys.path:
        sys.path.insert(0, folder)

"""Puts lldb/ on sys.path, so the unit tests import the package as LLDB's script does."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLDB_DIR = os.path.join(ROOT, "lldb")
if LLDB_DIR not in sys.path:
    sys.path.insert(0, LLDB_DIR)

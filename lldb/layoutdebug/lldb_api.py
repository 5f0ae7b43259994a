"""LLDB's Python module for the layers that talk to LLDB, or None where there is none.

The unit tests import those layers without LLDB; only their plain logic runs then.
"""

try:
    import lldb
except ImportError:  # pragma: no cover - exercised only outside LLDB
    lldb = None
if lldb is not None and not hasattr(lldb, "SBDebugger"):
    lldb = None  # A folder named lldb/ (this repository's) on sys.path, not LLDB's module.

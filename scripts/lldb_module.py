"""LLDB's Python module for the lldb test suites and benchmarks, which drive LLDB from a plain
python3: imported from PYTHONPATH (scripts/lldb-env.sh's ld_export_lldb puts it there), else
from the folder `lldb-16 -P` names. Not part of the installed package (lldb/layoutdebug): the
commands run inside LLDB, where the module is already loaded.
"""

import os
import subprocess
import sys


def import_lldb(binary=None):
    """LLDB's `lldb` module; `binary` (else $LLDB, else lldb-16) names the lldb whose `-P` says
    where the module is when PYTHONPATH lacks it."""
    try:
        import lldb
        if hasattr(lldb, "SBDebugger"):
            return lldb
    except ImportError:
        pass
    # A namespace package made from the repository's own lldb/ folder, not LLDB's module.
    sys.modules.pop("lldb", None)
    binary = binary or os.environ.get("LLDB") or "lldb-16"
    sys.path.insert(0, subprocess.check_output([binary, "-P"], universal_newlines=True).strip())
    import lldb  # noqa: F811
    return lldb


def find_debugserver(candidates=("lldb-server-16", "lldb-server")):
    """Sets $LLDB_DEBUGSERVER_PATH, when unset, to the first lldb-server on PATH: Debian's
    lldb-16 launches nothing without it."""
    if os.environ.get("LLDB_DEBUGSERVER_PATH"):
        return
    for candidate in candidates:
        found = subprocess.run(["sh", "-c", "command -v " + candidate], stdout=subprocess.PIPE,
                               universal_newlines=True).stdout.strip()
        if found:
            os.environ["LLDB_DEBUGSERVER_PATH"] = found
            return

"""Names and numbers shared with the C entry surface, the environment and the install
layout (no LLDB).
"""

import hashlib
import os


LIBRARY_ENV = "LAYOUT_DEBUG_LIBRARY"
TIMEOUT_ENV = "LAYOUT_DEBUG_TIMEOUT"
EXPLAIN_ENV = "LAYOUT_DEBUG_EXPLAIN"
INSTALL_DIR = os.path.join("~", ".lldb", "layout-debug")
LIBRARY_BASENAME = "libLayoutDebugSupport"
EXPLAIN_TOOL = "layout-explain"
VERSION_SYMBOL = "lds_version"
DEFAULT_TIMEOUT = 5.0
MAX_BUFFER_LENGTH = 256 * 1024 * 1024
# Every report buffer's storage holds at least this many bytes (ReportBuffer.smallestCapacity,
# held to it by Tests/python/test_c_surface.py): a read through LLDB of that many bytes from a
# buffer's start stays in it, and takes a short report whole, header and all.
BUFFER_FIRST_READ = 4096

# Flags of the C entry surface (docs/ARCHITECTURE.md): ReportOptions' raw values, held to them by
# Tests/python/test_c_surface.py.
LDS_JSON = 1
LDS_NO_DESCEND = 2
LDS_ALL = 4
LDS_SYSTEM_FILTER = 8
LDS_STRESS = 16
LDS_HTML = 32

# The name lbreak gives its breakpoints (conflict_sites.py says where they go).
BREAKPOINT_NAME = "LayoutDebugConflict"

# lbreak --continue records conflicts in the process once the library is loaded (storm.py):
# how many reports it keeps between two reads (0: a breakpoint stop per conflict, as before),
# the function where it asks to be read, and the names of the breakpoints that read it.
STORM_RING_ENV = "LAYOUT_DEBUG_STORM_RING"
DEFAULT_STORM_RING = 256
STORM_PENDING_SYMBOL = "LayoutDebugStormPending"
STORM_BREAKPOINT_NAME = "LayoutDebugStorm"
STORM_LAUNCH_BREAKPOINT_NAME = "LayoutDebugStormLaunch"
STORM_LIVE = 1  # lds_storm_start: reports are printed as they come; ask to be read soon
STORM_AT_EXIT = 1  # LayoutDebugStormPending's argument when the process is exiting

# lfix at a conflict stop queues its change for the app's next main-queue turn (engine_exit.py):
# the function the main queue then calls, where lfix keeps a one-shot breakpoint, and how long
# lfix lets the app run to it before it interrupts the app and gives up.
FIX_PENDING_SYMBOL = "LayoutDebugFixPending"
FIX_WAIT_SECONDS = 10

# C prototypes of the entry points, used to cast the symbol in each call: the @_cdecl functions of
# CEntry/CEntryPoints*.swift, held to them by Tests/python/test_c_surface.py.
PROTOTYPES = {
    "lds_version": "void *(*)(void)",
    "lds_surface": "void *(*)(void)",
    "lds_report": "void *(*)(void *, unsigned int)",
    "lds_constraints": "void *(*)(void *, unsigned int)",
    "lds_trace": "void *(*)(void *, unsigned int)",
    "lds_set_name": "void *(*)(void *, const char *)",
    "lds_conflict_report": "void *(*)(void *, void *, unsigned int)",
    "lds_set_skipped_classes": "void *(*)(const char *)",
    "lds_origins": "void *(*)(const char *)",
    "lds_fix": "void *(*)(const char *, unsigned long long, unsigned int)",
    "lds_picture": "void *(*)(void *, void *, unsigned int, unsigned int)",
    "lds_lint": "void *(*)(void *, unsigned int)",
    "lds_lint_ignore": "void *(*)(void *, const char *)",
    "lds_storm_start": "void *(*)(unsigned int, unsigned int)",
    "lds_storm_drain": "void *(*)(unsigned int)",
    "lds_storm_stop": "void *(*)(unsigned int)",
    "lds_report_number": "void *(*)(unsigned int)",
    "lds_loop_arm": "void *(*)(unsigned int)",
    "lds_loop_report": "void *(*)(unsigned int)",
}


def surface_digest(prototypes):
    """The first 16 hex digits of the SHA-256 of each `name prototype` line, sorted: what
    `lds_surface` returns from a library built with the same entry points
    (CEntry/CEntrySurface.swift)."""
    lines = "".join("%s %s\n" % (name, prototypes[name]) for name in sorted(prototypes))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()[:16]


SURFACE_SYMBOL = "lds_surface"
SURFACE_DIGEST = surface_digest(PROTOTYPES)

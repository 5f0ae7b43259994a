"""Names and numbers shared with the C entry surface, the environment and the install
layout (no LLDB).
"""

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

# Flags of the C entry surface (docs/ARCHITECTURE.md).
LDS_JSON = 1
LDS_NO_DESCEND = 2
LDS_ALL = 4
LDS_SYSTEM_FILTER = 8
LDS_STRESS = 16
LDS_HTML = 32

# The name lbreak gives its breakpoints (conflict_sites.py says where they go).
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
    "lds_origins": "void *(*)(const char *)",
    "lds_fix": "void *(*)(const char *, unsigned long long, unsigned int)",
    "lds_picture": "void *(*)(void *, void *, unsigned int)",
    "lds_lint": "void *(*)(void *, unsigned int)",
    "lds_lint_ignore": "void *(*)(void *, const char *)",
}

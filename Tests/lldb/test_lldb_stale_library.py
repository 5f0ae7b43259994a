"""A library built from other sources than the commands is refused before any call into it.

The stand-in libraries here are C: `lds_version` answers as the real one does (an 8-byte
little-endian length, the text, a NUL), `lds_surface` gives a digest other than the commands'
or is missing (a build older than the check), and every other entry point aborts the app. A
command that called one would kill the demo, which must instead finish with its normal output.
"""

import os
import subprocess
import sys

from conftest import ROOT

sys.path.insert(0, os.path.join(ROOT, "lldb"))
from layoutdebug.constants import PROTOTYPES, SURFACE_DIGEST  # noqa: E402 (the path above)

SCENARIO = "duplicate-leading"
OTHER_DIGEST = "0123456789abcdef"

STAND_IN = r"""
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static char buffer[8192];

static void *publish(const char *text) {
    uint64_t length = strlen(text);
    memcpy(buffer, &length, 8);
    memcpy(buffer + 8, text, length + 1);
    return buffer;
}

void *lds_version(void) { return publish("LayoutDebugSupport 0.0.1"); }
#ifdef SURFACE
void *lds_surface(void) { return publish(SURFACE); }
#endif
"""


def stand_in_library(tmp_path, surface):
    """A shared library of the C surface's names, built here; `surface` None leaves out
    lds_surface."""
    others = sorted(set(PROTOTYPES) - {"lds_version", "lds_surface"})
    source = tmp_path / "stand_in.c"
    source.write_text(STAND_IN + "".join("void *%s(void) { abort(); }\n" % name for name in others))
    library = tmp_path / "libLayoutDebugSupport.so"
    command = ["cc", "-shared", "-fPIC", "-o", str(library), str(source)]
    if surface is not None:
        command.insert(1, '-DSURFACE="%s"' % surface)
    subprocess.run(command, check=True)
    return str(library)


def assert_refused_then_normal_exit(session, monkeypatch, library, what):
    monkeypatch.setenv("LAYOUT_DEBUG_LIBRARY", library)
    session.launch(SCENARIO)
    expected = "libLayoutDebugSupport %s %s, and these commands call %s" % (library, what, SURFACE_DIGEST)
    # The first command loads it and is refused; the next ones are refused without a call.
    for command in ("lreport $arg1", "lload", "lconstraints $arg1", "ltrace"):
        error = session.fails(command)
        assert error.startswith("error: %s: %s" % (command.split()[0], expected)), error
        assert "rebuild it (swift build)" in error
    session.continue_to_exit()


def test_a_library_with_another_surface_is_never_called(session, monkeypatch, tmp_path):
    library = stand_in_library(tmp_path, OTHER_DIGEST)
    assert_refused_then_normal_exit(session, monkeypatch, library, "has C surface " + OTHER_DIGEST)


def test_a_library_older_than_the_check_is_never_called(session, monkeypatch, tmp_path):
    library = stand_in_library(tmp_path, None)
    assert_refused_then_normal_exit(session, monkeypatch, library, "has no lds_surface")

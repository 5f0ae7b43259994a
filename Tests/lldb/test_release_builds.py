"""The conflict paths (lbreak, the storm, lfix, origins) on the release build that install.sh
makes, under both LLDBs a user has: Debian's lldb-16 and the Swift toolchain's (the one
lldb-dap, and so VS Code, uses on Linux).

In a release build the body of UIViewAlertForUnsatisfiableConstraints is inlined into its
`@_cdecl` thunk: at the stop, frames 0-2 all carry that symbol. lbreak once took every such
hit for a nested one and reported nothing under the toolchain's LLDB.
"""

import os
import re
import subprocess

import pytest

from conftest import ROOT, SCRIPT, product_environment
from test_swift_toolchain_lldb import python_for, swift_lldb

RELEASE = os.path.abspath(os.environ.get("LAYOUT_DEBUG_RELEASE_DIR") or os.path.join(ROOT, ".build", "release"))
SCENARIOS = os.path.join(ROOT, "Sources", "DemoScenarios")


def release_products():
    demo = os.path.join(RELEASE, "layout-demo")
    library = os.path.join(RELEASE, "libLayoutDebugSupport.so")
    assert os.path.isfile(demo) and os.path.isfile(library), \
        "build the release products first (swift build -c release); missing in %s" % RELEASE
    return demo, library


def lldb_command(which):
    """The lldb binary and the environment it needs, with the release products."""
    release_products()
    return lldb_for(which, RELEASE)


def run_batch(lldb, environment, script, demo, folder):
    """`lldb` running the command file `script` on `demo` in batch mode, in `folder`, past
    commands that fail; the completed process, its output and errors together."""
    return subprocess.run(
        [lldb, "--no-lldbinit", "-b", "-O", "settings set interpreter.stop-command-source-on-error false",
         "-s", str(script), "--", demo],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=600,
        cwd=str(folder), env=environment)


def lldb_for(which, build):
    """`which` lldb ("lldb-16", or the toolchain's) and its environment, with the library and
    layout-explain of the build folder `build`."""
    environment = product_environment()
    environment.update({"LAYOUT_DEBUG_LIBRARY": os.path.join(build, "libLayoutDebugSupport.so"),
                        "LAYOUT_DEBUG_EXPLAIN": os.path.join(build, "layout-explain")})
    if which == "lldb-16":
        return "lldb-16", environment
    lldb = swift_lldb()
    environment.update(python_for(lldb))
    environment.pop("PYTHONPATH", None)  # lldb-16's module is for another Python
    environment.pop("LLDB_DEBUGSERVER_PATH", None)  # the toolchain's own lldb-server
    return lldb, environment


def session(which, tmp_path, commands, *demo_arguments):
    """A batch lldb session on the release layout-demo; its transcript and the app's stderr."""
    lldb, environment = lldb_command(which)
    demo, _ = release_products()
    stderr_path = tmp_path / "demo-stderr.txt"
    script = tmp_path / "commands.lldb"
    launch = "process launch -o %s -e %s -- %s" % (tmp_path / "demo-stdout.txt", stderr_path,
                                                   " ".join(demo_arguments))
    script.write_text("\n".join(["command script import " + SCRIPT] + [launch if line == "run" else line
                                                                        for line in commands]) + "\n")
    completed = run_batch(lldb, environment, script, demo, tmp_path)
    transcript = completed.stdout
    assert completed.returncode == 0, transcript
    assert "Traceback" not in transcript, transcript
    return transcript, stderr_path.read_text(), (tmp_path / "demo-stdout.txt").read_text()


LLDBS = ["lldb-16", "toolchain"]


@pytest.mark.parametrize("which", LLDBS)
def test_lbreak_reports_each_conflict_once_and_lfix_applies_after_the_engine_returns(which, tmp_path):
    transcript, app_log, frames = session(which, tmp_path, [
        "lbreak", "run", "lconflicts", "lfix --suggestion 1", "continue"], "cell-width-conflict")
    assert transcript.count("[lbreak] conflict #") == 1, transcript
    # The engine breaks the width added last (768), as the app's own log says.
    logged = re.search(r"Will attempt to recover by breaking constraint \n<NSLayoutConstraint:(0x[0-9a-f]+) ", app_log)
    assert logged, app_log
    assert re.search(r"Will attempt to recover by breaking:\n  %s @1000 <UIView:0x[0-9a-f]+>\.width == 768\.0"
                     % logged.group(1), transcript), transcript
    assert "1 conflict, 1 distinct signature" in transcript, transcript
    assert "Made at the app's next main-queue turn (LayoutDebugFixPending)" in transcript, transcript
    assert "No conflict remains." in transcript, transcript
    # Width at 999: the view keeps the 50-wide content view's width, and the app exits normally.
    assert re.search(r"UIView:0x[0-9a-f]+ \(0 0; 50 44\)\n*$", frames), frames
    assert "exited with status = 0" in transcript, transcript


@pytest.mark.parametrize("which", LLDBS)
def test_a_storm_is_counted_conflict_for_conflict(which, tmp_path):
    transcript, app_log, _ = session(which, tmp_path, ["lbreak --continue --quiet", "run", "lconflicts"],
                                     "conflict-storm", "30")
    logged = app_log.count("Unable to simultaneously satisfy constraints")
    assert logged == 30, app_log[-2000:]
    assert re.search(r"\b30 conflicts, 3 distinct signatures", transcript), transcript


@pytest.mark.parametrize("which", LLDBS)
def test_origins_name_the_line_that_made_the_constraint(which, tmp_path):
    transcript, _, _ = session(which, tmp_path, ["lbreak --continue --origins", "run"], "cell-width-conflict")
    with open(os.path.join(SCENARIOS, "ConflictScenarios.swift")) as handle:
        line = next(index + 1 for index, text in enumerate(handle) if '"H:[wide(768)]"' in text)
    assert re.search(r"\.width == 768\.0\n\s+made at ConflictScenarios\.swift:%d\b" % line, transcript), transcript

"""lfix at lbreak stops in deferred-pass conflicts, under UIApplicationMain's run loop, which
never returns: twice in one LLDB run, with the storm's and the monitor's hooks installed, on
lldb-16 and the toolchain's LLDB, debug and release (issue 41's done-when).

The app is `layout-monitor-demo` (the in-app monitor started from launch) running
`runloop-conflict 2`: each of two screens' cell-width conflict comes from the commit at the end
of its turn. At the first stop the storm recorder is started by hand, as `lbreak --continue`
starts it. Each lfix must apply its change at the app's next main-queue turn and find no
conflict left, within seconds; the storm must count the second conflict once, and the monitor
both once each (before the one conflict hook, after a restart they counted twice).
"""

import os
import re

import pytest

from conftest import BUILD_DIR, SCRIPT
from test_release_builds import RELEASE, lldb_for, run_batch

LFIX_SECONDS = re.compile(r"lfix took ([0-9.]+) s")


# Script lines defining `_call(text, symbol)`: evaluates C `text` (`%s` the address of `symbol`)
# in the selected frame and prints its summary, or its error. The toolchain's LLDB does not find
# a symbol without debug information by its name in an expression.
CALL_HELPER = [
    "script import lldb as _lldb; _options = _lldb.SBExpressionOptions(); _options.SetLanguage(_lldb.eLanguageTypeC)",
    "script _call = lambda text, symbol: (lambda t, v: print(v.GetSummary() if v.GetError().Success() else "
    "v.GetError().GetCString()))(_lldb.debugger.GetSelectedTarget(), _lldb.debugger.GetSelectedTarget().GetProcess()"
    ".GetSelectedThread().GetSelectedFrame().EvaluateExpression(text % hex(_lldb.debugger.GetSelectedTarget()"
    ".FindSymbols(symbol)[0].GetSymbol().GetStartAddress().GetLoadAddress(_lldb.debugger.GetSelectedTarget())), "
    "_options))",
]


def call(expression, symbol):
    """The script line that calls `expression` with `symbol`'s address (CALL_HELPER)."""
    return "script _call(%r, %r)" % (expression, symbol)


def timed(command):
    """`command` between two script lines that print how long it took."""
    return ["script _started = __import__('time').time()", command,
            "script print('lfix took %.1f s' % (__import__('time').time() - _started))"]


@pytest.mark.parametrize("build", ["debug", "release"])
@pytest.mark.parametrize("which", ["lldb-16", "toolchain"])
def test_lfix_twice_in_deferred_pass_conflicts_with_the_storm_and_the_monitor(which, build, tmp_path):
    folder = BUILD_DIR if build == "debug" else RELEASE
    demo = os.path.join(folder, "layout-monitor-demo")
    assert os.path.isfile(demo), "build the %s products first; missing %s" % (build, demo)
    lldb, environment = lldb_for(which, folder)
    backlog = tmp_path / "backlog.jsonl"
    launch = "process launch -o %s -e %s -- --backlog %s runloop-conflict 2" % (
        tmp_path / "stdout.txt", tmp_path / "stderr.txt", backlog)
    commands = ["command script import " + SCRIPT] + CALL_HELPER + ["lbreak", launch,
                call("(long)((void *(*)(unsigned int, unsigned int))%s)(0, 8)", "lds_storm_start")]
    commands += timed("lfix --suggestion 1") + ["continue"] + timed("lfix --suggestion 1")
    commands += [call("(char *)((char *)((void *(*)(unsigned int))%s)(0) + 8)", "lds_storm_stop"), "continue"]
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(commands) + "\n")
    completed = run_batch(lldb, environment, script, demo, tmp_path)
    transcript = completed.stdout
    assert completed.returncode == 0 and "Traceback" not in transcript, transcript
    assert transcript.count("[lbreak] conflict #") == 2, transcript
    assert transcript.count("Made at the app's next main-queue turn (LayoutDebugFixPending)") == 2, transcript
    assert transcript.count("No conflict remains.") == 2, transcript
    took = [float(seconds) for seconds in LFIX_SECONDS.findall(transcript)]
    assert len(took) == 2 and max(took) < 10, (took, transcript)
    # The storm, started at the first stop, met the second conflict once (LLDB prints the C
    # string's summary with its quotes escaped).
    assert re.search(r'"dropped":\[\{"signature":"[^"]+","owner":"yours","viewController":"UIViewController",'
                     r'"count":1,', transcript.replace('\\"', '"')), transcript
    # The monitor saw both conflicts, once each; the app ran to its normal end.
    assert "delivered=2 signatures=1" in (tmp_path / "stdout.txt").read_text(), transcript
    assert "exited with status = 0" in transcript, transcript

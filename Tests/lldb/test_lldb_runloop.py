"""ReferenceKit's deferred layout pass, seen from lldb: a run-loop scenario's conflict stops
with the stack a UIKit app has (Tests/python/real_stacks.py, written from public crash
reports), in the debug and the release build, each boundary frame a frame of its own."""

import importlib.util
import os
import re
import subprocess

from conftest import DEMO, ROOT, c_value, product_environment, session_in
from test_release_builds import release_products

# Loaded by path: Tests/python on sys.path would shadow this folder's conftest.
_SPEC = importlib.util.spec_from_file_location("real_stacks", os.path.join(ROOT, "Tests", "python", "real_stacks.py"))
real_stacks = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(real_stacks)
IOS_BACKGROUND_THREAD_EXIT, IOS_DEFERRED_LAYOUT, names = \
    real_stacks.IOS_BACKGROUND_THREAD_EXIT, real_stacks.IOS_DEFERRED_LAYOUT, real_stacks.names

ALERT = "UIViewAlertForUnsatisfiableConstraints"
# `bt` lines: "frame #21: 0x… libReferenceKit.so`CA::Layer::layout_if_needed(CA::Transaction*) + 12 at …"
BT_FRAME = re.compile(r"frame #\d+: 0x[0-9a-f]+ [^`]+`(.+?)(?: \+ \d+)?(?: at \S+)?$")


def shared_in_order(real, ours):
    """The real stack's names that ReferenceKit's stack also has, in the real order; fails
    unless ReferenceKit has them in that same order."""
    shared = [name for name in names(real) if name in ours]
    positions = [ours.index(name) for name in shared]
    assert positions == sorted(positions), (shared, ours)
    return shared


def frame_names(thread):
    """A thread's function names from the top, one per frame (a name LLDB cannot give is '?')."""
    found = []
    for index in range(thread.GetNumFrames()):
        frame = thread.GetFrameAtIndex(index)
        symbol = frame.GetSymbol()
        found.append((symbol.GetName() if symbol.IsValid() else None) or frame.GetFunctionName() or "?")
    return found


def stopped_stack(tmp_path, scenario):
    """The frames of the thread stopped at the alert in a debug run of `scenario`."""
    with session_in(tmp_path, scenario) as session:
        session.create_target()
        session.ok("breakpoint set -n " + ALERT)
        session.launch(scenario, stop_at_layout=False)
        assert session.stop_function() == ALERT, session.state()
        return frame_names(session.process.GetSelectedThread())


def test_a_runloop_conflict_stops_under_the_commit_the_run_loop_and_UIApplicationMain(tmp_path):
    ours = stopped_stack(tmp_path, "runloop-conflict")
    shared = shared_in_order(IOS_DEFERRED_LAYOUT, ours)
    assert shared == [
        ALERT, "CA::Layer::layout_if_needed(CA::Transaction*)", "CA::Layer::layout_and_display_if_needed(CA::Transaction*)",
        "CA::Context::commit_transaction(CA::Transaction*, double, double*)", "CA::Transaction::commit()",
        "CA::Transaction::observer_callback(__CFRunLoopObserver*, unsigned long, void*)",
        "__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__", "__CFRunLoopDoObservers", "__CFRunLoopRun",
        "CFRunLoopRunSpecific", "GSEventRunModal", "UIApplicationMain"], ours
    # The alert runs inside the engine host's method, as UIKit's does: a hook on it sits between.
    method = next(index for index, name in enumerate(ours) if "willBreakConstraint" in name)
    engine = next(index for index, name in enumerate(ours) if "LayoutEngine" in name)
    assert ours.index(ALERT) < method < engine, ours


def test_a_background_runloop_conflict_stops_in_the_commit_of_the_exiting_thread(tmp_path):
    ours = stopped_stack(tmp_path, "runloop-background-conflict")
    assert shared_in_order(IOS_BACKGROUND_THREAD_EXIT, ours) == [
        ALERT, "CA::Layer::layout_if_needed(CA::Transaction*)", "CA::Layer::layout_and_display_if_needed(CA::Transaction*)",
        "CA::Transaction::commit()", "CA::Transaction::release_thread(void*)"], ours
    assert ours[-1].startswith("__clone"), ours  # a thread of its own, not main


def test_the_release_build_keeps_each_boundary_frame(tmp_path):
    demo, _ = release_products()
    completed = subprocess.run(
        ["lldb-16", "--no-lldbinit", "-b", "-o", "breakpoint set -n " + ALERT, "-o", "run runloop-conflict",
         "-o", "bt", "-o", "kill", demo],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True, timeout=300,
        env=product_environment(), cwd=str(tmp_path))
    ours = [match.group(1) for match in map(BT_FRAME.search, completed.stdout.splitlines()) if match]
    for name in ("CA::Layer::layout_if_needed(CA::Transaction*)", "CA::Transaction::commit()",
                 "CA::Transaction::observer_callback(__CFRunLoopObserver*, unsigned long, void*)",
                 "__CFRunLoopRun", "GSEventRunModal", "UIApplicationMain"):
        assert name in ours, (name, completed.stdout)
    shared_in_order(IOS_DEFERRED_LAYOUT, ours)
    assert os.path.isfile(DEMO)


def test_lbreaks_report_at_a_deferred_pass_conflict_asks_the_engine_nothing(tmp_path):
    # The report is made at the stop, inside the engine's report of the conflict, where its rows
    # are half changed: ReferenceKit counts every question asked of an engine there (issue 41,
    # fault 7), and lbreak's report, with its views and their frames, asks none.
    with session_in(tmp_path, "lbreak") as session:
        session.create_target()
        session.ok("lbreak")
        session.launch("runloop-conflict", 1, stop_at_layout=False)
        assert session.stop_function() == ALERT, session.state()
        assert "Views:\n" in session.callback_output(), session.callback_output()
        assert c_value(session, "(long)ReferenceKitEngineQueriesWhileReporting()") == 0
        session.continue_to_exit()
        assert "asked the layout engine while it reports" not in session.demo_stderr()

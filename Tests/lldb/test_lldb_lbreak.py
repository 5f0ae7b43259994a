"""lbreak and lconflicts on the demo's conflict scenarios, in real lldb-16 sessions."""

import os
import re
import subprocess
import time
from collections import Counter

from conftest import ADDRESS, DEMO, lldb, run_demo, session_in

CONFLICT_LOG = "Unable to simultaneously satisfy constraints"
BROKEN = re.compile(r"Will attempt to recover by breaking constraint\s*\n\s*(<[^\n]*>)")
KNOWN_CONFLICTS = {"cell-width-conflict", "autoresizing-conflict", "duplicate-leading", "stack-conflict"}


def scenarios():
    """Scenario names from `layout-demo --list`."""
    listing = subprocess.run([DEMO, "--list"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             universal_newlines=True, timeout=60)
    assert listing.returncode == 0, listing.stderr
    names = []
    for line in listing.stdout.splitlines():
        match = re.match(r"\s*([a-z][a-z0-9-]*)\b", line)
        if match:
            names.append(match.group(1))
    return names


def conflict_scenarios():
    """(name, arguments) of every scenario whose plain run logs a conflict."""
    found = []
    for name in scenarios():
        if name.startswith("loop-"):
            continue  # each ends the process in UIKit's or AppKit's exception: test_loop_scenarios.py
        arguments = [1] if name == "conflict-storm" else ([10] if name == "many-views" else [])
        status, _, stderr = run_demo(name, *arguments)
        assert status == 0, (name, stderr)
        if CONFLICT_LOG in stderr:
            found.append((name, arguments))
    return found


def broken_constraints(stderr):
    """The broken constraint of each conflict, as the demo's own log prints it."""
    return BROKEN.findall(stderr)


def signature_of(description):
    """A constraint description without addresses: the log's own grouping key."""
    return ADDRESS.sub("0x?", description)


def test_lbreak_stops_on_every_conflict_scenario_and_names_the_broken_constraint(tmp_path):
    found = conflict_scenarios()
    names = {name for name, _ in found}
    assert KNOWN_CONFLICTS <= names, names
    for name, arguments in found:
        with session_in(tmp_path, name) as session:
            session.create_target()
            session.ok("lbreak")
            session.launch(name, *arguments, stop_at_layout=False)
            assert session.process.GetState() == lldb.eStateStopped, (name, session.state())
            assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints", name
            report = session.callback_output()
            logged = broken_constraints(session.demo_stderr())
            assert logged, (name, session.demo_stderr())
            address = ADDRESS.search(logged[0]).group(0)
            # The logged constraint's stringValue, from the library, is the one the
            # report says it breaks.
            string_value = session.ok("lreport " + address).splitlines()[0].split(" [")[0].strip()
            breaking = report.split("Will attempt to recover by breaking:", 1)[1].strip().splitlines()[0]
            assert breaking.strip() == string_value, (name, logged[0], string_value, report)
            assert "[lbreak] conflict #1," in report
            assert "1 conflict, 1 distinct signature" in session.ok("lconflicts")
            session.ok("lbreak --delete")
            session.continue_to_exit()


def test_lbreak_continue_counts_every_conflict_of_a_storm_grouped_by_signature(session):
    session.create_target()
    session.ok("lbreak --continue")
    session.launch("conflict-storm", 200, stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateExited, session.state()
    assert session.process.GetExitStatus() == 0
    logged = broken_constraints(session.demo_stderr())
    assert len(logged) == 200
    summary = session.ok("lconflicts")
    lines = summary.splitlines()
    assert lines[0].startswith("200 conflicts, ")
    # Every row of conflict-storm is the app's own: plain views it made.
    assert lines[1] == "  by owner: 200 yours, 0 system, 0 transient", summary
    rows = [re.match(r"\s*(\d+)x\s+first (\S+)\s+last (\S+)\s+vc (\S+)\s+(.*)", line) for line in lines[2:]]
    assert all(rows), summary
    counts = sorted(int(row.group(1)) for row in rows)
    # The demo's own log groups the same way: its broken constraints, addresses aside.
    expected = sorted(Counter(signature_of(text) for text in logged).values())
    assert counts == expected, (summary, expected)
    assert sum(counts) == 200
    output = session.callback_output()
    assert output.count("[lbreak] conflict #") == 200
    assert "[lbreak] conflict #200," in output
    assert "Traceback" not in output


def test_lbreak_quiet_counts_without_printing_and_can_switch_to_stopping(session):
    session.create_target()
    session.ok("lbreak --continue --quiet")
    session.launch("conflict-storm", 20, stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateExited
    assert session.callback_output().count("[lbreak]") == 0
    assert session.ok("lconflicts").startswith("20 conflicts, ")
    assert "Cleared 20" in session.ok("lconflicts --clear")
    assert "No Auto Layout conflicts" in session.ok("lconflicts")
    # Running lbreak again changes the mode of the same breakpoint: one, for a Linux
    # target (ReferenceKit, UIKit's symbol); AppKit's site is for macOS targets only.
    listing = session.ok("lbreak")
    assert session.target.GetNumBreakpoints() == 1
    assert listing.splitlines()[1:] == ["  breakpoint 1: UIViewAlertForUnsatisfiableConstraints (1 location)"]
    session.launch("conflict-storm", 3, stop_at_layout=False)
    assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints"
    assert session.ok("lconflicts").startswith("1 conflict, ")
    session.ok("lbreak --continue")
    session.process.Continue()
    assert session.process.GetState() == lldb.eStateExited
    assert session.process.GetExitStatus() == 0
    assert session.ok("lconflicts").startswith("3 conflicts, ")
    assert "Deleted 1 Auto Layout conflict breakpoint." in session.ok("lbreak --delete")
    assert session.target.GetNumBreakpoints() == 0


def test_lbreak_counts_hits_even_when_no_report_can_be_made(session, tmp_path):
    """A library that will not load: every conflict is still counted and announced."""
    junk = tmp_path / "libLayoutDebugSupport.so"
    junk.write_text("not a library\n")
    os.environ["LAYOUT_DEBUG_LIBRARY"] = str(junk)  # restored when the session closes
    session.create_target()
    session.ok("lbreak --continue")
    session.launch("conflict-storm", 5, stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateExited and session.process.GetExitStatus() == 0
    summary = session.ok("lconflicts")
    assert summary.startswith("5 conflicts, 1 distinct signature"), summary
    assert "(unreported conflict)" in summary
    output = session.callback_output()
    assert output.count("Auto Layout conflict (no report: could not load %s: dlopen: " % junk) == 5, output


def test_lbreak_continue_in_async_mode_as_the_interactive_driver_runs(session):
    """Interactive lldb is asynchronous: the callbacks run on its event thread."""
    session.create_target()
    session.ok("lbreak --continue")
    session.debugger.SetAsync(True)
    session.launch("conflict-storm", 30, stop_at_layout=False)
    listener = session.debugger.GetListener()
    event = lldb.SBEvent()
    deadline = time.time() + 120
    while session.process.GetState() != lldb.eStateExited and time.time() < deadline:
        listener.WaitForEvent(1, event)
    assert session.process.GetState() == lldb.eStateExited, session.state()
    assert session.process.GetExitStatus() == 0
    assert session.ok("lconflicts").startswith("30 conflicts, 3 distinct signatures:")
    assert session.callback_output().count("[lbreak] conflict #") == 30


def test_after_an_lbreak_stop_reports_mark_the_broken_constraint(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("duplicate-leading", stop_at_layout=False)
    assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints"
    session.ok("lbreak --delete")
    session.target.BreakpointCreateByName("LayoutDemoDidLayout")
    session.process.Continue()
    assert session.stop_function() == "LayoutDemoDidLayout"
    listed = session.ok("lconstraints $arg1")
    broken = [line for line in listed.splitlines() if "[broken]" in line]
    assert len(broken) == 1 and "leading + 80.0" in broken[0], listed
    session.continue_to_exit()


def test_a_hit_without_a_conflict_is_counted_under_one_unreported_signature(session):
    """The callback on a stop whose arguments are no conflict (as AppKit's symbol may give)."""
    session.create_target()
    breakpoint = session.target.BreakpointCreateByName("LayoutDemoDidLayout")
    session.ok("breakpoint command add -F layout_debug.conflict_breakpoint_callback %d" % breakpoint.GetID())
    session.launch("many-views", 5, stop_at_layout=False)
    assert session.stop_function() == "LayoutDemoDidLayout"
    output = session.callback_output()
    assert "Auto Layout conflict (no report: " in output, output
    summary = session.ok("lconflicts")
    assert summary.startswith("1 conflict, 1 distinct signature"), summary
    assert "(unreported: " in summary and not re.search(r"0x[0-9a-f]{4,}", summary), summary
    session.continue_to_exit()


def test_lbreak_mine_stops_only_for_the_apps_conflicts_and_counts_every_owner(session):
    """owner-storm 9: conflicts 1, 4, 7 are the app's (a box 100 then 120 wide), 2, 5, 8 the
    keyboard's own views, 3, 6, 9 a reused cell with encapsulated height 0 (see OwnerScenarios)."""
    session.create_target()
    assert "only for yours" in session.ok("lbreak --mine")
    session.launch("owner-storm", 9, stop_at_layout=False)
    stops = []
    deadline = time.time() + 120
    while session.process.GetState() == lldb.eStateStopped and time.time() < deadline:
        assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints", session.state()
        stops.append(session.ok("lconflicts").splitlines()[0])
        session.process.Continue()
    assert session.process.GetState() == lldb.eStateExited and session.process.GetExitStatus() == 0
    # Stopped at the 1st, 4th and 7th conflicts only: the app's.
    assert [line.split(",")[0] for line in stops] == ["1 conflict", "4 conflicts", "7 conflicts"], stops
    output = session.callback_output()
    reports = [block for block in output.split("Owner: ")[1:] if "[lbreak] conflict #" in block]
    assert len(reports) == 3 and all(block.startswith("yours (") for block in reports), output
    assert output.count("counted, not shown (--mine): system (only UIKit-internal views: ") == 3, output
    assert output.count("counted, not shown (--mine): transient (encapsulated height 0 on ") == 3, output
    summary = session.ok("lconflicts")
    assert summary.splitlines()[:2] == ["9 conflicts, 3 distinct signatures:",
                                        "  by owner: 3 yours, 3 system, 3 transient"], summary
    assert "not listed: 3 system, 3 transient (lconflicts --all lists them)" in summary, summary
    every = session.ok("lconflicts --all").splitlines()
    assert [line.split()[1] for line in every[2:]] == ["yours", "system", "transient"], every
    assert all(line.startswith("    3x  ") for line in every[2:]), every


def test_a_conflict_on_a_background_thread_is_reported_from_that_threads_registers(session):
    # The main thread waits while a background thread raises the conflict, so the report's
    # call runs on the main thread: the constraint and the list must still be the ones the
    # background thread's alert received, not whatever the main thread's registers hold.
    session.create_target()
    session.ok("lbreak")
    session.launch("background-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    stopped = session.process.GetSelectedThread()
    assert stopped.GetThreadID() != session.process.GetThreadAtIndex(0).GetThreadID(), "not on a background thread"
    report = session.callback_output()
    assert "no report" not in report, report
    assert re.search(r"Will attempt to recover by breaking:\n  0x[0-9a-f]+ @1000 <UIView:0x[0-9a-f]+>\.width == 120\.0",
                     report), report
    assert re.search(r"1\. 0x[0-9a-f]+ @1000 <UIView:0x[0-9a-f]+>\.width == 100\.0", report), report
    session.continue_to_exit()
    # The constraint the report names is the one the app's own log says it broke.
    logged = broken_constraints(session.demo_stderr())
    assert len(logged) == 1, session.demo_stderr()
    address = re.search(r"0x[0-9a-f]+", logged[0]).group(0)
    assert "breaking:\n  " + address + " @1000" in report, (address, report)

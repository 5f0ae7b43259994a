"""lldb-16 stops on ReferenceKit's UIViewAlertForUnsatisfiableConstraints in layout-demo.

The breakpoint is set by name, as a user sets a symbolic breakpoint in Xcode,
so it only fires because ReferenceKit calls the function through its C symbol.
At the stop, $arg1 must be the broken NSLayoutConstraint and $arg2 a
UIConstraintList whose Swift array holds the mutually exclusive constraints,
$arg1 among them. Objects are recognised by their Swift class metadata.

The demo comes from $LAYOUT_DEBUG_BUILD_DIR, else the repository's .build/debug.
"""

import os
import struct
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"))
DEMO = os.path.join(BUILD_DIR, "layout-demo")
ALERT = "UIViewAlertForUnsatisfiableConstraints"


sys.path.insert(0, os.path.join(ROOT, "scripts"))
import lldb_module  # noqa: E402

lldb = lldb_module.import_lldb("lldb-16")
lldb_module.find_debugserver(("lldb-server-16",))


@pytest.fixture
def debugger():
    assert os.path.isfile(DEMO), "build layout-demo first (swift build --product layout-demo); missing " + DEMO
    instance = lldb.SBDebugger.Create()
    instance.SetAsync(False)
    yield instance
    lldb.SBDebugger.Destroy(instance)


def launch(debugger, *arguments):
    """Starts layout-demo with a breakpoint on the alert; returns (target, process, breakpoint)."""
    target = debugger.CreateTarget(DEMO)
    assert target.IsValid()
    # Pending until libReferenceKit.so loads, as a symbolic breakpoint is.
    breakpoint = target.BreakpointCreateByName(ALERT)
    launch_info = lldb.SBLaunchInfo(list(arguments))
    launch_info.SetWorkingDirectory(BUILD_DIR)
    error = lldb.SBError()
    process = target.Launch(launch_info, error)
    assert error.Success(), error.GetCString()
    assert breakpoint.GetNumLocations() >= 1, "no location for " + ALERT
    return target, process, breakpoint


def read_pointer(process, address):
    error = lldb.SBError()
    value = process.ReadPointerFromMemory(address, error)
    assert error.Success(), "cannot read 0x%x: %s" % (address, error.GetCString())
    return value


def class_of(target, process, address):
    """The Swift class an object belongs to, from the symbol of its metadata pointer."""
    metadata = read_pointer(process, address)
    symbol = target.ResolveLoadAddress(metadata).GetSymbol()
    return symbol.GetDisplayName() or symbol.GetName() or ""


def argument(frame, number):
    """`$argN` as a debugger user types it, evaluated as C (lldb-16 has no Swift)."""
    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeC)
    value = frame.EvaluateExpression("(unsigned long)$arg%d" % number, options)
    assert value.GetError().Success(), value.GetError().GetCString()
    return value.GetValueAsUnsigned()


def list_elements(process, list_address):
    """The element addresses of UIConstraintList.constraints (a Swift array after the object header)."""
    buffer = read_pointer(process, list_address + 16)
    error = lldb.SBError()
    count_bytes = process.ReadMemory(buffer + 16, 8, error)
    assert error.Success(), error.GetCString()
    count = struct.unpack("<Q", count_bytes)[0]
    assert 0 < count < 1000, "implausible count %d" % count
    return [read_pointer(process, buffer + 32 + 8 * index) for index in range(count)]


def test_alert_breakpoint_stops_with_the_broken_constraint_and_its_list(debugger):
    target, process, _ = launch(debugger, "duplicate-leading")
    assert process.GetState() == lldb.eStateStopped
    frame = process.GetSelectedThread().GetFrameAtIndex(0)
    assert ALERT in frame.GetFunctionName()
    constraint = argument(frame, 1)
    constraints = argument(frame, 2)
    assert "NSLayoutConstraint" in class_of(target, process, constraint)
    assert "UIConstraintList" in class_of(target, process, constraints)
    elements = list_elements(process, constraints)
    assert len(elements) == 2
    assert constraint in elements
    for element in elements:
        assert "NSLayoutConstraint" in class_of(target, process, element)
    process.Continue()
    assert process.GetState() == lldb.eStateExited
    assert process.GetExitStatus() == 0


def test_alert_breakpoint_fires_once_per_conflict_in_a_storm(debugger):
    target, process, breakpoint = launch(debugger, "conflict-storm", "7")
    hits = 0
    while process.GetState() == lldb.eStateStopped:
        frame = process.GetSelectedThread().GetFrameAtIndex(0)
        assert ALERT in frame.GetFunctionName()
        assert "NSLayoutConstraint" in class_of(target, process, argument(frame, 1))
        hits += 1
        process.Continue()
    assert process.GetState() == lldb.eStateExited
    assert process.GetExitStatus() == 0
    assert hits == 7
    assert breakpoint.GetHitCount() == 7


def test_autoresizing_constraint_arrives_as_its_own_class(debugger):
    target, process, _ = launch(debugger, "autoresizing-conflict")
    frame = process.GetSelectedThread().GetFrameAtIndex(0)
    classes = [class_of(target, process, element) for element in list_elements(process, argument(frame, 2))]
    assert any("NSAutoresizingMaskLayoutConstraint" in name for name in classes), classes
    process.Kill()

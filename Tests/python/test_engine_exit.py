"""Where lfix leaves the layout engine at a conflict stop (engine_exit, no LLDB)."""

import pytest

from layoutdebug import errors
from layoutdebug.engine_exit import engine_exit_index, is_framework_module

REFERENCEKIT = "/work/app/.build/debug/libReferenceKit.so"
APP = "/work/app/.build/debug/layout-demo"
UIKIT = "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"
AUTOLAYOUT = "/System/Library/PrivateFrameworks/CoreAutoLayout.framework/CoreAutoLayout"
MY_APP = "/private/var/containers/Bundle/Application/X/My.app/My"


def test_a_referencekit_conflict_steps_out_of_the_outermost_referencekit_frame():
    # The stack of `NSLayoutConstraint.activate` raising a conflict in layout-demo, top first.
    frames = [("UIViewAlertForUnsatisfiableConstraints", REFERENCEKIT),
              ("static UnsatisfiableConstraints.report(engine:breaking:mutuallyExclusive:)", REFERENCEKIT),
              ("LayoutEngine.insert(_:)", REFERENCEKIT),
              ("static NSLayoutConstraint.activate(_:)", REFERENCEKIT),
              ("DemoScenario.makeWindow(count:)", APP),
              ("main", APP)]
    assert engine_exit_index(frames) == 3


def test_uikits_stack_steps_out_through_every_system_framework():
    frames = [("UIViewAlertForUnsatisfiableConstraints", UIKIT),
              ("-[NSISEngine handleUnsatisfiableRowWithHead:body:usingInfeasibilityHandlingBehavior:"
               "mutuallyExclusiveConstraints:]", AUTOLAYOUT),
              ("-[NSISEngine withBehaviors:performModifications:]", AUTOLAYOUT),
              ("+[NSLayoutConstraint activateConstraints:]", "/System/Library/Frameworks/Foundation.framework/Foundation"),
              ("objc_msgSend", "/usr/lib/libobjc.A.dylib"),
              ("ViewController.viewDidLoad()", MY_APP)]
    assert engine_exit_index(frames) == 4


def test_a_thread_that_is_not_in_a_conflict_report_stays_where_it_is():
    assert engine_exit_index([("LayoutDemoDidLayout", REFERENCEKIT), ("main", APP)]) is None


def test_a_stack_with_no_app_code_above_the_site_is_one_line_error():
    with pytest.raises(errors.LayoutDebugError, match="no app code above it"):
        engine_exit_index([("UIViewAlertForUnsatisfiableConstraints", UIKIT), ("start", "/usr/lib/dyld")])


def test_the_swift_runtime_and_libc_are_the_systems_not_the_apps():
    assert is_framework_module("/opt/swift/usr/lib/swift/linux/libswiftCore.so", REFERENCEKIT)
    assert is_framework_module("/lib/x86_64-linux-gnu/libc.so.6", REFERENCEKIT)
    assert is_framework_module(REFERENCEKIT, REFERENCEKIT)
    assert not is_framework_module(APP, REFERENCEKIT)
    assert not is_framework_module(MY_APP, UIKIT)


def test_a_simulators_frameworks_are_the_systems():
    runtime = ("/Library/Developer/CoreSimulator/Volumes/iOS_21A328/Library/Developer/CoreSimulator/Profiles/"
               "Runtimes/iOS 17.0.simruntime/Contents/Resources/RuntimeRoot")
    assert is_framework_module(runtime + "/System/Library/Frameworks/Foundation.framework/Foundation", UIKIT)
    assert is_framework_module(runtime + "/usr/lib/libobjc.A.dylib", UIKIT)
    assert not is_framework_module("/Users/me/Library/Developer/CoreSimulator/Devices/D/data/Containers/Bundle/"
                                   "Application/A/My.app/My", UIKIT)

"""Where lfix makes a change asked for at a conflict stop (engine_exit, no LLDB): it never steps
out of the engine; it waits for the app's next main-queue turn. Checked on the stacks of real
UIKit, AppKit and SwiftUI apps (real_stacks.py, from public crash reports) and on ReferenceKit's."""

import pytest

from layoutdebug.constants import FIX_PENDING_SYMBOL
from layoutdebug.engine_exit import conflict_site_index, fix_point_problem
from real_stacks import IOS_MAIN_QUEUE_TURN, OUR_LIBRARY, REAL_STACKS, with_hook

REFERENCEKIT = "/work/app/.build/debug/libReferenceKit.so"
FOUNDATION = "/opt/swift/usr/lib/swift/linux/libFoundation.so"
APP = "/work/app/.build/debug/layout-demo"
LIBC = "/lib/x86_64-linux-gnu/libc.so.6"

# ReferenceKit's own deferred pass, `layout-demo runloop-conflict` stopped at the alert under
# lldb-16 (debug build; Swift names demangled, run-of-the-mill frames left out).
REFERENCEKIT_DEFERRED_LAYOUT = [
    ("UIViewAlertForUnsatisfiableConstraints", REFERENCEKIT),
    ("static UnsatisfiableConstraints.logAndAlert(breaking:mutuallyExclusive:)", REFERENCEKIT),
    ("UIView.engine(_:willBreakConstraint:dueToMutuallyExclusiveConstraints:)", REFERENCEKIT),
    ("LayoutEngine.insert(_:)", REFERENCEKIT),
    ("LayoutEngine.enroll(_:)", REFERENCEKIT),
    ("UIView.layoutSublayersOfLayer()", REFERENCEKIT),
    ("UIView.layoutIfNeeded()", REFERENCEKIT),
    ("CA::Layer::layout_if_needed(CA::Transaction*)", REFERENCEKIT),
    ("CA::Transaction::commit()", REFERENCEKIT),
    ("CA::Transaction::observer_callback(__CFRunLoopObserver*, unsigned long, void*)", REFERENCEKIT),
    ("__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__", FOUNDATION),
    ("__CFRunLoopDoObservers", FOUNDATION),
    ("__CFRunLoopRun", FOUNDATION),
    ("CFRunLoopRunSpecific", FOUNDATION),
    ("GSEventRunModal", REFERENCEKIT),
    ("static UIApplication.runMainRunLoop()", REFERENCEKIT),
    ("UIApplicationMain", REFERENCEKIT),
    ("UIApplicationMain(_:_:_:_:)", REFERENCEKIT),
    ("static DemoApplication.run(_:count:finish:)", APP),
    ("main", APP),
    ("__libc_start_main_impl", LIBC),
]

# The same conflict's fix point: the main queue's next turn, under CoreFoundation's servicing.
REFERENCEKIT_MAIN_QUEUE_TURN = [
    (FIX_PENDING_SYMBOL, "/work/app/.build/debug/libLayoutDebugSupport.so"),
    ("closure #1 in static FixQueue.callPendingOnNextMainQueueTurn()", "/work/app/.build/debug/libLayoutDebugSupport.so"),
    ("_dispatch_client_callout", "/opt/swift/usr/lib/swift/linux/libdispatch.so"),
    ("_dispatch_main_queue_callback_4CF", "/opt/swift/usr/lib/swift/linux/libdispatch.so"),
    ("__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__", FOUNDATION),
    ("__CFRunLoopRun", FOUNDATION),
    ("CFRunLoopRunSpecific", FOUNDATION),
    ("GSEventRunModal", REFERENCEKIT),
    ("UIApplicationMain", REFERENCEKIT),
    ("main", APP),
]

ALL_STACKS = dict(REAL_STACKS, **{"referencekit-deferred-layout": REFERENCEKIT_DEFERRED_LAYOUT})
SITE = {"ios-deferred-layout": 0, "ios-background-thread-exit": 0, "referencekit-deferred-layout": 0,
        # AppKit's site is the engine-host method itself, under LAYOUT_CONSTRAINTS_NOT_SATISFIABLE.
        "macos-swiftui-update-constraints": 1}


@pytest.mark.parametrize("name", sorted(ALL_STACKS))
def test_every_stack_is_inside_the_conflict_report_with_or_without_a_hook_on_the_engine_host(name):
    stack = ALL_STACKS[name]
    assert conflict_site_index(stack) == SITE[name]
    assert conflict_site_index(with_hook(stack)) == SITE[name]


@pytest.mark.parametrize("name", sorted(ALL_STACKS))
def test_stepping_out_could_not_have_worked_on_any_of_them(name):
    # Why lfix waits for the main queue rather than stepping out to the first frame above the
    # site that is not the system's (what it did until issue 41): with a debugger library's hook
    # on the engine host, that frame is the hook, still inside the engine (fault 1); without
    # one, on these stacks it is below a run loop, UIApplicationMain, NSApplicationMain or a
    # thread's exit, none of which returns to the app before the next turn (fault 2).
    stack = ALL_STACKS[name]
    site = conflict_site_index(stack)
    hooked = with_hook(stack)
    first_not_system = next(module for _, module in hooked[site + 1:] if not module.startswith("/System/"))
    assert first_not_system == OUR_LIBRARY or name.startswith("referencekit")
    above = [symbol for symbol, _ in stack[site + 1:]]
    never_return = ("__CFRunLoopRun", "_CFRunLoopRunSpecificWithOptions", "CA::Transaction::release_thread(void*)")
    assert any(symbol in never_return for symbol in above), above


def test_the_main_queues_next_turn_is_where_the_change_is_made():
    assert fix_point_problem(IOS_MAIN_QUEUE_TURN) is None
    assert fix_point_problem(REFERENCEKIT_MAIN_QUEUE_TURN) is None
    assert conflict_site_index(IOS_MAIN_QUEUE_TURN) is None


def test_a_main_queue_turned_inside_the_conflict_report_is_no_place_for_the_change():
    # A nested run loop (a modal alert shown from a conflict handler) turns the main queue with
    # the engine still in its report below.
    nested = REFERENCEKIT_MAIN_QUEUE_TURN[:5] + [("CFRunLoopRunInMode", FOUNDATION)] + REFERENCEKIT_DEFERRED_LAYOUT
    assert "inside the layout engine's conflict report" in fix_point_problem(nested)
    assert fix_point_problem(REFERENCEKIT_DEFERRED_LAYOUT) == "the app is not at " + FIX_PENDING_SYMBOL


def test_a_thread_that_is_not_in_a_conflict_report_is_left_alone():
    assert conflict_site_index([("LayoutDemoDidLayout", REFERENCEKIT), ("main", APP)]) is None
    assert conflict_site_index([]) is None

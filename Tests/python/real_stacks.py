"""Stacks of real UIKit, AppKit and SwiftUI apps at a conflict, as (symbol, module path)
frame lists from the top, written from public crash reports (each cited).

No public report shows a thread stopped at UIViewAlertForUnsatisfiableConstraints, so each
stack's top (the alert, the engine-host view's method it is called from, and the engine) is
UIKit's documented call: the alert runs inside
-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:] ("Apple uses this
method to trigger Xcode's constraint error breakpoint", linkedin/LayoutTest-iOS#65), called by
-[NSISEngine handleUnsatisfiableRowWithHead:…] under -[NSISEngine withBehaviors:performModifications:]
(firebase/quickstart-ios#261). Below that, each frame is the cited report's, in its order.
"""

UIKIT = "/System/Library/PrivateFrameworks/UIKitCore.framework/UIKitCore"
AUTOLAYOUT = "/System/Library/PrivateFrameworks/CoreAutoLayout.framework/CoreAutoLayout"
QUARTZ = "/System/Library/Frameworks/QuartzCore.framework/QuartzCore"
CF = "/System/Library/Frameworks/CoreFoundation.framework/CoreFoundation"
GS = "/System/Library/PrivateFrameworks/GraphicsServices.framework/GraphicsServices"
DISPATCH = "/usr/lib/system/libdispatch.dylib"
DYLD = "/usr/lib/dyld"
PTHREAD = "/usr/lib/system/libsystem_pthread.dylib"
APPKIT = "/System/Library/Frameworks/AppKit.framework/Versions/C/AppKit"
HITOOLBOX = "/System/Library/Frameworks/Carbon.framework/Versions/A/Frameworks/HIToolbox.framework/Versions/A/HIToolbox"
SWIFTUI = "/System/Library/Frameworks/SwiftUI.framework/Versions/A/SwiftUI"
IOS_APP = "/private/var/containers/Bundle/Application/0C7A/Mastodon.app/Mastodon"
MAC_APP = "/Applications/Yattee.app/Contents/MacOS/Yattee"
IOS_SWIFT_APP = "/private/var/containers/Bundle/Application/9E2B/NetNewsWire.app/NetNewsWire"
# A debugger library the app loaded: lfix must never stop in it (issue 41, fault 1).
OUR_LIBRARY = "/Users/me/.lldb/layoutdebug/iphoneos/libLayoutDebugSupport.dylib"

# The engine's call of the alert, the top of every stack below.
ENGINE_TOP = [
    ("UIViewAlertForUnsatisfiableConstraints", UIKIT),
    ("-[UIView(UIConstraintBasedLayout) engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]", UIKIT),
    ("-[NSISEngine handleUnsatisfiableRowWithHead:body:usingInfeasibilityHandlingBehavior:mutuallyExclusiveConstraints:]",
     AUTOLAYOUT),
    ("-[NSISEngine tryToAddConstraintWithMarker:expression:integralizationAdjustment:mutuallyExclusiveConstraints:]",
     AUTOLAYOUT),
    ("-[NSLayoutConstraint _addToEngine:integralizationAdjustment:mutuallyExclusiveConstraints:]", AUTOLAYOUT),
    ("-[NSISEngine withBehaviors:performModifications:]", AUTOLAYOUT),
]

# iOS 16, the deferred layout pass at the end of a turn of the main run loop:
# mastodon/mastodon-ios#1042 (CA::Context::commit_transaction … UIApplicationMain(_:_:_:_:),
# the app's main unsymbolicated, start) and zbrateam/Zebra#1859 (-[CALayer layoutSublayers],
# CA::Layer::layout_if_needed, CA::Transaction::observer_callback, GSEventRunModal).
IOS_DEFERRED_LAYOUT = ENGINE_TOP + [
    ("-[UIView(AdditionalLayoutSupport) _updateConstraintsAsNecessaryAndApplyLayoutFromEngine]", UIKIT),
    ("-[UIView(CALayerDelegate) layoutSublayersOfLayer:]", UIKIT),
    ("-[CALayer layoutSublayers]", QUARTZ),
    ("CA::Layer::layout_if_needed(CA::Transaction*)", QUARTZ),
    ("CA::Layer::layout_and_display_if_needed(CA::Transaction*)", QUARTZ),
    ("CA::Context::commit_transaction(CA::Transaction*, double, double*)", QUARTZ),
    ("CA::Transaction::commit()", QUARTZ),
    ("CA::Transaction::observer_callback(__CFRunLoopObserver*, unsigned long, void*)", QUARTZ),
    ("__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__", CF),
    ("__CFRunLoopDoObservers", CF),
    ("__CFRunLoopRun", CF),
    ("CFRunLoopRunSpecific", CF),
    ("GSEventRunModal", GS),
    ("-[UIApplication _run]", UIKIT),
    ("UIApplicationMain", UIKIT),
    ("UIApplicationMain(_:_:_:_:)", "/usr/lib/swift/libswiftUIKit.dylib"),
    (None, IOS_APP),  # the app's main, unsymbolicated in the report
    ("start", DYLD),
]

# iOS 17, a main-queue block (where lfix's one-shot breakpoint stops) in an app whose entry
# point is `@main class AppDelegate`: Ranchero-Software/NetNewsWire#5151.
IOS_MAIN_QUEUE_TURN = [
    ("LayoutDebugFixPending", OUR_LIBRARY),
    ("closure #1 in static FixQueue.callPendingOnNextMainQueueTurn()", OUR_LIBRARY),
    ("_dispatch_call_block_and_release", DISPATCH),
    ("_dispatch_client_callout", DISPATCH),
    ("_dispatch_main_queue_drain", DISPATCH),
    ("_dispatch_main_queue_callback_4CF", DISPATCH),
    ("__CFRUNLOOP_IS_SERVICING_THE_MAIN_DISPATCH_QUEUE__", CF),
    ("__CFRunLoopRun", CF),
    ("_CFRunLoopRunSpecificWithOptions", CF),
    ("GSEventRunModal", GS),
    ("-[UIApplication _run]", UIKIT),
    ("UIApplicationMain", UIKIT),
    ("UIApplicationMain(_:_:_:_:)", UIKIT),
    ("specialized static UIApplicationDelegate.main()", IOS_SWIFT_APP),
    ("static AppDelegate.$main()", IOS_SWIFT_APP),
    ("main", IOS_SWIFT_APP),
    ("start", DYLD),
]

# macOS, the update-constraints pass of the window's display cycle: steipete/CodexBar#6
# (macOS 26: -[NSWindow(NSConstraintBasedLayoutInternal) updateConstraintsIfNeeded] under
# NSDisplayCycleFlush, CA::Transaction::commit(), flush_as_runloop_observer, the run loop,
# HIToolbox and -[NSApplication run]); the bottom of a SwiftUI Mac app, NSApplicationMain
# under runApp and `static App.main()`, from yattee/yattee#254.
MACOS_SWIFTUI_UPDATE_CONSTRAINTS = [
    ("LAYOUT_CONSTRAINTS_NOT_SATISFIABLE", APPKIT),
    ("-[NSView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]", APPKIT),
] + ENGINE_TOP[2:] + [
    ("-[NSView _updateConstraintsForSubtreeIfNeededCollectingViewsWithInvalidBaselines:]", APPKIT),
    ("__45-[NSView updateConstraintsForSubtreeIfNeeded]_block_invoke", APPKIT),
    ("NSPerformVisuallyAtomicChange", APPKIT),
    ("-[NSView updateConstraintsForSubtreeIfNeeded]", APPKIT),
    ("-[NSWindow(NSConstraintBasedLayoutInternal) updateConstraintsIfNeeded]", APPKIT),
    ("__NSWindowGetDisplayCycleObserverForUpdateConstraints_block_invoke", APPKIT),
    ("NSDisplayCycleObserverInvoke", APPKIT),
    ("NSDisplayCycleFlush", APPKIT),
    ("CA::Transaction::run_commit_handlers(CATransactionPhase)", QUARTZ),
    ("CA::Transaction::commit()", QUARTZ),
    ("CA::Transaction::flush_as_runloop_observer(bool)", QUARTZ),
    ("stepTransactionFlush", APPKIT),
    ("UC::DriverCore::continueProcessing()", "/System/Library/PrivateFrameworks/UpdateCycle.framework/UpdateCycle"),
    ("__CFRUNLOOP_IS_CALLING_OUT_TO_AN_OBSERVER_CALLBACK_FUNCTION__", CF),
    ("__CFRunLoopDoObservers", CF),
    ("_CFRunLoopRunSpecificWithOptions", CF),
    ("RunCurrentEventLoopInMode", HITOOLBOX),
    ("ReceiveNextEventCommon", HITOOLBOX),
    ("_BlockUntilNextEventMatchingListInMode", HITOOLBOX),
    ("_DPSBlockUntilNextEventMatchingListInMode", APPKIT),
    ("_DPSNextEvent", APPKIT),
    ("-[NSApplication(NSEventRouting) _nextEventMatchingEventMask:untilDate:inMode:dequeue:]", APPKIT),
    ("-[NSApplication(NSEventRouting) nextEventMatchingMask:untilDate:inMode:dequeue:]", APPKIT),
    ("-[NSApplication run]", APPKIT),
    ("NSApplicationMain", APPKIT),
    ("specialized runApp(_:)", SWIFTUI),
    ("runApp<A>(_:)", SWIFTUI),
    ("static App.main()", SWIFTUI),
    ("$main", MAC_APP),  # unsymbolicated in the report: the app's `static YatteeApp.$main()`
    ("start", DYLD),
]

# A background thread with no run loop: its implicit transaction commits as the thread exits
# (the crash quoted in Apple's developer forums, thread 129686: layoutSublayersOfLayer: under
# CA::Transaction::commit() under CA::Transaction::release_thread(void*), _pthread_tsd_cleanup,
# _pthread_exit, start_wqthread).
IOS_BACKGROUND_THREAD_EXIT = ENGINE_TOP + [
    ("-[UIView(UIConstraintBasedLayout) _resetLayoutEngineHostConstraints]", UIKIT),
    ("-[UIView(CALayerDelegate) layoutSublayersOfLayer:]", UIKIT),
    ("-[CALayer layoutSublayers]", QUARTZ),
    ("CA::Layer::layout_if_needed(CA::Transaction*)", QUARTZ),
    ("CA::Layer::layout_and_display_if_needed(CA::Transaction*)", QUARTZ),
    ("CA::Context::commit_transaction(CA::Transaction*, double)", QUARTZ),
    ("CA::Transaction::commit()", QUARTZ),
    ("CA::Transaction::release_thread(void*)", QUARTZ),
    ("_pthread_tsd_cleanup", PTHREAD),
    ("_pthread_exit", PTHREAD),
    ("_pthread_wqthread_legacy_worker_wrap", PTHREAD),
    ("_pthread_wqthread", PTHREAD),
    ("start_wqthread", PTHREAD),
]


def with_hook(stack, library=OUR_LIBRARY):
    """The stack with a debugger library's replacement of the engine-host method between the
    engine and the method's own implementation, as after `method_setImplementation`
    (issue 41, fault 1: the first frame that is not the system's is then the hook)."""
    top, rest = stack[:1], stack[1:]
    method = rest[0]
    return top + [method, ("closure #1 in static ConflictHook.install()", library),
                  ("@objc closure #1 in static ConflictHook.install()", library)] + rest[1:]


REAL_STACKS = {
    "ios-deferred-layout": IOS_DEFERRED_LAYOUT,
    "macos-swiftui-update-constraints": MACOS_SWIFTUI_UPDATE_CONSTRAINTS,
    "ios-background-thread-exit": IOS_BACKGROUND_THREAD_EXIT,
}


def names(stack):
    """The stack's symbol names, unsymbolicated frames left out."""
    return [name for name, _ in stack if name]

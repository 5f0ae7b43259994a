"""report_thread: a report's call moves to the main thread only when the user stopped on
another thread and the main thread is idle in its run loop, judged from its whole stack: a
main thread parked in a lock (or in any wait other than the run loop's) may hold the lock the
report's malloc or objc_lookUpClass needs.

Each stack below is a public crash report's or sample's main thread (or, for Linux, this
machine's lldb-16 `bt`), its function names copied in order, innermost first, with the
frames the report itself leaves out left out too."""

from layoutdebug.report_thread import is_idle, report_on_main_thread

# github.com/getsentry/sentry-cocoa/issues/2757 (comment of 2023-03-08): an iOS 16 app's
# main thread, idle (the report lists frames 0, 3, 4, ...).
IOS_IDLE = ["mach_msg2_trap", "mach_msg", "__CFRunLoopServiceMachPort", "__CFRunLoopRun",
            "CFRunLoopRunSpecific", "GSEventRunModal", "-[UIApplication _run]", "UIApplicationMain",
            "UIApplicationMain(_:_:_:_:)"]

# github.com/ttscoff/nv/issues/61: an AppKit app's Thread 0 (com.apple.main-thread), idle.
APPKIT_IDLE = ["mach_msg_trap", "mach_msg", "__CFRunLoopServiceMachPort", "__CFRunLoopRun",
               "CFRunLoopRunSpecific", "RunCurrentEventLoopInMode", "ReceiveNextEventCommon",
               "BlockUntilNextEventMatchingListInMode", "_DPSNextEvent",
               "-[NSApplication nextEventMatchingMask:untilDate:inMode:dequeue:]", "-[NSApplication run]",
               "NSApplicationMain", "start"]

# github.com/apparition47/MailTrackerBlocker/issues/202: Mail on macOS 12, Thread 0, from
# frame 2 (the paste cuts frames 0 and 1): the wrappers macOS 12 and later put under mach_msg.
MAIL_IDLE_FROM_FRAME_2 = ["mach_msg_overwrite", "mach_msg", "__CFRunLoopServiceMachPort", "__CFRunLoopRun",
                          "CFRunLoopRunSpecific", "RunCurrentEventLoopInMode", "ReceiveNextEventCommon",
                          "_BlockUntilNextEventMatchingListInModeWithFilter", "_DPSNextEvent",
                          "-[NSApplication(NSEvent) _nextEventMatchingEventMask:untilDate:inMode:dequeue:]",
                          "-[NSApplication run]", "NSApplicationMain", "start"]

# lldb-16 `bt` of a Swift program in RunLoop.main.run(until:) on this machine (Debian 12,
# Swift 6.3.1's swift-corelibs-foundation): corelibs' CFRunLoop waits in ppoll.
LINUX_RUN_LOOP_IDLE = ["__ppoll", "__CFRunLoopServiceFileDescriptors", "__CFRunLoopRun", "CFRunLoopRunSpecific",
                       "$s10Foundation7RunLoopC3run5untily0A10Essentials4DateV_tF", "main",
                       "__libc_start_call_main", "__libc_start_main_impl", "_start"]

# github.com/apptentive/apptentive-ios/issues/194: the main thread of a deadlocked iOS app,
# waiting for @synchronized's recursive mutex.
IOS_SYNCHRONIZED_WAIT = ["__psynch_mutexwait", "_pthread_mutex_lock_wait", "_pthread_mutex_lock_slow",
                         "recursive_mutex_tt<false>::lock()", "objc_sync_enter",
                         "-[ApptentiveBackend engageCodePoint:fromInteraction:userInfo:customData:extendedData:"
                         "fromViewController:]",
                         "-[ApptentiveInteraction engage:fromViewController:userInfo:customData:extendedData:]"]

# github.com/adamwulf/loose-leaf/issues/1014: an iOS 8 watchdog report (8badf00d), Thread 0
# (com.apple.main-thread) waiting for an app's pthread mutex.
IOS_MUTEX_WAIT = ["__psynch_mutexwait", "_pthread_mutex_lock",
                  "-[MMScrapsOnPaperState addScrapWithPath:andRotation:andScale:]"]

# github.com/Komodo/KomodoEdit/issues/2424: lldb's backtrace of a hung Mac app's main thread,
# waiting for the Objective-C runtime's side-table lock (an os_unfair_lock).
MAC_UNFAIR_LOCK_WAIT = ["__ulock_wait", "_os_ulock_wait", "_os_unfair_lock_lock_slow",
                        "objc_object::sidetable_retain()"]

# github.com/Appboy/appboy-ios-sdk/issues/165: com.apple.main-thread in mach_msg, but waiting
# for a synchronous XPC reply (CoreLocation), not for events.
IOS_XPC_REPLY_WAIT = ["mach_msg_trap", "mach_msg", "_dispatch_mach_send_and_wait_for_reply",
                      "dispatch_mach_send_with_result_and_wait_for_reply$VARIANT$mp",
                      "xpc_connection_send_message_with_reply_sync",
                      "__NSXPCCONNECTION_IS_WAITING_FOR_A_SYNCHRONOUS_REPLY__",
                      "-[NSXPCConnection _sendInvocation:orArguments:count:methodSignature:selector:withProxy:]",
                      "-[NSXPCConnection _sendSelector:withProxy:arg1:arg2:arg3:]",
                      "_NSXPCDistantObjectSimpleMessageSend3", "CLClientCreateIso6709Notation", "CLPingDaemon"]

# github.com/SelfControlApp/selfcontrol/issues/77: a sample of a Mac app's main thread in its
# run loop, but running the loop's observers and taking a lock there, not waiting for events.
MAC_RUN_LOOP_OBSERVER_LOCK = ["pthread_mutex_lock", "__CFRunLoopDoObservers", "__CFRunLoopRun",
                              "CFRunLoopRunSpecific", "RunCurrentEventLoopInMode"]


def test_a_main_thread_waiting_for_events_in_its_run_loop_is_idle_on_ios_macos_and_linux():
    for stack in (IOS_IDLE, APPKIT_IDLE, MAIL_IDLE_FROM_FRAME_2, LINUX_RUN_LOOP_IDLE):
        assert is_idle(stack), stack


def test_a_main_thread_parked_in_a_lock_is_not_idle_though_its_top_frame_is_a_wait():
    # Each of these tops was taken as a wait before, and the report's call moved there.
    for stack in (IOS_SYNCHRONIZED_WAIT, IOS_MUTEX_WAIT, MAC_UNFAIR_LOCK_WAIT):
        assert not is_idle(stack), stack


def test_mach_msg_waiting_for_an_xpc_reply_is_not_the_run_loops_wait():
    assert not is_idle(IOS_XPC_REPLY_WAIT)


def test_a_run_loop_taking_a_lock_for_its_observers_is_not_waiting_for_events():
    assert not is_idle(MAC_RUN_LOOP_OBSERVER_LOCK)


def test_a_run_loop_nested_inside_a_layout_pass_is_not_idle():
    # Constructed, not from a report: IOS_IDLE's run loop spun again from a view's
    # layoutSubviews (as `RunLoop.current.run(until:)` in app code would), inside UIKit's pass.
    nested = IOS_IDLE[:5] + ["-[NSRunLoop(NSRunLoop) runMode:beforeDate:]", "-[ProfileCell layoutSubviews]",
                             "-[UIView(CALayerDelegate) layoutSublayersOfLayer:]"] + IOS_IDLE[5:]
    assert not is_idle(nested)


def test_a_linux_main_thread_waiting_on_a_semaphore_is_not_idle():
    # lldb-16 `thread backtrace 1` of layout-demo background-conflict at its conflict, when its
    # main thread waited with DispatchSemaphore.wait() (a futex) for the background thread.
    semaphore = ["__futex_abstimed_wait_common", "__futex_abstimed_wait_common", "__new_sem_wait_slow64",
                 "_dispatch_sema4_wait", "_dispatch_semaphore_wait_slow",
                 "$s13DemoScenarios06ThreadB0O18backgroundConflict4root5county12ReferenceKit6UIViewC_SitFZ"]
    assert not is_idle(semaphore)


def test_stacks_without_names_or_frames_are_not_idle():
    assert not is_idle([])
    assert not is_idle(["mach_msg2_trap"])
    assert not is_idle([None, "__CFRunLoopServiceMachPort"])
    assert not is_idle(["__CFRunLoopServiceMachPort", "__CFRunLoopRun"]), "no wait above it"


def test_the_call_moves_only_from_another_thread_to_an_idle_main_thread():
    assert report_on_main_thread(on_main_thread=False, main_functions=IOS_IDLE)
    assert not report_on_main_thread(on_main_thread=True, main_functions=IOS_IDLE)
    assert not report_on_main_thread(on_main_thread=False, main_functions=MAC_UNFAIR_LOCK_WAIT)

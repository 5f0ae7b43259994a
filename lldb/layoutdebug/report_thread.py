"""Which thread a report's call runs on (no LLDB).

UIKit and AppKit expect the main thread, and Xcode's Main Thread Checker flags a report read
on any other. When the user stopped on another thread, the call goes to the main thread only
if that thread is idle: waiting for events in its run loop, with the wait directly under the
run loop's own service function (`is_idle`). There it holds no lock, and no layout is half
done.

A main thread waiting anywhere else may hold a lock the report needs: parked in
`__psynch_mutexwait` or `__ulock_wait` under `objc_sync_enter` or the Objective-C runtime's
side tables, or in `mach_msg` for a synchronous XPC reply, it may own malloc's or the
runtime's lock that the report's `malloc` or `objc_lookUpClass` takes: the call would hang,
or abort with "BUG IN CLIENT OF LIBPLATFORM: Trying to recursively lock an os_unfair_lock".
So only the stack as a whole says whether the thread is idle, never its top frame alone;
anywhere else the call stays on the user's thread.
"""

import re

# The run loop's own wait for events: CoreFoundation's on Apple platforms, and
# swift-corelibs-foundation's CFRunLoop on Linux (`RunLoop.main.run()`).
RUN_LOOP_WAITS = frozenset(("__CFRunLoopServiceMachPort", "__CFRunLoopServiceFileDescriptors"))

# The kernel trap a run loop sleeps in and the C library's wrappers between it and the run
# loop's wait: Mach messages on Apple platforms (`mach_msg2_internal` and
# `mach_msg_overwrite` from macOS 13 and iOS 16), `ppoll` under corelibs' CFRunLoop.
WAIT_CALLS = re.compile(r"^_*(mach_msg2?_trap|mach_msg2_internal|mach_msg_overwrite|mach_msg|"
                        r"ppoll|poll|GI___poll|epoll_wait|epoll_pwait)$")

# Below the run loop, the signs that it runs nested inside a layout pass or the engine's
# conflict report (a run loop spun from `layoutSubviews`, a modal alert from the conflict
# hook): the views are half laid out, so the thread is not idle.
INSIDE_LAYOUT = re.compile(r"layoutSubviews|layoutSublayersOfLayer|updateConstraints|"
                           r"UIViewAlertForUnsatisfiableConstraints|willBreakConstraint|NSISEngine|"
                           r"_layoutEngine|layoutIfNeeded")


def is_idle(functions):
    """Whether a thread whose stack is `functions` (its frames' function names, innermost
    first; None for a frame without one) is waiting for events in its run loop, and nothing
    below that run loop is a layout pass."""
    names = [name.strip() if name else "" for name in functions]
    index = 0
    while index < len(names) and WAIT_CALLS.match(names[index]):
        index += 1
    if index == 0 or index == len(names) or names[index] not in RUN_LOOP_WAITS:
        return False
    return not any(INSIDE_LAYOUT.search(name) for name in names[index + 1:])


def report_on_main_thread(on_main_thread, main_functions):
    """Whether a report's call should move to the main thread: the user stopped elsewhere and
    the main thread, whose stack is `main_functions`, is idle (see the module's note)."""
    return not on_main_thread and is_idle(main_functions)

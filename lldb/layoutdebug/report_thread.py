"""Which thread a report's call runs on (no LLDB).

UIKit and AppKit expect the main thread, and Xcode's Main Thread Checker flags a report read
on any other. When the user stopped on another thread, the call goes to the main thread if
that thread is parked in a wait (its run loop waiting for events, a lock or a sleep): a
place where running a short function cannot break an invariant the thread is in the middle
of. Anywhere else, the call stays on the user's thread, as before.
"""

import re

# Functions a thread sits in while it waits, on Darwin and on Linux (glibc), with the
# underscored and versioned spellings the C libraries use.
WAITING = re.compile(
    r"^_*(mach_msg2?_trap|mach_msg2?(_overwrite)?|psynch_cvwait|psynch_mutexwait|semwait_signal|"
    r"workq_kernreturn|kevent(_id|_qos)?|ulock_wait2?|poll|ppoll|select|pselect6?|epoll_wait|epoll_pwait|"
    r"nanosleep|clock_nanosleep|usleep|sleep|futex(_abstimed_wait_common\d*|_wait)?|"
    r"pthread_cond_(timed)?wait|pthread_join|read|recv|recvmsg|wait4|waitpid|pause|sigsuspend|"
    r"GI___poll|GI___clock_nanosleep)(@@\S+)?$")


def is_waiting(function_name):
    """Whether a thread whose top frame is in `function_name` is parked in a wait."""
    return bool(function_name) and bool(WAITING.match(function_name.strip()))


def report_on_main_thread(on_main_thread, main_top_function):
    """Whether a report's call should move to the main thread: the user stopped elsewhere and
    the main thread is waiting (see the module's note)."""
    return not on_main_thread and is_waiting(main_top_function)

"""report_thread: a report's call moves to the main thread only when the user stopped on
another thread and the main thread is parked in a wait (Xcode's Main Thread Checker)."""

from layoutdebug.report_thread import is_waiting, report_on_main_thread


def test_run_loop_and_lock_waits_on_darwin_and_linux_are_waits():
    for name in ("mach_msg2_trap", "mach_msg_trap", "__psynch_cvwait", "__semwait_signal", "kevent_id",
                 "__ulock_wait", "epoll_wait", "__GI___poll", "__futex_abstimed_wait_common64",
                 "pthread_cond_wait@@GLIBC_2.3.2", "clock_nanosleep", "__select"):
        assert is_waiting(name), name


def test_code_in_the_middle_of_work_is_not_a_wait():
    for name in (None, "", "malloc", "objc_msgSend", "-[UIView layoutSubviews]", "swift_retain",
                 "ProfileViewController.viewDidLoad()", "pthread_mutex_lock_slow", "polling_loop"):
        assert not is_waiting(name), name


def test_the_call_moves_only_from_another_thread_to_a_waiting_main_thread():
    assert report_on_main_thread(on_main_thread=False, main_top_function="mach_msg2_trap")
    assert not report_on_main_thread(on_main_thread=True, main_top_function="mach_msg2_trap")
    assert not report_on_main_thread(on_main_thread=False, main_top_function="CFRunLoopRunSpecific")

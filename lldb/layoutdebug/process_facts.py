"""What the commands remember about each run of each process, between calls.

A re-import of layout_debug.py starts _PROCESSES afresh: all of it is found again from the
process (a library already loaded is found by its symbol).
"""

from .symbols import code_symbol_address

MAX_REMEMBERED_PROCESSES = 16


class ProcessFacts(object):
    """What the commands remember about one run of one process, between calls.

    Found once: the library's path and the entry points' addresses (a symbol search
    over every module takes milliseconds), and how to read the process's memory.
    Kept by (unique id, pid), so a relaunch or a re-attach, a new SBProcess, starts
    from nothing; and the library's own load address is checked on each use, so an
    unload or a reload elsewhere in the same process is seen too.
    """

    def __init__(self, key):
        """Nothing known yet about the run `key` = (unique id, pid)."""
        self.key = key
        self.library = None  # the path loaded, or "(already in the process)"
        self.anchor = None   # SBAddress of lds_version, in the library
        self.anchor_load = None
        self.surface_problem = None  # why the library in the process is refused (helper_library)
        self.entries = {}    # entry point -> load address (None: call it by name)
        self.memory = None   # LocalMemory, decided at the first read
        self.skip_list = None  # the library's answer to `lsettings --skip`, once given in this run
        self.skip_list_is_default = True  # whether the process skips the library's default list
        # Which thread the calls go to, decided for a command's thread (Context.report_frame):
        # (stop ID with expression stops, the command's thread ID, the calls' thread ID).
        self.thread_choice = None

    def found_library(self, path, anchor, target):
        """Records the library's path and where its version entry (`anchor`) is loaded now."""
        self.library = path
        self.anchor = anchor
        self.anchor_load = anchor.GetLoadAddress(target)

    def library_moved(self, target):
        """Whether the library is no longer where it was found (unloaded, or loaded again)."""
        return self.anchor is not None and self.anchor.GetLoadAddress(target) != self.anchor_load

    def report_thread(self, stop_id, thread_id):
        """The thread ID calls go to from the thread `thread_id`, if decided at this very stop
        (`stop_id`, expression stops included: the process has not run since, not even an
        expression of the user's), else None."""
        choice = self.thread_choice
        if choice is None or choice[0] != stop_id or choice[1] != thread_id:
            return None
        return choice[2]

    def keep_report_thread(self, stop_id, thread_id, call_thread_id):
        """Remembers, for the stop `stop_id`, that calls from `thread_id` go to `call_thread_id`."""
        self.thread_choice = (stop_id, thread_id, call_thread_id)

    def stopped_after_call(self, process, only_its_thread):
        """After one of our calls, which ran on its own thread alone when `only_its_thread`:
        no other thread moved, so the kept choice holds at the stop the call ended in."""
        if self.thread_choice is not None and only_its_thread:
            self.thread_choice = (process.GetStopID(True),) + self.thread_choice[1:]
        else:
            self.thread_choice = None

    def entry_address(self, target, function):
        """The load address of an entry point, looked up once per run."""
        if function not in self.entries:
            self.entries[function] = code_symbol_address(target, function)
        return self.entries[function]


_PROCESSES = {}


def process_key(process):
    """What identifies one run of one process: (LLDB's unique id, pid). A pid alone can come
    back in a later run."""
    return (process.GetUniqueID(), process.GetProcessID())


def facts_for(process, target=None):
    """The facts of this run of the process; with `target`, also dropped if the library moved."""
    key = process_key(process)
    facts = _PROCESSES.get(key)
    if facts is not None and target is not None and facts.library_moved(target):
        facts = None
    if facts is None:
        facts = ProcessFacts(key)
        _PROCESSES.pop(key, None)
        _PROCESSES[key] = facts
        while len(_PROCESSES) > MAX_REMEMBERED_PROCESSES:
            _PROCESSES.pop(next(iter(_PROCESSES)))  # the oldest: dicts keep insertion order
    return facts

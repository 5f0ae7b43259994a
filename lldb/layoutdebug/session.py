"""Per-debugger state that lasts across commands (settings, conflict counts, lbreak's
mode), and the debugger's output outside a command.

_SESSIONS is module state: a re-import of layout_debug.py reloads this module and keeps it.
"""

import os
import sys

from .conflict_log import ConflictLog
from .expression_timeout import default_timeout


class Session(object):
    """Per-debugger state: settings, the conflict log and the break mode."""

    def __init__(self):
        """A session with the default settings ($LAYOUT_DEBUG_TIMEOUT, local reads on)."""
        self.timeout = default_timeout(os.environ)
        self.conflicts = ConflictLog()
        self.stop_on_conflict = True
        self.quiet = False
        self.pictures_dir = None  # lbreak --pictures DIR: one SVG per distinct conflict
        self.mine_only = False  # lbreak --mine: stop and print only for the app's own conflicts
        self.callback_errors = 0
        self.storm = None  # the process key (process_facts.process_key) whose recorder lbreak reads
        self.storm_refused = set()  # process keys where the recorder could not start
        self.local_read = True
        self.options = {}  # (timeout, language) -> SBExpressionOptions, see evaluation.options_for
        self.origin_resolvers = {}  # (pid, run) -> OriginResolver, see origin_symbols.resolver_for
        self.origins_at_launch = False  # lorigins on: capture from the start of each launch
        self.leaving_engine = False  # lfix is stepping out of the engine: conflicts count, never stop
        self.loop_keep = 0  # lloop --keep N: the requests the loop recorder keeps (0: its default)


# Kept across `command script import` reloads, so a re-import keeps the counts.
_SESSIONS = globals().get("_SESSIONS", {})


def session_for(debugger):
    """The session of this debugger, made on first use (a debugger-less call shares one)."""
    key = debugger.GetID() if debugger is not None and debugger.IsValid() else -1
    session = _SESSIONS.get(key)
    if not isinstance(session, Session):
        # None, or a Session of an earlier import of this script: keep its state
        # (conflicts, settings) and add the fields this version has.
        fresh = Session()
        fresh.__dict__.update(getattr(session, "__dict__", {}))
        if not isinstance(fresh.conflicts, ConflictLog):
            # The earlier import's log class lacks this version's methods (owners).
            fresh.conflicts = ConflictLog.adopted(fresh.conflicts)
        session = fresh
        _SESSIONS[key] = session
    return session


def write_output(debugger, text):
    """Writes text to the debugger's output outside a command (breakpoint callbacks)."""
    if not text.endswith("\n"):
        text += "\n"
    try:
        handle = debugger.GetOutputFileHandle()
        if handle is not None:
            handle.write(text)
            handle.flush()
            return
    except Exception:  # noqa: BLE001 - fall back to Python's stdout
        pass
    sys.stdout.write(text)
    sys.stdout.flush()

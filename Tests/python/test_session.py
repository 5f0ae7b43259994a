"""layoutdebug.session: per-debugger state, kept across re-imports."""

from layoutdebug import conflict_log, session

from fakes import FakeDebugger


def test_a_session_from_an_earlier_import_keeps_its_state_and_gains_new_settings():
    class OldSession(object):  # what an earlier version of the script left in _SESSIONS
        def __init__(self):
            self.timeout = 12.0
            self.conflicts = conflict_log.ConflictLog()
            self.stop_on_conflict = False
            self.quiet = True
            self.callback_errors = 3

    session._SESSIONS[9006] = OldSession()
    try:
        kept = session.session_for(FakeDebugger(9006))
        assert isinstance(kept, session.Session)
        assert (kept.timeout, kept.stop_on_conflict, kept.quiet, kept.callback_errors) == \
            (12.0, False, True, 3)
        assert kept.local_read is True and kept.options == {}
        assert session.session_for(FakeDebugger(9006)) is kept
    finally:
        session._SESSIONS.pop(9006, None)


def test_an_earlier_imports_conflict_log_is_adopted_with_its_counts():
    class OldLog(object):  # an earlier version's log: no owners, record() without owner=
        def __init__(self):
            self.records, self.order, self.total = {}, [], 0

    class OldSession(object):
        def __init__(self):
            self.conflicts = OldLog()

    old = OldSession()
    template = conflict_log.ConflictLog()
    template.record("S", "VC", when=5)
    old.conflicts.records, old.conflicts.order, old.conflicts.total = template.records, ["S"], 1
    del template.records["S"].owner  # as the earlier version's record was made
    session._SESSIONS[9007] = old
    try:
        kept = session.session_for(FakeDebugger(9007))
        assert isinstance(kept.conflicts, conflict_log.ConflictLog)
        kept.conflicts.record("K", owner="system")  # the callback's call works on the adopted log
        assert kept.conflicts.totals_by_owner() == {"yours": 1, "system": 1, "transient": 0}
        assert kept.mine_only is False
    finally:
        session._SESSIONS.pop(9007, None)

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

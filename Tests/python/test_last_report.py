"""layoutdebug.last_report: the last conflict report kept whole, and the tally as JSON."""

import json
import time

import pytest

# LayoutDebugError through the module that raises it: other tests reload the package.
from layoutdebug import conflict_log, last_report, storm_log

BROKEN = "0x555555598BA0 @1000 <UIView:0x555555596f70>.width == 768.0"
TEXT = "Owner: yours (…)\nConflict #1\n\nWill attempt to recover by breaking:\n  %s\n\nSignature: S" % BROKEN


def library_document(**fields):
    """A conflict report document as lds_conflict_report gives it (the fields read here)."""
    document = {"schema": "layoutdebug/2", "kind": "conflict-report", "text": TEXT, "signature": "S",
                "owner": "yours", "viewController": "CellVC", "brokenConstraint": 0,
                "constraints": [{"address": "0x555555598ba0", "firstItem": "0x555555596f70", "firstAttribute": "width",
                                 "constant": 768, "isBroken": True}],
                "views": [{"address": "0x555555596f70", "className": "UIView"}]}
    document.update(fields)
    return json.dumps(document)


def hit(log, document, when):
    """What lbreak's callback does at a reported hit: count, then keep the report."""
    fields = conflict_log.parse_conflict_json(document)
    log.record(fields["signature"], fields["viewController"], when=when, owner=fields["owner"])
    return last_report.remember(log, fields["text"], document, fields, when)


def test_last_report_json_holds_the_text_once_and_the_library_document_with_the_console_number():
    log = conflict_log.ConflictLog()
    log.record("earlier", None, when=50)
    document = library_document()
    hit(log, document, when=1767348000.25)
    text = last_report.last_report_json(log)
    answer = json.loads(text)
    assert answer["schema"] == "layoutdebug/2" and answer["kind"] == "last-conflict"
    assert answer["number"] == 2  # the second conflict the session counted, as [lbreak] conflict #2
    whole = json.loads(document)
    # The library's fields, less what the document holds once: the text, the version and kind.
    assert answer["report"] == {key: value for key, value in whole.items() if key not in ("text", "schema", "kind")}
    assert text.count('"schema"') == 1 and text.count('"kind"') == 1, text
    assert answer["text"] == TEXT
    assert text.count("Will attempt to recover by breaking") == 1, "the text is held once"
    assert answer["seen"] == "2026-01-02T10:00:00.250Z"


def test_last_report_json_without_text_is_the_report_s_fields_alone():
    log = conflict_log.ConflictLog()
    hit(log, library_document(), when=100)
    answer = json.loads(last_report.last_report_json(log, with_text=False))
    assert "text" not in answer and "text" not in answer["report"]
    assert answer["report"]["constraints"][0]["address"] == "0x555555598ba0"


def test_last_report_text_is_the_report_then_its_number_and_time():
    log = conflict_log.ConflictLog()
    when = time.mktime((2026, 1, 2, 10, 0, 0, 0, 0, -1))
    hit(log, library_document(), when)
    lines = last_report.last_report_text(log).splitlines()
    assert "\n".join(lines[:-1]) == TEXT
    assert lines[-1] == "[lconflicts] the last report: conflict #1 of 1 in this session, seen at 10:00:00"


def test_without_any_conflict_last_is_a_clear_error():
    with pytest.raises(last_report.LayoutDebugError, match="no Auto Layout conflict seen in this session"):
        last_report.last_report_text(conflict_log.ConflictLog())


def test_counted_conflicts_without_a_report_are_counted_in_words_that_agree():
    # One conflict counted without its report read "none of the 1 conflicts".
    for count, message in ((1, "the one conflict counted came without its report (the ring kept none)"),
                           (3, "none of the 3 conflicts counted came with a report (the ring kept none)")):
        log = conflict_log.ConflictLog()
        log.record_many("S", count, 10, 20)
        with pytest.raises(last_report.LayoutDebugError) as info:
            last_report.last_report_text(log)
        assert str(info.value) == message


def test_clear_forgets_the_last_report():
    log = conflict_log.ConflictLog()
    hit(log, library_document(), 100)
    log.clear()
    with pytest.raises(last_report.LayoutDebugError):
        last_report.last_report_document(log)


def test_a_conflict_without_report_is_last_with_its_text_and_no_document():
    log = conflict_log.ConflictLog()
    hit(log, library_document(), 100)
    log.record("(unreported conflict)", when=101)
    last_report.remember(log, "Auto Layout conflict (no report: timed out)", None, {}, 101)
    answer = last_report.last_report_document(log)
    assert answer["number"] == 2 and answer["report"] is None
    assert answer["text"] == "Auto Layout conflict (no report: timed out)"


def test_a_drained_storm_report_becomes_last_without_a_document():
    log = conflict_log.ConflictLog()
    reports = [{"text": "first", "signature": "A", "owner": "system", "time": 10.0},
               {"text": TEXT, "signature": "S", "owner": "yours", "viewController": "CellVC", "time": 11.0}]
    dropped = [{"signature": "A", "owner": "system", "count": 3, "first": 12.0, "last": 13.0}]
    storm_log.apply_drain(log, reports, dropped, quiet=True, mine_only=False, now=20.0)
    answer = last_report.last_report_document(log)
    # The last kept report is the second one: conflict #2, though 5 were counted.
    assert answer["number"] == 2 and answer["text"] == TEXT and answer["report"] is None
    tally = last_report.tally_document(log)
    assert tally["total"] == 5
    assert tally["last"]["brokenConstraint"] == {"address": "0x555555598ba0", "line": BROKEN}


def test_tally_counts_by_signature_with_names_and_utc_times():
    log = conflict_log.ConflictLog()
    log.record("A", "FeedVC", when=0.5, owner="yours")
    log.record("B", None, when=60, owner="system")
    hit(log, library_document(signature="A"), when=3600)
    tally = json.loads(last_report.tally_json(log))
    assert tally["schema"] == "layoutdebug/2" and tally["kind"] == "conflict-tally"
    assert tally["total"] == 3
    assert tally["byOwner"] == {"yours": 2, "system": 1, "transient": 0}
    assert tally["signatures"] == [
        {"signature": "A", "owner": "yours", "count": 2, "firstSeen": "1970-01-01T00:00:00.500Z",
         "lastSeen": "1970-01-01T01:00:00.000Z", "viewController": "FeedVC"},
        {"signature": "B", "owner": "system", "count": 1, "firstSeen": "1970-01-01T00:01:00.000Z",
         "lastSeen": "1970-01-01T00:01:00.000Z", "viewController": None}]
    assert tally["last"] == {"number": 3, "seen": "1970-01-01T01:00:00.000Z", "signature": "A",
                             "owner": "yours", "viewController": "CellVC",
                             "brokenConstraint": {"address": "0x555555598ba0", "line": BROKEN}}


def test_tally_of_an_empty_session():
    tally = last_report.tally_document(conflict_log.ConflictLog())
    assert tally["total"] == 0 and tally["signatures"] == [] and tally["last"] is None


def test_an_earlier_import_log_keeps_its_last_report():
    log = conflict_log.ConflictLog()
    hit(log, library_document(), 100)
    assert conflict_log.ConflictLog.adopted(log).last is log.last

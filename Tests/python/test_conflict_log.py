"""layoutdebug.conflict_log: lbreak's counts by signature, and lconflicts' summary."""

import time

from layoutdebug import conflict_log


def test_conflict_log_groups_by_signature_in_first_seen_order():
    log = conflict_log.ConflictLog()
    log.record("B", "FeedVC", when=100)
    log.record("A", None, when=101)
    log.record("B", "OtherVC", when=105)
    assert log.total == 3
    entries = log.entries()
    assert [(e.signature, e.count) for e in entries] == [("B", 2), ("A", 1)]
    assert entries[0].first_seen == 100 and entries[0].last_seen == 105
    assert entries[0].view_controller == "FeedVC"


def test_conflict_log_counts_missing_signatures():
    log = conflict_log.ConflictLog()
    log.record(None)
    log.record("")
    assert log.total == 2 and log.entries()[0].count == 2


def test_conflict_summary_one_line_per_signature():
    log = conflict_log.ConflictLog()
    base = time.mktime((2026, 1, 2, 10, 0, 0, 0, 0, -1))
    for index in range(3):
        log.record("UIView.width == 100 | UIView.width == 200", "CellVC", when=base + index)
    log.record("other", None, when=base + 10)
    text = conflict_log.format_conflict_summary(log)
    lines = text.splitlines()
    assert lines[0] == "4 conflicts, 2 distinct signatures:"
    assert lines[1] == "  by owner: 4 yours, 0 system, 0 transient"
    assert lines[2] == "    3x  first 10:00:00  last 10:00:02  vc CellVC  " \
                       "UIView.width == 100 | UIView.width == 200"
    assert lines[3] == "    1x  first 10:00:10  last 10:00:10  vc -  other"
    assert len(lines) == 4


def test_conflict_summary_when_empty():
    assert "No Auto Layout conflicts" in conflict_log.format_conflict_summary(conflict_log.ConflictLog())


def test_parse_conflict_json():
    fields = conflict_log.parse_conflict_json(
        '{"text":"Broke X","signature":"S","viewController":"VC","ordinal":3,"brokenConstraint":"c"}')
    assert fields["text"] == "Broke X" and fields["signature"] == "S"
    assert fields["viewController"] == "VC" and fields["ordinal"] == 3


def test_parse_conflict_json_tolerates_text_and_nulls():
    assert conflict_log.parse_conflict_json("not json")["text"] == "not json"
    fields = conflict_log.parse_conflict_json('{"text":"t","signature":null,"viewController":null}')
    assert fields["signature"] is None and fields["viewController"] is None


def test_summary_lists_only_yours_but_counts_every_owner():
    log = conflict_log.ConflictLog()
    base = time.mktime((2026, 1, 2, 10, 0, 0, 0, 0, -1))
    log.record("mine", "VC", when=base, owner="yours")
    log.record("keyboard", None, when=base + 1, owner="system")
    log.record("keyboard", None, when=base + 2, owner="system")
    log.record("reuse", None, when=base + 3, owner="transient")
    lines = conflict_log.format_conflict_summary(log).splitlines()
    assert lines == [
        "4 conflicts, 3 distinct signatures:",
        "  by owner: 1 yours, 2 system, 1 transient",
        "    1x  first 10:00:00  last 10:00:00  vc VC  mine",
        "  not listed: 2 system, 1 transient (lconflicts --all lists them)",
    ]
    every = conflict_log.format_conflict_summary(log, show_all=True).splitlines()
    assert every[2:] == [
        "    1x  yours      first 10:00:00  last 10:00:00  vc VC  mine",
        "    2x  system     first 10:00:01  last 10:00:02  vc -  keyboard",
        "    1x  transient  first 10:00:03  last 10:00:03  vc -  reuse",
    ]


def test_unknown_owner_counts_as_yours_and_stops():
    log = conflict_log.ConflictLog()
    log.record("S", owner=None)
    log.record("T", owner="weird")
    assert log.totals_by_owner() == {"yours": 2, "system": 0, "transient": 0}
    assert conflict_log.stops_for(True, True, None)
    assert conflict_log.stops_for(True, True, "yours")
    assert not conflict_log.stops_for(True, True, "system")
    assert not conflict_log.stops_for(True, True, "transient")
    assert conflict_log.stops_for(True, False, "system")
    assert not conflict_log.stops_for(False, False, "yours")


def test_set_aside_note_quotes_the_owner_line():
    text = "Owner: system (only UIKit-internal views: _UIKBCompatInputView)\nConflict #2: ..."
    assert conflict_log.set_aside_note(2, "system", text) == (
        "[lbreak] conflict #2 counted, not shown (--mine): system (only UIKit-internal views: "
        "_UIKBCompatInputView); lconflicts --all lists it")
    assert conflict_log.set_aside_note(3, "transient", None).endswith("(--mine): transient; lconflicts --all lists it")


def test_parse_conflict_json_reads_the_owner():
    assert conflict_log.parse_conflict_json('{"text":"t","owner":"system"}')["owner"] == "system"
    assert conflict_log.parse_conflict_json('{"text":"t","owner":"martian"}')["owner"] is None
    assert conflict_log.parse_conflict_json('not json')["owner"] is None


def test_adopted_keeps_an_earlier_imports_counts_as_yours():
    class OldRecord(object):
        def __init__(self):
            self.view_controller, self.count, self.first_seen, self.last_seen = "VC", 2, 10, 20

    class OldLog(object):
        def __init__(self):
            self.records, self.order, self.total = {"S": OldRecord()}, ["S"], 2

    log = conflict_log.ConflictLog.adopted(OldLog())
    assert log.total == 2 and log.totals_by_owner() == {"yours": 2, "system": 0, "transient": 0}
    entry = log.entries()[0]
    assert (entry.signature, entry.count, entry.first_seen, entry.last_seen) == ("S", 2, 10, 20)
    log.record("K", owner="system")
    assert log.totals_by_owner()["system"] == 1

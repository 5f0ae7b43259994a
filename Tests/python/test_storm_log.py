"""The storm ring's drains, counted and printed as lbreak does at a hit (no LLDB)."""

import json

from layoutdebug.conflict_log import ConflictLog, hit_line
from layoutdebug.storm_log import apply_drain, dropped_note, parse_drain, ring_size, ring_size_note


def drain_text(reports, dropped=()):
    return json.dumps({"reports": list(reports), "dropped": list(dropped)})


def report(number, signature="A", owner="yours"):
    return {"text": "Owner: %s (x)\nConflict #%d\n" % (owner, number), "signature": signature,
            "owner": owner, "viewController": "VC", "time": 1000.0 + number}


def test_ring_size_defaults_to_256_and_0_turns_the_ring_off():
    assert ring_size({}) == 256
    assert ring_size({"LAYOUT_DEBUG_STORM_RING": "16"}) == 16
    assert ring_size({"LAYOUT_DEBUG_STORM_RING": "0"}) == 0
    assert ring_size({"LAYOUT_DEBUG_STORM_RING": "lots"}) == 256


def test_a_ring_size_that_is_not_a_number_gets_a_one_line_note():
    assert ring_size_note({}) is None
    assert ring_size_note({"LAYOUT_DEBUG_STORM_RING": "16"}) is None
    assert ring_size_note({"LAYOUT_DEBUG_STORM_RING": "lots"}) == (
        "Note: $LAYOUT_DEBUG_STORM_RING is 'lots', not a whole number: keeping 256 reports between reads.")


def test_kept_reports_are_numbered_after_the_log_and_printed_as_at_a_hit():
    log = ConflictLog()
    log.record("A", "VC")  # the first conflict, counted at its breakpoint hit
    reports, dropped = parse_drain(drain_text([report(2), report(3, "B")]))
    printed = apply_drain(log, reports, dropped, quiet=False, mine_only=False, now=0)
    assert printed == [hit_line(reports[0]["text"], 2, 2, False), hit_line(reports[1]["text"], 3, 1, False)]
    assert printed[0].endswith("[lbreak] conflict #2, signature seen 2 times; continuing")
    assert log.total == 3 and log.records["B"].first_seen == 1003.0


def test_dropped_tallies_count_every_conflict_after_the_kept_ones():
    log = ConflictLog()
    reports, dropped = parse_drain(drain_text([report(1)], [
        {"signature": "C", "owner": "system", "count": 40, "first": 5.0, "last": 9.0},
        {"signature": "A", "owner": "yours", "viewController": "VC", "count": 2, "first": 6.0, "last": 7.0}]))
    assert apply_drain(log, reports, dropped, quiet=True, mine_only=False, now=0) == []
    assert log.total == 43
    assert [(entry.signature, entry.count, entry.owner) for entry in log.entries()] == [
        ("A", 3, "yours"), ("C", 40, "system")]
    assert (log.records["C"].first_seen, log.records["C"].last_seen) == (5.0, 9.0)
    assert "42 more conflicts counted without their reports" in dropped_note(dropped)


def test_mine_sets_aside_other_owners_with_one_line():
    log = ConflictLog()
    reports, dropped = parse_drain(drain_text([report(1, "S", "system"), report(2)]))
    printed = apply_drain(log, reports, dropped, quiet=False, mine_only=True, now=0)
    assert printed[0] == "[lbreak] conflict #1 counted, not shown (--mine): system (x); lconflicts --all lists it"
    assert printed[1].endswith("[lbreak] conflict #2, signature seen 1 time; continuing")


def test_a_drain_that_is_not_json_is_an_error():
    for text in ("error: nope", "[]", '{"reports": 1, "dropped": []}'):
        try:
            parse_drain(text)
        except ValueError:
            continue
        raise AssertionError(text)

"""The storm ring's drains, read into the conflict log (no LLDB): what `lds_storm_drain`
returns, counted and printed exactly as lbreak counts and prints a conflict at its hit."""

import json

from .conflict_log import hit_line, owner_or_yours, set_aside_note, stops_for
from .constants import DEFAULT_STORM_RING, STORM_RING_ENV
from .last_report import remember


def ring_size(environ):
    """The number of reports the process keeps between drains: $LAYOUT_DEBUG_STORM_RING when
    it is a whole number (0 turns the ring off: a breakpoint stop per conflict), else 256."""
    text = (environ.get(STORM_RING_ENV) or "").strip()
    try:
        return max(0, min(int(text), 1 << 20)) if text else DEFAULT_STORM_RING
    except ValueError:
        return DEFAULT_STORM_RING


def ring_size_note(environ):
    """The line lbreak --continue prints when $LAYOUT_DEBUG_STORM_RING is set but not a whole
    number (the default is used), else None."""
    text = (environ.get(STORM_RING_ENV) or "").strip()
    try:
        int(text or "0")
        return None
    except ValueError:
        return "Note: $%s is %r, not a whole number: keeping %d reports between reads." % (
            STORM_RING_ENV, text, DEFAULT_STORM_RING)


def parse_drain(text):
    """The kept reports and the dropped tallies of a drain's JSON, as two lists of dicts.

    Raises ValueError when the text is not a drain."""
    data = json.loads(text)
    if not isinstance(data, dict) or not isinstance(data.get("reports"), list) \
            or not isinstance(data.get("dropped"), list):
        raise ValueError("not a storm drain: %s" % text[:80])
    return data["reports"], data["dropped"]


def text_field(item, key):
    """A string field of a drained item, or None."""
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, str) else None


def number_field(item, key, default):
    """A numeric field of a drained item, or `default`."""
    value = item.get(key) if isinstance(item, dict) else None
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def apply_drain(log, reports, dropped, quiet, mine_only, now):
    """Counts a drain's conflicts in `log`, kept reports first, in the process's order, then
    the dropped tallies; returns what lbreak prints for them (nothing when `quiet`), one
    string per kept report, as at a `--continue` hit. `now` stands in for a missing time.
    The newest kept report becomes the log's last one (lconflicts --last)."""
    printed = []
    for item in reports:
        owner = text_field(item, "owner")
        text = text_field(item, "text") or ""
        when = number_field(item, "time", now)
        entry = log.record(text_field(item, "signature"), text_field(item, "viewController"),
                           when=when, owner=owner)
        # Each kept report becomes the last one, as at a hit; the ring keeps its text, not its document.
        remember(log, text, None, {
            "signature": text_field(item, "signature"), "owner": owner,
            "viewController": text_field(item, "viewController"),
            "brokenConstraint": text_field(item, "brokenConstraint")}, when)
        if quiet:
            continue
        if mine_only and not stops_for(True, True, owner):
            printed.append(set_aside_note(log.total, owner_or_yours(owner), text))
        else:
            printed.append(hit_line(text, log.total, entry.count, False))
    for item in dropped:
        first = number_field(item, "first", now)
        log.record_many(text_field(item, "signature"), int(number_field(item, "count", 0)), first,
                        number_field(item, "last", first), text_field(item, "viewController"),
                        text_field(item, "owner"))
    return printed


def dropped_note(dropped):
    """One line for the conflicts a drain counted without their reports (the ring was full), or None."""
    count = sum(int(number_field(item, "count", 0)) for item in dropped)
    if not count:
        return None
    return "[lbreak] %d more conflict%s counted without %s report%s (the process keeps %s); lconflicts lists them" % (
        count, "" if count == 1 else "s", "its" if count == 1 else "their", "" if count == 1 else "s",
        "at most $%s reports between reads" % STORM_RING_ENV)

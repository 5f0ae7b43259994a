"""The conflict log: conflicts counted by signature for lconflicts (no LLDB)."""

import json
import time


class ConflictRecord(object):
    """One signature's count, first and last time seen, and view controller."""
    def __init__(self, signature, view_controller, when):
        """A record of no hits yet, first seen at `when`."""
        self.signature = signature
        self.view_controller = view_controller
        self.count = 0
        self.first_seen = when
        self.last_seen = when

    def add(self, view_controller, when):
        """Counts a hit at `when`; keeps the first view controller named."""
        self.count += 1
        self.last_seen = when
        if view_controller and not self.view_controller:
            self.view_controller = view_controller


class ConflictLog(object):
    """Counts conflicts by signature, in order of first appearance."""

    def __init__(self):
        """An empty log."""
        self.records = {}
        self.order = []
        self.total = 0

    def record(self, signature, view_controller=None, when=None):
        """Counts a conflict under its signature (now, unless `when`); returns its record."""
        when = time.time() if when is None else when
        signature = signature or "(no signature)"
        entry = self.records.get(signature)
        if entry is None:
            entry = ConflictRecord(signature, view_controller, when)
            self.records[signature] = entry
            self.order.append(signature)
        entry.add(view_controller, when)
        self.total += 1
        return entry

    def clear(self):
        """Forgets every conflict."""
        self.records = {}
        self.order = []
        self.total = 0

    def entries(self):
        """The records in order of first appearance."""
        return [self.records[signature] for signature in self.order]


def format_clock(when):
    """The local time of day of a timestamp, HH:MM:SS."""
    return time.strftime("%H:%M:%S", time.localtime(when))


def format_conflict_summary(log):
    """One line per distinct signature: count, first and last seen, view controller."""
    if not log.total:
        return "No Auto Layout conflicts seen in this session."
    entries = log.entries()
    lines = ["%d conflict%s, %d distinct signature%s:" % (
        log.total, "" if log.total == 1 else "s", len(entries), "" if len(entries) == 1 else "s")]
    for entry in entries:
        lines.append("%5dx  first %s  last %s  vc %s  %s" % (
            entry.count, format_clock(entry.first_seen), format_clock(entry.last_seen),
            entry.view_controller or "-", entry.signature))
    return "\n".join(lines)


def parse_conflict_json(text):
    """Reads the fields of an LDS_JSON conflict report; tolerant of missing ones."""
    try:
        data = json.loads(text)
    except ValueError:
        return {"text": text, "signature": None, "viewController": None}
    if not isinstance(data, dict):
        return {"text": text, "signature": None, "viewController": None}
    return {
        "text": data.get("text") if isinstance(data.get("text"), str) else text,
        "signature": data.get("signature") if isinstance(data.get("signature"), str) else None,
        "viewController": data.get("viewController") if isinstance(data.get("viewController"), str) else None,
        "ordinal": data.get("ordinal"),
        "brokenConstraint": data.get("brokenConstraint"),
    }

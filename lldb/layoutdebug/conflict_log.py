"""The conflict log: conflicts counted by signature and owner for lconflicts, and what
lbreak --mine does with each owner (no LLDB)."""

import json
import time

# The owners the library's triage gives a conflict (ConflictOwner), in report order.
OWNERS = ("yours", "system", "transient")


def owner_or_yours(owner):
    """The owner as given when it is one of OWNERS, else "yours": a conflict whose owner is
    unknown (no report, an older library) is never set aside."""
    return owner if owner in OWNERS else "yours"


def stops_for(stop_on_conflict, mine_only, owner):
    """Whether lbreak stops for a conflict of `owner`: --mine stops only for "yours"."""
    return bool(stop_on_conflict) and (not mine_only or owner_or_yours(owner) == "yours")


def owner_line(text):
    """The report's first line when it is the owner line (`Owner: system (...)`), else None."""
    first = (text or "").split("\n", 1)[0]
    return first if first.startswith("Owner: ") else None


def set_aside_note(number, owner, text):
    """lbreak --mine's one line for a conflict it counts without stopping or printing."""
    evidence = owner_line(text)
    reason = evidence[len("Owner: "):] if evidence else owner
    return "[lbreak] conflict #%d counted, not shown (--mine): %s; lconflicts --all lists it" % (
        number, reason)


def hit_line(text, number, count, stop):
    """What lbreak prints for a conflict it reports: the report, then its number, how often
    its signature was seen, and whether lbreak stops (the same at a hit and from the storm ring)."""
    return "%s\n[lbreak] conflict #%d, signature seen %d time%s%s" % (
        (text or "").rstrip("\n"), number, count, "" if count == 1 else "s", "" if stop else "; continuing")


class ConflictRecord(object):
    """One signature's count, first and last time seen, view controller and owner."""
    def __init__(self, signature, view_controller, when, owner="yours"):
        """A record of no hits yet, first seen at `when`."""
        self.signature = signature
        self.view_controller = view_controller
        self.owner = owner_or_yours(owner)
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
        self.last = None  # the newest report kept whole (last_report.LastReport), for lconflicts --last

    def record(self, signature, view_controller=None, when=None, owner="yours"):
        """Counts a conflict under its signature (now, unless `when`) and owner (one of
        OWNERS; anything else counts as "yours"); returns its record."""
        when = time.time() if when is None else when
        signature = signature or "(no signature)"
        entry = self.records.get(signature)
        if entry is None:
            entry = ConflictRecord(signature, view_controller, when, owner)
            self.records[signature] = entry
            self.order.append(signature)
        entry.add(view_controller, when)
        self.total += 1
        return entry

    def record_many(self, signature, count, first, last, view_controller=None, owner="yours"):
        """Counts `count` conflicts of one signature, the first at `first` and the last at
        `last`, at once: those the storm ring tallied without keeping their reports."""
        if count <= 0:
            return None
        entry = self.record(signature, view_controller, when=first, owner=owner)
        if count > 1:
            entry.count += count - 1
            entry.last_seen = max(entry.last_seen, last)
            self.total += count - 1
        return entry

    @classmethod
    def adopted(cls, earlier):
        """A log of this version holding an earlier import's counts: a re-import of the script
        keeps the session's log, whose records may predate owners (they count as "yours")."""
        log = cls()
        for signature in getattr(earlier, "order", []):
            old = earlier.records[signature]
            entry = ConflictRecord(signature, old.view_controller, old.first_seen,
                                   getattr(old, "owner", "yours"))
            entry.count, entry.last_seen = old.count, old.last_seen
            log.records[signature] = entry
            log.order.append(signature)
        log.total = getattr(earlier, "total", 0)
        log.last = getattr(earlier, "last", None)
        return log

    def clear(self):
        """Forgets every conflict, and the last report."""
        self.records = {}
        self.order = []
        self.total = 0
        self.last = None

    def entries(self):
        """The records in order of first appearance."""
        return [self.records[signature] for signature in self.order]

    def totals_by_owner(self):
        """{owner: conflicts} for every owner of OWNERS, 0 when none."""
        totals = dict((owner, 0) for owner in OWNERS)
        for entry in self.records.values():
            totals[entry.owner] += entry.count
        return totals


def format_clock(when):
    """The local time of day of a timestamp, HH:MM:SS."""
    return time.strftime("%H:%M:%S", time.localtime(when))


def format_conflict_summary(log, show_all=False):
    """The total, the count by owner, then one line per distinct signature: count, first and
    last seen, view controller. Only the app's own ("yours") are listed unless `show_all`,
    which lists every signature with its owner; the others are always counted."""
    if not log.total:
        return "No Auto Layout conflicts seen in this session."
    entries = log.entries()
    totals = log.totals_by_owner()
    lines = ["%d conflict%s, %d distinct signature%s:" % (
        log.total, "" if log.total == 1 else "s", len(entries), "" if len(entries) == 1 else "s"),
        "  by owner: " + ", ".join("%d %s" % (totals[owner], owner) for owner in OWNERS)]
    for entry in entries:
        if not show_all and entry.owner != "yours":
            continue
        owner = "%-9s  " % entry.owner if show_all else ""
        lines.append("%5dx  %sfirst %s  last %s  vc %s  %s" % (
            entry.count, owner, format_clock(entry.first_seen), format_clock(entry.last_seen),
            entry.view_controller or "-", entry.signature))
    hidden = [owner for owner in OWNERS if owner != "yours" and totals[owner]]
    if hidden and not show_all:
        lines.append("  not listed: %s (lconflicts --all lists them)" % ", ".join(
            "%d %s" % (totals[owner], owner) for owner in hidden))
    return "\n".join(lines)


def parse_conflict_json(text):
    """Reads the fields of an LDS_JSON conflict report; tolerant of missing ones."""
    try:
        data = json.loads(text)
    except ValueError:
        return {"text": text, "signature": None, "viewController": None, "owner": None}
    if not isinstance(data, dict):
        return {"text": text, "signature": None, "viewController": None, "owner": None}
    return {
        "text": data.get("text") if isinstance(data.get("text"), str) else text,
        "signature": data.get("signature") if isinstance(data.get("signature"), str) else None,
        "viewController": data.get("viewController") if isinstance(data.get("viewController"), str) else None,
        "ordinal": data.get("ordinal"),
        "brokenConstraint": data.get("brokenConstraint"),
        "owner": data.get("owner") if data.get("owner") in OWNERS else None,
    }

"""The last conflict report a session saw, and the session's tally as JSON (no LLDB).

lbreak prints a report as the stop happens; an editor that joins late, or an agent calling
LLDB's `lldb_command` through its MCP server, never sees that output. So every report lbreak
reads (at a breakpoint hit, or drained from the storm ring) is kept whole in the session's
conflict log, and `lconflicts --last` and `lconflicts --json` give it back on demand, at any
stop and after the process has exited.
"""

import json
import re
import time

from .conflict_log import OWNERS, format_clock
from .errors import LayoutDebugError
from . import json_documents

ADDRESS = re.compile(r"^(0x[0-9a-fA-F]+)\b")


class LastReport(object):
    """One conflict's report as lbreak printed it (`text`) and as the library gave it
    (`document`: its JSON text, or None when the conflict had no report)."""

    def __init__(self, number, when, text, document, fields):
        """The report of conflict `number` (the console's `[lbreak] conflict #N`), seen at `when`;
        `fields` are parse_conflict_json's (signature, owner, viewController, brokenConstraint)."""
        self.number = number
        self.when = when
        self.text = text or ""
        self.document = document
        self.signature = fields.get("signature")
        self.owner = fields.get("owner")
        self.view_controller = fields.get("viewController")
        broken = fields.get("brokenConstraint")
        self.broken = broken if isinstance(broken, str) else broken_line_in(self.text)


def broken_line_in(text):
    """The constraint line under the report's "Will attempt to recover by breaking:", or None:
    the storm ring keeps a report's text but not its fields."""
    lines = (text or "").splitlines()
    for index, line in enumerate(lines[:-1]):
        if line.startswith("Will attempt to recover by breaking"):
            return lines[index + 1].strip() or None
    return None


def remember(log, text, document, fields, when=None):
    """Keeps a report as the log's last one, numbered as the log counts (its newest conflict)."""
    log.last = LastReport(log.total, time.time() if when is None else when, text, document, fields)
    return log.last


def iso_time(when):
    """A timestamp as ISO 8601 in UTC with milliseconds (2026-01-02T10:00:00.000Z)."""
    whole = int(when)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(whole)) + ".%03dZ" % int((when - whole) * 1000)


def broken_constraint_address(line):
    """The "0x…" address that starts a report line, or None."""
    found = ADDRESS.match(line or "")
    return found.group(1).lower() if found else None


def last_report(log):
    """The log's last report; a LayoutDebugError when there is none to give."""
    last = getattr(log, "last", None)
    if last is None:
        if log.total == 1:
            raise LayoutDebugError("the one conflict counted came without its report (the ring kept none)")
        if log.total:
            raise LayoutDebugError("none of the %d conflicts counted came with a report (the ring kept none)"
                                   % log.total)
        raise LayoutDebugError("no Auto Layout conflict seen in this session (lbreak, then run)")
    return last


def last_report_text(log):
    """`lconflicts --last`: the report as lbreak printed it, then which conflict it was and when."""
    last = last_report(log)
    return "%s\n[lconflicts] the last report: conflict #%d of %d in this session, seen at %s" % (
        last.text.rstrip("\n"), last.number, log.total, format_clock(last.when))


def last_report_document(log, with_text=True):
    """`lconflicts --last --json`: which conflict the last report was, its text as lbreak printed
    it (left out with `with_text=False`: --no-text), and under "report" the library's own
    document of it without its text, schema and kind, which the document holds once
    (docs/schema/last-conflict.json).

    "report" is null when the conflict had no report (the library's call failed: the text says
    why) or when the storm ring kept only its text (lbreak --continue)."""
    last = last_report(log)
    report = None
    if last.document is not None:
        try:
            report = json.loads(last.document)
        except ValueError:
            report = None
    if not isinstance(report, dict) or report.get("kind", "conflict-report") != "conflict-report" \
            or "constraints" not in report:
        report = None
    if report is not None:
        # Held once: the text beside it, the version and kind at the document's top.
        for key in ("text", "schema", "kind"):
            report.pop(key, None)
    fields = {"number": last.number, "seen": iso_time(last.when)}
    if with_text:
        fields["text"] = last.text
    fields["report"] = report
    return json_documents.document("last-conflict", **fields)


def last_report_json(log, with_text=True):
    """last_report_document as JSON text."""
    return json_documents.dumps(last_report_document(log, with_text))


def last_summary(last):
    """The tally's "last" object: which conflict the last report was, and its broken constraint."""
    if last is None:
        return None
    return {
        "number": last.number,
        "seen": iso_time(last.when),
        "signature": last.signature,
        "owner": last.owner,
        "viewController": last.view_controller,
        "brokenConstraint": None if last.broken is None else {
            "address": broken_constraint_address(last.broken), "line": last.broken},
    }


def tally_document(log):
    """`lconflicts --json`: the session's conflicts counted by signature, every owner listed
    (each entry names its own), with the last report's summary."""
    totals = log.totals_by_owner()
    return json_documents.document(
        "conflict-tally",
        total=log.total,
        byOwner=dict((owner, totals[owner]) for owner in OWNERS),
        signatures=[{
            "signature": entry.signature,
            "owner": entry.owner,
            "count": entry.count,
            "firstSeen": iso_time(entry.first_seen),
            "lastSeen": iso_time(entry.last_seen),
            "viewController": entry.view_controller,
        } for entry in log.entries()],
        last=last_summary(getattr(log, "last", None)))


def tally_json(log):
    """tally_document as JSON text."""
    return json_documents.dumps(tally_document(log))

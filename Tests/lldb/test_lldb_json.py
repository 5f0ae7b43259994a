"""Every command's --json in real lldb-16 sessions, validated against docs/schema (issue 34):
one schema version and kind at the top, addresses as "0x…" strings, names for attributes,
relations and owners, origins as objects, and never a decimal address or Swift's `_0`."""

import os
import re
import sys

from conftest import ROOT, constraint_addresses, lldb
from test_lldb_origins import source_line

sys.path.insert(0, os.path.join(ROOT, "Tests", "python"))
from schema_check import broken_constraint, check_document, described_views, suggestion_target  # noqa: E402

CORPUS_LOG = os.path.join(ROOT, "Tests", "Fixtures", "corpus", "logs", "027.txt")


def json_of(session, command, kind):
    """The command's output, checked against its kind's schema, parsed."""
    return check_document(session.ok(command), kind)


def origins(value):
    """Every `origin` object anywhere in a document."""
    found = []
    if isinstance(value, dict):
        if isinstance(value.get("origin"), dict):
            found.append(value["origin"])
        for item in value.values():
            found += origins(item)
    elif isinstance(value, list):
        for item in value:
            found += origins(item)
    return found


def test_every_view_command_and_setting_answers_in_the_schema_with_origins_resolved(session):
    session.create_target()
    before = json_of(session, "lorigins --json", "origins")
    assert before["atLaunch"] is False and before["process"] is None, before
    assert json_of(session, "lorigins on --json", "origins")["atLaunch"] is True
    session.launch("margins")
    status = json_of(session, "lorigins --json", "origins")
    assert status["process"]["capturing"] is True and status["process"]["recorded"] > 0, status

    report = json_of(session, "lreport $arg1 --json", "descent-report")
    json_of(session, "lreport $arg1 --json --all", "descent-report")
    json_of(session, "lreport $arg1 --json --no-descend", "descent-report")
    root = "0x%x" % session.root_view()
    assert report["views"][0]["address"] == root and report["views"][0]["depth"] == 0, report["views"][0]
    # The card's leading edge tied to the root's: its origin is the line that made it, the
    # guide's constraints UIKit's (here ReferenceKit's) own.
    found = origins(report)
    line = source_line("ConflictScenarios.swift", "card.leadingAnchor.constraint(equalTo: root.leadingAnchor)")
    assert any(os.path.basename(origin.get("file", "")) == "ConflictScenarios.swift" and origin["line"] == line
               for origin in found), found
    assert {"system": "made by the system"} in found, found
    # Relations by name, "equal" (the default) left out: margins has none but equalities.
    whole = session.ok("lreport $arg1 --json --all")
    relations = set(re.findall(r'"relation":("?\w+"?)', whole))
    assert relations <= {'"lessThanOrEqual"', '"greaterThanOrEqual"'}, relations
    assert '"firstAttribute":"leading"' in whole

    constraints = json_of(session, "lconstraints $arg1 --json", "referencing-constraints")
    assert constraints["view"] == root and root in described_views(constraints), constraints
    json_of(session, "lconstraints $arg1 --json --hide-system", "referencing-constraints")
    first = "0x%x" % constraint_addresses(session)[0]
    single = json_of(session, "lreport %s --json" % first, "constraint-report")
    assert single["constraint"]["address"] == first, single["constraint"]

    json_of(session, "ltrace --json", "autolayout-trace")
    json_of(session, "ltrace $arg1 --json", "autolayout-trace")
    json_of(session, "llint --json", "lint")
    json_of(session, "llint $arg1 --stress --json", "lint")

    settings = json_of(session, "lsettings --json", "settings")
    assert settings["timeout"] == 5 and settings["skipList"] == {"default": True}, settings
    skipped = json_of(session, "lsettings --skip UIView --json", "settings")
    assert skipped["skipList"] == {"default": False, "classes": ["UIView"]}, skipped
    restored = json_of(session, 'lsettings --skip "" --json', "settings")["skipList"]
    assert restored["default"] is True and "UIButton" in restored["classes"], restored
    assert json_of(session, "lsettings --json", "settings")["skipList"]["default"] is True
    local = json_of(session, "lsettings --local-read off --json", "settings")
    assert local["localRead"]["enabled"] is False and "skipList" not in local, local
    session.continue_to_exit()


def test_ltrace_json_names_each_ambiguous_view_by_its_hex_address(session):
    session.launch("ambiguous")
    trace = json_of(session, "ltrace --json", "autolayout-trace")
    assert trace["ambiguities"], trace
    for ambiguity in trace["ambiguities"]:
        address = ambiguity["view"]
        view = described_views(trace)[address]
        assert "%s:%s" % (view["className"], address) in trace["text"], (address, trace["text"])
    session.continue_to_exit()


def conflict_report_json(session):
    """What lbreak's callback reads at this conflict stop: lds_conflict_report with LDS_JSON,
    called as the callback calls it (the package LLDB loaded)."""
    breakpoints = sys.modules["layoutdebug.breakpoints"]
    evaluation = sys.modules["layoutdebug.evaluation"]
    constants = sys.modules["layoutdebug.constants"]
    frame = session.frame()
    ctx = evaluation.Context(session.debugger, lldb.SBExecutionContext(frame))
    arguments = breakpoints.conflict_arguments(frame, breakpoints.site_of_hit(frame, None))
    return ctx.call_entry("lds_conflict_report", *(arguments + (str(constants.LDS_JSON),)))


def test_lbreaks_report_and_every_lfix_answer_are_in_the_schema(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    report = check_document(conflict_report_json(session), "conflict-report")
    assert report["text"] in session.callback_output(), "the JSON's text is the report lbreak printed"
    broken = broken_constraint(report)
    assert broken["isBroken"] is True and "\n  %s @1000 " % broken["address"] in report["text"], (broken, report["text"])
    # Each suggestion names a constraint of the conflict by its index in the list.
    count = len(report["constraints"])
    assert report["suggestions"] and all(0 <= s["constraint"] < count for s in report["suggestions"]), report["suggestions"]
    assert report["owner"] == "yours"

    assert json_of(session, "lfix --list --json", "fix-list")["changes"] == []
    applied = json_of(session, "lfix --suggestion 1 --json", "fix-outcome")
    step = applied["steps"][0]
    assert applied["resolved"] is True and step["action"] == "applied", applied["text"]
    # The conflict came from the window's first layout pass, inside the engine's report: lfix
    # made the change at the app's next main-queue turn, and the JSON says so.
    assert applied["madeAtNextMainQueueTurn"] is True, applied
    assert step["constraint"]["address"] == suggestion_target(report, report["suggestions"][0]), step
    assert step["change"] == {"kind": "priority", "value": 999}, step
    listed = json_of(session, "lfix --list --json", "fix-list")["changes"]
    assert [change["constraint"]["address"] for change in listed] == [step["constraint"]["address"]]
    undone = json_of(session, "lfix --undo --json", "fix-outcome")
    assert undone["steps"][0]["action"] == "undone" and undone["resolved"] is False, undone["text"]
    assert "madeAtNextMainQueueTurn" not in undone, "undo is made where the change was"
    assert undone["conflicts"], undone["text"]
    json_of(session, "lorigins --json", "origins")
    session.continue_to_exit()


def test_lexplain_json_is_layout_explains_document(session):
    explained = json_of(session, "lexplain --json " + CORPUS_LOG, "explain")
    assert len(explained["reports"]) == 1 and explained["reports"][0]["owner"] in ("yours", "system", "transient")
    summary = json_of(session, "lexplain --summary --json " + CORPUS_LOG, "explain-summary")
    assert summary["total"] == 1

"""lconflicts --last and --json: the last report and the tally, pulled at a stop and after the
process has exited, as an editor that joined late or an agent asks for them (real lldb-16)."""

import glob
import json
import os
import re

from conftest import ROOT, lldb

# The demo's own log names the constraint the engine breaks.
LOGGED_BROKEN = re.compile(r"Will attempt to recover by breaking constraint \n<NSLayoutConstraint:(0x[0-9a-f]+) ")


def printed_report(callback_output):
    """The report lbreak printed at its hit, without its `[lbreak] conflict #…` line."""
    return callback_output.split("\n[lbreak] conflict #1,", 1)[0].strip("\n")


def test_last_report_and_tally_at_the_stop_and_after_exit(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints", session.stop_function()
    printed = printed_report(session.callback_output())
    broken = LOGGED_BROKEN.search(session.demo_stderr())
    assert broken, session.demo_stderr()
    answers = []
    for moment in ("at the stop", "after exit"):
        last = json.loads(session.ok("lconflicts --last --json"))
        assert last["kind"] == "last-conflict" and last["schema"] == "layoutdebug/2", moment
        assert last["number"] == 1 and last["text"].strip("\n") == printed, (moment, last)
        report = last["report"]
        assert "text" not in report, "the text is held once, beside the report"
        # The cell's content view is 50 wide; the width added last, 768, is the one broken.
        width = report["constraints"][report["brokenConstraint"]]
        assert width["address"] == broken.group(1), (moment, width)
        assert (width["firstAttribute"], width["constant"]) == ("width", 768), (moment, width)
        no_text = json.loads(session.ok("lconflicts --last --json --no-text"))
        assert "text" not in no_text and no_text["report"] == report, (moment, no_text)
        text = session.ok("lconflicts --last")
        assert text.startswith(printed), (moment, text)
        assert text.splitlines()[-1].startswith("[lconflicts] the last report: conflict #1 of 1 in this session"), text
        tally = json.loads(session.ok("lconflicts --json"))
        assert tally["kind"] == "conflict-tally" and tally["total"] == 1, (moment, tally)
        assert tally["byOwner"] == {"yours": 1, "system": 0, "transient": 0}, tally
        assert [(entry["owner"], entry["count"]) for entry in tally["signatures"]] == [("yours", 1)], tally
        assert tally["last"]["brokenConstraint"]["address"] == broken.group(1), tally
        for name, document in (("last-conflict.json", last), ("conflict-tally.json", tally)):
            errors = [error.message for error in validator(name).iter_errors(document)]
            assert not errors, (moment, name, errors[:5])
        answers.append((last, tally))
        if moment == "at the stop":
            session.continue_to_exit()
    assert session.process.GetState() == lldb.eStateExited
    # The process is gone: the same answers come from the session.
    assert answers[0] == answers[1]


def test_the_storm_s_last_drained_report_is_the_last_one(session):
    session.create_target()
    session.ok("lbreak --continue")
    session.launch("conflict-storm", 4, stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateExited, session.state()
    last = json.loads(session.ok("lconflicts --last --json"))
    # Row 3 is of kind 3 mod 3 = 0: a box 100 then 120 wide, where 120 breaks. The ring keeps
    # the report's text, not the library's document.
    assert last["number"] == 4 and last["report"] is None, last
    assert re.search(r"Will attempt to recover by breaking:\n  0x[0-9a-f]+ @1000 <UIView:0x[0-9a-f]+>\.width == 120\.0\n",
                     last["text"]), last["text"]
    tally = json.loads(session.ok("lconflicts --json"))
    assert tally["total"] == 4 and tally["last"]["number"] == 4, tally
    assert tally["last"]["brokenConstraint"]["line"].endswith(".width == 120.0"), tally
    assert session.ok("lconflicts --last").startswith(last["text"].rstrip("\n"))
    for name, document in (("last-conflict.json", last), ("conflict-tally.json", tally)):
        errors = [error.message for error in validator(name).iter_errors(document)]
        assert not errors, (name, errors[:5])


def test_last_before_any_conflict_and_clear_with_last_are_clear_errors(session):
    assert "no Auto Layout conflict seen in this session" in session.fails("lconflicts --last")
    assert "--clear takes neither --last nor --json" in session.fails("lconflicts --clear --last")
    assert json.loads(session.ok("lconflicts --json"))["total"] == 0


def validator(name):
    """A validator for docs/schema/<name>, its references to common.json resolved from the folder."""
    from jsonschema import Draft202012Validator
    from referencing import Registry, Resource
    folder = os.path.join(ROOT, "docs", "schema")
    resources = []
    for path in glob.glob(os.path.join(folder, "*.json")):
        with open(path) as handle:
            resource = Resource.from_contents(json.load(handle))
        resources.append((resource.id(), resource))
    registry = Registry().with_resources(resources)
    with open(os.path.join(folder, name)) as handle:
        return Draft202012Validator(json.load(handle), registry=registry)

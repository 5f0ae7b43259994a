"""llint on every trap scenario and its clean twin, in real lldb-16 sessions.

Each trap scenario (`trap-<rule>`) must give its rule, and its twin
(`trap-<rule>-fixed`) and `many-views` zero findings, with --stress too.
"""

import json
import os
import re

from conftest import freed_view, run_demo, session_in
from test_lldb_lbreak import scenarios

FINDING = re.compile(r"^\[([a-z-]+)\] <", re.MULTILINE)
COUNT = re.compile(r"(?:^|\n)(\d+) (findings?)$")


def lint(session, command="llint --stress"):
    """The rules llint names, and the count it ends with (which must match)."""
    output = session.ok(command).rstrip("\n")
    rules = FINDING.findall(output)
    count = COUNT.search(output)
    assert count, output
    assert int(count.group(1)) == len(rules), output
    assert (count.group(2) == "finding") == (len(rules) == 1), output  # `1 finding`, `2 findings`
    return rules, output


def test_llint_finds_each_trap_and_nothing_on_its_clean_twin(tmp_path):
    traps = [name for name in scenarios() if name.startswith("trap-") and not name.endswith("-fixed")]
    assert len(traps) == 12, traps
    for trap in traps:
        rule = trap[len("trap-"):]
        for name in (trap, trap + "-fixed"):
            with session_in(tmp_path, name) as session:
                session.launch(name)
                rules, output = lint(session)
                if name == trap:
                    assert rule in rules, (name, output)
                else:
                    assert rules == [] and output.endswith("0 findings"), (name, output)
                session.continue_to_exit()


def test_llint_on_many_views_finds_nothing(session):
    session.launch("many-views", 300)
    assert lint(session, "llint")[1] == "0 findings"
    assert lint(session, "llint $arg1 --stress")[1] == "0 findings"
    session.continue_to_exit()


def test_llint_json_names_the_constraints_and_ignore_silences_one_view(session):
    session.launch("trap-offset-inset")
    data = json.loads(session.ok("llint $arg1 --json"))
    assert [finding["rule"] for finding in data["findings"]] == ["offset-inset"]
    finding = data["findings"][0]
    # The finding names its view and constraints by address; the document describes each once.
    card = finding["view"]
    assert {view["address"]: view for view in data["views"]}[card]["name"] == "card", data["views"]
    # The scenario's right and bottom are 50 past the root (425 - 375, 717 - 667).
    assert finding["detail"].endswith("by 50")
    constraints = {constraint["address"]: constraint for constraint in data["constraints"]}
    texts = [constraints[address]["text"] for address in finding["constraints"]]
    assert len(texts) == 2 and all(text.endswith("+ 50.0") for text in texts), texts
    assert session.ok("llint --ignore offset-inset " + card).strip() == "Ignoring offset-inset for <card:%s>" % card
    assert session.ok("llint").strip() == "0 findings"
    assert session.ok("llint --json").strip() == '{"schema":"layoutdebug/2","kind":"lint","findings":[]}'
    session.continue_to_exit()


def test_llint_bad_input_is_one_line_and_the_process_carries_on(session):
    session.launch("trap-offset-inset")
    assert "null" in session.fails("llint 0")
    assert "0xdeadbeef" in session.fails("llint 0xdeadbeef")
    view = freed_view(session)
    assert "0x%x" % view in session.fails("llint 0x%x" % view)
    assert "--ignore needs a view" in session.fails("llint --ignore offset-inset")
    assert "no lint rule 'offset'" in session.fails("llint --ignore offset $arg1")
    assert "unrecognized arguments" in session.fails("llint --bogus")
    assert lint(session, "llint")[0] == ["offset-inset"]
    stdout = session.continue_to_exit()
    assert "'card' (50 50; 375 667)" in stdout
    status, plain, _ = run_demo("trap-offset-inset")
    assert status == 0 and "'card' (50 50; 375 667)" in plain


def test_llint_says_where_each_constraint_was_made_when_origins_are_on(session):
    from test_lldb_origins import source_line
    session.create_target()
    session.ok("lorigins on")
    session.launch("trap-offset-inset")
    output = session.ok("llint")
    line = source_line("TrapScenarios.swift", "card.trailingAnchor.constraint(equalTo: root.trailingAnchor, constant: far)")
    assert re.search(r"\.trailing \+ 50\.0\n    made at TrapScenarios\.swift:%d in offsetInset\(root:fixed:\)\n" % line,
                     output), output
    assert "<frames" not in output
    data = json.loads(session.ok("llint --json"))
    # The same line as an origin object: the debugger resolved the frames the library wrote.
    origin = data["constraints"][0]["origin"]
    assert os.path.basename(origin["file"]) == "TrapScenarios.swift" and origin["line"] == line, origin
    assert origin["function"] == "offsetInset(root:fixed:)", origin
    assert origin["frames"] and all(frame.startswith("0x") for frame in origin["frames"]), origin
    session.continue_to_exit()

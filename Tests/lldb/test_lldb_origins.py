"""lorigins and lbreak --origins in real lldb-16 sessions: every constraint of every conflict
scenario names the line of Sources/DemoScenarios that made it. The expected line is found by
searching the source for the code that makes the constraint; no line number is written here."""

import os
import re

from conftest import ROOT, session_in

SCENARIOS = os.path.join(ROOT, "Sources", "DemoScenarios")
SYSTEM = None  # UIKit (here ReferenceKit) made it: the report says so

# Per scenario: its launch arguments, the source file, and for each constraint line of a
# report (matched by a pattern) the code that makes it in that file, or SYSTEM.
EXPECTED = {
    "cell-width-conflict": ([], "ConflictScenarios.swift", [
        (r"Encapsulated-Layout-Width", SYSTEM),
        (r"\.leading == \S+\.leading$|\.trailing == \S+\.trailing$", '"H:|[wide]|"'),
        (r"\.width == 768\.0$", '"H:[wide(768)]"'),
    ]),
    "autoresizing-conflict": ([], "ConflictScenarios.swift", [
        (r"Encapsulated-Layout|NSAutoresizingMaskLayoutConstraint", SYSTEM),
        (r"\.centerX == ", "label.centerXAnchor.constraint(equalTo: root.centerXAnchor)"),
        (r"\.centerY == ", "label.centerYAnchor.constraint(equalTo: root.centerYAnchor)"),
    ]),
    "duplicate-leading": ([], "ConflictScenarios.swift", [
        (r"\.leading == \S+\.leading \+ (50|80)\.0$", "NSLayoutConstraint.constraints(withVisualFormat: format"),
    ]),
    "stack-conflict": ([], "ConflictScenarios.swift", [
        (r"Encapsulated-Layout-Width|'UISV-", SYSTEM),
        (r"\.width == 60\.0$", "images.map { $0.widthAnchor.constraint(equalToConstant: 60) }"),
        (r"UIStackView:\S+\.leading == \S+ContentView|ContentView:\S+\.trailing == \S+UIStackView",
         '"H:|-10-[stack]-10-|"'),
    ]),
    "margins": ([], "ConflictScenarios.swift", [
        (r"guide-constraint'$", SYSTEM),
        (r"<card:\S+\.leading == \S+\.leading$", "card.leadingAnchor.constraint(equalTo: root.leadingAnchor)"),
        (r"<card:\S+\.leading == \S+\.leadingMargin$", "NSLayoutConstraint(item: card, attribute: .leading"),
    ]),
    "conflict-storm": (["1"], "ConflictStorm.swift", [
        (r"\.width == 100\.0$", "box.widthAnchor.constraint(equalToConstant: 100)"),
        (r"\.width == 120\.0$", "box.widthAnchor.constraint(equalToConstant: 120)"),
    ]),
}

CONSTRAINT_LINE = re.compile(r"^  (?:\d+\. )?(?:0x[0-9a-f]+ )(@\d+ .*)$")
MADE_AT = re.compile(r"^\s+made at (.*)$")


def source_line(filename, snippet):
    """The 1-based number of the one line of the file that holds `snippet`."""
    with open(os.path.join(SCENARIOS, filename)) as handle:
        numbers = [index + 1 for index, line in enumerate(handle) if snippet in line]
    assert len(numbers) == 1, (filename, snippet, numbers)
    return numbers[0]


def constraints_with_origins(report):
    """(constraint line, made-at text) of each constraint the conflict reports list."""
    lines = report.splitlines()
    pairs = []
    for index, line in enumerate(lines):
        match = CONSTRAINT_LINE.match(line)
        if match and index + 1 < len(lines):
            made = MADE_AT.match(lines[index + 1])
            assert made, "no made-at line under %r" % line
            pairs.append((match.group(1), made.group(1)))
    return pairs


def expected_origin(filename, rules, constraint):
    """What the made-at line must say for one constraint line."""
    for pattern, snippet in rules:
        if re.search(pattern, constraint):
            if snippet is SYSTEM:
                return "? (made by the system)"
            return "%s:%d in " % (filename, source_line(filename, snippet))
    raise AssertionError("no expectation for %r" % constraint)


def test_lbreak_origins_names_the_line_that_made_every_constraint_of_every_conflict(tmp_path):
    for scenario, (arguments, filename, rules) in EXPECTED.items():
        with session_in(tmp_path, scenario) as session:
            session.create_target()
            output = session.ok("lbreak --continue --origins")
            assert "Origins: capture starts at main on every launch" in output, output
            session.launch(scenario, *arguments, stop_at_layout=False)
            reports = session.callback_output()
            pairs = constraints_with_origins(reports)
            assert pairs, reports
            for constraint, origin in pairs:
                assert origin.startswith(expected_origin(filename, rules, constraint)), (scenario, constraint, origin)


def test_the_changes_that_resolve_a_conflict_say_where_each_constraint_was_made(session):
    session.create_target()
    session.ok("lbreak --continue --origins")
    session.launch("cell-width-conflict", stop_at_layout=False)
    report = session.callback_output()
    line = source_line("ConflictScenarios.swift", '"H:[wide(768)]"')
    # Ranked first: the width at 999, fixed between two pinned edges (the change list's "try this first").
    assert re.search(r"  1\. give UIView\.width == 768 priority 999, so the size its table view gives the cell wins "
                     r"\(try this first\)\n"
                     r"     made at ConflictScenarios\.swift:%d in cellWidth\(root:count:\)\n"
                     r"     why: UIView's width is fixed at 768" % line, report), report


def test_lorigins_says_where_capture_stands_and_off_removes_it(session):
    session.create_target()
    assert session.ok("lorigins") == "Origins: capture at launch is off.\n"
    output = session.ok("lorigins on")
    assert output.startswith("Origins: capture starts at main on every launch"), output
    assert "process launch" in output
    session.launch("margins")  # stops at LayoutDemoDidLayout, after main started capture
    # One line says where capture stands, at launch and in this process (issue 32).
    status = session.ok("lorigins")
    assert re.fullmatch(r"Origins: capture at launch is on; in this process capture is on, "
                        r"\d+ live constraints recorded\.\n", status), status
    off = session.ok("lorigins off")
    assert off == "Origins: capture at launch is off (it was on); in this process capture is off.\n", off
    # Reports made after `off` say why they have no origin.
    report = session.ok("lreport %d --no-descend" % session.root_view())
    assert "made at ? (capture was off)" in report, report


def test_lreport_prints_the_line_that_made_each_constraint(session):
    session.create_target()
    session.ok("lorigins on")
    session.launch("margins")
    report = session.ok("lreport %d" % session.root_view())
    line = source_line("ConflictScenarios.swift", "card.heightAnchor.constraint(equalToConstant: 100)")
    assert re.search(r"\.height == 100\.0 .*\n\s+made at ConflictScenarios\.swift:%d in margins\(root:count:\)" % line,
                     report), report
    assert "<frames" not in report


def test_lorigins_rejects_a_bad_state_in_one_line(session):
    session.create_target()
    assert "invalid choice" in session.fails("lorigins maybe")

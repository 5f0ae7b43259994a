"""What the commands say, held to what they do, in real lldb-16 sessions on layout-demo: #N in
every command that takes an object, numbers outside their range, a constraint's nametag in
reports, the timeout's range, and ltrace's help against its output."""

import re

from conftest import lldb
from test_lldb_first_hour import numbered_constraints

BAD_NUMBER = "is not a constraint number: #N is constraint N (from 1) of the last conflict report"


def stop_at_cell_width_conflict(session):
    """lbreak, then the demo's cell-width conflict: {N: address} of its report."""
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    numbered = numbered_constraints(session.callback_output())
    assert sorted(numbered) == [1, 2, 3, 4], numbered
    return numbered


def test_hash_n_names_a_constraint_in_every_command_that_takes_an_object(session):
    numbered = stop_at_cell_width_conflict(session)
    # `lname #6 X` and `lconstraints #4` failed with "evaluating '#4' failed: unknown error".
    named = session.ok("lname #4 Wide")
    assert named.startswith("Named the constraint: %s @1000 <UIView:0x" % numbered[4]), named
    assert named.endswith(".width == 768.0 'Wide'\nReports print 'Wide' where UIKit prints a constraint's "
                          "identifier.\n"), named
    # The name stands where UIKit prints an identifier, in every report that lists it.
    assert session.ok("lreport #4").startswith("%s @1000 <UIView:0x" % numbered[4])
    assert ".width == 768.0 'Wide' [broken]" in session.ok("lreport #4")
    view = re.search(r"<UIView:(0x[0-9a-f]+)>\.width == 768", named).group(1)
    assert "%s @1000 <UIView:%s>.width == 768.0 'Wide'" % (numbered[4], view) in session.ok("lreport " + view)
    # A view command given a constraint says so, in the library's line.
    for command in ("lconstraints", "ltrace", "llint"):
        assert session.fails("%s #4" % command) == "error: %s: %s is not a UIView" % (command, numbered[4])
    assert session.fails("lname #6 X") == \
        "error: lname: the last conflict report lists 4 constraints; there is no #6"
    assert session.fails("lreport #5") == \
        "error: lreport: the last conflict report lists 4 constraints; there is no #5"
    session.ok("lbreak --delete")
    session.continue_to_exit()


def test_a_bad_hash_n_is_one_line_before_anything_is_evaluated(session):
    stop_at_cell_width_conflict(session)
    # `lfix #-1` said "invalid preprocessing directive": it was evaluated as C.
    for command, text in (("lfix", "#-1 --priority 5"), ("lreport", "#0"), ("lname", "#x X"),
                          ("lconstraints", "#1.5"), ("lfix", "#99999999999 --deactivate")):
        number = text.split()[0]
        assert session.fails("%s %s" % (command, text)) == \
            "error: %s: %s %s (see `help %s`)" % (command, number, BAD_NUMBER, command)
    assert session.ok("lfix --list").startswith("lfix changed nothing in this stop.")
    session.ok("lbreak --delete")
    session.continue_to_exit()


def test_numbers_outside_their_range_are_refused_and_nothing_changes(session):
    stop_at_cell_width_conflict(session)
    # `--constant 1e308` was taken, and the report printed `+ inf.0`.
    for text, message in (
            ("#2 --constant 1e308", "argument --constant: '1e308' is out of range: a number from -1000000 to "
                                    "1000000 points"),
            ("#2 --constant nan", "argument --constant: 'nan' is out of range: a number from -1000000 to "
                                  "1000000 points"),
            ("#2 --priority inf", "argument --priority: 'inf' is out of range: a number from 1 to 1000"),
            ("--suggestion 0", "argument --suggestion: '0' is out of range: a whole number from 1 to 4294967295")):
        assert session.fails("lfix " + text) == "error: lfix: %s (see `help lfix`)" % message
    assert session.ok("lfix --list").startswith("lfix changed nothing in this stop.")
    assert "+ inf" not in session.ok("lreport #2")
    session.ok("lbreak --delete")
    session.continue_to_exit()


def test_a_timeout_of_zero_says_the_range_it_is_outside(session):
    # It said "must be between 0 and 3600 seconds, got 0".
    assert session.fails("lsettings --timeout 0") == (
        "error: lsettings: argument --timeout: '0' is out of range: more than 0 and at most 3600 seconds "
        "(see `help lsettings`)")
    assert session.ok("lsettings --timeout 3600").startswith("timeout: 3600 s")


# One trace line: depth, the mark, class:address, then a name, a property or the ambiguity.
TRACE_LINE = re.compile(r"^((?:\|   )*)([\u2022*+]?)([\w.]+):(0x[0-9a-f]+)( .*)?$")


def test_ltrace_prints_what_its_help_says_and_no_frames(session):
    # `help ltrace` promised frames, and the trace prints none.
    session.launch("ambiguous")
    help_text = " ".join(session.ok("help ltrace").split())
    assert "It prints no frames: lreport does." in help_text
    trace = session.ok("ltrace")
    tree, legend = trace.split("\n\nLegend:\n", 1)
    lines = tree.splitlines()
    parsed = [TRACE_LINE.match(line) for line in lines]
    assert all(parsed), lines
    assert parsed[0].group(1) == "" and parsed[0].group(2) == "\u2022", lines[0]  # the engine host
    assert all(match.group(2) != "\u2022" for match in parsed[1:]), lines
    assert any(match.group(2) == "*" for match in parsed), lines
    ambiguous = [line for line in lines if "- AMBIGUOUS LAYOUT for " in line]
    assert ambiguous and all(re.search(r"\.(minX|minY|width|height)$", line) for line in ambiguous), ambiguous
    assert not re.search(r"\(-?[\d.]+ -?[\d.]+; [\d.]+ [\d.]+\)", trace), trace  # no `(x y; w h)`
    for mark in ("\u2022", "*", "+"):
        assert "\t%s - " % mark in legend, legend
    session.continue_to_exit()

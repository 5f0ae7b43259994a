"""Issue 32 ("what a user meets in the first hour"), parts 4, 6 and 7, in real lldb-16 sessions:
llint from a cell's content view, one result buffer per call, lreport #N and layout-demo --help."""

import re
import sys

from conftest import ADDRESS, lldb, run_demo


def script_module():
    """The layout_debug module the session imported."""
    return sys.modules["layout_debug"]


def numbered_constraints(report):
    """{N: address} of a conflict report's `Mutually exclusive constraints:` list."""
    listed = report.split("Mutually exclusive constraints:", 1)[1].split("\n\n", 1)[0]
    return {int(number): address for number, address in re.findall(r"^\s+(\d+)\. (0x[0-9a-f]+) ", listed, re.M)}


def test_layout_demo_help_lists_every_scenario():
    status, out, err = run_demo("--help")
    assert status == 0 and err == "", (status, err)
    assert out.startswith("usage: layout-demo <scenario> [N]\n"), out
    _, listing, _ = run_demo("--list")
    assert listing.strip() and out.endswith(listing), out


def test_lreport_takes_a_constraint_number_of_the_last_conflict_report(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("cell-width-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    numbered = numbered_constraints(session.callback_output())
    assert sorted(numbered) == list(range(1, len(numbered) + 1)) and len(numbered) >= 3, numbered
    for number, address in numbered.items():
        assert session.ok("lreport #%d" % number) == session.ok("lreport " + address)
    error = session.fails("lreport #%d" % (len(numbered) + 1))
    assert "the last conflict report lists %d constraints" % len(numbered) in error, error
    session.ok("lbreak --delete")
    session.continue_to_exit()


def test_a_command_between_a_callbacks_call_and_its_read_does_not_take_its_buffer(session):
    """The breakpoint callback's call returns its buffer; before the callback reads it, a
    command typed at the prompt makes its own call (here one that fails). The callback
    still reads its own report, and the command its own error."""
    session.launch("cell-width-conflict")
    ld = script_module()
    session.ok("lload")
    root = session.root_view()
    entry = ld.code_symbol_address(session.target, "lds_report")
    call = ld.c_call("lds_report", ld.c_pointer(root), "2", address=entry)
    value = session.frame().EvaluateExpression(call, ld.expression_options(5.0, lldb.eLanguageTypeC))
    assert value.GetError().Success(), value.GetError().GetCString()
    callback_buffer = value.GetValueAsUnsigned()
    assert "0x1 is not a UIView" in session.fails("lreport 0x1")
    own = ld.read_buffer(session.process, callback_buffer)
    assert own.startswith("<UIView:0x%x>" % root), own
    session.continue_to_exit()


def test_llint_finds_a_cells_trap_from_its_content_view_with_the_axis_that_conflicts(session):
    """cell-width-conflict: `wide` pinned by H:|[wide]| and 768 wide in a cell 50 wide."""
    session.launch("cell-width-conflict")
    tree = session.ok("lreport $arg1")
    cell = re.search(r"<UITableViewCell:(0x[0-9a-f]+)>", tree).group(1)
    content = re.search(r"<UITableViewCellContentView:(0x[0-9a-f]+)>", tree).group(1)
    from_cell = session.ok("llint " + cell)
    from_content = session.ok("llint " + content)
    for found in (from_cell, from_content):
        assert found.startswith("[cell-size-required] ") and found.endswith("\n1 finding\n"), found
        fix = re.search(r"\n  fix: ([^\n]*)", found).group(1)
        assert fix.startswith("Lower the trailing constraint to priority 999") and "bottom" not in fix, found
        assert "\n  SnapKit: make.trailing.equalToSuperview().priority(999)\n" in found, found
    assert ADDRESS.sub("0x?", from_cell) == ADDRESS.sub("0x?", from_content)
    session.continue_to_exit()

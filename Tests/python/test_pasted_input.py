"""layoutdebug.pasted_input: a console log pasted into lexplain, up to its ending empty line."""

import io

from layoutdebug import pasted_input

UIKIT_LOG = """Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x1 UIView:0x2.width == 768   (active)>"
)

Will attempt to recover by breaking constraint 
<NSLayoutConstraint:0x1 UIView:0x2.width == 768   (active)>

Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.
The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in <UIKitCore/UIView.h> may also be helpful.
"""


def test_read_until_blank_line():
    stream = io.StringIO("\nline one\nline two\n\nafter\n")
    assert pasted_input.read_until_blank(stream.readline) == "line one\nline two\n"
    assert stream.readline() == "after\n"


def test_read_until_blank_keeps_the_empty_lines_inside_a_conflict():
    stream = io.StringIO(UIKIT_LOG + "\nlconflicts\n")
    assert pasted_input.read_until_blank(stream.readline) == UIKIT_LOG
    assert stream.readline() == "lconflicts\n"


def test_read_until_blank_two_empty_lines_end_a_cut_conflict():
    cut = UIKIT_LOG.split("Make a symbolic")[0].rstrip("\n") + "\n"
    stream = io.StringIO(cut + "\n\nnext\n")
    assert pasted_input.read_until_blank(stream.readline) == cut
    assert stream.readline() == "next\n"


def test_read_until_end_of_input():
    assert pasted_input.read_until_blank(io.StringIO("only\n").readline) == "only\n"
    assert pasted_input.read_until_blank(io.StringIO("").readline) == ""

"""lexplain runs the built layout-explain on the host: no target, no process."""

import os
import re

from conftest import EXPLAIN, run_demo

# The broken constraint as the log prints it: its address, then its first item's.
BROKEN = re.compile(r"Will attempt to recover by breaking constraint\s*\n\s*<[^:]+:0x[0-9a-fA-F]+ [^\n]*?:(0x[0-9a-fA-F]+)")


def console_log(tmp_path):
    """A real console log: the demo's stderr for a conflict scenario."""
    status, _, stderr = run_demo("cell-width-conflict")
    assert status == 0 and "Unable to simultaneously satisfy constraints" in stderr, stderr
    path = tmp_path / "console.log"
    path.write_text(stderr)
    return str(path), stderr


def test_lexplain_file_and_pasted_log_give_the_tool_s_report(session, tmp_path):
    assert os.access(EXPLAIN, os.X_OK), EXPLAIN
    path, log = console_log(tmp_path)
    item = BROKEN.search(log).group(1)
    from_file = session.ok("lexplain " + path)
    breaking = from_file.split("Will attempt to recover by breaking:", 1)[1].strip().splitlines()[0]
    assert "<UIView:%s>.width == 768" % item in breaking, from_file
    assert "Why:" in from_file
    pasted = tmp_path / "pasted.txt"
    # The log as pasted, with UIKit's own empty lines, then the empty line that ends it.
    pasted.write_text(log.rstrip("\n") + "\n\nlconflicts\n")
    with open(str(pasted)) as handle:
        session.debugger.SetInputFileHandle(handle, False)
        from_paste = session.ok("lexplain")
        # Only the log up to the blank line was taken: LLDB's next line is still there.
        assert session.debugger.GetInputFileHandle().readline() == "lconflicts\n"
    body = from_file.split("\n", 1)[1]
    assert body in from_paste, (from_paste, from_file)
    summary = session.ok("lexplain --summary " + path)
    assert summary.strip() and len(summary) < len(from_file)


def test_lexplain_errors(session, tmp_path):
    assert "no such file" in session.fails("lexplain " + str(tmp_path / "missing.log"))
    empty = tmp_path / "empty.txt"
    empty.write_text("\n")
    with open(str(empty)) as handle:
        session.debugger.SetInputFileHandle(handle, False)
        assert "no log given" in session.fails("lexplain")
    junk = tmp_path / "junk.log"
    junk.write_text("nothing about constraints here\n")
    failed = session.fails("lexplain " + str(junk))
    # One prefix per name (issue 32): not "layout-explain failed: layout-explain: …".
    assert failed.startswith("error: lexplain: layout-explain failed: ") and failed.count("layout-explain") == 1, failed


def web_damaged(log):
    """The log as a web page leaves it: `> ` on every line, constraints
    without their `<…>` and quotes (Markdown took them for HTML tags), and
    typographic quotes around `'|'`."""
    lines = []
    for line in log.splitlines():
        if "Constraint:0x" in line:
            line = line.replace('"<', "").replace('>",', ",").replace('>"', "")
            line = re.sub(r"<(?=[A-Za-z_.]*Constraint:0x)", "", line)
            line = re.sub(r">(\s*)$", r"\1", line)
            line = line.replace("'|'", "\u2018|\u2019")
        lines.append("> " + line)
    return "\n".join(lines) + "\n"


def test_lexplain_reads_a_log_pasted_from_a_web_page(session, tmp_path):
    path, log = console_log(tmp_path)
    damaged = web_damaged(log)
    assert "<NSLayoutConstraint" not in damaged and "NSLayoutConstraint:0x" in damaged, damaged
    clean = session.ok("lexplain " + path)
    pasted = tmp_path / "pasted.txt"
    pasted.write_text(damaged + "\n")
    with open(str(pasted)) as handle:
        session.debugger.SetInputFileHandle(handle, False)
        from_paste = session.ok("lexplain")
    reason = clean.split("Why:\n", 1)[1].splitlines()[0]
    assert reason in from_paste, (reason, from_paste)
    assert "Note: the log was damaged on its way here: read " in from_paste, from_paste
    assert "without their angle brackets" in from_paste, from_paste
    assert "unparsed:" not in from_paste, from_paste


def test_lexplain_app_module_drops_the_apps_module(session, tmp_path):
    """A log whose app classes carry their module (`Shop.PriceView`): with --app-module Shop
    the report names `PriceView`, and another module's class keeps its name."""
    log = tmp_path / "module.log"
    log.write_text(
        "(\n"
        '    "<NSLayoutConstraint:0x10 Shop.PriceView:0x20.width == 10   (active)>",\n'
        '    "<NSLayoutConstraint:0x11 Shop.PriceView:0x20.width == Kit.Badge:0x30.width   (active)>",\n'
        '    "<NSLayoutConstraint:0x12 Kit.Badge:0x30.width == 20   (active)>"\n'
        ")\n")
    plain = session.ok("lexplain %s" % log)
    assert "<Shop.PriceView:0x20>.width == 10.0" in plain, plain
    short = session.ok("lexplain --app-module Shop %s" % log)
    assert "0x10 @1000 <PriceView:0x20>.width == 10.0" in short, short
    assert "<PriceView:0x20>.width == <Kit.Badge:0x30>.width" in short, short
    assert "Shop." not in short, short

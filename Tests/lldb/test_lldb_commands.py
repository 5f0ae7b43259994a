"""lreport, lconstraints, ltrace, lname, lload, lsettings and every command's help and usage
error (from the registry), in real lldb-16 sessions on layout-demo.

Each test stops the demo at LayoutDemoDidLayout ($arg1 = the window's root view),
runs commands, then lets the demo finish: it must exit 0 with its frames output.
"""

import json
import re
import sys

from conftest import ADDRESS, constraint_addresses, frame_lines, lldb

SCENARIO = "duplicate-leading"


def frames_by_address(stdout):
    """{address: (class, text)} from the demo's `== frames ==` output."""
    views = {}
    for depth, text in frame_lines(stdout):
        match = re.match(r"([\w.]+):(0x[0-9a-fA-F]+)", text)
        if match:
            views[int(match.group(2), 16)] = (match.group(1), text, depth)
    return views


def frame_text(line):
    """`(0 0; 375 667)` from a frames line."""
    return re.search(r"\([-\d. ]+;[-\d. ]+\)", line).group(0)


def addresses_in(text):
    return {int(found, 16) for found in ADDRESS.findall(text)}


def registered_commands():
    """The command classes of the registry the imported script registered (layoutdebug/commands/)."""
    return sys.modules["layout_debug"].COMMANDS


def test_every_command_of_the_registry_has_help_with_examples(session):
    commands = registered_commands()
    assert len(commands) >= 9
    short = session.ok("help").splitlines()
    for command in commands:
        text = session.ok("help " + command.name)
        assert "usage: " + command.name in text
        assert "examples:" in text and "\n  " + command.name in text.split("examples:", 1)[1], text
        assert [line for line in short if line.strip().startswith(command.name + " ")], command.name


def test_every_command_of_the_registry_gives_one_line_for_bad_arguments(session):
    session.launch(SCENARIO)  # a stopped process: each command gets as far as its own parser
    for command in registered_commands():
        error = session.fails(command.name + " --no-such-option")
        # argparse names the first fault it finds: the unknown option, or a missing argument.
        assert error.startswith("error: %s: " % command.name), error
        assert error.endswith(" (see `help %s`)" % command.name), error
    session.continue_to_exit()


def test_lload_loads_once_per_process(session):
    session.launch(SCENARIO)
    first = session.ok("lload")
    assert first.startswith("Loaded ") and "LayoutDebugSupport" in first
    second = session.ok("lload")
    assert "already loaded" in second
    session.continue_to_exit()


def test_lreport_descends_from_the_root_with_every_frame(session):
    session.launch(SCENARIO)
    root = session.root_view()
    report = session.ok("lreport $arg1")
    stdout = session.continue_to_exit()
    views = frames_by_address(stdout)
    assert root in views, (hex(root), stdout)
    root_depth = views[root][2]
    below = [address for address, (_, _, depth) in views.items() if depth >= root_depth]
    for address in below:
        class_name, line, _ = views[address]
        assert "0x%x" % address in report, (class_name, report)
        assert "Frame:........." + frame_text(line) in report, (line, report)
    assert report.count("Frame:") == len(below)


def test_lreport_no_descend_json_and_register_forms(session):
    session.launch(SCENARIO)
    root = session.root_view()
    single = session.ok("lreport 0x%x --no-descend" % root)
    assert single.count("Frame:") == 1 and "0x%x" % root in single
    assert session.ok("lreport $rdi --no-descend") == single
    assert session.ok("lreport --no-descend (void *)$arg1") == single  # an expression
    session.ok("expr -l c -- (void *)$arg1")                           # makes $0
    assert session.ok("lreport $0 --no-descend") == single
    data = json.loads(session.ok("lreport 0x%x --json" % root))
    assert "0x%x" % root in json.dumps(data) or root in json_numbers(data)
    session.continue_to_exit()


def json_numbers(node):
    if isinstance(node, dict):
        return [n for value in node.values() for n in json_numbers(value)]
    if isinstance(node, list):
        return [n for value in node for n in json_numbers(value)]
    return [node] if isinstance(node, int) else []


def test_lconstraints_lists_the_constraints_naming_a_view(session):
    session.launch(SCENARIO)
    root = session.root_view()
    report = session.ok("lreport $arg1")
    children = [address for address in addresses_in(report) if address != root]
    assert children, report
    # The label of duplicate-leading: the view with both leading constraints.
    found = None
    for child in sorted(children):
        text = session.run("lconstraints 0x%x" % child)
        if text.succeeded and text.output.count("leading") >= 2:
            found = (child, text.output)
            break
    assert found, report
    child, text = found
    assert "0x%x" % child in text
    assert "50" in text and "80" in text
    hidden = session.ok("lconstraints 0x%x --hide-system" % child)
    assert len(hidden) <= len(text)
    session.continue_to_exit()


def test_lreport_on_a_constraint_prints_it_and_its_items(session):
    session.launch(SCENARIO)
    root = session.root_view()
    listed = session.ok("lconstraints $arg1")
    addresses = constraint_addresses(session)
    assert len(addresses) == 5, listed
    for address in addresses:
        text = session.ok("lreport 0x%x" % address)
        # Its stringValue, as lconstraints lists it, then its items with their frames.
        string_value = text.splitlines()[0].split(" [")[0]
        # Its line starts with its own address, the handle lfix and lreport take.
        assert string_value.startswith("0x%x @" % address) and string_value in listed, (string_value, listed)
        assert "First item.....<" in text, text
        assert "<UIView:0x%x>" % root in text, text
    session.continue_to_exit()


def test_ltrace_defaults_to_the_key_window_and_takes_a_view(session):
    session.launch(SCENARIO)
    root = session.root_view()
    default = session.ok("ltrace")
    rooted = session.ok("ltrace $arg1")
    stdout = session.continue_to_exit()
    views = frames_by_address(stdout)
    assert "0x%x" % root in default and "0x%x" % root in rooted
    for address in views:
        assert "0x%x" % address in default, (hex(address), default)
    assert "\u2022" in default  # the trace's legend and bullet, as UIKit prints them


def test_lname_names_a_view_in_later_reports(session):
    session.launch(SCENARIO)
    root = session.root_view()
    session.ok("lname $arg1 HeaderView")
    report = session.ok("lreport 0x%x --no-descend" % root)
    assert "HeaderView:0x%x" % root in report, report
    assert "HeaderView" in session.ok("ltrace")
    session.ok("lname 0x%x 'Name With Spaces'" % root)
    assert "Name With Spaces" in session.ok("lreport $arg1 --no-descend")
    session.ok('lname $arg1 ""')
    assert "HeaderView" not in session.ok("lreport $arg1 --no-descend")
    session.continue_to_exit()


def test_lsettings_changes_the_timeout(session):
    """The same half-second call succeeds at the default timeout and times out at 0.1 s."""
    assert session.ok("lsettings").startswith("timeout: 5 s\n")
    session.fails("lsettings --timeout never")
    session.launch(SCENARIO)
    half_second = "lreport --no-descend (void *)((long)usleep(500000) * 0 + (long)$arg1)"
    at_default = session.ok(half_second)
    assert at_default.count("Frame:") == 1 and "0x%x" % session.root_view() in at_default
    assert session.ok("lsettings --timeout 0.1") == "timeout: 0.1 s\n"
    error = session.fails(half_second)
    assert "timed out after 0.1 s" in error and "the process is where it was" in error, error
    assert session.ok("lsettings --timeout 5") == "timeout: 5 s\n"
    assert session.ok(half_second) == at_default
    session.continue_to_exit()


def test_commands_work_in_a_c_frame(session):
    """The calls are C whatever the frame: here libc's write(), as the conflict is logged."""
    session.create_target()
    session.target.BreakpointCreateByName("write")
    session.launch(SCENARIO, stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    assert "write" in session.stop_function(), session.stop_function()
    trace = session.ok("ltrace")
    views = list(dict.fromkeys(re.findall(r"(?:UIView|UILabel):(0x[0-9a-f]+)", trace)))
    assert len(views) == 2, trace  # the root and its label, as in the frames output
    root = views[0]
    report = session.ok("lreport " + root)
    assert report.startswith("<UIView:%s>" % root) and report.count("Frame:") == 2, report
    # The argument is evaluated in the frame's language: C parses this one itself.
    assert session.ok("lreport (void *)" + root) == report
    assert "leading" in session.ok("lconstraints " + views[1])
    session.continue_to_exit()


def test_lsettings_skip_replaces_the_descent_skip_list(session):
    session.launch("many-views", 20)
    full = session.ok("lreport $arg1")
    assert "skipped" not in full
    assert "skip list: the default (" in session.ok("lsettings")
    answer = session.ok("lsettings --skip UIView")
    assert "Skipping subviews of: UIView" in answer, answer
    # Every setting is shown with no option, the skip list it set included (issue 32).
    assert "\nskip list: UIView\n" in session.ok("lsettings")
    short = session.ok("lreport $arg1")
    assert "(subviews of UIView skipped; use --all to see them)" in short, short
    assert short.count("Frame:") < full.count("Frame:")
    assert session.ok("lreport $arg1 --all") == full
    assert "UIButton" in session.ok('lsettings --skip ""')
    restored = [line for line in session.ok("lsettings").splitlines() if line.startswith("skip list: ")]
    assert len(restored) == 1 and "UIButton" in restored[0] and "UIView," not in restored[0], restored
    assert session.ok("lreport $arg1") == full
    session.fails("lsettings --skip")
    session.continue_to_exit()


def test_a_second_run_of_the_same_target_loads_the_library_again(session):
    session.launch(SCENARIO)
    assert session.ok("lload").startswith("Loaded ")
    first = session.ok("lreport $arg1")
    session.continue_to_exit()
    session.launch(SCENARIO)
    assert session.ok("lload").startswith("Loaded "), "the new process needs its own copy"
    assert session.ok("lreport $arg1") == first  # no ASLR under lldb: same addresses
    session.continue_to_exit()


def test_a_library_no_longer_where_it_was_found_is_looked_up_again(session):
    """The cached entry points hold while the library stays put; if it moved, they are found again."""
    session.launch(SCENARIO)
    first = session.ok("lreport $arg1")
    ld = sys.modules["layout_debug"]
    facts = ld.facts_for(session.process)
    assert facts.library and facts.entries.get("lds_report")

    class Elsewhere(object):  # the library's anchor symbol, as if unloaded and loaded again elsewhere
        def GetLoadAddress(self, target):
            return 0x1000

    facts.anchor = Elsewhere()
    assert session.ok("lreport $arg1") == first
    again = ld.facts_for(session.process)
    assert again is not facts and again.entries.get("lds_report") == facts.entries["lds_report"]
    session.continue_to_exit()

"""layout-explain --ci on a real test run's log: the demo app's test suite (Tests/DemoAppTests),
run by XCTest as `swift test` runs it, its conflicts storming between the runner's lines.

A first run writes the baseline; a second run with one scenario changed fails with exactly the
conflict the change made, in the test case that made it. The JUnit file is validated against the
JUnit schema Jenkins reads (Tests/Fixtures/junit/junit-10.xsd, with the `xmlschema` package), and
each annotation is read back the way GitHub's runner reads workflow commands
(actions/runner src/Runner.Common/ActionCommand.cs, TryParseV2).
"""

import os
import re
import subprocess

import pytest
import xmlschema

from schema_check import ROOT, check_document

BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"))
EXPLAIN = os.path.join(BUILD_DIR, "layout-explain")
DEMO = os.path.join(BUILD_DIR, "layout-demo")
MONITOR_DEMO = os.path.join(BUILD_DIR, "layout-monitor-demo")
BUNDLE = os.path.join(BUILD_DIR, "LayoutDebugPackageTests.xctest")
XSD = os.path.join(ROOT, "Tests", "Fixtures", "junit", "junit-10.xsd")
CLASSES = ["DemoAppTests.ScreenTests", "DemoAppTests.CellTests", "DemoAppTests.SystemTests", "DemoAppTests.StormTests"]
# The properties GitHub documents for ::error (workflow commands reference).
ANNOTATION_PROPERTIES = {"file", "line", "endLine", "col", "endColumn", "title"}


def built_test_bundle():
    """The test bundle `swift test` builds, built when it is not there yet."""
    if not os.path.isfile(BUNDLE):
        # .build/debug is a link to .build/<triple>/debug: the build path is two folders above the real one.
        build_path = os.path.dirname(os.path.dirname(os.path.realpath(BUILD_DIR)))
        subprocess.run(["swift", "build", "--build-tests", "--build-path", build_path],
                       cwd=ROOT, check=True, stdout=subprocess.DEVNULL, timeout=3000)
    assert os.path.isfile(BUNDLE), BUNDLE
    return BUNDLE


def run_demo_tests(log, title_scenario=None):
    """Runs the demo app's test classes, stdout and stderr into one file as CI logs them."""
    env = dict(os.environ)
    env.pop("DEMO_APP_TITLE_SCENARIO", None)
    if title_scenario:
        env["DEMO_APP_TITLE_SCENARIO"] = title_scenario
    with open(log, "wb") as handle:
        # swift-corelibs-xctest takes one argument, its test classes joined by commas.
        result = subprocess.run([built_test_bundle(), ",".join(CLASSES)], cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT,
                                timeout=600)
    assert result.returncode == 0, open(log, errors="replace").read()[-3000:]


def ci(*arguments, stdin=None):
    result = subprocess.run([EXPLAIN, "--ci"] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=300, input=stdin)
    return result.returncode, result.stdout, result.stderr


def parse_workflow_command(line):
    """A `::name k=v,k=v::data` line read as GitHub's runner reads it (TryParseV2): properties
    split on ',', each on its first '=', and unescaped; the data unescaped."""
    assert line.startswith("::"), line
    end = line.index("::", 2)
    info, data = line[2:end], line[end + 2:]
    name, _, properties = info.partition(" ")
    fields = {}
    for pair in filter(None, properties.split(",")):
        key, _, value = pair.partition("=")
        for escaped, token in (("%0D", "\r"), ("%0A", "\n"), ("%3A", ":"), ("%2C", ","), ("%25", "%")):
            value = value.replace(escaped, token)
        fields[key] = value
    for escaped, token in (("%0D", "\r"), ("%0A", "\n"), ("%25", "%")):
        data = data.replace(escaped, token)
    return name, fields, data


def signature_of_scenario(name, tmp_path):
    """The signature `layout-explain --summary` gives the conflict `layout-demo NAME` prints."""
    log = tmp_path / (name + ".log")
    with open(log, "wb") as handle:
        subprocess.run([DEMO, name], stdout=subprocess.DEVNULL, stderr=handle, check=True, timeout=60)
    lines = subprocess.run([EXPLAIN, "--summary", str(log)], stdout=subprocess.PIPE, universal_newlines=True,
                           check=True).stdout.splitlines()
    rows = [line.split("× ", 1)[1] for line in lines if "× " in line]
    assert len(rows) == 1, lines
    return rows[0]


@pytest.fixture(scope="module")
def demo_runs(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ci-demo")
    first, changed = folder / "first.log", folder / "changed.log"
    run_demo_tests(first)
    run_demo_tests(changed, title_scenario="margins")
    return folder, first, changed


def test_the_first_run_writes_a_baseline_of_every_conflict_and_passes(demo_runs):
    folder, first, _ = demo_runs
    text = first.read_text(errors="replace")
    # A real run: the runner's lines and UIKit's messages between them.
    assert "Test Case 'StormTests.testConflictStorm' started at " in text, text[:2000]
    assert text.count("Unable to simultaneously satisfy constraints.") > 300
    status, out, err = ci("--write-baseline", str(folder / "baseline.json"), str(first))
    assert (status, err) == (0, ""), (out, err)
    baseline = (folder / "baseline.json").read_text()
    document = check_document(baseline, "ci-baseline")
    assert len(document["conflicts"]) == len(baseline.splitlines()) - 6, "one conflict per line"
    assert not re.search(r"0x[0-9a-f]{4,}", baseline), "no addresses in a baseline"
    assert "wrote %s: " % (folder / "baseline.json") in out
    # The same run read again against it: clean.
    status, out, err = ci("--baseline", str(folder / "baseline.json"), str(first))
    assert status == 0, (out, err)
    assert out.rstrip().endswith("OK: every conflict is in the baseline"), out
    assert ": 0 new, 12 known, 0 gone (" in out.splitlines()[0] or re.search(r": 0 new, \d+ known, 0 gone \(", out), out


def test_a_changed_scenario_fails_the_run_with_exactly_its_new_conflict(demo_runs, tmp_path):
    folder, first, changed = demo_runs
    ci("--write-baseline", str(folder / "baseline.json"), str(first))
    junit, markdown = tmp_path / "conflicts.xml", tmp_path / "summary.md"
    status, out, err = ci("--baseline", str(folder / "baseline.json"), "--junit", str(junit), "--github",
                          "--markdown", str(markdown), "--sources", ROOT, str(changed))
    assert (status, err) == (1, ""), (out, err)
    new_rows = [line for line in out.splitlines() if line.startswith("NEW ")]
    assert len(new_rows) == 1, out
    # The margins scenario (ConflictScenarios.margins) sets the root's left margin to 16, pins the
    # card (accessibility identifier "card", the name logs print) to the root's leading edge, then
    # to its leading margin, which breaks; UIKit's margin guide is 16 from the root's left edge.
    signature = signature_of_scenario("margins", tmp_path)
    assert signature == ("NSLayoutConstraint 'UIView-leftMargin-guide-constraint' UILayoutGuide.left == UIView.left 16"
                         " | NSLayoutConstraint card.leading == UIView.leading 0"
                         " | NSLayoutConstraint card.leading == UIView.leadingMargin 0"
                         " => NSLayoutConstraint card.leading == UIView.leadingMargin 0"), signature
    assert new_rows[0] == "NEW    yours  " + signature
    assert out.splitlines()[out.splitlines().index(new_rows[0]) + 1].strip() == "1× in ScreenTests.testTitleLayout"
    assert "FAIL: 1 new conflict not in the baseline" in out

    # JUnit: valid against the schema Jenkins reads; one test case per signature, one failing.
    xmlschema.XMLSchema(XSD).validate(str(junit))
    document = xmlschema.XMLSchema(XSD).to_dict(str(junit))
    cases = document["testsuite"][0]["testcase"]
    failing = [case for case in cases if "failure" in case]
    assert len(failing) == 1 and failing[0]["@name"] == signature, failing
    assert failing[0]["@classname"] == "ScreenTests.testTitleLayout"
    assert int(document["@tests"]) == len(cases) and int(document["@failures"]) == 1

    # Annotations: one ::error, for the new conflict, in GitHub's documented form, pointing at
    # the test function the conflict happened in.
    commands = [parse_workflow_command(line) for line in out.splitlines() if line.startswith("::")]
    assert [name for name, _, _ in commands] == ["error"], commands
    name, fields, data = commands[0]
    assert set(fields) <= ANNOTATION_PROPERTIES, fields
    assert fields["file"] == "Tests/DemoAppTests/ScreenTests.swift", fields
    source = open(os.path.join(ROOT, fields["file"])).read().splitlines()
    assert "func testTitleLayout(" in source[int(fields["line"]) - 1]
    assert fields["title"] == "New Auto Layout conflict (yours)"
    assert data.startswith(signature + "\n1× in ScreenTests.testTitleLayout\n\nOwner: yours"), data[:400]

    summary = markdown.read_text()
    assert summary.startswith("## Auto Layout conflicts\n\n❌ **FAIL: 1 new conflict not in the baseline**")
    assert summary.count("| new |") == 1


def test_the_changed_run_reads_the_same_from_standard_input_as_from_the_file(demo_runs):
    folder, first, changed = demo_runs
    ci("--write-baseline", str(folder / "baseline.json"), str(first))
    from_file = ci("--baseline", str(folder / "baseline.json"), str(changed))
    from_stdin = ci("--baseline", str(folder / "baseline.json"), stdin=changed.read_text(errors="surrogateescape"))
    assert from_file[0] == from_stdin[0] == 1
    assert from_file[1] == from_stdin[1]


def test_the_monitors_backlog_and_the_log_of_one_run_give_the_same_baseline(tmp_path):
    """The in-app monitor signs live conflicts, the log parser pasted ones: one baseline serves
    both, so a backlog is compared as a log is."""
    backlog, log = tmp_path / "backlog.jsonl", tmp_path / "run.log"
    with open(log, "wb") as handle:
        subprocess.run([MONITOR_DEMO, "--backlog", str(backlog), "owner-storm", "6"], stdout=subprocess.DEVNULL,
                       stderr=handle, check=True, timeout=120)
    assert ci("--write-baseline", str(tmp_path / "from-log.json"), str(log))[0] == 0
    assert ci("--write-baseline", str(tmp_path / "from-backlog.json"), str(backlog))[0] == 0
    from_log = check_document((tmp_path / "from-log.json").read_text(), "ci-baseline")["conflicts"]
    from_backlog = check_document((tmp_path / "from-backlog.json").read_text(), "ci-baseline")["conflicts"]
    # owner-storm cycles yours (duplicate width), system (the keyboard) and transient (a reused cell).
    assert sorted(entry["owner"] for entry in from_log) == ["system", "transient", "yours"], from_log
    assert [(e["signature"], e["owner"]) for e in from_backlog] == [(e["signature"], e["owner"]) for e in from_log]
    # Against the log's baseline the backlog is clean, and its counts are the monitor's.
    status, out, _ = ci("--baseline", str(tmp_path / "from-log.json"), str(backlog))
    assert status == 0 and out.startswith("6 conflicts, 3 distinct, in 0 test cases: 0 new, 3 known, 0 gone"), out


def test_bad_input_gets_one_line_and_status_3(tmp_path):
    conflict = (tmp_path / "whole.log")
    with open(conflict, "wb") as handle:
        subprocess.run([DEMO, "duplicate-leading"], stdout=subprocess.DEVNULL, stderr=handle, check=True, timeout=60)
    text = conflict.read_text()
    cut = tmp_path / "cut.log"
    cut.write_text(text[:text.index('",\n') + 3])
    binary = tmp_path / "app.bin"
    binary.write_bytes(b"\x7fELF\x00\x00" + text.encode())
    newer = tmp_path / "newer.json"
    newer.write_text('{"schema": "layoutdebug/3", "kind": "ci-baseline", "conflicts": []}\n')
    empty = tmp_path / "empty.log"
    empty.write_text("")
    cases = [
        ((str(cut),), "%s: the log ends inside a conflict (line 7): was it cut? What came before it was read (0 conflicts)" % cut),
        ((str(binary),), "%s: not a text console log (it holds NUL bytes)" % binary),
        (("--baseline", str(newer), str(conflict)),
         "%s: written for schema layoutdebug/3, newer than this layout-explain reads (layoutdebug/2): "
         "update LayoutDebug, or write the baseline again with --write-baseline" % newer),
        ((str(empty),), "%s: empty: no test output to read (did the test step run, and was its output piped here?)" % empty),
        ((str(tmp_path / "missing.log"),), "%s: No such file or directory" % (tmp_path / "missing.log")),
    ]
    for arguments, line in cases:
        status, _, err = ci(*arguments)
        assert (status, err) == (3, "layout-explain: " + line + "\n"), (arguments, status, err)
    # A run without conflicts is clean, and says so.
    clean = tmp_path / "clean.log"
    clean.write_text("Test Case 'A.b' started at 2026-11-29 10:00:00.000\nTest Case 'A.b' passed (0.001 seconds)\n")
    status, out, err = ci(str(clean))
    assert (status, err) == (0, ""), (out, err)
    assert out.splitlines()[-1] == "OK: no Auto Layout conflict in 2 lines"
    # A bad option is 2, as everywhere in layout-explain.
    assert ci("--junit")[0] == 2

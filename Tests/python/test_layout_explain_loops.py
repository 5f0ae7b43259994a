"""layout-explain on pasted layout loops (issue 44): the built binary, as a user runs it, on the
forms of Tests/Fixtures/loops (SOURCES.md says where each was seen). Each expected line was worked
out by hand from the fixture's own lines: the pass from the reason's words, the window from its
description (0x116 = 256 + 16 + 6 = 278), the app's frames as the frames whose image is not one
of the frameworks of the one list (origin_text.FRAMEWORK_*), the window-frame change as the
outermost window setter (#16 `_setFrameCommon:display:fromServer:`) under the nearest pass frame
(#19 `-[NSWindow(NSConstraintBasedLayoutInternal) layoutIfNeeded]`)."""

import glob
import json
import os
import subprocess

import jsonschema

from schema_check import ROOT, decimal_addresses, swift_enum_keys, validator

BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"))
EXPLAIN = os.path.join(BUILD_DIR, "layout-explain")
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "loops")
LOOPS = sorted(glob.glob(os.path.join(FIXTURES, "*.txt")) + glob.glob(os.path.join(FIXTURES, "*.ips")))


def run(*arguments, stdin=None):
    """layout-explain's (status, stdout, stderr)."""
    assert os.path.isfile(EXPLAIN), "build the package first (swift build); missing " + EXPLAIN
    result = subprocess.run([EXPLAIN] + list(arguments), input=stdin, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    return result.returncode, result.stdout, result.stderr


def fixture(name):
    return os.path.join(FIXTURES, name)


# Each fixture: the exit status docs/LOOPS.md gives, and the report's first line after its
# `== file:lines ==` header (a loop), or the one line on standard error (not a loop).
EXPECTED = {
    "crash-10.15-update-constraints.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)"),
    "crash-11-window-description.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)"),
    "crash-12-swiftui-translated.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)"),
    "ips-13-asi.ips": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (.ips crash report)"),
    "console-26-layout-window.txt": (0, "Loop: AppKit's Layout Window pass ran more times than the window has views (console)"),
    "nonfatal-14-future-marking.txt": (1, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views; AppKit logged it and went on (\"Future marking … might be ignored\") (log line (not fatal))"),
    "displaycycle-26-log.txt": (0, "Loop: AppKit marked the window for another Update Constraints in Window pass past its limit (AppKit DisplayCycle log)"),
    "handler-hermespet.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (the app's exception handler)"),
    "symbolicated-list-typewhisper.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (pasted stack)"),
    "diagnostic-json-frame-change.txt": (0, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (the app's exception handler)"),
    "uikit-feedback-loop.txt": (0, "Loop: UIKit's layout feedback loop debugger found views laid out again and again (UIKit layout feedback loop)"),
    "uikit-layout-still-required.txt": (0, "Loop: -layoutSubviews left Auto Layout still to do (UIKit exception)"),
    "hang-sample-update-constraints.txt": (0, "Hang: the main thread was inside AppKit's Update Constraints in Window pass (hang sample)"),
    "bad-truncated-crash.txt": (1, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)"),
    "bad-unsymbolicated.txt": (1, "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (crash report)"),
    "bad-no-appkit-frames.txt": (1, None),
    "bad-hang-sample-no-loop.txt": (1, None),
}

# The one line each bad input gets on standard error.
BAD_LINES = {
    "bad-truncated-crash.txt": ":2: the text is cut off before the loop's report ends; what follows is read from the part pasted",
    "bad-unsymbolicated.txt": ":2: some frames are addresses without symbols; symbolicate the report (Xcode's Organizer, atos) to see whose they are",
    "nonfatal-14-future-marking.txt": ":2: the text is cut off before the loop's report ends; what follows is read from the part pasted",
    "bad-no-appkit-frames.txt": ": a stack with no AppKit or UIKit frame and no loop's reason: not a layout loop, and no Auto Layout conflict",
    "bad-hang-sample-no-loop.txt": ": a hang sample whose threads are never inside a layout pass: not a layout loop, and no Auto Layout conflict",
}


def test_every_fixture_is_in_the_table():
    assert sorted(os.path.basename(path) for path in LOOPS) == sorted(EXPECTED)


def test_each_form_gives_its_loop_or_its_one_line_with_the_documented_status():
    for path in LOOPS:
        name = os.path.basename(path)
        status, first = EXPECTED[name]
        code, out, err = run(path)
        assert code == status, (name, code, err)
        if first is None:
            assert out == "", (name, out)
        else:
            lines = out.splitlines()
            assert lines[0].startswith("== %s:" % path), (name, lines[:2])
            assert lines[1] == first, (name, lines[1])
        expected_error = BAD_LINES.get(name)
        if expected_error:
            assert err == "layout-explain: %s%s\n" % (path, expected_error), (name, err)
        elif status == 0:
            assert err == "", (name, err)


def test_a_loop_is_never_no_auto_layout_conflict_found():
    for path in LOOPS:
        _, _, err = run(path)
        assert "no Auto Layout conflict found" not in err, (path, err)


def test_the_report_says_what_the_text_tells_and_what_only_a_live_debugger_can():
    path = fixture("diagnostic-json-frame-change.txt")
    code, out, err = run(path)
    assert (code, err) == (0, "")
    assert out == "\n".join([
        "== %s:1-28 ==" % path,
        "Loop: AppKit's Update Constraints in Window pass ran more times than the window has views (the app's exception handler)",
        "Raised: NSGenericException",
        "Window: NSWindow 0xa6fbad180, number 278, at (822, 421), 1139 × 801, language en",
        "OS: macOS 11 or later (the reason carries the window's description, which macOS 11 added)",
        "SwiftUI: a hosting view takes part: #6 SwiftUI NSHostingView.setNeedsUpdate(), "
        "#7 SwiftUI NSHostingView.requestUpdate(after:), #10 SwiftUI NSHostingView.invalidateSafeAreaInsets()",
        "Window frame: a window-frame change runs inside a Layout Window pass: #16 AppKit "
        "-[NSWindow _setFrameCommon:display:fromServer:] is called under #19 AppKit "
        "-[NSWindow(NSConstraintBasedLayoutInternal) layoutIfNeeded], so the pass resizes the window it lays out",
        "Your frames (innermost first):",
        "  #17 MyApp MyApp.LauncherPanel.fitToContent()",
        "  #18 MyApp MyApp.LauncherPanel.windowDidLayout()",
        "Only a live debugger can tell which view asks for another pass each time, and what each pass changed "
        "(frames, constraint constants): a pasted text holds at most the stack of one request.",
        "Signature: Update Constraints in Window | NSWindow | MyApp.LauncherPanel.fitToContent() < "
        "MyApp.LauncherPanel.windowDidLayout()",
    ]) + "\n"


def test_the_one_framework_list_keeps_swiftui_and_the_display_cycle_out_of_the_apps_frames():
    # SwiftUICore, QuartzCore and com.apple.AppKit frames are in these stacks; none is the app's.
    for name in ("console-26-layout-window.txt", "ips-13-asi.ips", "handler-hermespet.txt"):
        _, out, _ = run(fixture(name))
        assert "Your frames: none in the stack" in out, (name, out)
    _, out, _ = run(fixture("crash-10.15-update-constraints.txt"))
    assert "Your frames (innermost first):\n  #8 MyApp -[PlaylistViewController updateConstraints]\nOnly" in out, out


def check_loop_document(text):
    document = json.loads(text)
    assert document["schema"] == "layoutdebug/2" and document["kind"] == "layout-loop", text[:200]
    validator("layout-loop").validate(document)
    assert decimal_addresses(document) == [] and swift_enum_keys(document) == []
    return document


def test_json_is_one_layout_loop_document_in_its_schema_with_a_hosting_boolean():
    code, out, _ = run("--json", *LOOPS)
    assert code == 1  # the bad inputs
    document = check_loop_document(out)
    by_source = {os.path.basename(loop["source"]): loop for loop in document["loops"]}
    assert set(by_source) == {name for name, (_, first) in EXPECTED.items() if first is not None}
    assert by_source["crash-12-swiftui-translated.txt"]["swiftUIHosting"] is True
    assert by_source["crash-11-window-description.txt"]["swiftUIHosting"] is False
    assert by_source["crash-11-window-description.txt"]["window"] == {
        "className": "NSWindow", "address": "0x126f5db70", "number": 655, "frame": [649, 99, 1047, 787],
        "title": "Reddit", "language": "en"}
    assert by_source["displaycycle-26-log.txt"]["limit"] == 198
    assert by_source["displaycycle-26-log.txt"]["count"] == 204
    assert by_source["bad-unsymbolicated.txt"]["problems"] == ["unsymbolicated"]
    assert by_source["bad-unsymbolicated.txt"]["appFrames"] == [{"index": 6, "image": "MyApp"},
                                                                {"index": 7, "image": "MyApp"}]
    for loop in document["loops"]:
        assert loop["text"] in run(loop["source"])[1], loop["source"]


def test_the_schema_refuses_a_loop_without_its_hosting_boolean():
    _, out, _ = run("--json", fixture("crash-11-window-description.txt"))
    document = json.loads(out)
    del document["loops"][0]["swiftUIHosting"]
    try:
        validator("layout-loop").validate(document)
    except jsonschema.ValidationError:
        return
    raise AssertionError("a loop without swiftUIHosting validated")


def test_summary_groups_repeated_crashes_by_signature(tmp_path):
    once = open(fixture("console-26-layout-window.txt"), encoding="utf-8").read()
    twice = tmp_path / "two-crashes.log"
    twice.write_text("app output\n" + once + once, encoding="utf-8")
    code, out, err = run("--summary", str(twice), fixture("handler-hermespet.txt"))
    assert (code, err) == (0, "")
    assert out == ("layout loops: 3, 2 distinct\n"
                   "  2× Layout Window | NSWindow | no frame of the app's\n"
                   "  1× Update Constraints in Window | NSWindow | no frame of the app's (1 with a SwiftUI hosting view)\n")
    code, out, _ = run("--summary", "--json", str(twice))
    document = check_loop_document(out)
    assert document["summary"] == [{"signature": "Layout Window | NSWindow | no frame of the app's", "count": 2,
                                    "withSwiftUIHosting": 0}]


def test_standard_input_is_read_for_loops_too():
    text = open(fixture("uikit-layout-still-required.txt"), encoding="utf-8").read()
    code, out, err = run("-", stdin=text)
    assert (code, err) == (0, "")
    assert out.startswith("== <stdin>:2-11 ==\nLoop: -layoutSubviews left Auto Layout still to do (UIKit exception)\n")
    assert "View: MGScrollView: UIKit's reason says its implementation of -layoutSubviews needs to call super\n" in out


def test_a_log_with_a_conflict_and_a_loop_reports_both(tmp_path):
    conflict = open(os.path.join(ROOT, "Tests", "Fixtures", "corpus", "logs", "001.txt"), encoding="utf-8").read()
    loop = open(fixture("console-26-layout-window.txt"), encoding="utf-8").read()
    both = tmp_path / "both.log"
    both.write_text(conflict + "\n" + loop, encoding="utf-8")
    code, out, err = run(str(both))
    assert (code, err) == (0, "")
    assert "Conflict #1: Unable to simultaneously satisfy constraints" in out
    assert "\nLoop: AppKit's Layout Window pass ran more times than the window has views (console)\n" in out
    assert out.index("Conflict #1") < out.index("Loop: AppKit's")
    # --json: the conflicts' document, then the loops' on the next line.
    code, out, _ = run("--json", str(both))
    decoder = json.JSONDecoder()
    first, end = decoder.raw_decode(out)
    assert first["kind"] == "explain" and len(first["reports"]) == 1
    check_loop_document(out[end:].strip())


def test_a_plain_log_without_a_loop_still_says_no_conflict_and_no_loop(tmp_path):
    plain = tmp_path / "plain.log"
    plain.write_text("2026-01-01 app started\n2026-01-01 app stopped\n", encoding="utf-8")
    code, out, err = run(str(plain))
    assert code == 1 and out == ""
    assert err == ("layout-explain: %s: no Auto Layout conflict found (no \"Unable to simultaneously satisfy "
                   "constraints\", no constraint list and no layout loop)\n" % plain)

"""origin_text: the `made at` lines the LLDB commands print in place of the library's
markers, from frames resolved elsewhere (no LLDB)."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "lldb"))

from layoutdebug.origin_text import (  # noqa: E402
    Frame, first_user_frame, line_for_frames, marker_addresses, origin_line, rewrite_markers, short_function_name,
)

REPORT = (
    "Mutually exclusive constraints:\n"
    "  1. <NSLayoutConstraint:0x1 UIView:0x2.width == 768>\n"
    "     made at <frames 0x7f0010 0x7f0020 0x5500a0>\n"
    "  2. <NSAutoresizingMaskLayoutConstraint:0x3 ...>\n"
    "     made at ? (made by the system)\n"
)


def resolver(table):
    return line_for_frames(lambda addresses: [table[address] for address in addresses])


def test_the_first_frame_outside_the_frameworks_is_named_with_file_line_and_function():
    table = {
        0x7f0010: Frame(0x7f0010, image="libReferenceKit.so", path="/src/VisualFormat.swift", line=80,
                        function="VisualFormat.parse()"),
        0x7f0020: Frame(0x7f0020, image="libReferenceKit.so", path="/src/NSLayoutConstraint.swift", line=9,
                        function="NSLayoutConstraint.constraints(withVisualFormat:)"),
        0x5500a0: Frame(0x5500a0, image="layout-demo", path="/repo/Sources/DemoScenarios/ConflictScenarios.swift",
                        line=21, function="static DemoScenarios.ConflictScenarios.cellWidth(root: __C.UIView, count: Swift.Int) -> ()"),
    }
    text = rewrite_markers(REPORT, resolver(table))
    assert "     made at ConflictScenarios.swift:21 in cellWidth(root:count:)\n" in text
    assert "made at ? (made by the system)" in text
    assert "<frames" not in text


def test_without_debug_info_the_report_says_so_and_names_the_function():
    frame = Frame(0x10, image="MyApp", function="ProfileViewController.viewDidLoad()")
    assert origin_line([frame]) == "made at ? (no debug info for MyApp) in viewDidLoad()"


def test_a_line_inlined_from_another_function_is_named_without_a_function():
    frame = Frame(0x10, image="layout-demo", path="/src/ConflictScenarios.swift", line=21, function=None)
    assert origin_line([frame]) == "made at ConflictScenarios.swift:21"


def test_our_hook_linked_into_the_app_is_not_the_users_code():
    frames = [Frame(1, image="MyApp", function="closure #1 in static ConstraintOrigins.installPlatformHook()"),
              Frame(2, image="UIKitCore", function="-[NSLayoutConstraint setActive:]"),
              Frame(3, image="MyApp", path="/src/ProfileView.swift", line=12, function="ProfileView.setUp()")]
    assert origin_line(frames) == "made at ProfileView.swift:12 in setUp()"


def test_only_framework_frames_say_so():
    frames = [Frame(1, image="UIKitCore"), Frame(2, image="libswiftCore.dylib"), Frame(3, image="SnapKit")]
    assert first_user_frame(frames) is None
    assert origin_line(frames) == "made at ? (only framework frames were recorded)"


def test_a_text_without_markers_is_left_alone_and_nothing_is_resolved():
    def fail(addresses):
        raise AssertionError("resolved %r" % addresses)
    assert rewrite_markers("no markers here\n", fail) == "no markers here\n"


def test_marker_addresses_are_read_in_order():
    assert marker_addresses(REPORT) == [[0x7f0010, 0x7f0020, 0x5500a0]]


def test_numbered_markers_reuse_the_frames_their_number_was_first_written_with():
    text = ("a\n  made at <frames #1 0x10 0x20>\nb\n  made at <frames #2 0x30>\n"
            "c\n  made at <frames #1>\nd\n  made at <frames #9>\n")
    assert marker_addresses(text) == [[0x10, 0x20], [0x30], [0x10, 0x20], None]
    seen = []

    def line(key):
        seen.append(key)
        return "made at " + key
    out = rewrite_markers(text, line)
    assert out == ("a\n  made at 0x10 0x20\nb\n  made at 0x30\nc\n  made at 0x10 0x20\n"
                   "d\n  made at ? (this report lost the frames of #9)\n")
    assert seen == ["0x10 0x20", "0x30"], "each number is resolved once"


def test_short_names_keep_labels_and_closures_say_where():
    assert short_function_name("static ConflictScenarios.cellWidth(root:count:)") == "cellWidth(root:count:)"
    assert short_function_name("closure #1 (UIView) -> () in static X.f(a: Swift.Int) -> ()") == "closure #1 in f(a:)"
    assert short_function_name("main") == "main"
    assert short_function_name("specialized static ConflictScenarios.cellWidth(root:count:)") == "cellWidth(root:count:)"

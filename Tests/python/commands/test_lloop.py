"""commands/lloop.py and loop_text.py: lloop's options, which stop is a loop, who asked, and the
changes that would break it, on frames and reports written by hand."""

from layoutdebug import arguments, loop_text
from layoutdebug.commands.lloop import LoopCommand
from layoutdebug.origin_text import Frame

from fakes import parser_for

THROW = "objc_exception_throw"
# lldb-16 prints Swift names mangled; the raiser's word is found in either spelling.
REFERENCEKIT_LIMIT = "$s12ReferenceKit8UIWindowC24displayCycleLimitReachedyyAA10WindowPassOF"


def test_lloop_options():
    args = arguments.parse_command(parser_for(LoopCommand), "--threshold 100 --keep 4096")
    assert args.threshold == 100 and args.keep == 4096 and not args.off


def test_each_raiser_names_its_loop_and_anything_else_is_none():
    assert loop_text.loop_kind([THROW, "raiseException", REFERENCEKIT_LIMIT]) == "appkit"
    assert loop_text.loop_kind([THROW, "-[NSException raise]", "-[NSWindow(NSDisplayCycle) _postWindowNeedsLayout]"]) == "appkit"
    assert loop_text.loop_kind([THROW, "x", "-[_UIViewLayoutFeedbackLoopDebugger dumpInfoWithInfoCollectionSuccess:]"]) == "feedback"
    assert loop_text.loop_kind([THROW, "x", "$s12ReferenceKit6UIViewC23autoLayoutStillRequiredyyF"]) == "missing-super"
    assert loop_text.loop_kind([THROW, "-[NSArray objectAtIndex:]", "main"]) is None
    assert loop_text.loop_kind(["mach_msg_trap", "main"]) == "no-throw"


def test_a_stop_that_is_no_loop_says_so_in_one_line():
    line = loop_text.loop_report([THROW, "-[NSArray objectAtIndex:]", "main"], "")
    assert line == "lloop: not a layout loop: this exception is raised by -[NSArray objectAtIndex:]"
    assert "\n" not in loop_text.loop_report(["mach_msg_trap"], "")


def test_the_appkit_pass_comes_from_appkits_raiser_else_from_the_last_request():
    report = "  1. A 0x1.setNeedsUpdateConstraints (asked in A.updateConstraints() at A.swift:3)"
    assert loop_text.appkit_pass([THROW, "r", REFERENCEKIT_LIMIT], report) == "Update Constraints in Window"
    assert loop_text.appkit_pass([THROW, "r", REFERENCEKIT_LIMIT], "  1. A 0x1.setNeedsLayout (asked by the framework)") \
        == "Layout Window"
    assert loop_text.appkit_pass([THROW, "-[NSWindow(NSDisplayCycle) _postWindowNeedsUpdateConstraints]"], "") \
        == "Update Constraints in Window"


def test_who_asked_is_the_first_frame_of_the_app_with_its_type_and_line():
    frames = [Frame(0x10, image="libReferenceKit.so", function="ReferenceKit.UIView.setNeedsLayout() -> ()"),
              Frame(0x20, image="layout-demo", path="/src/LoopScenarios.swift", line=179,
                    function="DemoScenarios.FollowingPanel.layoutSubviews() -> ()")]
    assert loop_text.asker(frames) == "asked in FollowingPanel.layoutSubviews() at LoopScenarios.swift:179"
    # swift-demangle --simplified (lldb-16) drops the module; a line 0 has no line.
    assert loop_text.asker([Frame(0x30, image="layout-demo", function="GrowingBadge.layoutSubviews()")]) \
        == "asked in GrowingBadge.layoutSubviews() (layout-demo)"
    assert loop_text.asker(frames[:1]) == "asked by the framework"


def test_each_marker_is_resolved_once():
    calls = []

    def resolve(addresses):
        calls.append(addresses)
        return [Frame(addresses[0], image="App", path="/a/V.swift", line=7, function="App.V.f() -> ()")]
    text = loop_text.resolve_askers("1 (asked at <frames 0x10 0x20>)\n2 (asked at <frames 0x10 0x20>)", resolve)
    assert text == "1 (asked in V.f() at V.swift:7)\n2 (asked in V.f() at V.swift:7)"
    assert calls == [[0x10, 0x20]]


# The window-follows-content round as the library writes it, resolved: the panel's line asks
# for the window's height (667 + 20 per pass), the window's setter marks it and its root.
FOLLOWS = "\n".join([
    "Window: <UIWindow: 0x1> at (0, 0), 375 × 707",
    "Chain: UIWindow 0x1's height change → UIWindow 0x1.setNeedsLayout → UIView 0x2.setNeedsLayout → the next pass, and again",
    "Each request of the last round, with who asked:",
    "  1. UIWindow 0x1's height 687 → 707 (asked in FollowingPanel.layoutSubviews() at LoopScenarios.swift:179)",
    "  2. UIWindow 0x1.setNeedsLayout (asked in FollowingPanel.layoutSubviews() at LoopScenarios.swift:179)",
    "  3. UIView 0x2.setNeedsLayout (asked by the framework)",
    "Values each pass gave:",
    "  UIWindow 0x1: height 667 → 687 → 707",
])


def test_the_changes_that_break_a_loop_are_the_apps_lines_each_with_what_it_cuts():
    assert loop_text.cuts(FOLLOWS) == [
        "What would break it (each is enough: it cuts a link every round needs):",
        "  - in FollowingPanel.layoutSubviews() at LoopScenarios.swift:179: set UIWindow 0x1's height outside the "
        "layout pass, or only when it differs from what the pass gave; cuts UIWindow 0x1's height 687 → 707 → "
        "UIWindow 0x1.setNeedsLayout",
    ]


def test_a_constraint_activated_in_the_pass_is_a_cut_lfix_can_try_in_a_paused_app():
    report = "Chain: x\n  1. NSLayoutConstraint 0x5 activated (asked in Card.layoutSubviews() at L.swift:153)"
    lines = loop_text.cuts(report, paused=True)
    assert "`lfix 0x5 --deactivate`" in lines[1] and lines[1].startswith("  - in Card.layoutSubviews() at L.swift:153: ")


def test_at_the_loops_exception_no_lfix_is_offered():
    # The app is ending there, and a layout to check the change would raise again.
    report = "Chain: x\n  1. NSLayoutConstraint 0x5 activated (asked in Card.layoutSubviews() at L.swift:153)"
    assert loop_text.cuts(report)[1] == ("  - in Card.layoutSubviews() at L.swift:153: activate NSLayoutConstraint 0x5 "
                                         "once, outside the layout pass (at setup, or in updateConstraints); cuts "
                                         "NSLayoutConstraint 0x5 activated")


def test_a_round_the_framework_alone_asks_for_says_so():
    report = "Chain: x\n  1. UIView 0x2.setNeedsLayout (asked by the framework)"
    assert loop_text.cuts(report)[0].startswith("What would break it: every request of the round was made by the framework")


def test_a_loop_report_starts_with_the_loop_and_ends_with_the_cuts():
    text = loop_text.loop_report([THROW, "raiseException", REFERENCEKIT_LIMIT], FOLLOWS)
    lines = text.splitlines()
    assert lines[0] == "Loop: AppKit's Layout Window pass ran more times than the window has views (NSGenericException)"
    assert lines[1] == "Window: <UIWindow: 0x1> at (0, 0), 375 × 707"
    assert lines[-2] == "What would break it (each is enough: it cuts a link every round needs):"


def test_a_request_the_layout_pass_makes_is_the_frameworks_whatever_app_code_runs_the_run_loop():
    frames = [Frame(0x10, image="libReferenceKit.so", function="$s12ReferenceKit6UIViewC22layoutSublayersOfLayeryyF"),
              Frame(0x20, image="layout-demo", path="/src/RunLoopScenarios.swift", line=261,
                    function="DemoScenarios.DemoApplication.run(_:count:finish:)")]
    assert loop_text.asker(frames) == "asked by the framework"


def test_without_a_line_for_the_call_who_asked_says_where_its_function_starts():
    frame = Frame(0x20, image="layout-demo", function="DemoScenarios.FollowingPanel.layoutSubviews() -> ()")
    frame.start = ("/src/LoopScenarios.swift", 175)
    assert loop_text.asker([frame]) == ("asked in FollowingPanel.layoutSubviews() (in LoopScenarios.swift from line 175: "
                                        "no line for the call in this build)")


def test_a_paused_app_gets_the_record_as_a_loop_when_it_repeats():
    text = loop_text.loop_report(["mach_msg_trap"], FOLLOWS, paused=True)
    assert text.startswith(loop_text.PAUSED + "\nWindow: ")
    assert "What would break it" in text
    alone = loop_text.loop_report(["mach_msg_trap"], "Recorded: 3 requests\nNo request repeats in the record", paused=True)
    assert alone.startswith("Paused, no exception:\nRecorded: 3") and "What would break" not in alone


def test_report_takes_no_other_option():
    args = arguments.parse_command(parser_for(LoopCommand), "--report")
    assert args.report

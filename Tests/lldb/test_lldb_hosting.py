"""SwiftUI inside Auto Layout in real lldb-16 sessions: at lbreak's stop in a hosting scenario the
report names SwiftUI's hosting view and its lever, lfix tries fix 1 (the app's side gives way), and
lreport shows the hosting view's sizes against the size the constraints impose. Expected numbers
are the scenario's size function, worked by hand (Sources/DemoScenarios/HostingScenarios.swift)."""

import os
import re
import sys

from conftest import ROOT
from test_lldb_lfix import suggestions

sys.path.insert(0, os.path.join(ROOT, "Tests", "python"))
from schema_check import check_document  # noqa: E402

# The app's modules (layout-demo's and its scenarios') are dropped from class names, live.
CARD = re.compile(r"<_UIHostingView<CardView>:(0x[0-9a-f]+)>")


def test_hosting_cell_conflict_names_the_lever_fix1_ends_it_and_lreport_shows_the_sizes(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("hosting-cell-conflict", stop_at_layout=False)
    assert session.stop_function() == "UIViewAlertForUnsatisfiableConstraints"
    report = session.callback_output()
    card = CARD.search(report).group(1)
    assert "Owner: yours (SwiftUI's hosting view in your cell: <_UIHostingView<CardView>:%s>)" % card \
        in report, report
    # The hosting controller is the app's, not UIKit's.
    assert "Conflict #1: Unable to simultaneously satisfy constraints in UIHostingController<CardView>\n" in report, report
    assert "is SwiftUI's: a UIHostingController's view" in report and \
        "sizingOptions = .intrinsicContentSize (iOS 16+)" in report, report
    changes = suggestions(report)
    # The app's measured height on the hosting view gives way: 120.5 against the cell's 44.
    assert changes[0][1].startswith("give _UIHostingView<CardView>.height == 120.5 priority 999"), report
    assert "why: SwiftUI sizes _UIHostingView<CardView> from its content" in report, report
    # Fix 1 keeps the cell's 44: the card at y 0, height 44 inside its 320 x 44 content view. Its
    # frame before layout is the screen's 375 x 667 (a controller's view); the conflict decides
    # only y and height, so the width is not held against it.
    assert "\n     predicted: no view moves from the layout the engine recovers to\n  2. " in report, report
    # Fix 3 lets the bottom go: top 0 and height 120.5 in the 44-high content view.
    assert "y 0, height 44 → y 0, height 120.5, moves outside its superview\n" in report, report
    applied = session.ok("lfix --suggestion 1")
    assert "No conflict remains.\n" in applied, applied
    text = session.ok("lreport %s --no-descend" % card)
    assert "Hosting........UIHostingController's view; sizingOptions [] (the default)\n" in text, text
    # CardView: as wide as proposed (320), 120.5 high whatever the proposal; the cell imposes 44.
    assert "SwiftUI size...ideal 320 × 120.5; 320 × 120.5 when proposed its frame\n" in text, text
    assert "Imposed size...320 × 44 by the constraints: 76.5 less high than its content" in text, text
    # The same sizes in the JSON, valid against docs/schema: [width, height] as every size there.
    document = check_document(session.ok("lreport %s --no-descend --json" % card), "descent-report")
    hosting = [view["hosting"] for view in document["views"] if view.get("address") == card]
    assert hosting and hosting[0]["idealSize"] == [320, 120.5] and hosting[0]["sizeAtFrame"] == [320, 120.5], hosting
    assert hosting[0]["kind"] == "UIHostingController" and hosting[0]["sizingOptions"] == [], hosting
    session.continue_to_exit()


def test_hosting_window_conflict_lreport_lists_the_constraints_it_made(session):
    session.create_target()
    session.ok("lbreak")
    session.launch("hosting-window-conflict", stop_at_layout=False)
    report = session.callback_output()
    view = re.search(r"<NSHostingView<SplitView>:(0x[0-9a-f]+)>", report).group(1)
    assert "is SwiftUI's NSHostingView: by default (sizingOptions .standardBounds)" in report, report
    text = session.ok("lreport %s --no-descend" % view)
    # SplitView: minimum 480 × 300, maximum 1600 × 1200: four constraints, none with an identifier.
    assert "Generated......4 of its constraints below, by its sizingOptions: " in text, text
    assert "ideal 874 × 540.5, minimum 480 × 300, maximum 1600 × 1200" in text, text
    session.continue_to_exit()

"""Live conflict reports say where a system conflict sits (the framework container, the
nearest view and view controller of the app's own) and what sizes a controller's root view,
in real lldb-16 sessions on the demo scenarios. Expected words come from the scenarios'
sources: PlaceScenarios.toolbar, OwnerScenarios.keyboard, DemoScenario.makeWindow."""

import re

from conftest import lldb
from test_lldb_json import check_document, conflict_report_json


def owner_line(report):
    """The report's first line."""
    return report.split("\n", 1)[0]


def test_toolbar_conflict_names_the_settings_screens_toolbar_and_panel(session):
    """toolbar-conflict: UIKit's _UIButtonBarStackView and _UIButtonBarButton only, in a
    UIToolbar inside the app's SettingsPanel, the `panel` of the child SettingsViewController."""
    session.create_target()
    session.ok("lbreak")
    session.launch("toolbar-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    line = owner_line(session.callback_output())
    assert line.startswith("Owner: system (only UIKit-internal views: "), line
    assert "_UIButtonBarStackView" in line and "_UIButtonBarButton" in line, line
    match = re.search(r"\), in a toolbar inside SettingsViewController's "
                      r"<SettingsPanel:(0x[0-9a-f]+) SettingsViewController\.panel>$", line)
    assert match, line
    # The address is the live panel's: the toolbar's superview.
    report = check_document(conflict_report_json(session), "conflict-report")
    assert report["place"]["container"] == "toolbar", report["place"]
    assert report["place"]["appView"] == match.group(1), report["place"]
    assert report["place"]["appViewController"] == "SettingsViewController", report["place"]
    views = {view["address"]: view for view in report["views"]}
    toolbars = [view for view in views.values() if view["className"] == "UIToolbar"]
    assert len(toolbars) == 1 and toolbars[0]["superview"] == match.group(1), toolbars
    assert views[match.group(1)]["isAppClass"] is True
    session.ok("lbreak --delete")
    session.continue_to_exit()


def test_lbreak_mine_sets_the_keyboards_conflict_aside_saying_it_is_outside_the_apps_views(session):
    """keyboard-conflict: the keyboard's own window, apart from the app's, holds no app view."""
    session.create_target()
    session.ok("lbreak --mine")
    session.launch("keyboard-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateExited, session.state()
    output = session.callback_output()
    assert re.search(r"counted, not shown \(--mine\): system \(only UIKit-internal views: [^)]*\), "
                     r"in the keyboard, outside the app's views; lconflicts --all lists it", output), output


def test_a_window_root_views_encapsulated_size_is_named_as_its_windows(session):
    """autoresizing-conflict: the root view of the window's root view controller (a plain
    UIViewController, DemoScenario.makeWindow) has 'UIView-Encapsulated-Layout-Width' 375."""
    session.create_target()
    session.ok("lbreak")
    session.launch("autoresizing-conflict", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    report = session.callback_output()
    assert owner_line(report).startswith("Owner: yours ("), report
    assert re.search(r"- 'UIView-Encapsulated-Layout-Width' on <UIView:0x[0-9a-f]+> is the size its window gives "
                     r"UIViewController's root view\. The window keeps its root view controller's view at the "
                     r"window's size", report), report
    assert "gives UIViewController's root view (" not in report
    session.ok("lbreak --delete")
    session.continue_to_exit()

"""Property names in real lldb-16 sessions: on the property-names demo, every report names a view
by the property that holds it (a controller's `avatarView` and lazy `card`, the card's
`titleLabel` and `actionButtons`), and a nametag still wins. Addresses come from UIKit's own
log of the conflict (ReferenceKit's), so each name is checked against the view it belongs to."""

import re

from conftest import lldb

LOGGED_VIEW = re.compile(r"(UIImageView|UILabel|DemoScenarios\.ProfileCardView):(0x[0-9a-f]+)")


def views_in_log(stderr):
    """{class as the log prints it: address} of the views UIKit's log names."""
    return dict(LOGGED_VIEW.findall(stderr))


def stop_at_the_conflict(session):
    """Launches property-names under lbreak; returns (report, avatar, title, card) addresses."""
    session.create_target()
    session.ok("lbreak")
    session.launch("property-names", stop_at_layout=False)
    assert session.process.GetState() == lldb.eStateStopped, session.state()
    views = views_in_log(session.demo_stderr())
    return (session.callback_output(), views["UIImageView"], views["UILabel"],
            views["DemoScenarios.ProfileCardView"])


def test_lbreak_names_each_view_by_the_property_that_holds_it(session):
    report, avatar, title, card = stop_at_the_conflict(session)
    assert "<UIImageView:%s ProfileViewController.avatarView>" % avatar in report, report
    assert "<UILabel:%s ProfileCardView.titleLabel>.width == 300.0" % title in report, report
    assert "<ProfileCardView:%s ProfileViewController.card>" % card in report, report
    # The explainer's arithmetic uses the same names.
    assert "ProfileCardView.titleLabel is 300 wide" in report, report
    session.continue_to_exit()


def test_lreport_lconstraints_and_ltrace_name_views_by_property(session):
    _, avatar, title, card = stop_at_the_conflict(session)
    tree = session.ok("lreport " + card)
    assert re.search(r"<UIButton:0x[0-9a-f]+ ProfileCardView\.actionButtons\[0\]>", tree), tree
    assert re.search(r"<UIButton:0x[0-9a-f]+ ProfileCardView\.actionButtons\[1\]>", tree), tree
    constraints = session.ok("lconstraints " + title)
    assert "<UILabel:%s ProfileCardView.titleLabel>" % title in constraints, constraints
    trace = session.ok("ltrace")
    assert "UILabel:%s ProfileCardView.titleLabel" % title in trace, trace
    assert re.search(r"UIView:0x[0-9a-f]+ ProfileViewController\.view\n", trace), trace
    session.continue_to_exit()


def test_a_nametag_wins_over_the_property(session):
    _, avatar, title, card = stop_at_the_conflict(session)
    session.ok("lname %s Avatar" % avatar)
    report = session.ok("lreport " + card)
    assert "<Avatar:%s>" % avatar in report, report
    assert "avatarView" not in report, report
    assert "<UILabel:%s ProfileCardView.titleLabel>" % title in report, report
    session.continue_to_exit()

"""layoutdebug.conflict_sites: where lbreak stops on each platform, and which arguments
hold the broken constraint and the conflicting list there."""

import pytest

from layoutdebug import conflict_sites
from layoutdebug.c_expressions import c_call
from triples import CATALYST, DEVICE, LINUX, MAC, SIMULATOR

APPKIT_METHOD = "-[NSView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]"


@pytest.mark.parametrize("triple", [SIMULATOR, CATALYST, DEVICE, LINUX])
def test_uikit_platforms_and_referencekit_stop_in_the_alert_function_with_its_two_arguments(triple):
    (site,) = conflict_sites.conflict_sites(triple)
    assert (site.symbol, site.constraint, site.conflicting) == \
        ("UIViewAlertForUnsatisfiableConstraints", "$arg1", "$arg2")


def test_macos_stops_in_nsview_s_engine_callback_and_reads_its_third_and_fourth_arguments():
    # Objective-C: $arg1 self, $arg2 _cmd, $arg3 the engine, $arg4 the constraint, $arg5 the array.
    (site,) = conflict_sites.conflict_sites(MAC)
    assert (site.symbol, site.constraint, site.conflicting, site.framework) == \
        (APPKIT_METHOD, "$arg4", "$arg5", "AppKit")


def test_a_target_without_a_triple_gets_both_sites():
    assert [site.framework for site in conflict_sites.conflict_sites("")] == ["UIKit", "AppKit"]


def test_no_site_reads_layout_constraints_not_satisfiable():
    symbols = [site.symbol for site in conflict_sites.CONFLICT_SITES]
    assert "LAYOUT_CONSTRAINTS_NOT_SATISFIABLE" not in symbols


def test_a_hit_is_matched_to_its_site_with_or_without_a_category_in_the_name():
    assert conflict_sites.site_for_symbol(APPKIT_METHOD) is conflict_sites.APPKIT_WILL_BREAK
    categorised = "-[NSView(NSConstraintBasedLayoutInternal) engine:willBreakConstraint:" \
                  "dueToMutuallyExclusiveConstraints:]"
    assert conflict_sites.site_for_symbol(categorised) is conflict_sites.APPKIT_WILL_BREAK
    assert conflict_sites.site_for_symbol("UIViewAlertForUnsatisfiableConstraints") is conflict_sites.UIKIT_ALERT
    assert conflict_sites.site_for_symbol("-[UIView engine:willBreakConstraint:dueToMutuallyExclusiveConstraints:]") \
        is None
    assert conflict_sites.site_for_symbol(None) is None


def test_a_breakpoint_description_names_its_site():
    text = "1: name = '%s', locations = 1, resolved = 1" % APPKIT_METHOD
    assert conflict_sites.site_in_description(text) is conflict_sites.APPKIT_WILL_BREAK
    assert conflict_sites.site_in_description("2: name = 'main'") is None


def test_the_report_call_of_each_site_passes_its_arguments():
    site = conflict_sites.APPKIT_WILL_BREAK
    call = c_call("lds_conflict_report", "(void *)" + site.constraint, "(void *)" + site.conflicting, "1")
    assert call == "((void *(*)(void *, void *, unsigned int))lds_conflict_report)((void *)$arg4, (void *)$arg5, 1)"

"""layout-explain --json and --summary --json on every corpus log, validated against
docs/schema (issue 34): the built binary, as a user runs it."""

import glob
import os
import subprocess

from schema_check import ROOT, check_document

BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "debug"))
EXPLAIN = os.path.join(BUILD_DIR, "layout-explain")
LOGS = sorted(glob.glob(os.path.join(ROOT, "Tests", "Fixtures", "corpus", "logs", "*.txt")))


def explain(*arguments):
    """layout-explain's stdout; it must exit 0."""
    assert os.path.isfile(EXPLAIN), "build the package first (swift build); missing " + EXPLAIN
    result = subprocess.run([EXPLAIN] + list(arguments), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            universal_newlines=True, timeout=300)
    assert result.returncode == 0, (arguments, result.stderr[-2000:])
    return result.stdout


def test_every_corpus_log_explains_in_the_schema():
    assert len(LOGS) > 20, LOGS
    document = check_document(explain("--json", *LOGS), "explain")
    sources = {report["source"] for report in document["reports"]}
    assert sources == set(LOGS), sorted(set(LOGS) - sources)[:5]
    kinds = {"conflict" if "owner" in report else "notice" for report in document["reports"]}
    assert "conflict" in kinds, kinds
    # Addresses the logs print come back as the same hex: every constraint's, in its text.
    for report in document["reports"]:
        if "report" not in report:
            continue
        text = report["report"]["text"]
        for constraint in report["report"]["constraints"]:
            if "address" in constraint:
                assert constraint["address"] in text, (constraint["address"], report["source"])


def test_the_summary_of_every_corpus_log_is_in_the_schema():
    document = check_document(explain("--summary", "--json", *LOGS), "explain-summary")
    assert document["total"] == sum(entry["count"] for entry in document["conflicts"])
    assert document["total"] == sum(document["owners"].values())



# A width conflict (leading 16 + trailing 16 + width 400 in a view its container makes 320 wide)
# with the window's recursiveDescription pasted after it, and the same conflict beside a dump of
# another window: the grammar of docs/parser-grammar.md, section 9.
DESCRIBED_CONFLICT = """Unable to simultaneously satisfy constraints.
(
    "<NSLayoutConstraint:0x600001 'UIView-Encapsulated-Layout-Width' UIView:0x7fc.width == 320   (active)>",
    "<NSLayoutConstraint:0x600002 UILabel:0x7fd.leading == UIView:0x7fc.leading + 16   (active)>",
    "<NSLayoutConstraint:0x600003 UIView:0x7fc.trailing == UILabel:0x7fd.trailing + 16   (active)>",
    "<NSLayoutConstraint:0x600004 UILabel:0x7fd.width == 400   (active)>"
)

Will attempt to recover by breaking constraint
<NSLayoutConstraint:0x600004 UILabel:0x7fd.width == 400   (active)>
"""
WINDOW_DUMP = """<UIWindow: 0x7fb; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x600b>>
   | <UIView: 0x7fc; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x600c>>
   |    | <UILabel: 0x7fd; frame = (16 100; 288 21); text = 'Hello'; layer = <_UILabelLayer: 0x600d>>
"""
OTHER_DUMP = """<UIWindow: 0x9b0; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x9b1>>
"""


def frame_change(forecast):
    """A forecast's frame change, the sum of its moves' |Δx| + |Δy| + |Δw| + |Δh|, as the reader sums it."""
    return sum(abs(a - b) for move in forecast.get("moves", []) for a, b in zip(move["from"], move["to"]))


def test_a_log_with_view_descriptions_explains_ranked_in_the_schema(tmp_path):
    ranked, unranked = tmp_path / "ranked.log", tmp_path / "unranked.log"
    ranked.write_text(DESCRIBED_CONFLICT + WINDOW_DUMP)
    unranked.write_text(DESCRIBED_CONFLICT + OTHER_DUMP)
    document = check_document(explain("--json", str(ranked), str(unranked)), "explain")
    first, second = (report for report in document["reports"])
    fixes = first["explanation"]["fixes"]
    # The width 400 is fixed between two pinned edges: it gives way first and moves nothing.
    # Leading at 999 moves the label to x = 304 - 400 = -96 (224 of frame change), trailing at
    # 999 widens it by 112: each leaves its own edge 112 off, so they keep the list's order.
    constraints = first["report"]["constraints"]
    assert [fix["rank"] for fix in fixes] == [1, 2, 3]
    assert [constraints[fix["constraint"]]["address"] for fix in fixes] == ["0x600004", "0x600002", "0x600003"]
    assert [frame_change(fix["forecast"]) for fix in fixes] == [0, 224, 112]
    # Each leaves its own constraint 112 off.
    assert [fix["forecast"]["unmet"] for fix in fixes] == [[{"constraint": 3, "by": 112}],
                                                          [{"constraint": 1, "by": 112}],
                                                          [{"constraint": 2, "by": 112}]]
    assert first["explanation"]["rankedBy"] == ["fixedSize", "frames"]
    placed = [view["address"] for view in first["report"]["views"] if "windowFrame" in view]
    assert sorted(placed) == ["0x7fc", "0x7fd"]
    assert "notRanked" not in first["explanation"]
    why = "the view descriptions in the log do not include <UILabel:0x7fd>"
    # Without the views' frames intent alone ranks, and says why nothing is predicted.
    assert second["explanation"]["notPredicted"] == why
    assert second["explanation"]["rankedBy"] == ["fixedSize"]
    assert second["report"]["whyNotPlaced"] == why
    assert all("forecast" not in fix for fix in second["explanation"]["fixes"])

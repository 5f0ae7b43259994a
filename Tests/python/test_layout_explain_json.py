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
        for constraint in report["report"]["conflict"]["mutuallyExclusive"]:
            if "address" in constraint:
                assert constraint["address"] in text, (constraint["address"], report["source"])


def test_the_summary_of_every_corpus_log_is_in_the_schema():
    document = check_document(explain("--summary", "--json", *LOGS), "explain-summary")
    assert document["total"] == sum(entry["count"] for entry in document["conflicts"])
    assert document["total"] == sum(document["owners"].values())


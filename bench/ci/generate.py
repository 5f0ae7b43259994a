#!/usr/bin/env python3
"""Writes a big `xcodebuild test` log for the `layout-explain --ci` benchmark.

A UI test run as CI prints it: test suites of test cases, each with XCTest's activity lines
(`t = 0.05s Set Up`), the app's own log lines from several subsystems, and now and then a
conflict in UIKit's full envelope, made from the corpus logs (bench/explain/generate.py's
blocks: fresh addresses of 8 to 12 hex digits, identifiers and titles holding numbers, some in
SnapKit's form). As varied as a real run, so no cache of ours is flattered (issue 19's lesson):
- thousands of test cases in hundreds of classes, most printing no conflict, some several;
- each feature's views are its own classes, its identifiers its own (`Feature12.ProfileView`), and some constants vary
  by feature, so the run holds over a thousand distinct signatures, a few of them frequent;
- some test cases fail, with XCTest's `path:line: error:` line;
- a few conflicts are cut mid-list by a crash, as `Restarting after unexpected exit` shows.

It prints the number of conflicts and test cases written, which `layout-explain --ci` must
count. The output is deterministic for a given seed.

usage: generate.py [--megabytes N] [--conflicts N] [--seed S] OUT
"""
import argparse
import os
import random
import re
import sys
import zlib

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "explain"))
import generate as explain  # noqa: E402  (the explain bench's corpus blocks and envelope)

MODULE_CLASS = re.compile(r"\bApp\.([A-Z][A-Za-z0-9]*)")
CELL_IDENTIFIER = re.compile(r"'cell-0x[0-9a-f]+-\d+'")
CONSTANT = re.compile(r"(== |>= |<= |\+ |- |\(|-\()(\d+)(?=[ )\]>.]|$)")
FEATURES = ["Profile", "Feed", "Checkout", "Settings", "Search", "Inbox", "Onboarding", "Player", "Map", "Cart"]


def featured(lines, feature, rng):
    """The block as one feature's code makes it: its views in the feature's module, and, in
    one feature in three, its spacing constants shifted by the feature's number."""
    shift = feature % 3 == 0
    out = []
    for line in lines:
        # An identifier is code's, the same on every run: the explain bench's hold numbers
        # drawn per block, which would make every conflict new to any baseline.
        line = CELL_IDENTIFIER.sub("'cell-feature%d'" % feature, line)
        line = MODULE_CLASS.sub(lambda m: "Feature%d.%s" % (feature, m.group(1)), line)
        if shift:
            line = CONSTANT.sub(lambda m: m.group(1) + str(int(m.group(2)) + feature % 7), line)
        out.append(line)
    return out


def activity(rng, seconds, text):
    return "    t = %8.2fs %s\n" % (seconds, text)


def test_case(out, rng, blocks, suite, name, conflicts, noise_lines, counts):
    """One test case: its start, activity and app lines with `conflicts` conflicts among them,
    its result."""
    # Several suites test one feature, whose views print the same conflicts.
    feature = int(suite[len("Feature"):suite.index("Tests")]) % 30
    full = "-[AppUITests.%s %s]" % (suite, name)
    out.write("Test Case '%s' started.\n" % full)
    seconds = 0.0
    out.write(activity(rng, seconds, "Start Test at 2026-11-29 10:%02d:%02d.%03d" % (
        rng.randrange(60), rng.randrange(60), rng.randrange(1000))))
    out.write(activity(rng, 0.05, "Set Up"))
    out.write(activity(rng, 0.06, "    Open com.example.App"))
    slots = sorted(rng.randrange(noise_lines + 1) for _ in range(conflicts))
    cut = False
    for index in range(noise_lines + 1):
        while slots and slots[0] == index:
            slots.pop(0)
            stamp = "2026-11-29 10:%02d:%02d.%06d+0000" % (rng.randrange(60), rng.randrange(60), rng.randrange(10**6))
            block = rng.choice(blocks)
            # One code path makes a conflict the same way each time (SnapKit or not, the same
            # constraint broken): what varies between occurrences is addresses and titles.
            code = random.Random(zlib.crc32(("%d|" % feature + "".join(block)).encode("utf-8")))
            lines = explain.fresh(block, rng, True)
            lines = featured(explain.vary(lines, code, block, ("App", 4242)), feature, rng)
            if rng.random() < 0.002:
                out.write(explain.trimmed(lines, rng, stamp, ("App", 4242)))
                cut = True
            else:
                out.write(explain.envelope(lines, code, stamp, ("App", 4242)))
            counts["conflicts"] += 1
        if index == noise_lines:
            break
        seconds += rng.random() * 0.05
        if rng.random() < 0.3:
            out.write(activity(rng, seconds, rng.choice([
                "Tap \"Continue\" Button", "Find the \"Item %d\" Cell" % rng.randrange(500),
                "Wait for com.example.App to idle", "Swipe up \"Feed\" ScrollView",
                "Checking existence of `\"Done\" Button`"])))
        else:
            stamp = "2026-11-29 10:%02d:%02d.%06d+0000" % (rng.randrange(60), rng.randrange(60), rng.randrange(10**6))
            out.write(explain.ordinary(rng, stamp, ("App", 4242)))
    if cut:
        out.write("Restarting after unexpected exit, crash, or test timeout in %s; summary will include totals "
                  "from previous launches.\n" % full)
    out.write(activity(rng, seconds + 0.1, "Tear Down"))
    counts["tests"] += 1
    if rng.random() < 0.03:
        out.write("/Users/runner/work/App/App/AppUITests/%s.swift:%d: error: %s : XCTAssertTrue failed\n"
                  % (suite, rng.randrange(20, 400), full))
        out.write("Test Case '%s' failed (%.3f seconds).\n" % (full, seconds + 0.2))
    else:
        out.write("Test Case '%s' passed (%.3f seconds).\n" % (full, seconds + 0.2))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--conflicts", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=47)
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                         "Tests", "Fixtures", "corpus"))
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    blocks = explain.corpus_blocks(args.corpus)
    if not blocks:
        sys.exit("error: no corpus logs with constraints in %s" % os.path.join(args.corpus, "logs"))
    # About 2.3 KB per conflict and 110 bytes per other line: lines per test case so that the
    # conflicts come out near --conflicts when the log reaches --megabytes.
    tests = max(1, args.conflicts // 2)
    noise = max(10, int((args.megabytes * 1e6 - args.conflicts * 2300) / tests / 110))
    counts = {"conflicts": 0, "tests": 0}
    target = int(args.megabytes * 1e6)
    with open(args.out, "w", encoding="utf-8") as out:
        out.write("Test Suite 'All tests' started at 2026-11-29 10:00:00.000.\n")
        index = 0
        while out.tell() < target:
            suite = "Feature%dTests" % (index // 40)
            if index % 40 == 0:
                out.write("Test Suite '%s' started at 2026-11-29 10:00:00.000.\n" % suite)
            # Most test cases print no conflict; a storm now and then prints many.
            draw = rng.random()
            conflicts = 0 if draw < 0.55 else (rng.randrange(1, 5) if draw < 0.98 else rng.randrange(10, 40))
            name = "test%s%d" % (rng.choice(FEATURES), index)
            test_case(out, rng, blocks, suite, name, conflicts, rng.randrange(noise // 2, noise * 3 // 2), counts)
            index += 1
        out.write("Test Suite 'All tests' passed at 2026-11-29 11:00:00.000.\n")
    print("wrote %s: %.1f MB, %d conflicts in %d test cases" % (
        args.out, os.path.getsize(args.out) / 1e6, counts["conflicts"], counts["tests"]))


if __name__ == "__main__":
    main()

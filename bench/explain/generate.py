#!/usr/bin/env python3
"""Writes a big console log for the layout-explain benchmark.

The corpus logs are repeated with fresh addresses (consistent within each
block, new for every block), wrapped in the full UIKit envelope so that the
grep pipeline has its "Will attempt to recover by breaking" line to count,
and mixed with ordinary app log lines so that about 30% of the bytes are
conflict blocks. The output is deterministic for a given seed.

usage: generate.py [--megabytes N] [--seed S] OUT
"""
import argparse
import glob
import os
import random
import re

ADDRESS = re.compile(r"0x[0-9a-f]+")
CONSTRAINT = re.compile(r'^\s*"?(<<?[A-Za-z_.]*Constraint[: ].*>)"?,?\s*$')


def corpus_blocks(corpus):
    """The constraint lines of each corpus log, without the envelope."""
    blocks = []
    for path in sorted(glob.glob(os.path.join(corpus, "logs", "*.txt"))):
        lines = []
        with open(path, encoding="utf-8") as handle:
            for line in handle:
                if line.strip() == ")":
                    break  # the list ends; a "breaking" line after it is not a list item
                match = CONSTRAINT.match(line)
                if match:
                    lines.append(match.group(1))
        if lines:
            blocks.append(lines)
    return blocks


def fresh(block, rng):
    """The block with every address replaced, consistently inside the block."""
    mapping = {}

    def replace(match):
        old = match.group(0)
        if old not in mapping:
            mapping[old] = "0x%x" % rng.randrange(0x600000000000, 0x7fffffffffff)
        return mapping[old]

    return [ADDRESS.sub(replace, line) for line in block]


def envelope(lines, rng, stamp):
    prefix = "%s App[4242:%d] [LayoutConstraints] " % (stamp, rng.randrange(100000, 999999))
    broken = rng.choice(lines)
    out = [prefix + "Unable to simultaneously satisfy constraints.\n",
           "\tProbably at least one of the constraints in the following list is one you don't want. \n",
           "\tTry this: \n",
           "\t\t(1) look at each constraint and try to figure out which you don't expect; \n",
           "\t\t(2) find the code that added the unwanted constraint or constraints and fix it. \n",
           "(\n"]
    out += ['    "%s",\n' % line for line in lines[:-1]]
    out.append('    "%s"\n' % lines[-1])
    out += [")\n", "\n", "Will attempt to recover by breaking constraint \n", broken + "\n", "\n",
            "Make a symbolic breakpoint at UIViewAlertForUnsatisfiableConstraints to catch this in the debugger.\n",
            "The methods in the UIConstraintBasedLayoutDebugging category on UIView listed in "
            "<UIKitCore/UIView.h> may also be helpful.\n"]
    return "".join(out)


ORDINARY = [
    "[Network] GET https://api.example.com/v1/items?page={n} 200 ({m} ms)",
    "Loaded {n} items from cache in {m} ms",
    "[Analytics] event=screen_view name=Settings session={n}",
    "<UIView: 0x7f{h}; frame = (0 0; 375 {m}); autoresize = W+H; layer = <CALayer: 0x60{h}>>",
    "[Image] decoded thumbnail_{n}.jpg ({m}x{m}) on queue com.example.images",
    "Warning: Attempt to present <UIAlertController: 0x7f{h}> whose view is not in the window hierarchy",
    "[Sync] merged {n} changes, {m} conflicts resolved (last-writer-wins)",
    "CoreData: annotation: fetch request returned {n} objects in {m} ms",
]


def ordinary(rng, stamp):
    template = rng.choice(ORDINARY)
    text = template.format(n=rng.randrange(1, 100000), m=rng.randrange(1, 2000), h="%08x" % rng.getrandbits(32))
    return "%s App[4242:%d] %s\n" % (stamp, rng.randrange(100000, 999999), text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..", "..",
                                                         "shared", "corpus"))
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    blocks = corpus_blocks(args.corpus)
    target = int(args.megabytes * 1_000_000)
    written = conflict_bytes = conflicts = 0
    with open(args.out, "w", encoding="utf-8") as out:
        while written < target:
            stamp = "2024-05-01 12:%02d:%02d.%06d+0200" % (rng.randrange(60), rng.randrange(60), rng.randrange(10**6))
            if conflict_bytes < 0.3 * written:
                chunk = envelope(fresh(rng.choice(blocks), rng), rng, stamp)
                conflict_bytes += len(chunk.encode("utf-8"))
                conflicts += 1
            else:
                chunk = "".join(ordinary(rng, stamp) for _ in range(20))
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
    print("wrote %s: %.1f MB, %d conflicts, %.0f%% conflict bytes"
          % (args.out, written / 1e6, conflicts, 100.0 * conflict_bytes / written))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes a big console log for the layout-explain benchmark.

The corpus logs are repeated with fresh addresses (consistent within each
block, new for every block), wrapped in the full UIKit envelope so that the
grep pipeline has its "Will attempt to recover by breaking" line to count,
and mixed with ordinary app log lines so that about 30% of the bytes are
conflict blocks. The output is deterministic for a given seed.

A real console is more varied than the corpus repeated, and a cache that
only pays off on repeats would flatter us (issue 19). So, unless --plain:
- several apps' logs are interleaved, each with its own process name and id;
- each address has 8 to 12 hex digits, mixed within one block;
- some constraints get identifiers, and some titles, that hold addresses and
  numbers (`'cell-0x7f3a-12'`, `'Item 42'`), which differ from block to block;
- some blocks are trimmed mid-list (a console cut, a crash), with no
  "breaking" line after them;
- some blocks are written in SnapKit's form (`SnapKit.LayoutConstraint:0x…@File.swift#N`),
  each constraint with the one source line it has in its app (`source_line`).
The corpus already holds AppKit blocks. It prints the number of conflicts
written, which `layout-explain --summary` must count exactly.

usage: generate.py [--megabytes N] [--seed S] [--plain] OUT
"""
import argparse
import glob
import os
import random
import re
import sys
import zlib

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


def fresh(block, rng, varied=False):
    """The block with every address replaced, consistently inside the block; varied, each
    new address has 8 to 12 hex digits."""
    mapping = {}

    def replace(match):
        old = match.group(0)
        if old not in mapping:
            if varied:
                digits = rng.randrange(8, 13)
                mapping[old] = "0x%x" % rng.randrange(16 ** (digits - 1), 16 ** digits)
            else:
                mapping[old] = "0x%x" % rng.randrange(0x600000000000, 0x7fffffffffff)
        return mapping[old]

    return [ADDRESS.sub(replace, line) for line in block]


CONSTRAINT_HEAD = re.compile(r"^<NSLayoutConstraint:(0x[0-9a-f]+) (?!')")
TITLE = re.compile(r"(UILabel:0x[0-9a-f]+)'[^']*'")
SOURCES = ["ProfileView.swift", "FeedCell.swift", "Checkout Screen.swift", "SettingsRow.swift"]


def source_line(app, template):
    """Where SnapKit says a constraint was made: fixed for one app and one corpus line, as in real
    code, where a given `make.…` call always sits on the same line of the same file. (A fresh
    random `#N` on every line made each SnapKit line unique, which no real console does; the
    addresses, titles and identifiers below still vary from block to block.)"""
    digest = zlib.crc32(("%s|%s" % (app[0], ADDRESS.sub("", template))).encode("utf-8"))
    return SOURCES[digest % len(SOURCES)], 10 + (digest >> 8) % 390


def vary(lines, rng, templates, app):
    """Identifiers and titles holding addresses and numbers, and now and then SnapKit's form;
    `templates` are the corpus lines `lines` were made from."""
    snapkit = rng.random() < 0.15
    out = []
    for line, template in zip(lines, templates):
        if snapkit:
            source = source_line(app, template)
            line = CONSTRAINT_HEAD.sub(lambda m: "<SnapKit.LayoutConstraint:%s@%s#%d " % (
                (m.group(1),) + source), line)
        elif rng.random() < 0.2:
            line = CONSTRAINT_HEAD.sub(lambda m: "<NSLayoutConstraint:%s 'cell-0x%x-%d' " % (
                m.group(1), rng.getrandbits(16), rng.randrange(1000)), line)
        line = TITLE.sub(lambda m: "%s'Item %d of 0x%x'" % (m.group(1), rng.randrange(500), rng.getrandbits(12)), line)
        out.append(line)
    return out


APPS = [("App", 4242), ("Mail", 311), ("Photos", 90210), ("SettingsExtension", 7)]


def envelope(lines, rng, stamp, app=APPS[0]):
    prefix = "%s %s[%d:%d] [LayoutConstraints] " % (stamp, app[0], app[1], rng.randrange(100000, 999999))
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


def trimmed(lines, rng, stamp, app):
    """A block cut mid-list, as a console cut or a crash leaves it: no ")" and no "breaking" line."""
    prefix = "%s %s[%d:%d] [LayoutConstraints] " % (stamp, app[0], app[1], rng.randrange(100000, 999999))
    keep = lines[:max(1, rng.randrange(1, len(lines) + 1) - 1)] if len(lines) > 1 else lines
    return (prefix + "Unable to simultaneously satisfy constraints.\n"
            + "\tProbably at least one of the constraints in the following list is one you don't want. \n(\n"
            + "".join('    "%s",\n' % line for line in keep))


def ordinary(rng, stamp, app=APPS[0]):
    template = rng.choice(ORDINARY)
    text = template.format(n=rng.randrange(1, 100000), m=rng.randrange(1, 2000), h="%08x" % rng.getrandbits(32))
    return "%s %s[%d:%d] %s\n" % (stamp, app[0], app[1], rng.randrange(100000, 999999), text)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--corpus", default=os.path.join(os.path.dirname(__file__), "..", "..",
                                                         "Tests", "Fixtures", "corpus"))
    parser.add_argument("--plain", action="store_true",
                        help="the corpus repeated as it is, from one app (the old benchmark)")
    parser.add_argument("out")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    blocks = corpus_blocks(args.corpus)
    if not blocks:
        sys.exit("error: no corpus logs with constraints in %s" % os.path.join(args.corpus, "logs"))
    target = int(args.megabytes * 1_000_000)
    written = conflict_bytes = conflicts = 0
    varied = not args.plain
    with open(args.out, "w", encoding="utf-8") as out:
        while written < target:
            stamp = "2024-05-01 12:%02d:%02d.%06d+0200" % (rng.randrange(60), rng.randrange(60), rng.randrange(10**6))
            app = rng.choice(APPS) if varied else APPS[0]
            if conflict_bytes < 0.3 * written:
                block = rng.choice(blocks)
                lines = fresh(block, rng, varied)
                if varied:
                    lines = vary(lines, rng, block, app)
                if varied and rng.random() < 0.05:
                    chunk = trimmed(lines, rng, stamp, app)
                else:
                    chunk = envelope(lines, rng, stamp, app)
                conflict_bytes += len(chunk.encode("utf-8"))
                conflicts += 1
            else:
                # Several apps' lines interleave, a few at a time.
                chunk = "".join(ordinary(rng, stamp, rng.choice(APPS) if varied else app) for _ in range(20))
            out.write(chunk)
            written += len(chunk.encode("utf-8"))
    print("wrote %s: %.1f MB, %d conflicts, %.0f%% conflict bytes"
          % (args.out, written / 1e6, conflicts, 100.0 * conflict_bytes / written))


if __name__ == "__main__":
    main()

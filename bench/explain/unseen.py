#!/usr/bin/env python3
"""A console generate.py never writes, to check the summary away from its benchmark.

The corpus logs pasted whole (their own envelopes, prefixes and damage, most with no
"breaking" line), addresses rewritten per copy at random widths, among syslog-style
noise unlike generate.py's (<Notice>/<Error> tags, description lines with <...: 0x...>,
JSON, stack frames), about a third of the bytes conflicts. The logs come from the
repository's Tests/Fixtures/corpus/logs, found from this file, so any folder will do:

    python3 bench/explain/unseen.py OUT MEGABYTES
"""
import glob, os, random, re, sys
rng = random.Random(20261125)
CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "corpus", "logs")
logs = [open(p, encoding="utf-8").read() for p in sorted(glob.glob(os.path.join(CORPUS, "*.txt")))]
if not logs:
    sys.exit("error: no corpus logs in %s" % os.path.normpath(CORPUS))
ADDR = re.compile(r"0x[0-9a-fA-F]+")
NOISE = ["{d} kernel[0]: <Notice> AppleKeyStore: operation failed (pid: {n} sel: 7 ret: e00002e2)",
         "{d} Safari[{n}] <Error>: Could not load bundle at path /System/Library/Bundles/Thing{m}.bundle",
         "{d} App[{n}:{m}] (  ) list item {m}",
         "{d} App[{n}:{m}] Request finished: status=200 bytes={m} url=https://cdn.example.net/img/{n}.png",
         "{d} App[{n}:{m}] <MyCell: 0x{h}; frame = (0 {m}; 320 44); layer = <CALayer: 0x{h}>>",
         "{d} locationd[{n}] {{\"msg\":\"#Warning\", \"event\":\"activity\", \"code\":{m}}}",
         "    at Foo.bar (Foo.swift:{m})"]
out = open(sys.argv[1], "w", encoding="utf-8")
target, written, blocks = int(float(sys.argv[2]) * 1e6), 0, 0
while written < target:
    if rng.random() < 0.05:
        mapping = {}
        def fresh(m):
            k = m.group(0).lower()
            if k not in mapping:
                mapping[k] = "0x%0*x" % (rng.randrange(4, 15), rng.getrandbits(48))
            return mapping[k]
        chunk = ADDR.sub(fresh, rng.choice(logs))
        if not chunk.endswith("\n"): chunk += "\n"
        blocks += 1
    else:
        d = "Nov 25 19:%02d:%02d" % (rng.randrange(60), rng.randrange(60))
        chunk = rng.choice(NOISE).format(d=d, n=rng.randrange(1, 99999), m=rng.randrange(1, 5000), h="%x" % rng.getrandbits(40)) + "\n"
    out.write(chunk); written += len(chunk.encode())
print("wrote %d bytes, %d corpus logs" % (written, blocks))

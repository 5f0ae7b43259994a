#!/usr/bin/env python3
"""Joins solver-bench's JSON lines with kiwi_workloads.py --json into the comparison table.

Usage: compare.py ours.jsonl kiwi.json

One line per workload, N and operation: our median time, kiwi's, and ours/kiwi. Then a
sanity line per workload and N: after the build our superview must have its suggested size,
as kiwi_workloads.py's nominal size (the required pins allow it). The last
line is `ratio=X`, the worst ratio over every operation, workload and N that both sides ran,
after a line naming which one it is. Exits 1 if a sanity check fails."""
import json
import math
import sys

OPERATIONS = ["build", "update", "resize", "readd", "conflict"]


def main(ours_path, kiwi_path):
    with open(ours_path) as f:
        ours = {(r["workload"], r["N"]): r for r in map(json.loads, filter(str.strip, f))}
    with open(kiwi_path) as f:
        kiwi_doc = json.load(f)
    kiwi = {(r["workload"], r["N"]): r for r in kiwi_doc["results"]}
    print("# kiwi context:", json.dumps(kiwi_doc["context"]))
    print("%-10s %6s %-9s %12s %12s %9s" % ("workload", "N", "operation", "ours_ms", "kiwi_ms", "ratio"))
    keys = [k for k in ours if k in kiwi]
    worst = None
    for key in keys:
        for op in OPERATIONS:
            a, b = ours[key][op + "_s"] * 1e3, kiwi[key][op + "_s"] * 1e3
            ratio = a / b if b > 0 and not math.isnan(b) else float("nan")
            print("%-10s %6d %-9s %12.3f %12.3f %9.3f" % (key[0], key[1], op, a, b, ratio))
            # kiwi_workloads.py skips readd above --readd-max-n (NaN): nothing to compare.
            if not math.isnan(ratio) and (worst is None or ratio > worst[0]):
                worst = (ratio, key[0], key[1], op)
    failed = False
    for key in keys:
        sanity = (ours[key]["sanity_w"], ours[key]["sanity_h"])
        nominal = (ours[key].get("nominal_w", sanity[0]), ours[key].get("nominal_h", sanity[1]))
        ok = all(abs(a - b) <= 1e-6 for a, b in zip(sanity, nominal))
        failed = failed or not ok
        print("# sanity %s N=%d: superview %gx%g, expected %gx%g%s"
              % (key[0], key[1], sanity[0], sanity[1], nominal[0], nominal[1], "" if ok else "  MISMATCH"))
    if worst is None:
        print("error: no workload ran on both sides", file=sys.stderr)
        return 1
    print("# worst: %s N=%d %s" % worst[1:])
    print("ratio=%.3f" % worst[0])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))

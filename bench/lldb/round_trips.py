"""Counts what one `lreport` asks of LLDB, and where its Python time goes.

Run through `bench/lldb/run.sh --round-trips` (same build and scenario as the benchmark):
on `layout-demo many-views N`, stopped at LayoutDemoDidLayout, it runs `lreport 0x<root>`
a few times to warm up, then

  (1) one more with every method of every lldb.SB* class wrapped to count its calls, grouped:
      expression evaluations, memory reads, memory writes, symbol lookups, process/thread/frame
      state queries, and the rest (plain accessors of SB objects already in hand);
  (2) --profile-runs more under cProfile, printing the functions by own time: the phases of
      the command (the call, the read, the release, the text work, the result).

Each SB call on a process's memory or an expression crosses to the debug server (a
gdb-remote round trip); a state query or an accessor stays in LLDB.
"""

import argparse
import collections
import cProfile
import io
import os
import pstats
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lldb  # noqa: E402  (the benchmark's session: same target, same stop)

lldb = bench_lldb.lldb

# SB methods by kind of work, for (1); anything else is an accessor.
KINDS = (
    ("expression evaluations", ("EvaluateExpression",)),
    ("memory reads", ("ReadMemory", "ReadCStringFromMemory", "ReadUnsignedFromMemory",
                      "ReadPointerFromMemory", "GetMemoryRegionInfo")),
    ("memory writes", ("WriteMemory",)),
    ("symbol lookups", ("FindSymbols", "FindFunctions", "FindGlobalVariables", "FindFirstType",
                        "ResolveLoadAddress", "ResolveSymbolContextForAddress")),
    ("state queries", ("GetState", "GetStopID", "GetThreadAtIndex", "GetNumThreads", "GetSelectedThread",
                       "GetFrameAtIndex", "GetSelectedFrame", "GetFunctionName", "GetSymbol",
                       "GetLoadAddress", "GetThreadID", "GetProcessID", "GetUniqueID")),
)


def kind_of(method):
    """Which KINDS group an SB method name belongs to ("accessors" when none)."""
    for kind, names in KINDS:
        if method in names:
            return kind
    return "accessors"


class CallCounter(object):
    """Wraps every public method of every lldb.SB* class; counts calls while `counting`."""

    def __init__(self):
        self.counts = collections.Counter()
        self.counting = False
        for class_name in dir(lldb):
            cls = getattr(lldb, class_name)
            if not class_name.startswith("SB") or not isinstance(cls, type):
                continue
            for name, function in list(vars(cls).items()):
                if name.startswith("_") or not callable(function) or isinstance(function, (staticmethod, classmethod, type)):
                    continue
                setattr(cls, name, self.wrap(class_name, name, function))

    def wrap(self, class_name, name, function):
        """`function`, counted as `class_name.name` when counting."""
        def counted(*args, **kwargs):
            if self.counting:
                self.counts["%s.%s" % (class_name, name)] += 1
            return function(*args, **kwargs)
        return counted

    def report(self):
        """The counts by kind, then each method; our own harness's calls are left out."""
        harness = ("SBCommandInterpreter.HandleCommand", "SBCommandReturnObject.Succeeded",
                   "SBCommandReturnObject.GetOutputSize")
        by_kind = collections.defaultdict(list)
        for method, count in sorted(self.counts.items()):
            if method not in harness:
                by_kind[kind_of(method.split(".", 1)[1])].append((method, count))
        lines = []
        total = 0
        for kind in [k for k, _ in KINDS] + ["accessors"]:
            calls = by_kind.get(kind, [])
            number = sum(count for _, count in calls)
            total += number
            lines.append("%-24s %3d" % (kind + ":", number))
            lines.extend("    %-40s x%d" % (method, count) for method, count in calls)
        lines.append("%-24s %3d" % ("SB calls in all:", total))
        return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description="lreport's round trips and Python profile")
    parser.add_argument("--views", type=int, default=1000, help="views in the many-views scenario")
    parser.add_argument("--profile-runs", type=int, default=20, help="lreport runs under cProfile")
    args = parser.parse_args()

    counter = CallCounter()
    bench = bench_lldb.Bench(args.views)
    try:
        bench.command("lload")
        for _ in range(3):
            bench.lreport_result()
        counter.counting = True
        bench.lreport_result()
        counter.counting = False
        print("one lreport 0x<root> on many-views %d, after three:" % args.views)
        print(counter.report())
        profile = cProfile.Profile()
        profile.enable()
        for _ in range(args.profile_runs):
            bench.lreport_result()
        profile.disable()
    finally:
        bench.close()
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(18)
    print("\n%d lreport runs under cProfile (times include the SB wrappers' own cost):" % args.profile_runs)
    print(out.getvalue().split("\n", 4)[-1].rstrip())


if __name__ == "__main__":
    main()

"""The lreport half of bench/origins: `lreport` on `layout-demo many-views N` (stopped at
LayoutDemoDidLayout) in one lldb session without origins, and in another with `lorigins on`
from launch, where every constraint line gains a `made at` line resolved in LLDB.

Prints the medians of --repeat runs of each and `lreport_ratio=X` (with / without).
"""

import argparse
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "bench", "lldb"))
# bench_lldb finds LLDB's module and the built products the same way for both benches.
from bench_lldb import DEMO, LIBRARY, SCRIPT, fail, lldb  # noqa: E402


def time_lreport(views, repeat, origins):
    """Median seconds of `lreport <root>` in a fresh session, and the report's text."""
    os.environ["LAYOUT_DEBUG_LIBRARY"] = LIBRARY
    debugger = lldb.SBDebugger.Create(False)
    debugger.SetAsync(False)
    interpreter = debugger.GetCommandInterpreter()

    def command(text):
        result = lldb.SBCommandReturnObject()
        interpreter.HandleCommand(text, result)
        if not result.Succeeded():
            fail("%s: %s" % (text, (result.GetError() or "").strip()))
        return result

    command("command script import " + SCRIPT)
    target = debugger.CreateTarget(DEMO)
    if origins:
        command("lorigins on")
    target.BreakpointCreateByName("LayoutDemoDidLayout")
    info = lldb.SBLaunchInfo(["many-views", str(views)])
    info.AddOpenFileAction(1, "/dev/null", False, True)
    error = lldb.SBError()
    process = target.Launch(info, error)
    if not error.Success() or process.GetState() != lldb.eStateStopped:
        fail("could not stop layout-demo at LayoutDemoDidLayout: %s" % error.GetCString())
    root = process.GetSelectedThread().GetFrameAtIndex(0).FindRegister("arg1").GetValueAsUnsigned()
    text = command("lreport 0x%x" % root).GetOutput()  # warm: library loaded, caches filled
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        result = command("lreport 0x%x" % root)
        times.append(time.perf_counter() - start)
        if result.GetOutputSize() == 0:
            fail("lreport printed nothing")
    process.Kill()
    lldb.SBDebugger.Destroy(debugger)
    return statistics.median(times), text


def main():
    """Both sessions, their figures, and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--views", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    for path in (DEMO, LIBRARY):
        if not os.path.isfile(path):
            fail("missing %s: build first (swift build -c release)" % path)
    without, plain = time_lreport(args.views, args.repeat, origins=False)
    with_origins, text = time_lreport(args.views, args.repeat, origins=True)
    made = text.count("made at ")
    if made == 0 or "<frames" in text:
        fail("the report with origins has no resolved made-at lines")
    print("views=%d lreport_ms_without=%.2f lreport_ms_with=%.2f made_at_lines=%d bytes_without=%d bytes_with=%d"
          % (args.views, without * 1000, with_origins * 1000, made, len(plain), len(text)))
    print("lreport_ratio=%.3f" % (with_origins / without))


if __name__ == "__main__":
    main()

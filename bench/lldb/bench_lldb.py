"""Times the LLDB commands against the per-object approach, in one lldb session.

Run through bench/lldb/run.sh. On `layout-demo many-views N`, stopped at
LayoutDemoDidLayout ($arg1 = the root view):

  (1) floor:      `(int)getpid()` evaluated as C, with the options our commands use
  (2) lreport:    `lreport 0x<root>` through the command interpreter (one expression),
                  until its output is complete in the command's result. Copying
                  that output back into Python (`GetOutput`, which also interns
                  it in LLDB's string pool) is the harness's cost, not the
                  command's: it is timed and printed apart.
  (3) per-object: one expression per view, as Chisel-style scripts do: for every
                  view of the tree, a C call that describes that one view
                  (`lds_report(view, LDS_NO_DESCEND)`) and a read of its text.
  (4) llint:      `llint 0x<root>` on the same tree, timed like (2) and
                  interleaved with it (issue 16: at most 2x lreport); `--stress`
                  (three solves of a copy of the constraints) is printed beside it.

Beside (2), its parts are timed apart: the call alone, the read, and the same call on
one leaf view without descending (the expression's own cost; the call less it is the
report made in the target).

(1), (2) and (4) are medians of --repeat runs; (3) is one walk of the whole tree.
Prints all four, (3)/(2) and (4)/(2), and ends with `ratio=X` where X = (2)/(1).
"""

import argparse
import json
import os
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BUILD_DIR = os.path.abspath(os.environ.get("LAYOUT_DEBUG_BUILD_DIR") or os.path.join(ROOT, ".build", "release"))
SCRIPT = os.path.join(ROOT, "lldb", "layout_debug.py")
DEMO = os.path.join(BUILD_DIR, "layout-demo")
LIBRARY = os.path.join(BUILD_DIR, "libLayoutDebugSupport.so")


sys.path.insert(0, os.path.join(ROOT, "scripts"))
import lldb_module  # noqa: E402

lldb = lldb_module.import_lldb()
sys.path.insert(0, os.path.join(ROOT, "lldb"))
import layout_debug  # noqa: E402  (the script's own expression options and C text)


def fail(message):
    sys.stderr.write("error: %s\n" % message)
    sys.exit(1)


def view_addresses(report_json):
    """Every view's address in an `lreport --json` document, in document order."""
    found = []

    def walk(node):
        if isinstance(node, dict):
            reference = node.get("reference")
            if isinstance(reference, dict) and "frame" in node and reference.get("address"):
                address = reference["address"]
                if isinstance(address, str):
                    address = int(address, 16)
                found.append(address)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(json.loads(report_json))
    seen = set()
    unique = []
    for address in found:
        if address not in seen:
            seen.add(address)
            unique.append(address)
    return unique


class Bench(object):
    def __init__(self, views):
        for path in (DEMO, LIBRARY):
            if not os.path.isfile(path):
                fail("missing %s: build first (swift build -c release)" % path)
        os.environ["LAYOUT_DEBUG_LIBRARY"] = LIBRARY
        self.debugger = lldb.SBDebugger.Create(False)
        self.debugger.SetAsync(False)
        self.interpreter = self.debugger.GetCommandInterpreter()
        self.command("command script import " + SCRIPT)
        self.target = self.debugger.CreateTarget(DEMO)
        self.target.BreakpointCreateByName("LayoutDemoDidLayout")
        info = lldb.SBLaunchInfo(["many-views", str(views)])
        info.AddOpenFileAction(1, "/dev/null", False, True)
        error = lldb.SBError()
        self.process = self.target.Launch(info, error)
        if not error.Success() or self.process.GetState() != lldb.eStateStopped:
            fail("could not stop layout-demo at LayoutDemoDidLayout: %s" % error.GetCString())
        self.frame = self.process.GetSelectedThread().GetFrameAtIndex(0)
        self.root = self.frame.FindRegister("arg1").GetValueAsUnsigned()
        self.options = layout_debug.expression_options(layout_debug.DEFAULT_TIMEOUT, lldb.eLanguageTypeC)
        self.report_entry = None  # lds_report's load address, once the library is loaded

    def run_command(self, text):
        result = lldb.SBCommandReturnObject()
        self.interpreter.HandleCommand(text, result)
        if not result.Succeeded():
            fail("%s: %s" % (text, result.GetError().strip()))
        return result

    def command(self, text):
        return self.run_command(text).GetOutput()

    def evaluate(self, text):
        value = self.frame.EvaluateExpression(text, self.options)
        if not value.GetError().Success():
            fail("%s: %s" % (text, value.GetError().GetCString()))
        return value

    def read_text(self, value):
        return layout_debug.read_buffer(self.process, value.GetValueAsUnsigned())

    def floor(self):
        return self.evaluate("(int)getpid()")

    def lreport(self):
        return self.command("lreport 0x%x" % self.root)

    def lreport_result(self):
        """(2): the command, with its output complete in the result but not copied out."""
        result = self.run_command("lreport 0x%x" % self.root)
        if result.GetOutputSize() == 0:
            fail("lreport printed nothing")
        return result

    def llint_result(self, stress=False):
        """(4): `llint` on the root, with its output complete in the result but not copied out."""
        result = self.run_command("llint 0x%x%s" % (self.root, " --stress" if stress else ""))
        if result.GetOutputSize() == 0:
            fail("llint printed nothing")
        return result

    def entry_address(self, name):
        symbols = self.target.FindSymbols(name)
        for index in range(symbols.GetSize()):
            symbol = symbols.GetContextAtIndex(index).GetSymbol()
            if symbol.GetType() == lldb.eSymbolTypeCode:
                return symbol.GetStartAddress().GetLoadAddress(self.target)
        fail("no symbol %s in the process" % name)

    def report_call(self, address, flags=0):
        """The call lreport makes, `lds_report(address, flags)` through the entry point's
        address, evaluated; the address is looked up once, as lreport keeps it per process."""
        if self.report_entry is None:
            self.report_entry = self.entry_address("lds_report")
        call = layout_debug.c_call("lds_report", layout_debug.c_pointer(address), str(flags),
                                   address=self.report_entry)
        return self.evaluate(call)

    def report_expression(self):
        """lreport's one expression alone: the call, with the report made in the target."""
        return self.report_call(self.root)

    def leaf_expression(self, address):
        """The same call on one view without descending (the last in pre-order, a leaf): the
        expression's own cost, so that the report made in the target is the whole call less this."""
        return self.report_call(address, layout_debug.LDS_NO_DESCEND)

    def per_object(self, addresses):
        # The same resolved-address call that lreport makes, once per view.
        texts = 0
        for address in addresses:
            text = self.read_text(self.report_call(address, layout_debug.LDS_NO_DESCEND))
            if text.startswith("error:"):
                fail("per-object report of 0x%x: %s" % (address, text.strip()))
            texts += len(text)
        return texts

    def close(self):
        self.process.Kill()
        lldb.SBDebugger.Destroy(self.debugger)


def timed(function, repeat):
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples), samples


def main():
    parser = argparse.ArgumentParser(description="LLDB command benchmark (bench/lldb/run.sh)")
    parser.add_argument("--views", type=int, default=1000, help="views in the many-views scenario")
    parser.add_argument("--repeat", type=int, default=21, help="samples for (1) and (2)")
    args = parser.parse_args()

    bench = Bench(args.views)
    try:
        bench.command("lload")
        bench.floor()
        report = bench.lreport()
        addresses = view_addresses(bench.command("lreport --all --json 0x%x" % bench.root))
        if len(addresses) < args.views:
            fail("the JSON report of the root names %d views, expected at least %d"
                 % (len(addresses), args.views))
        # Interleaved, so that (1) and (2) see the same load on a shared machine.
        lint_text = bench.llint_result().GetOutput()
        if not lint_text.rstrip().endswith("0 findings"):
            fail("llint found traps in many-views, which has none:\n" + lint_text[-2000:])
        samples = {"floor": [], "lreport": [], "call": [], "read": [], "copy_out": [], "llint": [], "leaf": []}
        for _ in range(args.repeat):
            samples["floor"].append(timed(bench.floor, 1)[0])
            start = time.perf_counter()
            result = bench.lreport_result()
            samples["lreport"].append(time.perf_counter() - start)
            start = time.perf_counter()
            result.GetOutput()
            samples["copy_out"].append(time.perf_counter() - start)
            start = time.perf_counter()
            bench.llint_result()
            samples["llint"].append(time.perf_counter() - start)
            start = time.perf_counter()
            value = bench.report_expression()  # a fresh buffer: nothing cached
            samples["call"].append(time.perf_counter() - start)
            start = time.perf_counter()
            bench.read_text(value)
            samples["read"].append(time.perf_counter() - start)
            start = time.perf_counter()
            leaf_text = bench.read_text(bench.leaf_expression(addresses[-1]))
            samples["leaf"].append(time.perf_counter() - start)
            if leaf_text.startswith("error:"):
                fail("report of the last view 0x%x: %s" % (addresses[-1], leaf_text.strip()))
        floor, ours, expression, read, copy_out, lint, leaf = (
            statistics.median(samples[key]) for key in
            ("floor", "lreport", "call", "read", "copy_out", "llint", "leaf"))
        stress = timed(lambda: bench.llint_result(stress=True), max(1, args.repeat // 4))[0]
        start = time.perf_counter()
        bench.per_object(addresses)
        per_object = time.perf_counter() - start
    finally:
        bench.close()

    print("build: %s" % BUILD_DIR)
    print("scenario: many-views %d (%d views in the tree, lreport text %d bytes)"
          % (args.views, len(addresses), len(report)))
    print("(1) floor, (int)getpid() as C:          %8.2f ms (median of %d, interleaved)" % (floor * 1e3, args.repeat))
    print("(2) lreport <root>, one expression:     %8.2f ms (median of %d, interleaved)" % (ours * 1e3, args.repeat))
    print("    parts, timed apart: the call with the report made in the target %.2f ms,"
          " reading the %d-byte buffer %.2f ms" % (expression * 1e3, len(report), read * 1e3))
    print("    the same call on one leaf view, read back: %.2f ms; so the report made in the target"
          " is about %.2f ms, and the rest of (2) beside the call and the read %.2f ms"
          % (leaf * 1e3, (expression - leaf) * 1e3, (ours - expression - read) * 1e3))
    print("    the harness copying the output back into Python (GetOutput), not in (2): %.2f ms"
          % (copy_out * 1e3))
    print("(3) per-object, one expression a view:  %8.2f ms (%d expressions, %.2f ms each)"
          % (per_object * 1e3, len(addresses), per_object * 1e3 / max(1, len(addresses))))
    print("(4) llint <root>, one expression:       %8.2f ms (median of %d, interleaved with (2));"
          " llint --stress %.2f ms" % (lint * 1e3, args.repeat, stress * 1e3))
    print("per_object_over_lreport=%.1f (goal >= 50)" % (per_object / ours))
    print("llint_over_lreport=%.2f (goal <= 2)" % (lint / ours))
    print("ratio=%.2f" % (ours / floor))


if __name__ == "__main__":
    main()

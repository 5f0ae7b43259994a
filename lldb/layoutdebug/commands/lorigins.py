"""lorigins: record where each constraint is made, so reports say `made at File.swift:42`."""

import re

from ..evaluation import Context
from ..json_documents import document, dumps
from ..lldb_api import lldb
from ..origin_launch import capture_at_launch, find_launch_breakpoints, set_capture, stop_capture_at_launch
from .base import Command, command_target, target_flags


def stopped_process(exe_ctx):
    """The command's process when it is stopped (capture can change now), else None."""
    process = exe_ctx.GetProcess() if exe_ctx is not None else None
    if process is None or not process.IsValid():
        return None
    return process if process.GetState() == lldb.eStateStopped else None


class OriginsCommand(Command):
    """Turns origin capture on or off for the next launch (and now), or says where it stands."""

    name = "lorigins"
    short_help = "Record where each constraint is made; reports then print `made at File.swift:42`."
    description = (
        "With capture on, every report that lists a constraint (lbreak, lreport,\n"
        "lconstraints) prints under it where the app made it:\n"
        "    made at ConflictScenarios.swift:21 in cellWidth(root:count:)\n"
        "naming the first frame in your own code, after UIKit, ReferenceKit, SnapKit,\n"
        "Masonry and the Swift runtime. Apps make most constraints at launch, so `on`\n"
        "starts capture at `main` on every launch (relaunch with `process launch`); in a\n"
        "stopped process it also starts now. Addresses become file:line here, in LLDB,\n"
        "through the app's debug info; without it the report names the function.\n"
        "Cost: one stop at main per launch to load the helper library; in the app, a\n"
        "16-frame backtrace per constraint made or activated (bench/origins times it;\n"
        "its figures are in bench/RESULTS.md) and about 200 bytes per live constraint,\n"
        "for at most 100,000 constraints (past that, new ones say so).")
    examples = (
        "examples:\n"
        "  lorigins on            then `process launch`: capture from main\n"
        "  lbreak --origins       the same, with the conflict breakpoints\n"
        "  lorigins               where capture stands\n"
        "  lorigins off\n"
        "  lorigins --json         the same as one document (docs/schema/origins.json)")
    flags = target_flags()

    def add_arguments(self, parser):
        """on, off or status (the default)."""
        parser.add_argument("state", nargs="?", default="status", choices=("on", "off", "status"),
                            help="on, off, or status (default)")
        parser.add_argument("--json", action="store_true", help="print one JSON document instead of text")

    def run(self, debugger, args, exe_ctx):
        """Sets or reports capture at launch and, in a stopped process, now."""
        target = command_target(exe_ctx)
        process = stopped_process(exe_ctx)
        lines = []
        status = None
        if args.state == "on":
            lines.append(capture_at_launch(target))
        elif args.state == "off":
            removed = stop_capture_at_launch(target)
            lines.append("Origins: capture at launch is off%s." % (" (it was on)" if removed else ""))
        else:
            at_launch = "on" if find_launch_breakpoints(target) else "off"
            lines.append("Origins: capture at launch is %s." % at_launch)
        if process is not None:
            status = set_capture(Context(debugger, exe_ctx), args.state)
            lines[0] = one_origins_line(lines[0], status)
            if args.state == "on":
                lines.append("(Constraints made before now have no origin; relaunch to record them all.)")
        elif args.state == "on":
            lines.append("Launch the app (process launch) to record its constraints from the start.")
        text = "\n".join(lines)
        if args.json:
            return dumps(document("origins", text=text, atLaunch=bool(find_launch_breakpoints(target)),
                                  process=None if status is None else process_capture(status)))
        return text


# The library's status line (ConstraintOrigins.status): `origins: capture is on; 7 live
# constraints recorded, 3 not recorded because the table was full (100000 records)`.
CAPTURE_ON = re.compile(r"capture is on; (\d+) live constraints? recorded"
                        r"(?:, (\d+) not recorded because the table was full \((\d+) records\))?")


def process_capture(status):
    """lorigins --json's `process`: capture in the stopped process, from the library's status."""
    found = CAPTURE_ON.search(status)
    if found is None:
        return {"capturing": False}
    fields = {"capturing": True, "recorded": int(found.group(1))}
    if found.group(2) is not None:
        fields["refused"] = int(found.group(2))
        fields["capacity"] = int(found.group(3))
    return fields


def one_origins_line(at_launch, in_process):
    """Capture at launch and in the stopped process, on one `Origins:` line: the library's
    status (`origins: capture is on; 7 live constraints recorded`) joined to the launch line."""
    status = in_process.strip()
    if status.startswith("origins: "):
        status = status[len("origins: "):]
    status = status.replace("capture is off in this process", "capture is off")
    status = status.replace("capture is on; ", "capture is on, ", 1)
    return "%s; in this process %s." % (at_launch.rstrip("."), status.rstrip("."))

"""lloop: catch a layout loop live: record each view's requests for another pass, stop where the
loop raises, and print the cycle, the values each pass gave and what would break it."""

from ..arguments import COUNT
from ..errors import LayoutDebugError, UsageError
from ..evaluation import Context
from ..lldb_api import lldb
from ..loop_launch import DISARM, arm, delete_loop_breakpoints, report_at_stop, set_loop_breakpoints, \
    set_threshold_arguments, stopped_at_throw
from ..session import session_for
from .base import Command, command_target, target_flags


class LoopCommand(Command):
    """Arms the loop recorder at each launch and stops at the loop's exception, or reports at that stop."""

    name = "lloop"
    short_help = "Catch a layout loop live: who keeps asking for another pass, and what would break it."
    description = (
        "A layout loop is a pass that asks for another, for ever: AppKit raises past\n"
        "as many Update Constraints (or Layout) in Window passes as the window has\n"
        "views; UIKit spins, unless its feedback loop debugger is armed (--threshold).\n"
        "lloop arms a recorder at `main` on every launch, which keeps each view's last\n"
        "requests for another pass (setNeedsLayout, setNeedsUpdateConstraints, a frame\n"
        "change) with who asked, and stops at objc_exception_throw. There it prints the\n"
        "window and its frame, the rounds against the window's views, the cycle as a\n"
        "chain with each request's asker (file:line through the app's debug info), the\n"
        "values each pass gave, and the changes that would break it. At such a stop,\n"
        "`lloop` prints it again. A stop that is no loop says so in one line.\n"
        "UIKit without its debugger raises nothing: the app spins at 100 % CPU. Pause\n"
        "it and `lloop --report` prints what the recorder holds, as a loop if it repeats.\n"
        "--threshold N adds -UIViewLayoutFeedbackLoopDebuggingThreshold N and\n"
        "-NSViewLayoutFeedbackLoopDebuggingThreshold N to the target's launch\n"
        "arguments (UIKit clamps it to 50...10000): launch without arguments of your\n"
        "own, or `settings set target.run-args` first.\n"
        "Cost: one stop at main per launch; armed, each request records a 32-address\n"
        "backtrace into a ring of --keep requests (1024, about 400 KB).")
    examples = (
        "examples:\n"
        "  lloop                  then `process launch`: arm at main, stop at the loop\n"
        "  lloop --threshold 100  also arm UIKit's feedback loop debugger at 100\n"
        "  lloop                  (stopped at objc_exception_throw) the loop again\n"
        "  lloop --report         (paused, the app at 100 % CPU) what was asked\n"
        "  lloop --keep 4096      keep more requests\n"
        "  lloop --off            remove the breakpoints and the launch arguments")
    flags = target_flags()

    def add_arguments(self, parser):
        """The options of lloop."""
        parser.add_argument("--threshold", type=COUNT, metavar="N",
                            help="arm UIKit's (and AppKit's) feedback loop debugger at N for the next launches")
        parser.add_argument("--keep", type=COUNT, metavar="N", default=0,
                            help="how many requests the recorder keeps (default 1024)")
        parser.add_argument("--report", action="store_true",
                            help="print the record at this stop, wherever the app stopped")
        parser.add_argument("--off", action="store_true",
                            help="delete lloop's breakpoints, its launch arguments, and disarm the recorder")

    def run(self, debugger, args, exe_ctx):
        """Sets up for the next launch, arms now in a stopped process, or reports at a loop's stop."""
        target = command_target(exe_ctx)
        process = exe_ctx.GetProcess()
        stopped = process is not None and process.IsValid() and process.GetState() == lldb.eStateStopped
        if args.report:
            if args.off or args.threshold is not None or args.keep:
                raise UsageError("--report takes no other option")
            if not stopped:
                raise LayoutDebugError("the process is not stopped: pause it (process interrupt) first")
            return report_at_stop(Context(debugger, exe_ctx), paused=True)
        if args.off:
            if args.threshold is not None or args.keep:
                raise UsageError("--off takes no other option")
            removed = delete_loop_breakpoints(target)
            set_threshold_arguments(target, None)
            lines = ["Loops: %d breakpoint%s deleted; no threshold at launch" % (removed, "" if removed == 1 else "s")]
            if stopped:
                lines.append(Context(debugger, exe_ctx).call_report("lds_loop_arm", "%du" % DISARM).strip())
            return "\n".join(lines)
        if stopped and args.threshold is None and not args.keep and stopped_at_throw(exe_ctx.GetThread()):
            return report_at_stop(Context(debugger, exe_ctx))
        lines = set_loop_breakpoints(target)
        session_for(debugger).loop_keep = args.keep
        if args.threshold is not None:
            set_threshold_arguments(target, args.threshold)
            lines.append("Loops: the next launches pass -UIViewLayoutFeedbackLoopDebuggingThreshold %d "
                         "-NSViewLayoutFeedbackLoopDebuggingThreshold %d" % (args.threshold, args.threshold))
        if stopped:
            lines.append(arm(Context(debugger, exe_ctx), args.keep) + " (now, in this process)")
        else:
            lines.append("Launch the app (process launch) to record from its first pass.")
        return "\n".join(lines)


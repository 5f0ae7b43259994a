"""The bridge's hold on the one SBDebugger: its commands, the state of its process, and how
a command that runs too long is interrupted (LLDB's Python module is passed in).

What each LLDB offers, checked on both (SBDebugger and SBProcess in their Python modules):
LLDB 16 has SBProcess.SendAsyncInterrupt and SBDebugger.DispatchInputInterrupt, which reaches
only an interactive driver's input handler (the bridge has none); LLDB 17 added
SBDebugger.RequestInterrupt/CancelInterruptRequest, which commands that loop check, and
LLDB 21 has all of them. SendAsyncInterrupt on a stopped process does nothing.
"""

import json

from mcp_relay import ToolError, one_line

# LLDB's stop reasons the process-stop document names; any other is "other".
STOP_REASONS = {"eStopReasonBreakpoint": "breakpoint", "eStopReasonSignal": "signal",
                "eStopReasonException": "exception"}


class DebuggerSession(object):
    """Runs commands on the debugger and reads its process: only from the gate's job, so
    never while another command runs."""

    def __init__(self, lldb, debugger, conflict_breakpoint_name):
        self.lldb = lldb
        self.debugger = debugger
        self.conflict_breakpoint_name = conflict_breakpoint_name

    def run(self, line):
        """(succeeded, output, error) of one command line."""
        result = self.lldb.SBCommandReturnObject()
        self.debugger.GetCommandInterpreter().HandleCommand(line, result)
        return result.Succeeded(), result.GetOutput() or "", result.GetError() or ""

    def command(self, line):
        """The output of a command that must succeed; else a ToolError of its first line."""
        succeeded, output, error = self.run(line)
        if not succeeded:
            raise ToolError(one_line(error or output) or "`%s` failed" % line)
        return output

    def document(self, line):
        """The JSON document a command prints with --json."""
        output = self.command(line)
        try:
            return json.loads(output)
        except ValueError:
            raise ToolError("`%s` printed no JSON: %s" % (line, one_line(output)))

    def has_target(self):
        """Whether the debugger has a target (the bridge's -- PROGRAM, or one created since)."""
        return self.debugger.GetSelectedTarget().IsValid()

    def process(self):
        """The selected target's process (maybe not valid)."""
        return self.debugger.GetSelectedTarget().GetProcess()

    def process_state(self):
        """{state, pid, exitStatus, stopReason, stopDescription}, the keys that apply."""
        lldb = self.lldb
        process = self.process()
        if not process.IsValid():
            return {"state": "invalid"}
        state = process.GetState()
        found = {"state": lldb.SBDebugger.StateAsCString(state), "pid": process.GetProcessID()}
        if state == lldb.eStateExited:
            found["exitStatus"] = process.GetExitStatus()
        elif state == lldb.eStateStopped:
            thread = self.stopped_thread(process)
            if thread is not None:
                found["stopReason"] = self.stop_reason(process, thread)
                found["stopDescription"] = thread.GetStopDescription(256) or ""
        return found

    def stopped_thread(self, process):
        """The thread at one of lbreak's breakpoints, else the selected one."""
        for thread in process:
            if self.stop_reason(process, thread) == "conflict":
                return thread
        thread = process.GetSelectedThread()
        return thread if thread.IsValid() else None

    def stop_reason(self, process, thread):
        """conflict (one of lbreak's breakpoints), breakpoint, signal, exception or other."""
        reason = thread.GetStopReason()
        if reason == self.lldb.eStopReasonBreakpoint and thread.GetStopReasonDataCount() > 0:
            breakpoint = process.GetTarget().FindBreakpointByID(thread.GetStopReasonDataAtIndex(0))
            if breakpoint.IsValid() and breakpoint.MatchesName(self.conflict_breakpoint_name):
                return "conflict"
        for name, word in STOP_REASONS.items():
            if reason == getattr(self.lldb, name):
                return word
        return "other"

    def state_after_interrupt(self):
        """A few words on the app once an interrupted command has returned."""
        state = self.process_state()
        if state["state"] == "stopped":
            return "the app is stopped (%s)" % (state.get("stopDescription") or "stopped")
        if state["state"] == "exited":
            return "the app exited with status %d" % state["exitStatus"]
        return ""


class DebuggerInterrupter(object):
    """The debugger's part of interrupting a command (mcp_gate.CommandGate's `interrupter`)."""

    def __init__(self, lldb, debugger):
        self.lldb = lldb
        self.debugger = debugger
        self.requested = False

    def stop(self):
        """Stops a running app or expression, and asks LLDB's commands to stop. Safe while a
        command runs: neither takes the target's lock (SBProcess.GetState would wait for it)."""
        process = self.debugger.GetSelectedTarget().GetProcess()
        if process.IsValid():
            process.SendAsyncInterrupt()
        if not self.requested and hasattr(self.debugger, "RequestInterrupt"):
            self.debugger.RequestInterrupt()
            self.requested = True

    def clear(self):
        """Withdraws the interrupt request once the command has returned."""
        if self.requested:
            self.debugger.CancelInterruptRequest()
            self.requested = False

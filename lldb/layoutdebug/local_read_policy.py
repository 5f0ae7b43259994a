"""When /proc/<pid>/mem may stand for the target's memory: the process must be this
machine's and traced by this LLDB."""

import os
import sys

from .lldb_api import lldb
from .local_memory import proc_status_field


def host_platform_name():
    """The name of LLDB's host platform ("host" on an LLDB that cannot say)."""
    try:
        return lldb.SBPlatform.GetHostPlatform().GetName() or "host"
    except AttributeError:  # an LLDB without SBPlatform.GetHostPlatform
        return "host"


def local_memory_refusal(process):
    """Why /proc/<pid>/mem may not stand for the process's memory, or None when it may.

    The platform must be the host platform: not remote-linux, remote-ios, qemu-user
    (a local qemu whose memory is not the guest's), ... And a gdb-remote
    connection to another machine keeps the host platform, with a pid that may
    name an unrelated process here, so the pid must also be, on this machine, a
    process traced by this LLDB or by a debug server it started (lldb-server, a
    child of this process). macOS has no /proc.
    """
    if not sys.platform.startswith("linux"):
        return "no /proc/<pid>/mem on %s" % sys.platform
    platform = process.GetTarget().GetPlatform()
    name = platform.GetName() if platform is not None and platform.IsValid() else None
    if name != host_platform_name():
        return "the platform is %s, not this machine" % (name or "unknown")
    pid = process.GetProcessID()
    if not pid or pid == lldb.LLDB_INVALID_PROCESS_ID:
        return "no process id"
    tracer = proc_status_field(pid, "TracerPid")
    me = os.getpid()
    if not tracer or (tracer != me and proc_status_field(tracer, "PPid") != me):
        return "pid %d on this machine is not traced by this LLDB's debug server" % pid
    return None

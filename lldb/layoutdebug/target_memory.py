"""Reading a report buffer out of the target: from /proc/<pid>/mem when the process is
local and a first read matched LLDB's, else through LLDB."""

from .buffers import buffer_length, decode_text
from .errors import LayoutDebugError
from .lldb_api import lldb
from .local_memory import LocalMemory
from .local_read_policy import local_memory_refusal
from .process_facts import facts_for

# The first local read of each process is compared with LLDB's read of its start.
VERIFIED_BYTES = 4096


def read_buffer(process, address, local_read=True):
    """The text of the buffer at `address`: 8-byte little-endian length N, N bytes of UTF-8, NUL.

    With `local_read`, a process on this machine is read from /proc/<pid>/mem
    (read_locally); LLDB's own memory read is the reference, and it reads the
    buffer whenever the local read is not possible or fails in any way.
    """
    if not address:
        raise LayoutDebugError("the helper library returned no buffer")
    if local_read:
        text = read_locally(process, address)
        if text is not None:
            return text
    return read_buffer_with_lldb(process, address)


def read_buffer_with_lldb(process, address):
    """The buffer's text read through LLDB (SBProcess.ReadMemory): header, then the text."""
    error = lldb.SBError()
    header = process.ReadMemory(address, 8, error)
    if not error.Success():
        raise LayoutDebugError("could not read the report at 0x%x: %s" % (address, error.GetCString()))
    length = buffer_length(header)
    if length == 0:
        return ""
    data = process.ReadMemory(address + 8, length, error)
    if not error.Success() or data is None:
        raise LayoutDebugError("could not read %d bytes of report at 0x%x: %s"
                               % (length, address + 8, error.GetCString()))
    return decode_text(data)


def read_locally(process, address):
    """The buffer's text read from /proc, or None to read it through LLDB. Never raises."""
    try:
        memory = local_memory(process)
        data = memory.read(address)
        if data is None:
            return None
        if not memory.verified:
            # A process's local reads are trusted once one matched LLDB's read of the
            # same bytes; a different answer means /proc shows another process.
            same = same_as_lldb(process, address, data)
            if same is None:
                return None  # LLDB cannot read it either: its read will say why
            if not same:
                memory.refuse("%s does not hold what LLDB reads at 0x%x" % (memory.path, address))
                return None
            memory.verified = True
        text = decode_text(data)
        memory.reads += 1
        return text
    except Exception:  # noqa: BLE001 - whatever went wrong, LLDB's read is the answer
        return None


def same_as_lldb(process, address, data):
    """Whether LLDB reads the header and first bytes of `data` at `address`; None if it cannot read."""
    size = min(len(data), VERIFIED_BYTES - 8)
    error = lldb.SBError()
    reference = process.ReadMemory(address, 8 + size, error)
    if not error.Success() or reference is None:
        return None
    return bytes(reference) == len(data).to_bytes(8, "little") + bytes(data[:size])


def local_memory(process):
    """The process's LocalMemory (refused when the process is not local), decided once."""
    facts = facts_for(process)
    if facts.memory is None:
        pid = process.GetProcessID()
        facts.memory = LocalMemory(pid, local_memory_refusal(process))
    return facts.memory

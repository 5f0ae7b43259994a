"""Reading a report buffer out of the target: from /proc/<pid>/mem when the process is
local and a first read matched LLDB's, else through LLDB."""

from .buffers import RELEASED_MARK, buffer_length, decode_text, released_byte_address
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
    data = read_bytes_locally(process, address) if local_read else None
    if data is None:
        data = read_bytes_with_lldb(process, address)
    release_buffer(process, address, len(data))
    return decode_text(data)


def release_buffer(process, address, length):
    """Tells the library the buffer at `address` is read, so it may write it again. Never raises:
    a buffer left unmarked is only memory the library frees a few calls later."""
    try:
        process.WriteMemory(released_byte_address(address, length), RELEASED_MARK, lldb.SBError())
    except Exception:  # noqa: BLE001 - the text is read; marking it is housekeeping
        pass


def read_buffer_with_lldb(process, address):
    """The buffer's text read through LLDB (SBProcess.ReadMemory): header, then the text."""
    return decode_text(read_bytes_with_lldb(process, address))


def read_bytes_with_lldb(process, address):
    """The buffer's text bytes read through LLDB: header, then the text."""
    error = lldb.SBError()
    header = process.ReadMemory(address, 8, error)
    if not error.Success():
        raise LayoutDebugError("could not read the report at 0x%x: %s" % (address, error.GetCString()))
    length = buffer_length(header)
    if length == 0:
        return b""
    data = process.ReadMemory(address + 8, length, error)
    if not error.Success() or data is None or len(data) != length:
        raise LayoutDebugError("could not read %d bytes of report at 0x%x: %s"
                               % (length, address + 8, error.GetCString()))
    return data


def read_locally(process, address):
    """The buffer's text read from /proc, or None to read it through LLDB. Never raises."""
    data = read_bytes_locally(process, address)
    return None if data is None else decode_text(data)


def read_bytes_locally(process, address):
    """The buffer's text bytes read from /proc, or None to read them through LLDB. Never raises."""
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
        memory.reads += 1
        return data
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

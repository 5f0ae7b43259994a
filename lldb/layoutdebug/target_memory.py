"""Reading a report buffer out of the target: from /proc/<pid>/mem when the process is
local and a first read matched LLDB's, else through LLDB."""

from .buffers import RELEASED_MARK, buffer_length, decode_text, released_byte_address
from .constants import BUFFER_FIRST_READ
from .errors import LayoutDebugError
from .lldb_api import lldb
from .local_memory import LocalMemory
from .local_read_policy import local_memory_refusal
from .process_facts import facts_for

# The first local read of each process is compared with LLDB's read of its start.
VERIFIED_BYTES = 4096


def read_buffer(process, address, local_read=True, facts=None):
    """The text of the buffer at `address`: 8-byte little-endian length N, N bytes of UTF-8, NUL.

    With `local_read`, a process on this machine is read from /proc/<pid>/mem
    (read_locally), and the buffer is marked read there too; LLDB's own memory read
    is the reference, and it reads the buffer whenever the local read is not possible
    or fails in any way. `facts`: the process's ProcessFacts, when the caller has them.
    """
    if not address:
        raise LayoutDebugError("the helper library returned no buffer")
    memory = usable_local_memory(process, facts) if local_read else None
    data = read_bytes_locally(process, address, memory) if memory is not None else None
    if data is None:
        data = read_bytes_with_lldb(process, address)
        memory = None  # a buffer LLDB read is marked through LLDB
    release_buffer(process, address, len(data), memory)
    return decode_text(data)


def release_buffer(process, address, length, memory=None):
    """Tells the library the buffer at `address` is read, so it may write it again: through
    `memory` (the process's LocalMemory, which just read it) when given and able, else
    through LLDB. Never raises: a buffer left unmarked is only memory the library frees a
    few calls later."""
    if memory is not None and memory.verified and memory.mark_released(address, length, RELEASED_MARK):
        return
    try:
        process.WriteMemory(released_byte_address(address, length), RELEASED_MARK, lldb.SBError())
    except Exception:  # noqa: BLE001 - the text is read; marking it is housekeeping
        pass


def read_buffer_with_lldb(process, address):
    """The buffer's text read through LLDB (SBProcess.ReadMemory): header, then the text."""
    return decode_text(read_bytes_with_lldb(process, address))


def read_bytes_with_lldb(process, address):
    """The buffer's text bytes read through LLDB: a report that fits in the buffer's first
    BUFFER_FIRST_READ bytes in that one read, a longer one with a second read of its text."""
    error = lldb.SBError()
    first = process.ReadMemory(address, BUFFER_FIRST_READ, error)
    if error.Success() and first is not None and len(first) == BUFFER_FIRST_READ:
        length = buffer_length(first[:8])
        if 8 + length <= BUFFER_FIRST_READ:
            return memoryview(first)[8:8 + length]
        return read_text_with_lldb(process, address, length)
    # Not even the smallest buffer there: the header alone says whether anything is.
    error = lldb.SBError()
    header = process.ReadMemory(address, 8, error)
    if not error.Success():
        raise LayoutDebugError("could not read the report at 0x%x: %s" % (address, error.GetCString()))
    return read_text_with_lldb(process, address, buffer_length(header))


def read_text_with_lldb(process, address, length):
    """The `length` text bytes of the buffer at `address`, read through LLDB in one read."""
    if length == 0:
        return b""
    error = lldb.SBError()
    data = process.ReadMemory(address + 8, length, error)
    if not error.Success() or data is None or len(data) != length:
        raise LayoutDebugError("could not read %d bytes of report at 0x%x: %s"
                               % (length, address + 8, error.GetCString()))
    return data


def read_locally(process, address):
    """The buffer's text read from /proc, or None to read it through LLDB. Never raises."""
    memory = usable_local_memory(process)
    data = read_bytes_locally(process, address, memory) if memory is not None else None
    return None if data is None else decode_text(data)


def read_bytes_locally(process, address, memory):
    """The buffer's text bytes read from /proc through `memory` (the process's LocalMemory), or
    None to read them through LLDB. Never raises."""
    try:
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


def usable_local_memory(process, facts=None):
    """local_memory, or None when deciding it failed in any way (LLDB's read is the answer)."""
    try:
        return local_memory(process, facts)
    except Exception:  # noqa: BLE001 - whatever went wrong, LLDB's read is the answer
        return None


def local_memory(process, facts=None):
    """The process's LocalMemory (refused when the process is not local), decided once;
    `facts`: the process's ProcessFacts, when the caller has them."""
    facts = facts or facts_for(process)
    if facts.memory is None:
        pid = process.GetProcessID()
        facts.memory = LocalMemory(pid, local_memory_refusal(process))
    return facts.memory

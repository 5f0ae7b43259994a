"""Local memory reads: report buffers read straight from /proc/<pid>/mem (no LLDB).

Whether a process may be read this way is decided with LLDB, in local_read_policy.py.
"""

import os

from .buffers import buffer_length, check_buffer_text, released_byte_address
from .errors import LayoutDebugError
from .expression_errors import first_line


PROC_MEMORY = "/proc/%d/mem"


def open_memory(pid):
    """A read-only descriptor on a process's memory (Linux). Tests replace it to simulate failures."""
    return os.open(PROC_MEMORY % pid, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))


def open_memory_for_writing(pid):
    """A write-only descriptor on a process's memory (Linux), for the released byte of a buffer
    already read. Tests replace it to simulate failures."""
    return os.open(PROC_MEMORY % pid, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))


def pread_exactly(descriptor, size, offset):
    """`size` bytes at `offset`; ValueError when the readable memory ends first."""
    data = os.pread(descriptor, size, offset)
    if len(data) == size:
        return data  # /proc/<pid>/mem gives the whole range in one call unless a page is missing
    parts = [data]
    got = len(data)
    while got < size:
        chunk = os.pread(descriptor, size - got, offset + got)
        if not chunk:
            raise ValueError("short read: %d of %d bytes at 0x%x" % (got, size, offset))
        parts.append(chunk)
        got += len(chunk)
    return b"".join(parts)


def os_error_text(error):
    """An OSError's own text (`Permission denied`), else the error's first line."""
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return first_line(str(error)) or type(error).__name__


class LocalMemory(object):
    """Reads report buffers straight from /proc/<pid>/mem, for a process on this machine.

    LLDB reads a process's memory through its debug server, in gdb-remote packets
    (on Linux even for a local process), and every expression resumes the process,
    which empties LLDB's memory cache: a 1 MB report takes ~9 ms that way and
    under 1 ms from /proc. Whether a process qualifies is decided elsewhere
    (local_memory_refusal); every read that returns None is made again through LLDB.
    """

    def __init__(self, pid, refusal=None):
        """Reads of process `pid`; a `refusal` says why it must never be read here."""
        self.pid = pid
        self.refusal = refusal  # why this process is never read here, or None
        self.verified = False   # set once a read matched LLDB's read of the same bytes
        self.failure = None     # why the last read was left to LLDB, or None
        self.reads = 0          # buffers read here and returned (read_locally counts them)
        self.write_refusal = None  # why released bytes are written through LLDB, or None

    @property
    def path(self):
        """The /proc file of the process's memory."""
        return PROC_MEMORY % self.pid

    def refuse(self, reason):
        """Never reads this process again, for `reason`."""
        self.refusal = reason

    def read(self, address):
        """The text bytes (a memoryview) of the buffer at `address`, or None."""
        if self.refusal is not None:
            return None
        try:
            descriptor = open_memory(self.pid)
        except (OSError, ValueError, OverflowError) as error:
            # Permissions (Yama's ptrace_scope, another user), no /proc: the same
            # answer on every call for this process, so stop asking.
            self.refuse("%s: %s" % (self.path, os_error_text(error)))
            return None
        try:
            try:
                length = buffer_length(pread_exactly(descriptor, 8, address))
            except LayoutDebugError as error:
                self.failure = "%s (the header at 0x%x)" % (error, address)
                return None
            text = check_buffer_text(pread_exactly(descriptor, length + 1, address + 8), length)
            if text is None:
                self.failure = "no NUL after the %d bytes at 0x%x" % (length, address + 8)
                return None
        except (OSError, ValueError, OverflowError) as error:
            self.failure = "%s at 0x%x: %s" % (self.path, address, os_error_text(error))
            return None
        finally:
            os.close(descriptor)
        self.failure = None
        return text

    def mark_released(self, address, length, mark):
        """Writes `mark` as the released byte of the `length`-byte buffer at `address` (see
        buffers.released_byte_address); False when it must go through LLDB instead.

        Only for a buffer this process's read gave back (the caller's rule: a process whose
        local reads matched LLDB's), so the byte is one of the library's own buffers: the
        write needs no round trip to the debug server, which takes longer than reading the
        whole report here. A refused open is not tried again.
        """
        if self.refusal is not None or self.write_refusal is not None:
            return False
        try:
            descriptor = open_memory_for_writing(self.pid)
        except (OSError, ValueError, OverflowError) as error:
            self.write_refusal = "%s: %s" % (self.path, os_error_text(error))
            return False
        try:
            return os.pwrite(descriptor, mark, released_byte_address(address, length)) == len(mark)
        except (OSError, ValueError, OverflowError):
            return False
        finally:
            os.close(descriptor)

    def describe(self):
        """How this process's reports are read, for lsettings."""
        if self.refusal is not None:
            return "this process is read through LLDB: %s" % self.refusal
        if self.failure is not None:
            return "this process is read from %s; the last report was read through LLDB: %s" \
                % (self.path, self.failure)
        if not self.reads:
            return "this process will be read from %s" % self.path
        return "this process is read from %s, %d buffer%s so far" \
            % (self.path, self.reads, "" if self.reads == 1 else "s")


def proc_status_field(pid, name):
    """An integer field of /proc/<pid>/status (TracerPid, PPid), or None."""
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None

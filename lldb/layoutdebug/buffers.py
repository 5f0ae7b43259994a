"""The report buffers the entry points return: length header, UTF-8 text, NUL, and a byte
the reader sets once it has read them (no LLDB)."""

from .constants import MAX_BUFFER_LENGTH
from .errors import LayoutDebugError

# Written after the NUL once the text is read (ReportBuffer.releasedMark in
# Sources/LayoutDebugSupport/CEntry/ReportBuffer.swift): until then the library writes no
# other call's report there, so a breakpoint callback and a command never read each
# other's text.
RELEASED_MARK = b"\x01"


def released_byte_address(address, length):
    """Where a buffer's released byte is: after the header, the text and the NUL."""
    return address + 8 + length + 1


def buffer_length(header):
    """The text length from a buffer's 8-byte little-endian header."""
    if header is None or len(header) != 8:
        raise LayoutDebugError("could not read the report buffer header")
    length = int.from_bytes(bytes(header), "little")
    if length > MAX_BUFFER_LENGTH:
        raise LayoutDebugError("the report buffer claims %d bytes; refusing to read it" % length)
    return length


def decode_text(data):
    """UTF-8 text from bytes or a memoryview, without copying the bytes first."""
    return str(data, "utf-8", "replace")


def check_buffer_text(text_and_nul, length):
    """The `length` text bytes of a buffer read with its NUL, or None if the NUL is missing.

    The library always ends the text with a NUL, so a read that lacks it did not
    read one of our buffers (a wrong address, or another process's memory).
    """
    if len(text_and_nul) != length + 1 or text_and_nul[length] != 0:
        return None
    return memoryview(text_and_nul)[:length]


def split_error(text):
    """Returns the message if the entry point reported a failure, else None."""
    if text.startswith("error:"):
        message = text[len("error:"):].strip()
        return " ".join(message.splitlines()) or "the helper library reported an error"
    return None

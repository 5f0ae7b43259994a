"""layoutdebug.buffers: the helper library's buffer (length, UTF-8 text, NUL) and its error form."""

import pytest

from layoutdebug import buffers, constants, errors


def test_buffer_length_is_little_endian():
    assert buffers.buffer_length(b"\x05\x01\x00\x00\x00\x00\x00\x00") == 261


def test_buffer_length_rejects_short_header():
    with pytest.raises(errors.LayoutDebugError):
        buffers.buffer_length(b"\x05\x00")


def test_buffer_length_rejects_absurd_length():
    with pytest.raises(errors.LayoutDebugError):
        buffers.buffer_length(b"\xff" * 8)


def test_decode_text_replaces_bad_utf8():
    assert buffers.decode_text(b"ok \xff") == "ok \ufffd"


def test_decode_text_takes_a_memoryview_without_copying_first():
    assert buffers.decode_text(memoryview(b"caf\xc3\xa9!")[:5]) == "caf\u00e9"


def test_check_buffer_text_needs_the_nul_after_the_text():
    assert bytes(buffers.check_buffer_text(b"abc\0", 3)) == b"abc"
    assert buffers.check_buffer_text(b"abcd", 3) is None
    assert buffers.check_buffer_text(b"ab\0", 3) is None
    assert bytes(buffers.check_buffer_text(b"\0", 0)) == b""


def test_split_error():
    assert buffers.split_error("error: 0x1 is not a live object\n") == "0x1 is not a live object"
    assert buffers.split_error("UIView:0x1 'root'") is None
    assert buffers.split_error("error:") == "the helper library reported an error"


class FakeError(object):
    def Success(self):
        return True

    def GetCString(self):
        return None


class FakeLLDB(object):
    SBError = FakeError


class FakeProcess(object):
    """A process whose memory is one buffer at BASE, read and written as SBProcess does."""

    BASE = 0x10000

    def __init__(self, text):
        self.memory = bytearray(len(text).to_bytes(8, "little") + text + b"\x00\x00")
        self.writes = []

    def ReadMemory(self, address, size, error):
        start = address - self.BASE
        return bytes(self.memory[start:start + size])

    def WriteMemory(self, address, data, error):
        self.writes.append((address, bytes(data)))
        start = address - self.BASE
        self.memory[start:start + len(data)] = data
        return len(data)


def test_read_buffer_marks_the_buffer_read_after_the_nul(monkeypatch):
    """Only a buffer marked read is written again by the library (ReportBuffer), so a
    command's call never takes the buffer a breakpoint callback has not read yet."""
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", FakeLLDB)
    text = "h\u00e9llo".encode("utf-8")
    process = FakeProcess(text)
    assert target_memory.read_buffer(process, FakeProcess.BASE, local_read=False) == "h\u00e9llo"
    assert process.writes == [(FakeProcess.BASE + 8 + len(text) + 1, buffers.RELEASED_MARK)]
    assert bytes(process.memory) == len(text).to_bytes(8, "little") + text + b"\x00" + buffers.RELEASED_MARK


def test_a_mark_that_cannot_be_written_still_gives_the_text(monkeypatch):
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", FakeLLDB)
    process = FakeProcess(b"report")

    def refuse(address, data, error):
        raise RuntimeError("memory is read-only")

    process.WriteMemory = refuse
    assert target_memory.read_buffer(process, FakeProcess.BASE, local_read=False) == "report"


class Error(object):
    """An SBError that a read can fail."""

    def __init__(self):
        self.failure = None

    def Success(self):
        return self.failure is None

    def GetCString(self):
        return self.failure


class ErrorLLDB(object):
    SBError = Error


class MappedProcess(object):
    """A process with `size` bytes mapped at BASE, the buffer at their start: a read past them
    fails as LLDB's does (memory read failed), and every read is counted."""

    BASE = 0x20000

    def __init__(self, text, size):
        buffer = len(text).to_bytes(8, "little") + text + b"\x00\x00"
        self.memory = bytearray(buffer + b"\xee" * max(0, size - len(buffer)))
        self.reads = []

    def ReadMemory(self, address, size, error):
        self.reads.append(size)
        start = address - self.BASE
        if start < 0 or start + size > len(self.memory):
            error.failure = "memory read failed for 0x%x" % address
            return None
        return bytes(self.memory[start:start + size])

    def WriteMemory(self, address, data, error):
        return len(data)


def test_a_short_report_read_through_lldb_takes_one_read(monkeypatch):
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", ErrorLLDB)
    text = ("<UIView:0x1> caf\u00e9\n" * 40).encode("utf-8")
    process = MappedProcess(text, constants.BUFFER_FIRST_READ)
    assert target_memory.read_buffer(process, MappedProcess.BASE, local_read=False) == text.decode("utf-8")
    assert process.reads == [constants.BUFFER_FIRST_READ]


def test_a_report_that_just_fills_the_first_read_takes_one_read(monkeypatch):
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", ErrorLLDB)
    text = b"x" * (constants.BUFFER_FIRST_READ - 8)
    process = MappedProcess(text, constants.BUFFER_FIRST_READ + 2)
    assert target_memory.read_buffer(process, MappedProcess.BASE, local_read=False) == text.decode()
    assert process.reads == [constants.BUFFER_FIRST_READ]


def test_a_long_report_read_through_lldb_reads_its_whole_text_in_a_second_read(monkeypatch):
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", ErrorLLDB)
    text = b"Constraints....5\n" * 1000
    process = MappedProcess(text, 0)
    assert target_memory.read_buffer(process, MappedProcess.BASE, local_read=False) == text.decode()
    assert process.reads == [constants.BUFFER_FIRST_READ, len(text)]


def test_a_buffer_shorter_than_the_first_read_is_read_from_its_header(monkeypatch):
    """Not one of ours (a buffer is never smaller), yet read as before: header, then text."""
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", ErrorLLDB)
    process = MappedProcess(b"report", 0)
    assert target_memory.read_buffer(process, MappedProcess.BASE, local_read=False) == "report"
    assert process.reads == [constants.BUFFER_FIRST_READ, 8, 6]


def test_an_address_with_nothing_mapped_is_one_line_naming_it(monkeypatch):
    from layoutdebug import target_memory
    monkeypatch.setattr(target_memory, "lldb", ErrorLLDB)
    process = MappedProcess(b"report", 0)
    with pytest.raises(errors.LayoutDebugError) as raised:
        target_memory.read_buffer(process, 0x10, local_read=False)
    assert str(raised.value) == "could not read the report at 0x10: memory read failed for 0x10"

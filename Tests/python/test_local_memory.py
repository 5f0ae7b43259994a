"""layoutdebug.local_memory: reading a buffer from /proc/<pid>/mem (this process's own)."""

import os

import pytest

from layoutdebug import buffers, constants, local_memory


needs_proc = pytest.mark.skipif(not os.path.exists("/proc/self/mem"), reason="no /proc (not Linux)")


def fake_buffer(text, length=None):
    """A buffer laid out as the library makes them, in this process: (its address, the ctypes object)."""
    import ctypes
    data = text.encode("utf-8")
    header = (len(data) if length is None else length).to_bytes(8, "little")
    buffer = ctypes.create_string_buffer(header + data)  # create_string_buffer adds the NUL
    return ctypes.addressof(buffer), buffer


@needs_proc
def test_local_memory_reads_a_buffer_from_proc():
    address, keep = fake_buffer("UIView:0x1 caf\u00e9\n" * 1000)
    memory = local_memory.LocalMemory(os.getpid())
    data = memory.read(address)
    assert buffers.decode_text(data) == "UIView:0x1 caf\u00e9\n" * 1000
    assert memory.failure is None and memory.refusal is None
    assert memory.path == "/proc/%d/mem" % os.getpid()


@needs_proc
def test_local_memory_reads_an_empty_buffer():
    address, keep = fake_buffer("")
    assert bytes(local_memory.LocalMemory(os.getpid()).read(address)) == b""


@needs_proc
def test_local_memory_gives_up_on_a_header_without_a_nul_after_the_text():
    address, keep = fake_buffer("abcdef", length=3)  # "def" where the NUL should be
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(address) is None
    assert "no NUL" in memory.failure and memory.refusal is None


@needs_proc
def test_local_memory_gives_up_on_an_absurd_header():
    address, keep = fake_buffer("abc", length=constants.MAX_BUFFER_LENGTH + 1)
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(address) is None
    assert "header" in memory.failure


@needs_proc
def test_local_memory_gives_up_on_an_unmapped_address_without_raising():
    memory = local_memory.LocalMemory(os.getpid())
    assert memory.read(0x10) is None
    assert memory.failure and memory.refusal is None  # the next read tries again


@needs_proc
def test_local_memory_of_a_process_it_may_not_open_is_refused_for_good(monkeypatch):
    calls = []

    def refuse(pid):
        calls.append(pid)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(local_memory, "open_memory", refuse)
    memory = local_memory.LocalMemory(4242)
    assert memory.read(0x1000) is None
    assert memory.read(0x1000) is None
    assert calls == [4242], "a refused open is not tried again"
    assert memory.refusal == "/proc/4242/mem: Permission denied"
    assert "read through LLDB" in memory.describe()


def test_pread_exactly_rejects_a_short_read(tmp_path):
    path = tmp_path / "ten"
    path.write_bytes(b"0123456789")
    descriptor = os.open(str(path), os.O_RDONLY)
    try:
        assert local_memory.pread_exactly(descriptor, 4, 3) == b"3456"
        with pytest.raises(ValueError):
            local_memory.pread_exactly(descriptor, 20, 0)
    finally:
        os.close(descriptor)


@needs_proc
def test_local_memory_marks_a_read_buffer_released_in_place():
    text = "UIView:0x1\n" * 100
    address, keep = fake_buffer(text + "\0", length=len(text))  # the NUL, then the released byte
    memory = local_memory.LocalMemory(os.getpid())
    length = len(text)
    released = buffers.released_byte_address(address, length)
    assert keep.raw[released - address] == 0
    assert memory.mark_released(address, length, buffers.RELEASED_MARK)
    assert keep.raw[released - address:released - address + 1] == buffers.RELEASED_MARK
    assert keep.raw[:released - address] == length.to_bytes(8, "little") + text.encode() + b"\0", \
        "only the released byte is written"


@needs_proc
def test_local_memory_that_may_not_write_says_so_once_and_still_reads(monkeypatch):
    calls = []

    def refuse(pid):
        calls.append(pid)
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(local_memory, "open_memory_for_writing", refuse)
    address, keep = fake_buffer("abc\0")
    memory = local_memory.LocalMemory(os.getpid())
    assert not memory.mark_released(address, 3, buffers.RELEASED_MARK)
    assert not memory.mark_released(address, 3, buffers.RELEASED_MARK)
    assert calls == [os.getpid()], "a refused open is not tried again"
    assert memory.write_refusal == "/proc/%d/mem: Permission denied" % os.getpid()
    assert bytes(memory.read(address)) == b"abc\0", "reading does not depend on writing"
    assert keep.raw[3 + 8 + 1] == 0, "nothing written"


def test_local_memory_of_a_refused_process_never_writes(monkeypatch):
    monkeypatch.setattr(local_memory, "open_memory_for_writing",
                        lambda pid: pytest.fail("a refused process is not written"))
    memory = local_memory.LocalMemory(4242, refusal="the platform is remote-linux, not this machine")
    assert not memory.mark_released(0x1000, 3, buffers.RELEASED_MARK)

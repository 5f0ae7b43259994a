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

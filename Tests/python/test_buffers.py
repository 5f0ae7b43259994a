"""layoutdebug.buffers: the helper library's buffer (length, UTF-8 text, NUL) and its error form."""

import pytest

from layoutdebug import buffers, errors


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

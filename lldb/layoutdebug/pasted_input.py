"""Pasted input: a console log read from the terminal up to an empty line (no LLDB)."""

import os


CONFLICT_OPENING = "Unable to simultaneously satisfy constraints"
CONFLICT_CLOSING = "may also be helpful"


def read_until_blank(readline):
    """Reads a pasted console log up to an empty line; returns the text.

    UIKit's conflict log has empty lines of its own, so inside a conflict (from
    `Unable to simultaneously satisfy constraints` to the trailer line ending in
    `may also be helpful.`) it takes two empty lines in a row to end the input.
    Leading empty lines are skipped.
    """
    lines = []
    in_conflict = False
    blanks = 0
    while True:
        line = readline()
        if not line:
            break
        line = line.rstrip("\r\n")
        if not line.strip():
            if not lines:
                continue
            blanks += 1
            if not in_conflict or blanks >= 2:
                break
            lines.append("")
            continue
        blanks = 0
        lines.append(line)
        if CONFLICT_OPENING in line:
            in_conflict = True
        elif CONFLICT_CLOSING in line:
            in_conflict = False
    while lines and not lines[-1].strip():
        lines.pop()
    return "\n".join(lines) + ("\n" if lines else "")


def unbuffered_readline(handle):
    """A readline that takes no byte past the newline, so LLDB's own input is untouched."""
    try:
        descriptor = handle.fileno()
    except Exception:  # noqa: BLE001 - not a real file: its own readline
        return handle.readline

    def readline():
        """One line of input, read a byte at a time up to its newline."""
        data = bytearray()
        while True:
            byte = os.read(descriptor, 1)
            if not byte:
                break
            data.extend(byte)
            if byte == b"\n":
                break
        return data.decode("utf-8", errors="replace")

    return readline

"""The one JSON every command prints with --json (no LLDB): the version and kind at the top of
each document, and the debugger's part of an origin (return addresses made `file:line`).

The library writes most documents (docs/schema/ describes each one); the commands whose
answer is the debugger's own (lsettings, lorigins) build theirs here, by the same rules:
addresses as "0x…" strings, names rather than raw values, `schema` and `kind` first.
"""

import json
import re

from .origin_text import short_function_name

# The version of every document, as docs/schema/common.json's `schema` holds it.
SCHEMA = "layoutdebug/2"

# An origin the library left as return addresses: `"origin":{"frames":["0x…",…]}`, exactly as
# SnapshotJSON and JSONText write it (compact, in this key order).
FRAMES_ORIGIN = re.compile(r'"origin":\{"frames":\[((?:"0x[0-9a-f]+",?)*)\]\}')


def document(kind, **fields):
    """A document of `kind`: `schema` and `kind` first, then `fields` in the order given."""
    out = {"schema": SCHEMA, "kind": kind}
    out.update(fields)
    return out


def dumps(value):
    """A document as one line of JSON, as the library writes its own (no spaces, UTF-8 kept)."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def resolved_origin(frames, frame):
    """The origin object for return addresses `frames` (ints) whose first frame in the user's
    code is `frame` (an origin_text.Frame, or None): `{"file", "line", "function", "frames"}`
    when its line is known, the function named as the text report names it, else `{"frames"}`
    as it was."""
    hex_frames = ["0x%x" % address for address in frames]
    if frame is None or not frame.path or frame.line <= 0:
        return {"frames": hex_frames}
    origin = {"file": frame.path, "line": frame.line}
    function = short_function_name(frame.function)
    if function:
        origin["function"] = function
    origin["frames"] = hex_frames
    return origin


def resolve_origin_objects(text, origin_for_frames):
    """`text` (a JSON document) with each `"origin":{"frames":[…]}` object given its source line.

    `origin_for_frames(addresses)` returns the origin object for one list of return addresses
    (ints); it is called once per distinct list, since a report's constraints come from a
    handful of call sites. Text without such an origin is returned as it is, unparsed.
    """
    if '"origin":{"frames":[' not in text:
        return text
    made = {}

    def replace(match):
        """One origin object's text, made once per distinct list of frames."""
        words = match.group(1)
        line = made.get(words)
        if line is None:
            addresses = [int(word.strip('"'), 16) for word in words.split(",") if word]
            line = made[words] = '"origin":' + dumps(origin_for_frames(addresses))
        return line

    return FRAMES_ORIGIN.sub(replace, text)

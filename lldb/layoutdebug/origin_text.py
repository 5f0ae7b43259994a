"""Turning the target's `made at <frames 0x… 0x…>` markers into `made at File.swift:42 in f()`
(no LLDB: the addresses are resolved by a function passed in).

The library records return addresses where each constraint is made; it cannot turn them
into source lines (that needs the app's debug info, which the debugger has). Each report
line holding a marker is rewritten here: the first frame in the user's own code is named,
after the frameworks that made the constraint on the user's behalf.
"""

import os
import re

MARKER = re.compile(r"made at <frames((?: 0x[0-9a-fA-F]+)+)>")

# Images whose frames are never the user's: UIKit/AppKit and their runtime, our own
# library and ReferenceKit, the Swift runtime, the C library, and the constraint DSLs.
FRAMEWORK_IMAGE = re.compile(
    r"^(libLayoutDebugSupport|libReferenceKit|libCassowary|UIKitCore|UIKit|AppKit|Foundation|"
    r"CoreFoundation|CoreAutoLayout|libswift\w*|libobjc|libsystem_\w+|libdispatch|libdyld|"
    r"libc[.-]|libc$|ld-linux|libstdc\+\+|libgcc_s|libFoundation|SnapKit|Masonry|XCTest|libXCTest|"
    r"libBlocksRuntime)",
    re.IGNORECASE)


class Frame(object):
    """One resolved return address: its image, and its source line and function when known."""

    def __init__(self, address, image=None, path=None, line=0, function=None):
        """A frame at `address`; what is not known stays None (or line 0)."""
        self.address = address
        self.image = image
        self.path = path
        self.line = line
        self.function = function

    @property
    def is_framework(self):
        """Whether the frame is in a framework or runtime image, not the user's code."""
        return bool(self.image) and bool(FRAMEWORK_IMAGE.match(self.image))


def marker_addresses(text):
    """The address lists of every marker in `text`, in order (for resolving them at once)."""
    return [[int(word, 16) for word in match.group(1).split()] for match in MARKER.finditer(text)]


def first_user_frame(frames):
    """The first frame outside the frameworks, or None when all were frameworks'."""
    for frame in frames:
        if frame.image and not frame.is_framework:
            return frame
    return None


def short_function_name(name):
    """`static DemoScenarios.ConflictScenarios.cellWidth(root: __C.UIView, count: Swift.Int) -> ()`
    style names come back from demanglers; reports want `cellWidth(root:count:)`-like ones. A
    name without a parenthesis is kept whole."""
    if not name:
        return name
    name = re.sub(r"^(static |class )", "", name.strip())
    if re.match(r"^(implicit )?closure #\d+", name) and " in " in name:
        closure = re.match(r"^(implicit )?closure #\d+", name).group(0)
        return closure + " in " + short_function_name(name.rsplit(" in ", 1)[1])
    paren = name.find("(")
    if paren < 0:
        return name
    head, tail = name[:paren], name[paren:]
    head = head.rsplit(".", 1)[-1]
    # Keep the argument labels only: `(root: UIView, count: Int) -> ()` → `(root:count:)`.
    close = tail.find(")")
    inner = tail[1:close] if close > 0 else ""
    if re.fullmatch(r"(\w+:)*", inner):
        return "%s(%s)" % (head, inner)  # already labels only, as `--simplified` prints them
    labels = [part.split(":")[0].strip() + ":" for part in inner.split(",") if ":" in part]
    return "%s(%s)" % (head, "".join(labels)) if labels or inner == "" else head + tail[:close + 1]


def origin_line(frames):
    """What a report says for one marker, given its resolved frames."""
    frame = first_user_frame(frames)
    if frame is None:
        return "made at ? (only framework frames were recorded)"
    function = short_function_name(frame.function) or "0x%x" % frame.address
    if frame.path and frame.line > 0:
        return "made at %s:%d in %s" % (os.path.basename(frame.path), frame.line, function)
    return "made at ? (no debug info for %s) in %s" % (frame.image, function)


def rewrite_markers(text, resolve):
    """`text` with each marker replaced by its origin line.

    `resolve(addresses)` returns one Frame per address; a text without markers is returned
    as it is, and `resolve` is not called.
    """
    if "made at <frames" not in text:
        return text
    return MARKER.sub(lambda match: origin_line(resolve([int(w, 16) for w in match.group(1).split()])), text)

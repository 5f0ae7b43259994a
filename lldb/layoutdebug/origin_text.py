"""Turning the target's `made at <frames 0x… 0x…>` markers into `made at File.swift:42 in f()`
(no LLDB: the addresses are resolved by a function passed in).

The library records return addresses where each constraint is made; it cannot turn them
into source lines (that needs the app's debug info, which the debugger has). Each report
line holding a marker is rewritten here: the first frame in the user's own code is named,
after the frameworks that made the constraint on the user's behalf.
"""

import os
import re

MARKER_START = "made at <frames"
# `made at <frames 0x… 0x…>`, or numbered within a report: `<frames #3 0x… 0x…>` the first
# time, `<frames #3>` for each later constraint made by the same calls.
MARKER = re.compile(r"made at <frames(?: (#\d+))?((?: 0x[0-9a-fA-F]+)*)>")

# The frameworks whose frames are never the user's: UIKit/AppKit and their runtime, our own
# library and ReferenceKit, the Swift runtime, the C library, and the constraint DSLs. This
# is the one list of both languages: layout-explain's `FrameworkImages` (Swift) is generated
# from it by scripts/framework_images.py into Sources/layout-explain/FrameworkImages+List.swift,
# and Tests/python/test_framework_images.py fails when the two differ.

# Image names that start with one of these, compared without case (`com.apple.` is how crash
# reports before macOS 12 name Apple's images in a thread's frames: `com.apple.AppKit`).
FRAMEWORK_IMAGE_PREFIXES = (
    "libLayoutDebugSupport", "libReferenceKit", "libCassowary", "UIKitCore", "UIKit", "AppKit", "Foundation",
    "CoreFoundation", "CoreAutoLayout", "libswift", "libobjc", "libdispatch", "libdyld", "libc.", "libc-",
    "ld-linux", "libstdc++", "libgcc_s", "libFoundation", "SnapKit", "Masonry", "XCTest", "libXCTest",
    "libBlocksRuntime", "libc++", "com.apple.",
)
# Image names that are exactly one of these: SwiftUI and the frameworks under AppKit's display
# cycle, as crash reports name them (a layout loop's stack runs through them).
FRAMEWORK_IMAGE_NAMES = (
    "libc", "SwiftUI", "SwiftUICore", "QuartzCore", "UpdateCycle", "HIToolbox", "SkyLight", "CoreGraphics",
    "AttributeGraph", "GraphicsServices", "dyld",
)
# Image names that are one of these followed by a name (`libsystem_kernel.dylib`).
FRAMEWORK_IMAGE_FAMILIES = ("libsystem_",)
# Swift modules whose code an app links into its own image when it links them statically
# (SwiftPM's default: LayoutDebugSupport into a debug build, SnapKit as a static package):
# there the image cannot tell their hook and builder frames apart, the function's module can.
FRAMEWORK_MODULES = ("LayoutDebugSupport", "ReferenceKit", "Cassowary", "SnapKit")
# Names that mark a framework's function wherever its module is not printed: our hooks, and
# the DSLs' builders (Masonry's is Objective-C, `-[MASConstraintMaker install]`).
FRAMEWORK_FUNCTION_WORDS = (
    "ConstraintOrigins", "ConstraintLifecycle", "ReferenceKitDebugHooks", "ConstraintMaker", "MASConstraintMaker",
)

FRAMEWORK_IMAGE = re.compile(
    "^(" + "|".join([re.escape(prefix) for prefix in FRAMEWORK_IMAGE_PREFIXES]
                    + [re.escape(name) + "$" for name in FRAMEWORK_IMAGE_NAMES]
                    + [re.escape(family) + r"\w+" for family in FRAMEWORK_IMAGE_FAMILIES]) + ")",
    re.IGNORECASE)

# A function of those modules or with one of those names, matched against demangled names.
FRAMEWORK_FUNCTION = re.compile(
    r"\b(" + "|".join([re.escape(word) for word in FRAMEWORK_FUNCTION_WORDS]
                      + [re.escape(module) + r"\." for module in FRAMEWORK_MODULES]) + ")")


class Frame(object):
    """One resolved return address: its image, and its source line and function when known."""

    def __init__(self, address, image=None, path=None, line=0, function=None):
        """A frame at `address`; what is not known stays None (or line 0)."""
        self.address = address
        self.image = image
        self.path = path
        self.line = line
        self.function = function
        # Whether the frame is in a framework or runtime image, not the user's code.
        self.is_framework = bool(image) and (bool(FRAMEWORK_IMAGE.match(image))
                                             or bool(function and FRAMEWORK_FUNCTION.search(function)))

    @property
    def is_users(self):
        """Whether the frame is in the user's own code (a known image, not a framework)."""
        return bool(self.image) and not self.is_framework


def marker_keys(text):
    """Each marker's addresses, as the text of its words, in order: a numbered reference
    resolves to the addresses its number was first written with. A reference to a number
    the text never defined gives None."""
    defined = {}
    keys = []
    for match in MARKER.finditer(text):
        number, words = match.group(1), match.group(2).strip()
        if number is not None:
            if words:
                defined[number] = words
            words = defined.get(number)
        keys.append(words or None)
    return keys


def marker_addresses(text):
    """The address lists of every marker in `text`, in order (None for a broken reference)."""
    return [[int(word, 16) for word in key.split()] if key else None for key in marker_keys(text)]


def first_user_frame(frames):
    """The first frame outside the frameworks, or None when all were frameworks'."""
    for frame in frames:
        if frame.is_users:
            return frame
    return None


def short_function_name(name):
    """`static DemoScenarios.ConflictScenarios.cellWidth(root: __C.UIView, count: Swift.Int) -> ()`
    style names come back from demanglers; reports want `cellWidth(root:count:)`-like ones. A
    name without a parenthesis is kept whole."""
    if not name:
        return name
    name = re.sub(r"^((specialized|merged|partial apply for|reabstraction thunk helper from) )+", "",
                  name.strip())
    name = re.sub(r"^(static |class )", "", name)
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
    function = short_function_name(frame.function)
    if frame.path and frame.line > 0:
        where = "made at %s:%d" % (os.path.basename(frame.path), frame.line)
        return where + (" in " + function if function else "")
    return "made at ? (no debug info for %s) in %s" % (frame.image, function or "0x%x" % frame.address)


WORDS = re.compile(r"^(?: (#\d+))?((?: 0x[0-9a-fA-F]+)*)$")


def rewrite_markers(text, line_for_key):
    """`text` with each marker replaced by its origin line.

    `line_for_key(words)` gives the line for one marker's addresses (their text, as written);
    it is called once per distinct marker. A report of a thousand views holds thousands of
    markers, so the text is cut at each marker once and joined again, in one pass. A text
    without markers is returned as it is; anything that only looks like a marker is kept.
    """
    if MARKER_START not in text:
        return text
    parts = text.split(MARKER_START)
    out = [parts[0]]
    defined = {}  # number -> its words
    lines = {}    # words -> line
    for part in parts[1:]:
        end = part.find(">")
        body = part[1:end]
        if end > 2 and body[0] == "#" and body[1:].isdigit():
            # A reference to an earlier marker, nearly every marker of a long report.
            words = defined.get(body)
            line = lines.get(words) if words else None
            if line is not None:
                out.append(line)
                out.append(part[end + 1:])
                continue
        match = WORDS.match(part[:end]) if end >= 0 else None
        if match is None or (match.group(1) is None and not match.group(2)):
            out.append(MARKER_START)
            out.append(part)
            continue
        number, words = match.group(1), match.group(2).strip()
        if number is not None:
            if words:
                defined[number] = words
            words = defined.get(number)
        if not words:
            line = "made at ? (this report lost the frames of %s)" % number
        else:
            line = lines.get(words)
            if line is None:
                line = lines[words] = line_for_key(words)
        out.append(line)
        out.append(part[end + 1:])
    return "".join(out)


def line_for_frames(resolve):
    """A `line_for_key` for rewrite_markers from `resolve(addresses) -> [Frame]`."""
    return lambda key: origin_line(resolve([int(word, 16) for word in key.split()]))

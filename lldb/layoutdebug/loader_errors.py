"""Why the helper library did not load, in one line, and what to do about it (no LLDB).

LLDB passes on the loader's own text: glibc's `dlerror()` on Linux, dyld's on Apple
platforms. dyld names every place it tried, each with its reason, and repeats long
paths; the user needs the one reason that is not "no such file", and a hint when the
reason is code signing.
"""

import os
import re

from .platforms import IPHONEOS, MACCATALYST, MACOSX, apple_platform

# A hardened-runtime app (library validation) maps only libraries of its own team;
# dyld says "not valid for use in process" followed by the rule that failed.
HARDENED_HINT = ("the app's hardened runtime loads only libraries signed by its own team: "
                 "./install.sh --sign \"<the app's signing identity>\", or link LayoutDebugSupport "
                 "into the app's debug build")

# A device runs only code signed for it, from inside the app's bundle.
DEVICE_HINT = ("on a device the library must be inside the app and signed by the app's team: "
               "./install.sh --sign \"Apple Development: ...\", then embed iphoneos/libLayoutDebugSupport.dylib "
               "and libCassowary.dylib in the app (Embed & Sign), or link LayoutDebugSupport into the debug build")

_SIGNING_WORDS = ("not valid for use in process", "team id", "library validation", "code signature",
                  "code signing")


def clean_loader_error(path, loader_error):
    """The loader's message without the path LLDB cut short (lldb-16 drops its start).

    `dlopen error: alib.so: file too short` for /tmp/notalib.so becomes
    `dlopen: file too short`; the full path is named by the caller.
    """
    text = (loader_error or "").strip()
    match = re.match(r"^(dlopen(?: error)?):\s*(\S+):\s*(.+)$", text)
    if match and (path.endswith(match.group(2)) or match.group(2).endswith(os.path.basename(path))):
        return "dlopen: " + match.group(3)
    return text or "unknown loader error"


def _parenthesised(text, start):
    """The text inside the parenthesis that opens at text[start], nested ones included
    (dyld's reasons hold some: "(non-platform)", "(errno=1)")."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return text[start + 1:index]
    return text[start + 1:]


def dyld_reasons(text):
    """The reasons dyld gave for each place it tried, in order; [] if `text` is not dyld's.

    dyld 4 (macOS 12, iOS 15 and later) writes `dlopen(P, 0x000A): tried: 'P1' (R1), 'P2' (R2)`;
    earlier dyld writes `dlopen(P, 10): no suitable image found.  Did find:` and then one
    `\\tP1: R1` line per file.
    """
    reasons = []
    tried = re.compile(r"'[^']*' \(")
    match = tried.search(text, text.find("tried:") + 1) if "tried:" in text else None
    while match:
        reason = _parenthesised(text, match.end() - 1)
        reasons.append(reason)
        match = tried.search(text, match.end() + len(reason) + 1)
    if reasons:
        return reasons
    if "Did find:" in text:
        for line in text.split("Did find:", 1)[1].splitlines():
            found = re.match(r"^\s*(/[^:]*|@[^:]*): (.+)$", line)
            if found:
                reasons.append(found.group(2).strip())
    return reasons


def shorten_dyld_reason(reason):
    """A dyld reason without the UUIDs and file paths it repeats (the caller names the path)."""
    reason = re.sub(r" in <[0-9A-Fa-f-]+> '[^']*'", "", reason)
    reason = re.sub(r" in \(/[^)]*\)", "", reason)
    reason = re.sub(r" (?:for|of) '/[^']*'", "", reason)
    reason = re.sub(r" - /\S+$", "", reason)
    return re.sub(r"\s+", " ", reason).strip()


def loader_reason(path, loader_error):
    """One line saying why the load failed: dyld's first reason that is not a missing file,
    else the loader's first line without the cut path."""
    text = loader_error or ""
    reasons = [shorten_dyld_reason(reason) for reason in dyld_reasons(text)]
    if reasons:
        missing = [reason for reason in reasons if not reason.startswith("no such file")]
        return (missing or reasons)[0]
    first = text.strip().splitlines()[0] if text.strip() else ""
    return clean_loader_error(path, first)


def load_hint(loader_error, triple):
    """What to do after a failed load: the device hint on an iOS device, the hardened-runtime
    hint when a Mac (or Catalyst) app refused the library's signature, else None."""
    platform = apple_platform(triple)
    if platform == IPHONEOS:
        return DEVICE_HINT
    text = (loader_error or "").lower()
    if platform in (MACOSX, MACCATALYST) and any(word in text for word in _SIGNING_WORDS):
        return HARDENED_HINT
    return None


def load_failure_message(path, loader_error, triple):
    """`could not load PATH: REASON`, with the hint for the platform in parentheses."""
    message = "could not load %s: %s" % (path, loader_reason(path, loader_error))
    hint = load_hint(loader_error, triple)
    if hint:
        message += " (%s)" % hint
    return message

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

# App Sandbox (on in Xcode's macOS and Catalyst templates) lets the app map code only from
# places it may read. lload then copies the library into the app's own temporary folder and
# loads it from there; this hint follows when that failed too.
SANDBOX_HINT = ("the app's sandbox lets it map code only from places it may read: link "
                "LayoutDebugSupport into the app's debug build, or turn App Sandbox off while debugging")

# How dyld says the sandbox refused a file: "file system sandbox blocked mmap() of '...'" (or
# open()), and a refused stat() as "errno=1", EPERM, "Operation not permitted".
_SANDBOX_WORDS = ("sandbox", "operation not permitted", "failed with errno=1")

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


def is_sandbox_refusal(loader_error):
    """Whether the loader's text says a sandbox kept the process from reading the file."""
    text = (loader_error or "").lower()
    return any(word in text for word in _SANDBOX_WORDS)


def _runs_on_mac_app(triple, on_mac):
    """Whether the process is a Mac's app: macOS, Catalyst, or an iOS app on a Mac (`on_mac`)."""
    platform = apple_platform(triple)
    return platform in (MACOSX, MACCATALYST) or (platform == IPHONEOS and on_mac)


def may_copy_into_sandbox(triple, loader_error, on_mac=False):
    """Whether a failed load is worth trying again from the app's own temporary folder: an app
    running on this Mac (macOS, Catalyst, an iOS app on a Mac: App Sandbox runs here, where
    lload can write) whose sandbox refused the file."""
    return _runs_on_mac_app(triple, on_mac) and is_sandbox_refusal(loader_error)


def load_hint(loader_error, triple, on_mac=False):
    """What to do after a failed load: the device hint on an iOS device, the sandbox hint when
    an app on a Mac had its sandbox refuse the file, the hardened-runtime hint when it refused
    the library's signature, else None. `on_mac`: an iOS triple's process runs on a Mac."""
    if apple_platform(triple) == IPHONEOS and not on_mac:
        return DEVICE_HINT
    text = (loader_error or "").lower()
    if _runs_on_mac_app(triple, on_mac) and is_sandbox_refusal(text):
        return SANDBOX_HINT
    if _runs_on_mac_app(triple, on_mac) and any(word in text for word in _SIGNING_WORDS):
        return HARDENED_HINT
    return None


def load_failure_message(path, loader_error, triple, on_mac=False):
    """`could not load PATH: REASON`, with the hint for the platform in parentheses. A reason
    that says sandbox (on an Apple platform) is worded as the app's sandbox refusing the file."""
    reason = loader_reason(path, loader_error)
    # Only dyld's text: glibc says "Operation not permitted" for a noexec mount, not a sandbox.
    if apple_platform(triple) is not None and is_sandbox_refusal(loader_error) \
            and "sandbox" not in reason.lower():
        reason = "the app's sandbox refused it (%s)" % reason
    message = "could not load %s: %s" % (path, reason)
    hint = load_hint(loader_error, triple, on_mac)
    if hint:
        message += " (%s)" % hint
    return message


def sandbox_copy_failure_message(path, loader_error, triple, copy_error):
    """The one line for a library the sandbox refused and that could not be copied where the
    app may read it: the sandbox's reason, why the copy failed, and the sandbox hint."""
    return "could not load %s: the app's sandbox refused it (%s), and copying it into the app's " \
           "temporary folder failed: %s (%s)" % (path, loader_reason(path, loader_error),
                                                 " ".join(str(copy_error).split()), SANDBOX_HINT)

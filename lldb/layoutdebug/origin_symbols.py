"""Resolving the return addresses the library recorded, in the debugged target (LLDB).

`OriginResolver(target).rewrite(text)` replaces every `made at <frames …>` marker in a
report with `made at File.swift:42 in function(_:)`, and every JSON origin
`{"frames": [...]}` with `{"file", "line", "function", "frames"}`, through the target's line
tables (SBAddress line entries). Nothing runs in the target.
"""

import os
import shutil
import subprocess

from .json_documents import resolve_origin_objects, resolved_origin
from .origin_text import MARKER_START, Frame, first_user_frame, origin_line, rewrite_markers
from .process_facts import process_key


def resolver_for(session, process):
    """The session's resolver for this run of the process: addresses move between runs."""
    key = process_key(process)
    resolver = session.origin_resolvers.get(key)
    if resolver is None:
        resolver = OriginResolver(process.GetTarget())
        session.origin_resolvers = {key: resolver}  # only the current run's
    return resolver


class OriginResolver(object):
    """Resolves addresses of one target, remembering each address and each demangled name."""

    def __init__(self, target):
        """A resolver with empty caches for `target`."""
        self.target = target
        self._frames = {}  # address -> Frame
        self._lines = {}   # a marker's address text -> its made-at line
        self._names = {}   # mangled -> demangled

    def rewrite(self, text):
        """The report `text` with its markers replaced (unchanged when it has none).

        A report of a thousand views holds thousands of markers, most alike: each distinct
        one is resolved once, and only up to its first frame in the user's code."""
        if MARKER_START in text:
            text = rewrite_markers(text, self.line_for_key)
        return resolve_origin_objects(text, self.origin_for_frames)

    def line_for_key(self, key):
        """The made-at line of one marker's addresses (their text, as the report wrote them)."""
        line = self._lines.get(key)
        if line is None:
            frames = []
            for word in key.split():
                frame = self.frame(int(word, 16))
                frames.append(frame)
                if frame.is_users:
                    break
            line = origin_line(frames)
            self._lines[key] = line
        return line

    def origin_for_frames(self, addresses):
        """The JSON origin object of one list of return addresses (json_documents): the first
        frame in the user's code as `{"file", "line", "function", "frames"}`, resolved only up
        to that frame, as the text's made-at line is."""
        frames = []
        for address in addresses:
            frame = self.frame(address)
            frames.append(frame)
            if frame.is_users:
                break
        return resolved_origin(addresses, first_user_frame(frames))

    def frames(self, addresses):
        """One Frame per return address."""
        return [self.frame(address) for address in addresses]

    def frame(self, address):
        """The Frame of one return address: the call site is the byte before it."""
        known = self._frames.get(address)
        if known is not None:
            return known
        resolved = self.target.ResolveLoadAddress(address - 1)
        module = resolved.GetModule()
        image = module.GetFileSpec().GetFilename() if module.IsValid() else None
        path, line = None, 0
        entry = resolved.GetLineEntry()
        if entry.IsValid() and entry.GetLine() > 0:
            spec = entry.GetFileSpec()
            path = os.path.join(spec.GetDirectory() or "", spec.GetFilename() or "")
            line = entry.GetLine()
        function = self.function_name(resolved)
        if path is not None and not self.declared_in(resolved, spec.GetFilename()):
            # The line was inlined from another file into this function, and an optimised
            # build's line tables do not name the inlined function: say only the line.
            function = None
        frame = Frame(address, image=image, path=path, line=line, function=function)
        self._frames[address] = frame
        return frame

    def declared_in(self, resolved, filename):
        """Whether the code at the address belongs to `filename`'s compile unit (or that is
        unknown): a line from another file there was inlined into a function of this one."""
        unit = resolved.GetCompileUnit()
        if unit is None or not unit.IsValid() or not unit.GetFileSpec().GetFilename():
            return True
        return unit.GetFileSpec().GetFilename() == filename

    def function_name(self, resolved):
        """The function holding the address, demangled when it is a Swift name. In an
        optimised build the call may sit in a function inlined into another: the line table
        then names the inlined one, which is the one the user wrote the line in."""
        block = resolved.GetBlock()
        inlined = block.GetContainingInlinedBlock() if block is not None and block.IsValid() else None
        if inlined is not None and inlined.IsValid() and inlined.GetInlinedName():
            return self.demangled(inlined.GetInlinedName())
        function = resolved.GetFunction()
        symbol = resolved.GetSymbol()
        name = None
        if function.IsValid():
            name = function.GetDisplayName() or function.GetName()
        elif symbol.IsValid():
            name = symbol.GetDisplayName() or symbol.GetName()
        return self.demangled(name)

    def demangled(self, name):
        """A Swift mangled name (`$s…`) through swift-demangle, when this LLDB left it mangled."""
        if not name or not (name.startswith("$s") or name.startswith("_$s")):
            return name
        if name not in self._names:
            self._names[name] = swift_demangle(name) or name
        return self._names[name]


def swift_demangle(name):
    """`swift-demangle --simplified NAME`, or None when the tool is not here or fails."""
    tool = shutil.which("swift-demangle")
    if tool is None:
        return None
    try:
        result = subprocess.run([tool, "--simplified", name], capture_output=True, text=True, timeout=5)
    except (OSError, subprocess.SubprocessError):
        return None
    text = result.stdout.strip()
    # Some versions print `MANGLED ---> demangled`; keep the demangled side.
    text = text.split(" ---> ", 1)[-1].strip()
    return text if result.returncode == 0 and text and text != name else None

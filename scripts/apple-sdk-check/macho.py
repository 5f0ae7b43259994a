"""Reads what the link check needs from a thin 64-bit Mach-O file (an object or a dylib): the
platform and versions of LC_BUILD_VERSION, the libraries it loads, the libraries an object asks
the linker for (LC_LINKER_OPTION), and its undefined symbols, each weak or not.

The layouts are those of <mach-o/loader.h> and <mach-o/nlist.h> (Apple's cctools and LLVM's
llvm/BinaryFormat/MachO.h spell them alike): a mach_header_64 of eight 32-bit words, then load
commands, each starting with its kind and size."""

import struct
from dataclasses import dataclass, field

MH_MAGIC_64 = 0xFEEDFACF
HEADER = struct.Struct("<8I")  # magic, cputype, cpusubtype, filetype, ncmds, sizeofcmds, flags, reserved

LC_SYMTAB = 0x2
LC_LOAD_DYLIB = 0xC
LC_ID_DYLIB = 0xD
LC_LAZY_LOAD_DYLIB = 0x20
LC_LINKER_OPTION = 0x2D
LC_BUILD_VERSION = 0x32
LC_LOAD_WEAK_DYLIB = 0x80000018
LC_REEXPORT_DYLIB = 0x8000001F
LC_LOAD_UPWARD_DYLIB = 0x80000023

# How each kind of dylib load command loads: a weak one may be missing at run time.
DYLIB_LOADS = {LC_LOAD_DYLIB: "strong", LC_LAZY_LOAD_DYLIB: "strong", LC_REEXPORT_DYLIB: "strong",
               LC_LOAD_UPWARD_DYLIB: "strong", LC_LOAD_WEAK_DYLIB: "weak"}

# LC_BUILD_VERSION's platform numbers (PLATFORM_* in <mach-o/loader.h>).
PLATFORMS = {1: "macos", 2: "ios", 3: "tvos", 4: "watchos", 6: "maccatalyst", 7: "iossimulator"}

N_EXT = 0x01
N_TYPE = 0x0E
N_UNDF = 0x0
N_WEAK_REF = 0x0040
NLIST_64 = struct.Struct("<IBBHQ")  # n_strx, n_type, n_sect, n_desc, n_value


class MachOError(Exception):
    """Not a file this reader understands (a fat file, 32-bit, or truncated)."""


@dataclass
class MachO:
    build_versions: list = field(default_factory=list)  # (platform name, minos, sdk), versions as tuples
    loads: list = field(default_factory=list)           # (install name, "strong" or "weak")
    install_name: str = ""
    linker_options: list = field(default_factory=list)  # each LC_LINKER_OPTION's strings
    undefined: dict = field(default_factory=dict)       # symbol name: whether the reference is weak


def version(word):
    """A packed xxxx.yy.zz version as (major, minor, patch)."""
    return (word >> 16, (word >> 8) & 0xFF, word & 0xFF)


def c_string(data, start, end=None):
    stop = data.index(b"\0", start, end) if b"\0" in data[start:end] else (end or len(data))
    return data[start:stop].decode("utf-8", "replace")


def read(path):
    with open(path, "rb") as handle:
        return parse(handle.read())


def parse(data):
    """The MachO of a thin 64-bit little-endian Mach-O image."""
    if len(data) < HEADER.size:
        raise MachOError("too short for a Mach-O header")
    magic, _, _, _, count, _, _, _ = HEADER.unpack_from(data)
    if magic != MH_MAGIC_64:
        raise MachOError("not a thin 64-bit Mach-O file (magic 0x%08x)" % magic)
    image, offset = MachO(), HEADER.size
    for _ in range(count):
        if offset + 8 > len(data):
            raise MachOError("load commands run past the end of the file")
        kind, size = struct.unpack_from("<II", data, offset)
        if size < 8 or offset + size > len(data):
            raise MachOError("a load command of size %d at offset %d" % (size, offset))
        read_command(data, offset, kind, size, image)
        offset += size
    return image


def read_command(data, offset, kind, size, image):
    if kind == LC_BUILD_VERSION:
        platform, minos, sdk = struct.unpack_from("<III", data, offset + 8)
        image.build_versions.append((PLATFORMS.get(platform, str(platform)), version(minos), version(sdk)))
    elif kind in DYLIB_LOADS or kind == LC_ID_DYLIB:
        name = c_string(data, offset + struct.unpack_from("<I", data, offset + 8)[0], offset + size)
        if kind == LC_ID_DYLIB:
            image.install_name = name
        else:
            image.loads.append((name, DYLIB_LOADS[kind]))
    elif kind == LC_LINKER_OPTION:
        strings, cursor = [], offset + 12
        for _ in range(struct.unpack_from("<I", data, offset + 8)[0]):
            text = c_string(data, cursor, offset + size)
            strings.append(text)
            cursor += len(text.encode()) + 1
        image.linker_options.append(strings)
    elif kind == LC_SYMTAB:
        read_undefined(data, *struct.unpack_from("<IIII", data, offset + 8), image=image)


def read_undefined(data, symbols, count, strings, _size, image):
    """Each external undefined symbol of the symbol table, with whether it is a weak reference."""
    for index in range(count):
        name_at, kind, _, description, _ = NLIST_64.unpack_from(data, symbols + index * NLIST_64.size)
        if kind & N_EXT and kind & N_TYPE == N_UNDF:
            image.undefined[c_string(data, strings + name_at)] = bool(description & N_WEAK_REF)


def linked_libraries(options):
    """The `-lX` names and `-framework F` names an object's LC_LINKER_OPTIONs ask for."""
    libraries, frameworks = [], []
    for strings in options:
        if len(strings) == 1 and strings[0].startswith("-l"):
            libraries.append(strings[0][2:])
        elif len(strings) == 2 and strings[0] in ("-framework", "-weak_framework"):
            frameworks.append(strings[1])
    return libraries, frameworks

"""Which Apple platform a target triple names, and so which build of the helper library
it loads and which conflict symbol it stops on (no LLDB).

LLDB spells a triple arch-vendor-os[-environment]: arm64-apple-macosx14.0.0,
arm64-apple-ios17.0.0-simulator, x86_64-apple-ios14.0-macabi, arm64-apple-ios17.0.0.
"""

# The folder names match the SDK names (`xcrun --sdk NAME`), and install.sh puts each
# platform's build in the folder of that name.
MACOSX = "macosx"
IPHONESIMULATOR = "iphonesimulator"
MACCATALYST = "maccatalyst"
IPHONEOS = "iphoneos"
APPLE_PLATFORMS = (MACOSX, IPHONESIMULATOR, MACCATALYST, IPHONEOS)


def triple_parts(triple):
    """(arch, vendor, os without its version, environment) of a triple, lower case; '' where absent."""
    parts = (triple or "").strip().lower().split("-")
    parts += [""] * (4 - len(parts))
    arch, vendor, system, environment = parts[0], parts[1], parts[2], "-".join(parts[3:])
    return arch, vendor, system.rstrip("0123456789."), environment


def apple_platform(triple):
    """MACOSX, IPHONESIMULATOR, MACCATALYST or IPHONEOS for an Apple triple; None for any other.

    An iOS triple without an environment is a device, except on an Intel
    architecture: LLDBs before the `-simulator` environment spelled a simulator
    process x86_64-apple-ios, and no iOS device is Intel.
    """
    arch, vendor, system, environment = triple_parts(triple)
    if vendor != "apple":
        return None
    if system in ("macosx", "macos", "darwin"):
        return MACOSX
    if system != "ios":
        return None
    if environment.startswith("simulator"):
        return IPHONESIMULATOR
    if environment.startswith("macabi"):
        return MACCATALYST
    if arch in ("x86_64", "i386"):
        return IPHONESIMULATOR
    return IPHONEOS


def is_ios_device(triple):
    """True when the triple names a process on an iOS device (not the simulator, not Catalyst)."""
    return apple_platform(triple) == IPHONEOS

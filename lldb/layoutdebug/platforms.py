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


# Where macOS keeps the iOS frameworks that Mac Catalyst apps and iPhone and iPad apps run on
# an Apple silicon Mac ("Designed for iPad") load: no iOS device has this folder.
IOS_SUPPORT_PREFIX = "/System/iOSSupport/"

# LLDB's names for the platform of a process that runs on the machine LLDB runs on.
_LOCAL_PLATFORM_NAMES = ("host", "remote-macosx")


def runs_on_mac(platform_name, module_paths):
    """Whether a process with an iOS device triple (arm64-apple-ios, no environment) runs on a
    Mac: an iPad or iPhone app "Designed for iPad" on Apple silicon, which LLDB names exactly
    as it names an app on a device.

    The triple cannot tell them apart; where the process runs can. The rule: LLDB debugs it
    through the local platform ("host", or "remote-macosx"), where a device is always
    "remote-ios"; or it has loaded a framework from /System/iOSSupport/, macOS's copy of the
    iOS frameworks, which no device has.
    """
    if (platform_name or "").lower() in _LOCAL_PLATFORM_NAMES:
        return True
    return any((path or "").startswith(IOS_SUPPORT_PREFIX) for path in module_paths)


def is_ios_device(triple, on_mac=False):
    """True when the triple names a process on an iOS device (not the simulator, not Catalyst,
    not an iOS app running on a Mac: `on_mac`, from runs_on_mac)."""
    return apple_platform(triple) == IPHONEOS and not on_mac

"""layoutdebug.platforms: which Apple platform a target triple names."""

import pytest

from layoutdebug import platforms
from triples import CATALYST, DEVICE, LINUX, MAC, SIMULATOR


@pytest.mark.parametrize("triple,platform", [
    (MAC, platforms.MACOSX),
    ("x86_64-apple-macosx10.15", platforms.MACOSX),
    (SIMULATOR, platforms.IPHONESIMULATOR),
    ("x86_64-apple-ios15.0-simulator", platforms.IPHONESIMULATOR),
    ("x86_64-apple-ios13.0", platforms.IPHONESIMULATOR),  # an old LLDB's simulator: no iOS device is Intel
    (CATALYST, platforms.MACCATALYST),
    ("arm64-apple-ios15.0-macabi", platforms.MACCATALYST),
    (DEVICE, platforms.IPHONEOS),
    ("arm64e-apple-ios", platforms.IPHONEOS),
    (LINUX, None),
    ("", None),
    (None, None),
])
def test_apple_platform_of_each_triple(triple, platform):
    assert platforms.apple_platform(triple) == platform


def test_only_a_device_triple_is_a_device():
    assert platforms.is_ios_device(DEVICE)
    assert not any(platforms.is_ios_device(triple) for triple in (MAC, SIMULATOR, CATALYST, LINUX, ""))

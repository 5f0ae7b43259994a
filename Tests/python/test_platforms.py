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


# "Designed for iPad" on an Apple silicon Mac: LLDB gives the app the device's triple.
IPAD_APP_ON_MAC_MODULES = [
    "/Applications/Notes for iPad.app/Wrapper/Notes.app/Notes",
    "/usr/lib/dyld",
    "/System/iOSSupport/System/Library/Frameworks/UIKit.framework/Versions/A/UIKit",
]
DEVICE_MODULES = [
    "/private/var/containers/Bundle/Application/0A1B/MyApp.app/MyApp",
    "/usr/lib/dyld",
    "/System/Library/Frameworks/UIKit.framework/UIKit",
]


def test_an_ios_app_on_a_mac_is_told_from_a_device_by_where_it_runs():
    assert platforms.runs_on_mac("host", [])
    assert platforms.runs_on_mac("remote-macosx", [])
    assert platforms.runs_on_mac("", IPAD_APP_ON_MAC_MODULES), "macOS's copy of the iOS frameworks"
    assert not platforms.runs_on_mac("remote-ios", DEVICE_MODULES)
    assert not platforms.runs_on_mac(None, [])


def test_an_ios_app_on_a_mac_is_not_a_device():
    assert platforms.is_ios_device(DEVICE)
    assert not platforms.is_ios_device(DEVICE, on_mac=True)
    assert not platforms.is_ios_device(MAC, on_mac=True)

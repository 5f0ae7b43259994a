"""layoutdebug.library_search: where the helper library and layout-explain are looked for."""

import os

from layoutdebug import library_search

from triples import CATALYST, DEVICE, LINUX, MAC, SIMULATOR

HOME = "/home/u"
REPO_SCRIPT = "/repo/lldb"          # layout_debug.py run from the repository
PREFIX = "/opt/ld"                  # layout_debug.py installed with --prefix /opt/ld


def candidates(triple, script_dir=REPO_SCRIPT, environ=None):
    return library_search.library_candidates(triple, environ or {}, script_dir, HOME)


def test_library_env_is_the_only_candidate():
    assert candidates(LINUX, environ={"LAYOUT_DEBUG_LIBRARY": "/x/lib.so"}) == ["/x/lib.so"]
    assert candidates(SIMULATOR, environ={"LAYOUT_DEBUG_LIBRARY": "/x/sim.dylib"}) == ["/x/sim.dylib"]


def test_linux_looks_in_the_install_folder_then_beside_the_script_then_the_builds():
    assert candidates(LINUX) == [
        "/home/u/.lldb/layout-debug/libLayoutDebugSupport.so",
        "/repo/lldb/libLayoutDebugSupport.so",
        "/repo/.build/release/libLayoutDebugSupport.so",
        "/repo/.build/debug/libLayoutDebugSupport.so",
    ]


def test_a_debug_build_newer_than_the_release_build_is_tried_first(tmp_path):
    script_dir = tmp_path / "lldb"
    script_dir.mkdir()
    built = {}
    for configuration, written in (("release", 1_000_000), ("debug", 2_000_000)):
        folder = tmp_path / ".build" / configuration
        folder.mkdir(parents=True)
        built[configuration] = folder / "libLayoutDebugSupport.so"
        built[configuration].write_bytes(b"")
        os.utime(built[configuration], (written, written))
    paths = candidates(LINUX, script_dir=str(script_dir))
    assert paths[-2:] == [str(built["debug"]), str(built["release"])]
    # Rebuilt in release afterwards, the release build is the newer again.
    os.utime(built["release"], (3_000_000, 3_000_000))
    assert candidates(LINUX, script_dir=str(script_dir))[-2:] == [str(built["release"]), str(built["debug"])]


def test_macos_takes_the_macosx_folder_then_the_package_s_own_macos_builds():
    assert candidates(MAC) == [
        "/home/u/.lldb/layout-debug/macosx/libLayoutDebugSupport.dylib",
        "/repo/lldb/macosx/libLayoutDebugSupport.dylib",
        "/repo/.build/release/libLayoutDebugSupport.dylib",
        "/repo/.build/debug/libLayoutDebugSupport.dylib",
    ]


def test_the_simulator_takes_the_iphonesimulator_folder_and_never_the_macos_build():
    paths = candidates(SIMULATOR, script_dir=PREFIX)
    assert paths == [
        "/home/u/.lldb/layout-debug/iphonesimulator/libLayoutDebugSupport.dylib",
        "/opt/ld/iphonesimulator/libLayoutDebugSupport.dylib",
    ]


def test_catalyst_takes_the_maccatalyst_folder_and_never_the_macos_build():
    assert candidates(CATALYST, script_dir=PREFIX) == [
        "/home/u/.lldb/layout-debug/maccatalyst/libLayoutDebugSupport.dylib",
        "/opt/ld/maccatalyst/libLayoutDebugSupport.dylib",
    ]


def test_a_device_build_is_found_in_the_iphoneos_folder_to_embed_in_the_app():
    assert candidates(DEVICE, script_dir=PREFIX) == [
        "/home/u/.lldb/layout-debug/iphoneos/libLayoutDebugSupport.dylib",
        "/opt/ld/iphoneos/libLayoutDebugSupport.dylib",
    ]


def test_the_installed_prefix_is_not_listed_twice():
    paths = candidates(SIMULATOR, script_dir=HOME + "/.lldb/layout-debug")
    assert paths == ["/home/u/.lldb/layout-debug/iphonesimulator/libLayoutDebugSupport.dylib"]


def test_a_device_loads_the_library_from_the_app_bundle_on_the_device():
    executable = "/private/var/containers/Bundle/Application/0A1B/MyApp.app/MyApp"
    assert library_search.device_library_path(executable, {}) == \
        "/private/var/containers/Bundle/Application/0A1B/MyApp.app/Frameworks/libLayoutDebugSupport.dylib"
    assert library_search.device_library_path(executable, {"LAYOUT_DEBUG_LIBRARY": "/var/x.dylib"}) == "/var/x.dylib"


def test_library_extension():
    assert library_search.library_extension(DEVICE) == ".dylib"
    assert library_search.library_extension(MAC) == ".dylib"
    assert library_search.library_extension(CATALYST) == ".dylib"
    assert library_search.library_extension(LINUX) == ".so"


def test_explain_candidates_end_with_path():
    paths = library_search.explain_candidates({"PATH": "/usr/bin:/bin"}, REPO_SCRIPT, HOME)
    assert paths[0] == "/home/u/.lldb/layout-debug/layout-explain"
    assert paths[-2:] == ["/usr/bin/layout-explain", "/bin/layout-explain"]
    assert library_search.explain_candidates({"LAYOUT_DEBUG_EXPLAIN": "/t/x"}, "/r/lldb", "/h") == ["/t/x"]


def test_a_copy_for_the_sandbox_takes_the_cassowary_library_found_beside_it():
    present = {"/home/u/.lldb/layout-debug/macosx/libCassowary.dylib"}
    copies = library_search.sandbox_copies("/home/u/.lldb/layout-debug/macosx/libLayoutDebugSupport.dylib",
                                           "/c/tmp/layout-debug-1", exists=present.__contains__)
    assert copies == [
        ("/home/u/.lldb/layout-debug/macosx/libLayoutDebugSupport.dylib", "/c/tmp/layout-debug-1/libLayoutDebugSupport.dylib"),
        ("/home/u/.lldb/layout-debug/macosx/libCassowary.dylib", "/c/tmp/layout-debug-1/libCassowary.dylib"),
    ]
    # A build folder without it (a static link): the library alone.
    assert library_search.sandbox_copies("/b/libLayoutDebugSupport.dylib", "/c/t", exists=lambda path: False) == [
        ("/b/libLayoutDebugSupport.dylib", "/c/t/libLayoutDebugSupport.dylib")]

"""scripts/apple_sdk_check.py --link's decisions, without an SDK: reading Mach-O load commands
and symbols, sorting what lld left undefined, the OS libraries an iOS 14 app does not have,
the modules each dylib is built from, and the stand-ins it adds to an SDK.

The Mach-O images are written here field by field in the layout of <mach-o/loader.h> and
<mach-o/nlist.h>; the lld message is lld-16's own, from a link of Cassowary for iOS."""

import importlib.util
import os
import struct
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SUPPORT = os.path.join(ROOT, "scripts", "apple-sdk-check")
sys.path.insert(0, SUPPORT)
import link_check  # noqa: E402
import link_sdk  # noqa: E402
import macho  # noqa: E402

_spec = importlib.util.spec_from_file_location("apple_sdk_check", os.path.join(ROOT, "scripts", "apple_sdk_check.py"))
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)


# MARK: - Mach-O images, written by hand

def packed(major, minor, patch=0):
    return major << 16 | minor << 8 | patch


def command(kind, body):
    """A load command: its kind, its size (padded to 8 bytes) and its body."""
    size = (8 + len(body) + 7) // 8 * 8
    return struct.pack("<II", kind, size) + body + b"\0" * (size - 8 - len(body))


def dylib_command(kind, name):
    # dylib_command: name's offset (24: after cmd, cmdsize and the dylib struct's four words).
    return command(kind, struct.pack("<IIII", 24, 0, packed(1, 0), packed(1, 0)) + name.encode() + b"\0")


def image(commands, symbols=()):
    """A thin arm64 MH_DYLIB (or MH_OBJECT with symbols) holding `commands`, and a symbol table
    of (name, n_type, n_desc) when `symbols` is given."""
    header_size, body = 32, b"".join(commands)
    if symbols:
        strings = b"\0" + b"".join(name.encode() + b"\0" for name, _, _ in symbols)
        table_at = header_size + len(body) + 24
        strings_at = table_at + 16 * len(symbols)
        body += command(macho.LC_SYMTAB, struct.pack("<IIII", table_at, len(symbols), strings_at, len(strings)))
        offsets, cursor = [], 1
        for name, _, _ in symbols:
            offsets.append(cursor)
            cursor += len(name) + 1
        table = b"".join(struct.pack("<IBBHQ", offset, kind, 0, description, 0)
                         for offset, (_, kind, description) in zip(offsets, symbols))
        tail = table + strings
    else:
        tail = b""
    count = len(commands) + (1 if symbols else 0)
    header = struct.pack("<8I", macho.MH_MAGIC_64, 0x0100000C, 0, 6, count, len(body), 0, 0)
    return header + body + tail


IOS_DYLIB = image([
    dylib_command(macho.LC_ID_DYLIB, "@rpath/libLayoutDebugSupport.dylib"),
    command(macho.LC_BUILD_VERSION, struct.pack("<IIII", 2, packed(14, 0), packed(17, 5), 0)),
    dylib_command(macho.LC_LOAD_DYLIB, "/usr/lib/libSystem.B.dylib"),
    dylib_command(macho.LC_LOAD_WEAK_DYLIB, "/usr/lib/swift/libswiftos.dylib"),
    dylib_command(macho.LC_LOAD_DYLIB, "@rpath/libCassowary.dylib"),
])


def test_a_dylibs_build_version_install_name_and_loads_are_read():
    read = macho.parse(IOS_DYLIB)
    assert read.build_versions == [("ios", (14, 0, 0), (17, 5, 0))]
    assert read.install_name == "@rpath/libLayoutDebugSupport.dylib"
    assert read.loads == [("/usr/lib/libSystem.B.dylib", "strong"), ("/usr/lib/swift/libswiftos.dylib", "weak"),
                          ("@rpath/libCassowary.dylib", "strong")]


def test_an_objects_linker_options_and_weak_undefined_symbols_are_read():
    options = [command(macho.LC_LINKER_OPTION, struct.pack("<I", 1) + b"-lswiftCore\0"),
               command(macho.LC_LINKER_OPTION, struct.pack("<I", 2) + b"-framework\0UIKit\0")]
    n_undf_ext, defined = 0x01, 0x0F
    read = macho.parse(image(options, symbols=[("_swift_coroFrameAlloc", n_undf_ext, macho.N_WEAK_REF),
                                               ("___isPlatformVersionAtLeast", n_undf_ext, 0),
                                               ("_layout_debug_link_probe", defined, 0)]))
    assert macho.linked_libraries(read.linker_options) == (["swiftCore"], ["UIKit"])
    assert read.undefined == {"_swift_coroFrameAlloc": True, "___isPlatformVersionAtLeast": False}


def test_anything_but_a_thin_64_bit_image_is_refused_in_one_line():
    with pytest.raises(macho.MachOError, match="not a thin 64-bit Mach-O file"):
        macho.parse(struct.pack(">I", 0xCAFEBABE) + b"\0" * 28)  # a universal file's header
    with pytest.raises(macho.MachOError, match="a load command of size 64 at offset 32"):
        macho.parse(IOS_DYLIB[:40])  # cut inside the first load command


# MARK: - what lld leaves undefined

LLD_UNDEFINED = """ld64.lld-16: error: undefined symbol: _swift_coroFrameAlloc
>>> referenced by Cassowary.o:(symbol _$sSDyq_SgxciM9Cassowary10ConstraintC_AB3TagVTg5+0x2c)
>>> referenced 6 more times

ld64.lld-16: error: undefined symbol: ___isPlatformVersionAtLeast
>>> referenced by Cassowary.o:(symbol _$ss29getContiguousArrayStorageType3fors01_bcD0CyxGmxm_tlF9Cassowary10ConstraintC_Ttg5+0x1c)
"""


def test_lld_undefined_symbols_are_sorted_into_builtins_weak_references_and_the_rest():
    undefined = link_check.UNDEFINED.findall(LLD_UNDEFINED) + ["_$s9Cassowary6SolverCMa"]
    objects = [macho.MachO(undefined={"_swift_coroFrameAlloc": True, "___isPlatformVersionAtLeast": False,
                                      "_$s9Cassowary6SolverCMa": False})]
    assert link_check.sort_undefined(undefined, objects) == (
        ["___isPlatformVersionAtLeast"], ["_swift_coroFrameAlloc"], ["_$s9Cassowary6SolverCMa"])


def test_a_symbol_weak_in_one_object_but_strong_in_another_is_not_weak():
    objects = [macho.MachO(undefined={"_swift_coroFrameAlloc": True}),
               macho.MachO(undefined={"_swift_coroFrameAlloc": False})]
    assert link_check.sort_undefined(["_swift_coroFrameAlloc"], objects)[2] == ["_swift_coroFrameAlloc"]


def test_swift_symbols_of_a_framework_whose_stub_lists_none_are_left_to_that_stub(tmp_path):
    frameworks = tmp_path / "System" / "Library" / "Frameworks"
    for module, exports in (("SwiftUI", "_AXActivateAction, _AXBackButtonTrait"),
                            ("Combine", "_$s7Combine9PublisherMp, _$s7Combine11CancellableMp")):
        folder = frameworks / (module + ".framework")
        folder.mkdir(parents=True)
        (folder / (module + ".tbd")).write_text("--- !tapi-tbd-v3\nexports:\n  - symbols: [ %s ]\n" % exports)
    undefined = ["_$s7SwiftUI19UIHostingControllerCMn", "_$s7Combine9PublisherMp", "_$s9Cassowary6SolverCMa",
                 "___isPlatformVersionAtLeast", "_$s7SwiftUI32UIHostingControllerSizingOptionsVMa"]
    # SwiftUI.tbd lists no $s7SwiftUI: both SwiftUI symbols are left to it. Combine's stub has
    # Swift symbols, so a missing one is a real miss; Cassowary has no stub in the SDK at all.
    assert link_check.left_to_swiftless_stubs(undefined, str(tmp_path), ["/System/Library/Frameworks"]) == {
        "SwiftUI.tbd": ["_$s7SwiftUI19UIHostingControllerCMn", "_$s7SwiftUI32UIHostingControllerSizingOptionsVMa"]}
    # Mac Catalyst links iOSSupport's frameworks first: there SwiftUI.tbd lists its Swift symbols.
    catalyst = tmp_path / "System" / "iOSSupport" / "System" / "Library" / "Frameworks" / "SwiftUI.framework"
    catalyst.mkdir(parents=True)
    (catalyst / "SwiftUI.tbd").write_text("--- !tapi-tbd-v3\nexports:\n  - symbols: [ _$s7SwiftUI4ViewMp ]\n")
    assert link_check.left_to_swiftless_stubs(
        undefined, str(tmp_path), ["/System/iOSSupport/System/Library/Frameworks", "/System/Library/Frameworks"]) == {}
    assert link_check.swift_module("_$s10Foundation4DataVMn") == "Foundation"
    assert link_check.swift_module("_swift_coroFrameAlloc") is None


# MARK: - what the library loads

def loading(*loads):
    return macho.MachO(loads=list(loads), build_versions=[("ios", (14, 0, 0), (17, 5, 0))])


def test_a_strong_load_of_libswift_concurrency_is_a_problem_below_ios_15():
    problems = link_check.load_problems(loading(("/usr/lib/swift/libswift_Concurrency.dylib", "strong")), "ios", (14, 0))
    assert problems == ["loads /usr/lib/swift/libswift_Concurrency.dylib, which ios has only from 15.0: "
                        "dyld will not find it"]
    assert link_check.load_problems(loading(("/usr/lib/swift/libswift_Concurrency.dylib", "strong")), "ios", (15, 0)) == []
    assert link_check.load_problems(loading(("/usr/lib/swift/libswiftos.dylib", "weak")), "ios", (14, 0)) == []


def test_a_weak_load_of_libswift_concurrency_below_ios_15_is_a_problem_too():
    # What ld64.lld-16 made of `MainActor.assumeIsolated { 1 }` built for arm64-apple-ios14.0:
    # libswift_Concurrency loaded weak, while the back-deployed body calls MainActor.shared.
    problems = link_check.load_problems(loading(("/usr/lib/swift/libswift_Concurrency.dylib", "weak")), "ios", (14, 0))
    assert problems == ["loads /usr/lib/swift/libswift_Concurrency.dylib, which ios has only from 15.0: "
                        "weakly, so its functions are null there"]


def test_a_back_deployed_rpath_load_needs_the_app_to_embed_the_library():
    problems = link_check.load_problems(loading(("@rpath/libswift_Concurrency.dylib", "strong")), "macos", (11, 0))
    assert problems == ["loads @rpath/libswift_Concurrency.dylib, which macos has only from 12.0: the app must embed it"]


def test_the_build_version_must_be_the_manifests_platform_and_minimum():
    assert link_check.build_version_problems(loading(), "ios", (14, 0)) == []
    assert link_check.build_version_problems(loading(), "ios", (15, 0)) == [
        "LC_BUILD_VERSION is ios 14.0, not ios 15.0 (the manifest's)"]
    assert link_check.build_version_problems(macho.MachO(), "ios", (14, 0)) == [
        "LC_BUILD_VERSION is missing, not ios 14.0 (the manifest's)"]


# MARK: - what is built, from the manifests

@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    return check.load_packages(ROOT, str(tmp_path_factory.mktemp("manifests")))


@pytest.mark.parametrize("platform", ["ios", "macos", "maccatalyst"])
def test_the_injected_library_and_the_solver_it_links_are_the_two_dylibs(packages, platform):
    # Package.swift: LayoutDebugSupport, a .dynamic product, takes Cassowary, ReferenceKit's
    # .dynamic product, on Apple platforms.
    modules, dynamic = link_check.link_plan(check, packages, platform)
    assert [m.name for m in modules] == ["Cassowary", "LayoutDebugSupport"]
    assert {m: dynamic[m] for m in ("Cassowary", "LayoutDebugSupport")} == {
        "Cassowary": "Cassowary", "LayoutDebugSupport": "LayoutDebugSupport"}
    by_name = {m.name: m for m in modules}
    objects, libraries = link_check.dylib_inputs(by_name["LayoutDebugSupport"], dynamic)
    assert ([m.name for m in objects], libraries) == (["LayoutDebugSupport"], ["Cassowary"])
    objects, libraries = link_check.dylib_inputs(by_name["Cassowary"], dynamic)
    assert ([m.name for m in objects], libraries) == (["Cassowary"], [])


# MARK: - the SDK, as the check sees it

def test_the_typed_throws_hook_is_added_once_to_each_swift_interface(tmp_path):
    swift = tmp_path / "sdk" / "usr" / "lib" / "swift" / "Swift.swiftmodule"
    swift.mkdir(parents=True)
    (swift / "arm64-apple-ios.swiftinterface").write_text("// swift-interface-format-version: 1.0\n")
    (swift / "arm64e-apple-ios.swiftinterface").write_text("public func _willThrowTyped<E: Error>(_ e: E) {}\n")
    (swift / "arm64-apple-ios.swiftdoc").write_bytes(b"\0")
    catalyst = tmp_path / "sdk" / "System" / "iOSSupport" / "usr" / "lib" / "swift" / "Swift.swiftmodule"
    catalyst.mkdir(parents=True)
    (catalyst / "x86_64-apple-ios-macabi.swiftinterface").write_text("// Mac Catalyst's, in the macOS SDK\n")
    folder = link_sdk.stdlib_overlay(str(tmp_path / "own"), str(tmp_path / "sdk"), "iPhoneOS17.6.sdk")
    made = os.path.join(folder, "Swift.swiftmodule")
    assert sorted(os.listdir(made)) == ["arm64-apple-ios.swiftinterface", "arm64e-apple-ios.swiftinterface",
                                        "x86_64-apple-ios-macabi.swiftinterface"]
    with open(os.path.join(made, "arm64-apple-ios.swiftinterface")) as handle:
        assert handle.read().count("func _willThrowTyped") == 1
    with open(os.path.join(made, "arm64e-apple-ios.swiftinterface")) as handle:
        assert handle.read().count("func _willThrowTyped") == 1, "an interface that has it is left alone"


def test_a_stub_the_snapshot_lists_but_lacks_is_named_and_one_it_has_is_not(tmp_path):
    sdk = tmp_path / "MacOSX13.3.sdk"
    foundation = sdk / "System" / "Library" / "Frameworks" / "Foundation.framework"
    (foundation / "Versions" / "C").mkdir(parents=True)
    (foundation / "Versions" / "Current").symlink_to("C")
    (foundation / "Foundation.tbd").symlink_to("Versions/Current/Foundation.tbd")  # its target absent
    swift = sdk / "usr" / "lib" / "swift"
    swift.mkdir(parents=True)
    (swift / "libswiftCore.tbd").write_text("--- !tapi-tbd\n")
    (sdk / "usr" / "lib" / "libSystem.tbd").write_text("--- !tapi-tbd\n")
    objects = [macho.MachO(linker_options=[["-lswiftCore"], ["-framework", "Foundation"]])]
    missing = link_sdk.missing_stubs(objects, check.TARGETS["macos"], str(sdk))
    assert missing == [("System/Library/Frameworks/Foundation.framework/Foundation.tbd",
                        "System/Library/Frameworks/Foundation.framework/Versions/C/Foundation.tbd")]


def test_a_missing_stub_is_stood_in_for_by_one_with_its_install_name_and_no_symbols(tmp_path):
    # lld then finds Foundation where AppKit.tbd re-exports it ("unable to locate re-export
    # with install name ..." otherwise) and leaves Foundation's symbols unresolved.
    stubs = [("System/Library/Frameworks/Foundation.framework/Foundation.tbd",
              "System/Library/Frameworks/Foundation.framework/Versions/C/Foundation.tbd")]
    root = link_sdk.placeholder_root(str(tmp_path), stubs)
    for path in stubs[0]:
        with open(os.path.join(root, path)) as handle:
            text = handle.read()
        assert "install-name: '/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation'" in text
        assert "x86_64-macos" in text and "arm64-maccatalyst" in text
        assert "symbols" not in text


def test_lld_names_the_re_exports_it_cannot_find():
    message = ("ld64.lld-16: error: /sdk/System/Library/Frameworks/AppKit.framework/AppKit.tbd(/System/Library/"
               "Frameworks/AppKit.framework/Versions/C/AppKit): unable to locate re-export with install name "
               "/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation")
    assert link_check.REEXPORT_MISSING.findall(message) == [
        "/System/Library/Frameworks/Foundation.framework/Versions/C/Foundation"]

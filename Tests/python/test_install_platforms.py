"""install.sh's choice of what to build and where to put it, for each platform, checked
here with `--dry-run` and a fake `uname` and `xcrun` on PATH.

This is as far as Linux can check the macOS install: the commands install.sh would run,
and that lldb looks for each platform's library where install.sh puts it. Whether
swift, lipo and codesign succeed with those arguments needs a Mac with Xcode.
"""

import json
import os
import shlex
import subprocess

import pytest

from layoutdebug import library_search
from triples import CATALYST, DEVICE, LINUX, MAC, SIMULATOR

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
INSTALL = os.path.join(ROOT, "install.sh")
TRIPLE_OF_FOLDER = {"macosx": MAC, "iphonesimulator": SIMULATOR, "maccatalyst": CATALYST, "iphoneos": DEVICE}
IDENTITY = "Apple Development: Jo Example (AB12CD34EF)"


def fake_tools(folder, system):
    """A bin/ with `uname` printing `system` and an `xcrun` that knows each SDK's path."""
    bin_dir = os.path.join(folder, "bin")
    os.makedirs(bin_dir)
    scripts = {
        "uname": "#!/bin/sh\necho %s\n" % system,
        "xcrun": "#!/bin/sh\n"
                 "if [ \"$1\" = --sdk ] && [ \"$3\" = --show-sdk-path ]; then echo \"/SDKs/$2.sdk\"; exit 0; fi\n"
                 "echo \"xcrun: not faked: $*\" >&2; exit 1\n",
    }
    for name, text in scripts.items():
        path = os.path.join(bin_dir, name)
        with open(path, "w") as handle:
            handle.write(text)
        os.chmod(path, 0o755)
    return bin_dir


def dry_run(tmp_path, system, *options):
    """Runs `install.sh --dry-run` as on `system`; returns (prefix, home, [argv of each command])."""
    bin_dir = fake_tools(str(tmp_path), system)
    home = str(tmp_path / "home")
    os.makedirs(home)
    prefix = str(tmp_path / "prefix")
    environment = dict(os.environ, HOME=home, PATH=bin_dir + os.pathsep + os.environ["PATH"])
    completed = subprocess.run([INSTALL, "--dry-run", "--prefix", prefix] + list(options), env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                               timeout=60)
    assert completed.returncode == 0, completed.stdout
    assert "dry run: nothing was changed" in completed.stdout
    commands = [shlex.split(line[2:]) for line in completed.stdout.splitlines() if line.startswith("+ ")]
    return prefix, home, commands, completed.stdout


def destinations(commands, prefix):
    """{path under prefix: the command's name} for every file a cp or lipo writes there."""
    written = {}
    for argv in commands:
        if argv[:3] == ["xcrun", "lipo", "-create"]:
            written[argv[argv.index("-output") + 1]] = "lipo"
        elif argv[0] == "cp":
            target = argv[-1]
            for source in argv[1:-1]:
                path = os.path.join(target, os.path.basename(source)) if target.endswith("/") or \
                    not target.endswith(os.path.basename(source)) else target
                written[os.path.normpath(path)] = "cp"
    return {path: tool for path, tool in written.items() if path.startswith(prefix + os.sep)}


def builds(commands):
    """(triple, sdk path) of each cross build."""
    found = []
    for argv in commands:
        if argv[:2] == ["swift", "build"] and "--triple" in argv:
            found.append((argv[argv.index("--triple") + 1], argv[argv.index("-sdk") + 2]))
    return found


@pytest.fixture
def macos(tmp_path):
    return dry_run(tmp_path, "Darwin", "--sign", IDENTITY)


@pytest.mark.parametrize("folder", sorted(TRIPLE_OF_FOLDER))
def test_each_platform_gets_its_library_and_its_solver_in_its_own_folder(macos, folder):
    prefix, _, commands, _ = macos
    written = destinations(commands, prefix)
    for library in ("libLayoutDebugSupport.dylib", "libCassowary.dylib"):
        assert os.path.join(prefix, folder, library) in written, (folder, library, sorted(written))


@pytest.mark.parametrize("folder", sorted(TRIPLE_OF_FOLDER))
def test_lldb_looks_for_each_platform_s_library_where_install_sh_puts_it(macos, folder):
    prefix, home, commands, _ = macos
    written = destinations(commands, prefix)
    triple = TRIPLE_OF_FOLDER[folder]
    # Installed with --prefix: layout_debug.py sits in the prefix, beside the folders.
    found = [path for path in library_search.library_candidates(triple, {}, prefix, home) if path in written]
    assert found == [os.path.join(prefix, folder, "libLayoutDebugSupport.dylib")]


@pytest.fixture(scope="module")
def deployment_targets(tmp_path_factory):
    """Package.swift's `platforms:` as SwiftPM reads them: {"macos": "11.0", "ios": ..., "maccatalyst": ...}."""
    scratch = str(tmp_path_factory.mktemp("manifest"))
    dumped = subprocess.run(["swift", "package", "--package-path", ROOT, "--scratch-path", scratch, "dump-package"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    assert dumped.returncode == 0, dumped.stderr
    return {p["platformName"]: p["version"] for p in json.loads(dumped.stdout)["platforms"]}


def test_each_platform_is_built_for_its_own_triples_and_sdk_at_the_manifests_deployment_targets(
        macos, deployment_targets):
    # An app that ships to the manifest's lowest iOS loads a library built for that iOS, not a later one.
    _, _, commands, _ = macos
    mac, ios, catalyst = (deployment_targets[p] for p in ("macos", "ios", "maccatalyst"))
    assert builds(commands) == [
        ("x86_64-apple-macosx" + mac, "/SDKs/macosx.sdk"),
        ("arm64-apple-macosx" + mac, "/SDKs/macosx.sdk"),
        ("arm64-apple-ios%s-simulator" % ios, "/SDKs/iphonesimulator.sdk"),
        ("x86_64-apple-ios%s-simulator" % ios, "/SDKs/iphonesimulator.sdk"),
        ("arm64-apple-ios%s-macabi" % catalyst, "/SDKs/macosx.sdk"),
        ("x86_64-apple-ios%s-macabi" % catalyst, "/SDKs/macosx.sdk"),
        ("arm64-apple-ios" + ios, "/SDKs/iphoneos.sdk"),
    ]
    catalyst_build = [argv for argv in commands if "arm64-apple-ios%s-macabi" % catalyst in argv and argv[0] == "swift"][0]
    assert "/SDKs/macosx.sdk/System/iOSSupport/System/Library/Frameworks" in catalyst_build


def built_slices(commands):
    """{library path a build writes: its triple}, from each cross build's scratch path."""
    slices = {}
    for argv in commands:
        if argv[:2] == ["swift", "build"] and "--triple" in argv:
            scratch = argv[argv.index("--scratch-path") + 1]
            for library in ("libLayoutDebugSupport.dylib", "libCassowary.dylib"):
                slices[os.path.join(scratch, "release", library)] = argv[argv.index("--triple") + 1]
    return slices


@pytest.mark.parametrize("library", ["libLayoutDebugSupport.dylib", "libCassowary.dylib"])
def test_the_mac_library_is_universal_so_intel_apps_under_rosetta_load_it_on_apple_silicon(macos, library):
    prefix, _, commands, _ = macos
    slices = built_slices(commands)
    lipo = [argv for argv in commands
            if argv[:3] == ["xcrun", "lipo", "-create"] and argv[-1] == os.path.join(prefix, "macosx", library)]
    assert len(lipo) == 1, commands
    inputs = lipo[0][3:lipo[0].index("-output")]
    assert all(path.endswith("/" + library) for path in inputs), inputs
    assert sorted(slices[path].split("-")[0] for path in inputs) == ["arm64", "x86_64"], inputs
    assert all("-apple-macosx" in slices[path] for path in inputs), inputs


def test_layout_explain_is_installed_on_macos_where_lexplain_looks(macos):
    prefix, home, commands, _ = macos
    written = destinations(commands, prefix)
    tool = os.path.join(prefix, "layout-explain")
    assert tool in written
    assert os.path.join(prefix, "libCassowary.dylib") in written  # layout-explain links it (@rpath)
    assert tool in library_search.explain_candidates({}, prefix, home)


def test_sign_signs_every_apple_library_with_the_identity(macos):
    prefix, _, commands, _ = macos
    signed = sorted(argv[-1] for argv in commands if argv[0] == "codesign")
    assert all(argv[1:4] == ["--force", "--sign", IDENTITY] for argv in commands if argv[0] == "codesign")
    assert signed == sorted(os.path.join(prefix, folder, library) for folder in TRIPLE_OF_FOLDER
                            for library in ("libLayoutDebugSupport.dylib", "libCassowary.dylib"))


def test_without_sign_nothing_is_signed_and_the_install_says_what_will_refuse_it(tmp_path):
    _, _, commands, output = dry_run(tmp_path, "Darwin")
    assert not [argv for argv in commands if argv[0] == "codesign"]
    assert "not signed: a device, or a Mac app with the hardened runtime" in output


def test_a_dry_run_changes_nothing(macos):
    prefix, home, _, _ = macos
    assert not os.path.exists(prefix)
    assert os.listdir(home) == []


def test_linux_installs_the_so_files_and_layout_explain_beside_the_script(tmp_path):
    prefix, home, commands, _ = dry_run(tmp_path, "Linux")
    written = destinations(commands, prefix)
    for name in ("libLayoutDebugSupport.so", "libReferenceKit.so", "layout-explain"):
        assert os.path.join(prefix, name) in written
    assert builds(commands) == []
    found = [path for path in library_search.library_candidates(LINUX, {}, prefix, home) if path in written]
    assert found == [os.path.join(prefix, "libLayoutDebugSupport.so")]


def test_sign_is_refused_off_macos(tmp_path):
    bin_dir = fake_tools(str(tmp_path), "Linux")
    environment = dict(os.environ, HOME=str(tmp_path), PATH=bin_dir + os.pathsep + os.environ["PATH"])
    completed = subprocess.run([INSTALL, "--dry-run", "--sign", IDENTITY], env=environment,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    assert completed.returncode == 1
    assert completed.stdout.strip() == "error: --sign is for the Apple libraries, built on macOS only"


@pytest.mark.parametrize("system", ["Darwin", "Linux"])
def test_the_commands_are_installed_with_their_subpackage(tmp_path, system):
    prefix, _, commands, _ = dry_run(tmp_path, system)
    written = destinations(commands, prefix)
    package = os.path.join(prefix, "layoutdebug")
    for path in [os.path.join(prefix, "layout_debug.py"), os.path.join(package, "__init__.py"),
                 os.path.join(package, "session.py"), os.path.join(package, "commands", "__init__.py"),
                 os.path.join(package, "commands", "base.py"), os.path.join(package, "commands", "lreport.py")]:
        assert path in written, (path, sorted(written))


def test_linux_installs_the_swift_lldb_wrapper_beside_the_commands(tmp_path):
    """The toolchain's lldb needs its libpython found; <prefix>/swift-lldb starts it so."""
    prefix, _, commands, _ = dry_run(tmp_path, "Linux")
    assert ["cp", os.path.join(ROOT, "scripts", "swift-lldb.sh"), os.path.join(prefix, "swift-lldb")] in commands

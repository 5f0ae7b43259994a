"""scripts/apple_sdk_check.py: what it derives from the manifests decides what the Apple SDK
check compiles (issue 30: a check with hard-coded macOS 13.0 and iOS 16.4 passed while no Mac
could build the package). No SDK is needed here: only `swift package dump-package`.

The expected values are read off Package.swift and ReferenceKit/Package.swift by hand."""

import importlib.util
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "scripts", "apple_sdk_check.py")

_spec = importlib.util.spec_from_file_location("apple_sdk_check", SCRIPT)
check = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(check)

APPLE_PLATFORMS = ["macos", "ios", "maccatalyst"]

# Package.swift and ReferenceKit/Package.swift, non-test targets only, with the direct
# dependencies each has on an Apple platform: LayoutDebugSupport and LayoutLintXCTest take
# ReferenceKit only `.when(platforms: [.linux])`, and LayoutDebugSupport takes Cassowary on
# `applePlatforms` (.macOS, .iOS, .macCatalyst).
APPLE_GRAPH = {
    "Cassowary": set(),
    "ReferenceKit": {"Cassowary"},
    "LayoutDebugSupport": {"Cassowary"},
    "LayoutLintXCTest": {"LayoutDebugSupport"},
    "DemoScenarios": {"ReferenceKit"},
    "layout-demo": {"DemoScenarios"},
    "layout-explain": {"LayoutDebugSupport"},
    "layout-monitor-demo": {"DemoScenarios", "LayoutDebugSupport"},
    "lds-report-bench": {"LayoutDebugSupport", "DemoScenarios"},
    "origins-bench": {"LayoutDebugSupport", "DemoScenarios"},
    "loops-bench": {"LayoutDebugSupport", "DemoScenarios"},
    "cassowary-solve": {"Cassowary"},
    "solver-bench": {"Cassowary"},
}


@pytest.fixture(scope="module")
def packages(tmp_path_factory):
    return check.load_packages(ROOT, str(tmp_path_factory.mktemp("manifests")))


def by_name(modules):
    return {m.name: m for m in modules}


@pytest.mark.parametrize("platform", APPLE_PLATFORMS)
def test_every_non_test_target_is_checked_with_its_apple_dependencies(packages, platform):
    modules = by_name(check.module_graph(packages, platform))
    assert {name: {d.name for d in m.dependencies} for name, m in modules.items()} == APPLE_GRAPH


def test_on_linux_layout_debug_support_takes_reference_kit_not_cassowary(packages):
    modules = by_name(check.module_graph(packages, "linux"))
    assert [d.name for d in modules["LayoutDebugSupport"].dependencies] == ["ReferenceKit"]
    assert [d.name for d in modules["LayoutLintXCTest"].dependencies] == ["LayoutDebugSupport", "ReferenceKit"]


@pytest.mark.parametrize("platform", APPLE_PLATFORMS)
def test_each_module_comes_after_everything_it_depends_on(packages, platform):
    order = [m.name for m in check.module_graph(packages, platform)]
    for position, module in enumerate(check.module_graph(packages, platform)):
        for dependency in check.visible_modules(module):
            assert order.index(dependency.name) < position, (module.name, dependency.name)


def test_a_module_sees_its_indirect_dependencies_but_not_reference_kit_through_layout_debug_support(packages):
    modules = by_name(check.module_graph(packages, "ios"))
    assert {m.name for m in check.visible_modules(modules["layout-monitor-demo"])} == \
        {"DemoScenarios", "ReferenceKit", "Cassowary", "LayoutDebugSupport"}
    assert {m.name for m in check.visible_modules(modules["layout-explain"])} == {"LayoutDebugSupport", "Cassowary"}


def test_bench_executables_are_read_from_their_custom_paths(packages):
    modules = by_name(check.module_graph(packages, "macos"))
    report = modules["lds-report-bench"]
    assert report.kind == "executable"
    assert report.sources and all(
        f.startswith(os.path.join(ROOT, "bench", "report", "Sources", "lds-report-bench") + os.sep)
        for f in report.sources)
    assert os.path.join(ROOT, "bench", "origins", "Sources", "origins-bench", "main.swift") in \
        modules["origins-bench"].sources
    assert modules["solver-bench"].package.path == os.path.join(ROOT, "ReferenceKit")


@pytest.mark.parametrize("target, triple", [
    # platforms: [.macOS(.v11), .iOS(.v14), .macCatalyst(.v14)] in both manifests.
    ("macos", "x86_64-apple-macos11.0"),
    ("macos-arm64", "arm64-apple-macos11.0"),
    ("catalyst", "x86_64-apple-ios14.0-macabi"),
    ("ios", "arm64-apple-ios14.0"),
])
def test_every_module_is_checked_at_its_manifests_deployment_target(packages, target, triple):
    spec = check.TARGETS[target]
    triples = {spec.triple(m.package.deployment_target(spec.platform))
               for m in check.module_graph(packages, spec.platform)}
    assert triples == {triple}


def test_the_language_mode_is_the_manifests_swift_5(packages):
    assert {p.language_mode() for p in packages.values()} == {"5"}


def manifest_with(platforms):
    return check.Package("p", "/nowhere", {"platforms": [{"platformName": n, "version": v} for n, v in platforms]})


def test_undeclared_platforms_get_swiftpms_defaults():
    package = manifest_with([])
    assert package.deployment_target("macos") == (10, 13)
    assert package.deployment_target("ios") == (12, 0)
    assert package.deployment_target("maccatalyst") == (13, 1)
    # An arm64 Mac cannot run below 11.0, so SwiftPM's 10.13 becomes 11.0 there.
    assert check.TARGETS["macos-arm64"].triple(package.deployment_target("macos")) == "arm64-apple-macos11.0"
    assert check.TARGETS["macos"].triple(package.deployment_target("macos")) == "x86_64-apple-macos10.13"


def test_mac_catalyst_follows_a_declared_ios_and_never_goes_below_13_1():
    assert manifest_with([("ios", "15.0")]).deployment_target("maccatalyst") == (15, 0)
    assert manifest_with([("ios", "12.0")]).deployment_target("maccatalyst") == (13, 1)
    assert manifest_with([("ios", "15.0"), ("maccatalyst", "14.0")]).deployment_target("maccatalyst") == (14, 0)


def run_script(*args, **env):
    return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True,
                          env={**os.environ, **env}, timeout=300)


def test_an_unknown_target_is_bad_usage_in_one_line():
    result = run_script("watchos")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "error: unknown target watchos (targets: macos, macos-arm64, catalyst, ios; --help for usage)"]


def test_help_names_the_snapshots_and_gives_an_example():
    result = run_script("--help")
    assert result.returncode == 0
    assert "MACOS_SDK_GIT" in result.stdout and "IOS_SDK_GIT" in result.stdout
    assert "example:" in result.stdout


def test_a_missing_sdk_snapshot_is_one_line_naming_what_to_fetch(tmp_path):
    result = run_script("ios", APPLE_CHECK_DIR=str(tmp_path), IOS_SDK_GIT=str(tmp_path / "absent"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: no iPhoneOS17.6.sdk snapshot at %s" % (tmp_path / "absent"))
    assert "github:leptos-null/theos-sdks" in lines[0] and "IOS_SDK_GIT" in lines[0]

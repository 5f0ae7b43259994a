#!/usr/bin/env python3
"""Type-checks, from Linux, every module a Mac or an iPhone builds from this repository, against
real Apple SDKs, at the deployment targets SwiftPM uses; with --link, builds and links the
library LLDB injects. Nothing is run.

usage: scripts/apple_sdk_check.py [--list | --link] [TARGET...]

  TARGET   macos        x86_64-apple-macosX   Intel Mac, MacOSX13.3.sdk, AppKit
           macos-arm64  arm64-apple-macosX    Apple silicon (at least 11.0), MacOSX13.3.sdk
           catalyst     x86_64-apple-iosX-macabi  Mac Catalyst: UIKit from the macOS SDK's
                        System/iOSSupport
           ios          arm64-apple-iosX      iPhone: iPhoneOS17.6.sdk (iOS 17.5), real iOS UIKit
           (default: all four)
  --list   print each target's modules, dependencies and triples, and check nothing
  --link   instead of type-checking, compile LayoutDebugSupport and the Cassowary library it
           links as a release build does and link each to a Mach-O dylib with Debian's
           ld64.lld-16 (apt-get install lld-16) against the SDK's .tbd stubs, after a small
           UIKit/AppKit probe; print per library its unresolved symbols, LC_BUILD_VERSION and
           the libraries it loads (scripts/apple-sdk-check/link_check.py says what is stood in
           for). Several minutes per target. The macOS snapshot lacks Foundation.tbd: there,
           what stays unresolved is named with the missing stubs, not counted as a failure.

The modules and their order, each target's dependencies (with `condition: .when(platforms:)`),
the deployment targets (`platforms:`, else SwiftPM's defaults: macOS 10.13, iOS 12.0, Mac
Catalyst from iOS and at least 13.1) and the Swift language mode all come from
`swift package dump-package` of Package.swift and of its local path dependencies (ReferenceKit).
Every non-test target is checked, libraries and executables alike. A module sees only the
modules it depends on, directly or not, as SwiftPM builds it.

SDKs: git snapshots of public repositories (with the search tool: `fetch github:OWNER/NAME`):
  MACOS_SDK_GIT  git dir of D00MFist/MacOSX-SDKs (MacOSX13.3.sdk)
  IOS_SDK_GIT    git dir of leptos-null/theos-sdks (branch bot/iPhoneOS17.6: iPhoneOS17.6.sdk)
  (default for each: ../.mirror/OWNER+NAME/repo beside this repository)
Each SDK is extracted once (about 600 and 250 MB) into $APPLE_CHECK_DIR (default
~/.cache/layoutdebug-apple-check); an SDK already extracted there, by this script or another,
is reused. This script's own build products and module caches go to its apple_sdk_check/
folder there, so concurrent checks of other trees do not clobber them.

What it brings (scripts/apple-sdk-check/): the API notes for Dispatch and os that Apple's
toolchains have and the Linux one lacks (without them the SDKs' Swift overlays do not build),
and StdlibCompat.swift, stand-ins for Swift 5.9 and 6.0 standard-library API that the SDKs'
older Swift libraries lack.

Prints each error, a line per module and a summary per target; a module whose dependency's
interface does not build is reported as not checked. Exits 1 if any module has an error or is
not checked (with --link: any unresolved symbol the SDK's stubs should define, a minimum other
than the manifest's, or an OS library the deployment target lacks), 2 on bad usage or a
missing SDK.

example:
  MACOS_SDK_GIT=/work/.mirror/D00MFist+MacOSX-SDKs/repo \\
  IOS_SDK_GIT=/work/.mirror/leptos-null+theos-sdks/repo scripts/apple_sdk_check.py ios macos
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUPPORT = os.path.join(REPO, "scripts", "apple-sdk-check")
sys.path.insert(0, SUPPORT)
import link_check  # noqa: E402  (scripts/apple-sdk-check/, a folder name Python cannot import)
import sdk_snapshots  # noqa: E402

STDLIB_COMPAT = os.path.join(SUPPORT, "StdlibCompat.swift")
MAIN_ACTOR_COMPAT = os.path.join(SUPPORT, "MainActorCompat.swift")
COMPAT = [STDLIB_COMPAT, MAIN_ACTOR_COMPAT]
OWN_FOLDER = "apple_sdk_check"  # inside the work dir: this script's builds and caches

# SwiftPM's oldest supported versions (PackageModel's `Platform.oldestSupportedVersion`, tools
# 5.9 to 6.x): the deployment target when a manifest declares none, and the floor otherwise.
SWIFTPM_OLDEST = {"macos": (10, 13), "ios": (12, 0), "maccatalyst": (13, 1)}


@dataclass(frozen=True)
class SDK:
    name: str       # the folder in the snapshot, and in the work dir
    env: str        # the variable that names the snapshot's git dir
    repository: str  # OWNER/NAME on GitHub
    revision: str   # the branch holding the SDK
    marker: str     # a framework whose presence says the SDK is the right kind


MACOS_SDK = SDK("MacOSX13.3.sdk", "MACOS_SDK_GIT", "D00MFist/MacOSX-SDKs", "HEAD", "AppKit.framework")
IOS_SDK = SDK("iPhoneOS17.6.sdk", "IOS_SDK_GIT", "leptos-null/theos-sdks", "bot/iPhoneOS17.6", "UIKit.framework")


@dataclass(frozen=True)
class Target:
    name: str
    platform: str   # the manifest's platform name: conditions and deployment target
    arch: str
    os_name: str    # the triple's OS part
    sdk: SDK
    floor: tuple    # the lowest version the triple allows (arm64 Macs start at 11.0)
    environment: str = ""  # the triple's environment part ("macabi" for Mac Catalyst)

    def triple(self, version):
        suffix = "-" + self.environment if self.environment else ""
        return "%s-apple-%s%s%s" % (self.arch, self.os_name, version_text(max(version, self.floor)), suffix)


TARGETS = {t.name: t for t in (
    Target("macos", "macos", "x86_64", "macos", MACOS_SDK, (10, 13)),
    Target("macos-arm64", "macos", "arm64", "macos", MACOS_SDK, (11, 0)),
    Target("catalyst", "maccatalyst", "x86_64", "ios", MACOS_SDK, (13, 1), "macabi"),
    Target("ios", "ios", "arm64", "ios", IOS_SDK, (12, 0)),
)}


class UsageError(Exception):
    """Bad input or a missing prerequisite: one line, exit status 2."""


def version_tuple(text):
    return tuple(int(part) for part in text.split("."))


def version_text(version):
    return ".".join(str(part) for part in version)


def c99_name(name):
    """The module name SwiftPM gives a target: `layout-demo` is `layout_demo`."""
    name = re.sub(r"[^A-Za-z0-9_]", "_", name)
    return "_" + name if name[:1].isdigit() else name


# MARK: - the manifests


@dataclass
class Package:
    identity: str
    path: str
    manifest: dict

    def deployment_target(self, platform):
        """The version SwiftPM compiles this package's targets for on `platform`
        (PlatformVersionProvider.getDerived, for a target that is not a test)."""
        declared = {p["platformName"]: version_tuple(p["version"]) for p in self.manifest.get("platforms") or []}
        oldest = SWIFTPM_OLDEST[platform]
        if platform in declared:
            return max(declared[platform], oldest)
        if platform == "maccatalyst":
            return max(oldest, self.deployment_target("ios"))
        return oldest

    def language_mode(self):
        modes = self.manifest.get("swiftLanguageVersions") or self.manifest.get("swiftLanguageModes")
        if modes:
            return str(modes[0])
        # No list: the tools version's default mode (6 from tools 6.0 on).
        tools = self.manifest.get("toolsVersion", {}).get("_version", "5.0")
        return "6" if version_tuple(tools)[0] >= 6 else "5"


@dataclass
class Module:
    name: str             # the target's name in its manifest
    package: Package
    kind: str             # "regular" or "executable"
    sources: list
    dependencies: list = field(default_factory=list)  # direct, by target name, this platform's

    @property
    def module_name(self):
        return c99_name(self.name)


def dump_package(path, scratch):
    """The manifest at `path` as SwiftPM reads it. A scratch folder of our own keeps us off the
    lock of the tree's shared .build, which a running build holds for minutes."""
    result = subprocess.run(["swift", "package", "--package-path", path, "--scratch-path", scratch,
                             "dump-package"], capture_output=True, text=True)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["no output"])[-1]
        raise UsageError("swift package dump-package failed in %s: %s" % (path, last))
    return json.loads(result.stdout)


def load_packages(root, scratch_root):
    """The root package and every local path dependency under it, by identity, root first."""
    packages = {}
    pending = [(os.path.basename(os.path.abspath(root)).lower(), os.path.abspath(root))]
    while pending:
        identity, path = pending.pop(0)
        if identity in packages:
            continue
        manifest = dump_package(path, os.path.join(scratch_root, identity))
        packages[identity] = Package(identity, path, manifest)
        for dependency in manifest.get("dependencies", []):
            local = dependency.get("fileSystem")
            if not local:
                raise UsageError("only local path dependencies can be checked, not %s"
                                 % json.dumps(dependency)[:120])
            pending.append((local[0]["identity"], local[0]["path"]))
    return packages


def target_sources(package, target):
    folder = os.path.join(package.path, target.get("path") or os.path.join("Sources", target["name"]))
    if not os.path.isdir(folder):
        raise UsageError("target %s: no source folder %s" % (target["name"], folder))
    excluded = [os.path.join(folder, e) for e in target.get("exclude") or []]
    roots = [os.path.join(folder, s) for s in target["sources"]] if target.get("sources") else [folder]
    def wanted(path):
        return path.endswith(".swift") and not any(path == e or path.startswith(e + os.sep) for e in excluded)

    files = []
    for top in roots:
        if os.path.isfile(top):
            files += [top] if wanted(top) else []
            continue
        for directory, _, names in os.walk(top):
            files += [p for p in (os.path.join(directory, n) for n in names) if wanted(p)]
    return sorted(files)


def applies_on(condition, platform):
    return not condition or not condition.get("platformNames") or platform in condition["platformNames"]


def resolve_dependency(packages, package, dependency, platform):
    """The (package, target name) pairs one `dependencies:` entry brings on `platform`."""
    kind, value = next(iter(dependency.items()))
    if kind == "product":
        name, package_identity, _, condition = value
        if not applies_on(condition, platform):
            return []
        owner = packages[(package_identity or package.identity).lower()]
        return [(owner, t) for t in product_targets(owner, name)]
    name, condition = value[0], value[-1]
    if not applies_on(condition, platform):
        return []
    if any(t["name"] == name for t in package.manifest["targets"]):
        return [(package, name)]
    if kind == "byName":  # a product of a dependency, named alone
        for other in packages.values():
            if other is not package and any(p["name"] == name for p in other.manifest["products"]):
                return [(other, t) for t in product_targets(other, name)]
    raise UsageError("%s: no target or product named %s" % (package.identity, name))


def product_targets(package, name):
    for product in package.manifest["products"]:
        if product["name"] == name:
            return product["targets"]
    raise UsageError("package %s has no product %s" % (package.identity, name))


def module_graph(packages, platform):
    """Every non-test target of every package, with its direct dependencies on `platform`,
    in an order where each module comes after those it depends on (a target's manifest order
    otherwise, root package first)."""
    modules, order = {}, []

    def visit(package, target_name, chain):
        key = (package.identity, target_name)
        if key in modules:
            return modules[key]
        if key in chain:
            raise UsageError("dependency cycle: %s" % " -> ".join(n for _, n in chain + [key]))
        target = next(t for t in package.manifest["targets"] if t["name"] == target_name)
        if target["type"] not in ("regular", "executable"):
            raise UsageError("target %s is a %s target, which this check cannot compile" % (target_name, target["type"]))
        dependencies = []
        for dependency in target.get("dependencies", []):
            for owner, name in resolve_dependency(packages, package, dependency, platform):
                dependencies.append(visit(owner, name, chain + [key]))
        module = Module(target_name, package, target["type"], target_sources(package, target), dependencies)
        modules[key] = module
        order.append(module)
        return module

    for package in packages.values():
        for target in package.manifest["targets"]:
            if target["type"] != "test":
                visit(package, target["name"], [])
    return order


def visible_modules(module):
    """What `import` finds when SwiftPM compiles `module`: its dependencies, direct or not."""
    seen, pending = [], list(module.dependencies)
    while pending:
        dependency = pending.pop(0)
        if dependency not in seen:
            seen.append(dependency)
            pending.extend(dependency.dependencies)
    return seen


def swift_settings(module, platform, config="debug"):
    """Compiler flags from the target's `swiftSettings:` that apply to a `config` build on
    `platform`, and its language mode. Settings this check cannot mirror stop it."""
    flags, mode = [], module.package.language_mode()
    target = next(t for t in module.package.manifest["targets"] if t["name"] == module.name)
    for setting in target.get("settings") or []:
        if setting.get("tool") != "swift":
            continue
        condition = setting.get("condition") or {}
        if not applies_on(condition, platform) or condition.get("config") not in (None, config):
            continue
        kind, value = next(iter(setting["kind"].items()))
        argument = value.get("_0") if isinstance(value, dict) else value
        if kind == "define":
            flags += ["-D", argument]
        elif kind == "enableUpcomingFeature":
            flags += ["-enable-upcoming-feature", argument]
        elif kind == "enableExperimentalFeature":
            flags += ["-enable-experimental-feature", argument]
        elif kind == "swiftLanguageMode":
            mode = str(argument)
        else:
            raise UsageError("target %s: swift setting %s is not mirrored by this check" % (module.name, kind))
    return flags, mode


# MARK: - the SDKs


def sdk_snapshot(sdk):
    default = os.path.join(os.path.dirname(REPO), ".mirror", sdk.repository.replace("/", "+"), "repo")
    return os.environ.get(sdk.env) or default


def has_framework(folder, sdk):
    return os.path.isdir(os.path.join(folder, "System", "Library", "Frameworks", sdk.marker))


def missing_snapshot(sdk, git_dir):
    return UsageError("no %s snapshot at %s (fetch github:%s, then set %s to its git dir)"
                      % (sdk.name, git_dir, sdk.repository, sdk.env))


def require_sdk_source(work, sdk):
    """Fails at once, before any slow step, when an SDK is neither extracted nor fetched."""
    if not has_framework(os.path.join(work, sdk.name), sdk) and not os.path.isdir(sdk_snapshot(sdk)):
        raise missing_snapshot(sdk, sdk_snapshot(sdk))


def prepare_sdk(work, sdk):
    """The extracted SDK's folder in the work dir; extracts it from its snapshot if needed."""
    folder = os.path.join(work, sdk.name)
    git_dir = sdk_snapshot(sdk)
    if not sdk_snapshots.is_marked_complete(folder) and not os.path.isdir(git_dir):
        if has_framework(folder, sdk):
            return folder  # no snapshot to compare with: take what is there
        raise missing_snapshot(sdk, git_dir)
    try:
        return sdk_snapshots.extract_once(git_dir, sdk.revision, sdk.name, work)
    except sdk_snapshots.SnapshotError as error:
        raise UsageError("%s (is %s a snapshot of %s?)" % (error, git_dir, sdk.repository))


# MARK: - compiling


def resource_dir(own):
    """The toolchain's resource folder without its Linux module maps (Dispatch, os, Block,
    CoreFoundation clash with the SDK's), plus the API notes Apple's toolchains carry for
    Dispatch and os. Named after the notes' contents, as its module caches are."""
    toolchain_swift = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(shutil.which("swiftc")))),
                                   "lib", "swift")
    notes = sorted(os.path.join(SUPPORT, "apinotes", n) for n in os.listdir(os.path.join(SUPPORT, "apinotes")))
    digest = hashlib.sha256()
    for path in notes + [toolchain_swift]:
        digest.update(path.encode())
        if os.path.isfile(path):
            with open(path, "rb") as f:
                digest.update(f.read())
    folder = os.path.join(own, "resource-" + digest.hexdigest()[:12])
    if not os.path.isdir(folder):
        staging = folder + ".%d" % os.getpid()
        os.makedirs(os.path.join(staging, "apinotes"))
        os.symlink(os.path.join(toolchain_swift, "shims"), os.path.join(staging, "shims"))
        os.symlink(os.path.realpath(os.path.join(toolchain_swift, "clang")), os.path.join(staging, "clang"))
        for path in notes + [os.path.join(toolchain_swift, "apinotes", "std.apinotes")]:
            shutil.copy(path, os.path.join(staging, "apinotes"))
        try:
            os.rename(staging, folder)
        except OSError:  # a concurrent run made it first
            shutil.rmtree(staging)
    return folder


ERROR_LINE = re.compile(r"^[^ ].*: error: ")
POSITION = re.compile(r"^(.*?):(\d+):(\d+): ")


def shorten(line, work):
    return line.replace(REPO + os.sep, "").replace(work + os.sep, "$APPLE_CHECK_DIR/")


def by_position(line):
    """Sorts diagnostics by file, then line and column as numbers (9 before 10)."""
    found = POSITION.match(line)
    return (found.group(1), int(found.group(2)), int(found.group(3)), line) if found else (line, 0, 0, line)


def compile_module(module, target, sdk_folder, resource, build, cache, work):
    """Type-checks one module and, for a library, writes the interface later modules import.

    Returns its error lines (file:line:column: error: ...), or the compiler's own failure, and
    whether the interface was written. It is written even when bodies have errors, as long as
    the declarations build, so that the modules above are still checked."""
    platform = target.platform
    flags, mode = swift_settings(module, platform)
    triple = target.triple(module.package.deployment_target(platform))
    common = ["-sdk", sdk_folder, "-resource-dir", resource, "-module-cache-path", cache,
              "-target", triple, "-swift-version", mode, "-package-name", module.package.identity,
              "-module-name", module.module_name, "-D", "SWIFT_PACKAGE", "-D", "DEBUG", "-Onone",
              "-enable-testing", "-wmo"] + flags
    if target.environment == "macabi":
        common += ["-Fsystem", os.path.join(sdk_folder, "System", "iOSSupport", "System", "Library", "Frameworks")]
    for dependency in visible_modules(module):
        common += ["-I", os.path.join(build, dependency.module_name)]
    has_main = any(os.path.basename(f) == "main.swift" for f in module.sources)
    if not (module.kind == "executable" and has_main):
        common.append("-parse-as-library")
    inputs = module.sources + COMPAT
    result = subprocess.run(["swiftc", "-typecheck"] + common + inputs, capture_output=True, text=True)
    log = result.stdout + result.stderr
    failed = result.returncode != 0
    interface = False
    if module.kind == "regular":
        # Bodies were checked above; lowering the stand-ins' typed-throws bodies would crash
        # this compiler, and the interface does not need them.
        output = os.path.join(build, module.module_name)
        os.makedirs(output, exist_ok=True)
        emit = subprocess.run(["swiftc", "-emit-module", "-Xfrontend", "-experimental-skip-all-function-bodies",
                               "-emit-module-path", os.path.join(output, module.module_name + ".swiftmodule")]
                              + common + inputs, capture_output=True, text=True)
        log += emit.stdout + emit.stderr
        interface = emit.returncode == 0
        failed = failed or not interface
    errors = sorted({shorten(line, work) for line in log.splitlines() if ERROR_LINE.match(line)}, key=by_position)
    if failed and not errors:
        first = next((l for l in log.splitlines() if "error" in l or "Stack dump" in l), log.strip()[:200])
        errors = ["%s: the compiler failed: %s" % (module.name, shorten(first, work))]
    return errors, interface


def check_target(target, packages, work, own):
    """Checks every module for one target; prints and returns its summary line, and whether
    any module had errors or could not be checked."""
    root = next(iter(packages.values()))
    modules = module_graph(packages, target.platform)
    sdk_folder = prepare_sdk(work, target.sdk)
    resource = resource_dir(own)
    build = os.path.join(own, "build", target.name)
    cache = os.path.join(own, "module-cache", target.name + "-" + os.path.basename(resource))
    shutil.rmtree(build, ignore_errors=True)
    triple = target.triple(root.deployment_target(target.platform))
    print("-- %s (%s, %s)" % (target.name, triple, target.sdk.name), flush=True)
    started, failed, unchecked = time.time(), 0, 0
    broken, skipped = set(), set()  # no interface: of its own errors; for want of another's
    for module in modules:
        blocking = [m.name for m in visible_modules(module) if m.name in broken | skipped]
        if blocking:
            # Its imports would fail for want of an interface, not for anything of its own.
            causes = [name for name in blocking if name in broken]
            print("   %-22s not checked: %s did not build" % (module.name, ", ".join(causes)), flush=True)
            skipped.add(module.name)
            unchecked += 1
            continue
        errors, interface = compile_module(module, target, sdk_folder, resource, build, cache, work)
        if module.kind == "regular" and not interface:
            broken.add(module.name)
        for line in errors:
            print(line)
        print("   %-22s %d error(s)" % (module.name, len(errors)), flush=True)
        failed += bool(errors)
    summary = "-- %s (%s): %d modules, %d with errors" % (target.name, triple, len(modules), failed)
    if unchecked:
        summary += ", %d not checked" % unchecked
    print("%s, %d s" % (summary, time.time() - started), flush=True)
    return summary, bool(failed or unchecked)


def print_graph(packages):
    for name, target in TARGETS.items():
        print("-- %s" % name)
        for module in module_graph(packages, target.platform):
            print("   %-22s %-32s %s" % (module.name, target.triple(module.package.deployment_target(target.platform)),
                                         " ".join(m.name for m in module.dependencies) or "-"))


def main(argv):
    if any(a in ("-h", "--help") for a in argv):
        print(__doc__.strip())
        return 0
    listing = "--list" in argv
    linking = "--link" in argv
    names = [a for a in argv if a not in ("--list", "--link")]
    unknown = [a for a in names if a not in TARGETS]
    if unknown:
        raise UsageError("unknown target %s (targets: %s; --help for usage)" % (unknown[0], ", ".join(TARGETS)))
    if shutil.which("swiftc") is None:
        raise UsageError("no swiftc on PATH")
    work = os.path.abspath(os.path.expanduser(os.environ.get("APPLE_CHECK_DIR") or "~/.cache/layoutdebug-apple-check"))
    own = os.path.join(work, OWN_FOLDER)
    os.makedirs(own, exist_ok=True)
    selected = [TARGETS[n] for n in (names or list(TARGETS))]
    if not listing:
        for target in selected:
            require_sdk_source(work, target.sdk)
    packages = load_packages(REPO, os.path.join(own, "manifests"))
    if listing:
        print_graph(packages)
        return 0
    if linking:
        return link_check.run(sys.modules[__name__], [t.name for t in selected], packages, work, own)
    results = [check_target(target, packages, work, own) for target in selected]
    if len(results) > 1:
        print()
        for summary, _ in results:
            print(summary)
    return 1 if any(failed for _, failed in results) else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except UsageError as error:
        print("error: %s" % error, file=sys.stderr)
        sys.exit(2)

"""`scripts/apple_sdk_check.py --link`: builds the library LLDB injects, and the libraries it
links, as Mach-O dylibs for each Apple target, as `swift build -c release` would, and links
them with Debian's ld64.lld-16 against the SDK's .tbd stubs. It says, per library: every
undefined symbol resolved or not, LC_BUILD_VERSION's platform and minimum against the
manifest's deployment target, and the libraries it loads, with any the OS at that target does
not have (libswift_Concurrency before iOS 15).

Before the project's modules, a small UIKit (or AppKit) probe is compiled and linked, so a
failure of the tools is not taken for the project's.

What no SDK stub defines, and why it is not a failure: compiler-rt's builtins
(`___isPlatformVersionAtLeast`, from `#available`), which Xcode's clang driver links into every
image from libclang_rt.<os>.a; and weak references to runtime entry points newer than the
SDK (`swift_coroFrameAlloc`), which are null on older systems and checked before use. Each is
listed. The macOS snapshot lacks its files over 4 MiB (Foundation.tbd): there, symbols left
unresolved are reported with the stubs the snapshot lacks, not as failures. The iOS snapshot's
SwiftUI.tbd lists SwiftUI's C and Objective-C symbols and none of its Swift ones (no `$s7SwiftUI`
in its 308 lines, where Foundation.tbd beside it has thousands of `$s10Foundation`): a Swift
symbol of a framework whose stub lists none is reported as left to that stub, not as a failure,
and is not checked.

The compiler is the Linux toolchain's, with `-runtime-compatibility-version none` (Xcode's
back-deployment libraries, libswiftCompatibility*.a, are not on Linux), and the SDKs' Swift
libraries are older than Swift 6.0: the check adds to a copy of each SDK's Swift interface the
`_willThrowTyped` hook the compiler emits for every typed `throw` (Swift 6.0's, empty here, as
its body is on systems before iOS 18 and macOS 15), and compiles StdlibCompat.swift's stand-ins
into each module, as Swift 6.0 inlines the real ones.
"""

import hashlib
import os
import re
import shutil
import subprocess
import time

import macho
from link_sdk import has_main_actor_assume_isolated, missing_stubs, placeholder_root, sdk_version, search_folders, \
    stdlib_overlay

PRODUCT = "LayoutDebugSupport"
LINKERS = ("ld64.lld-16", "/usr/lib/llvm-16/bin/ld64.lld")
PROBE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "LinkProbe.swift")

# lld's names for -platform_version.
LLD_PLATFORMS = {"ios": "ios", "macos": "macos", "maccatalyst": "mac-catalyst"}

# Defined by compiler-rt's builtins (libclang_rt.<os>.a), which Xcode links into every image.
COMPILER_RT = frozenset(("___isPlatformVersionAtLeast", "___isOSVersionAtLeast"))

# Swift libraries the OS has only from some version on (the Swift runtime each ships: 5.5 in
# iOS 15 and macOS 12, 5.7 in iOS 16 and macOS 13, 5.9 in iOS 17 and macOS 14). A strong load
# of one below that version fails in dyld, unless the app embeds a copy (Apple's SDKs then
# record it as @rpath/, through `$ld$previous$` entries this snapshot's stubs do not have).
OS_LIBRARY_SINCE = {
    "libswift_Concurrency.dylib": {"ios": (15, 0), "macos": (12, 0), "maccatalyst": (15, 0)},
    "libswift_StringProcessing.dylib": {"ios": (16, 0), "macos": (13, 0), "maccatalyst": (16, 0)},
    "libswift_RegexParser.dylib": {"ios": (16, 0), "macos": (13, 0), "maccatalyst": (16, 0)},
    "libswiftDistributed.dylib": {"ios": (16, 0), "macos": (13, 0), "maccatalyst": (16, 0)},
    "libswiftObservation.dylib": {"ios": (17, 0), "macos": (14, 0), "maccatalyst": (17, 0)},
}

UNDEFINED = re.compile(r"error: undefined symbol: (\S+)")


def find_linker():
    for name in LINKERS:
        path = shutil.which(name) or (name if os.path.isfile(name) else None)
        if path:
            return path
    return None


def version_text(version):
    return ".".join(str(part) for part in version)


# MARK: - what is built


def link_plan(check, packages, platform):
    """The modules the product's library is built from, in build order, and which of them are
    dynamic library products of their own: {module name: product name}."""
    modules = check.module_graph(packages, platform)
    root = next(m for m in modules if m.name == PRODUCT)
    needed = {m.name for m in check.visible_modules(root)} | {root.name}
    dynamic = {}
    for package in packages.values():
        for product in package.manifest["products"]:
            kind = product.get("type", {}).get("library")
            if kind == ["dynamic"] and len(product["targets"]) == 1:
                dynamic[product["targets"][0]] = product["name"]
    return [m for m in modules if m.name in needed], dynamic


def dylib_inputs(module, dynamic):
    """The modules whose objects go into `module`'s dylib (itself, and what it needs that no
    other dylib holds) and the dylibs it links, by product name."""
    objects, libraries, pending, seen = [module], [], list(module.dependencies), set()
    while pending:
        dependency = pending.pop(0)
        if dependency.name in seen:
            continue
        seen.add(dependency.name)
        if dependency.name in dynamic:
            libraries.append(dynamic[dependency.name])
        else:
            objects.append(dependency)
            pending.extend(dependency.dependencies)
    return objects, libraries


# MARK: - compiling and linking


def compile_object(check, module, target, sdk_folder, tools, build, settings=None):
    """Compiles one module as a release build does (-O, whole module) to an object and the
    interface the modules above import; returns its error lines (empty when it compiled).
    `settings` (flags, language mode) stand in for the manifest's, for the probe."""
    flags, mode = settings or check.swift_settings(module, target.platform, config="release")
    name = module.module_name
    command = ["swiftc", "-c", "-emit-module", "-emit-module-path", os.path.join(build, name + ".swiftmodule"),
               "-o", os.path.join(build, name + ".o"), "-sdk", sdk_folder, "-resource-dir", tools["resource"],
               "-module-cache-path", tools["cache"], "-target", target.triple(module.package.deployment_target(target.platform)),
               "-swift-version", mode, "-package-name", module.package.identity, "-module-name", name,
               "-D", "SWIFT_PACKAGE", "-O", "-wmo", "-parse-as-library", "-runtime-compatibility-version", "none",
               "-I", tools["overlay"], "-I", build] + flags
    if target.environment == "macabi":
        command += ["-Fsystem", os.path.join(sdk_folder, "System", "iOSSupport", "System", "Library", "Frameworks")]
    result = subprocess.run(command + module.sources + tools["compat"], capture_output=True, text=True)
    if result.returncode == 0:
        return []
    log = (result.stdout + result.stderr).splitlines()
    errors = [line.replace(check.REPO + os.sep, "") for line in log if check.ERROR_LINE.match(line)]
    # A crash says what it was doing in its last "While ..." line.
    doing = [l.strip() for l in log if re.match(r"^\d+\.\s+While ", l)]
    return errors or ["%s: the compiler failed: %s" % (module.name, (doing or [next(
        (l for l in log if "error" in l or "Stack dump" in l), "no output")])[-1])]


REEXPORT_MISSING = re.compile(r"unable to locate re-export with install name (/\S+)")


def link_dylib(tools, product, objects, libraries, target, version, sdk_folder, build, tolerated=(), stubs=()):
    """Links one dylib; returns (its path or None, the undefined symbols lld named, its other
    errors, the install names of re-exported libraries it could not find). `stubs` are
    missing stubs to stand in for (`placeholder_root`)."""
    library_folders, framework_folders = search_folders(target, sdk_folder)
    output = os.path.join(build, "lib%s.dylib" % product)
    command = [tools["linker"], "-dylib", "-arch", target.arch, "-platform_version", LLD_PLATFORMS[target.platform],
               version_text(version), tools["sdk_version"], "-syslibroot", sdk_folder]
    if stubs:
        command += ["-syslibroot", placeholder_root(build, stubs)]
    command += ["-L" + f for f in library_folders] + ["-F" + f for f in framework_folders]
    command += ["-install_name", "@rpath/lib%s.dylib" % product, "-o", output] + objects + ["-L", build]
    command += ["-l" + name for name in libraries] + ["-lSystem", "--error-limit=0"]
    for symbol in sorted(tolerated):
        command += ["-U", symbol]
    result = subprocess.run(command, capture_output=True, text=True)
    undefined = sorted(set(UNDEFINED.findall(result.stderr)))
    reexports = sorted(set(REEXPORT_MISSING.findall(result.stderr)))
    others = [l for l in result.stderr.splitlines()
              if ": error: " in l and "undefined symbol" not in l and not REEXPORT_MISSING.search(l)]
    return (output if result.returncode == 0 else None), undefined, others, reexports


def sort_undefined(undefined, images):
    """Splits unresolved symbols into compiler-rt's, weak references (weak in every object that
    refers to them) and the rest."""
    weak = {s for s in undefined if s not in COMPILER_RT and all(
        image.undefined.get(s, True) for image in images if s in image.undefined)}
    builtins = {s for s in undefined if s in COMPILER_RT}
    return sorted(builtins), sorted(weak), sorted(set(undefined) - weak - builtins)


SWIFT_SYMBOL = re.compile(r"^_\$s(\d+)([A-Za-z_])")


def swift_module(symbol):
    """The module a mangled Swift symbol starts with (`_$s7SwiftUI…` is SwiftUI's), or None."""
    match = SWIFT_SYMBOL.match(symbol)
    if not match:
        return None
    start = match.start(2)
    return symbol[start:start + int(match.group(1))]


def left_to_swiftless_stubs(undefined, sdk_folder, framework_folders):
    """{stub's file name: [symbols]} for the Swift symbols of frameworks whose .tbd, the first the
    link finds in `framework_folders` (`search_folders`), lists no Swift symbol of its own module:
    such a stub cannot resolve them, right or wrong."""
    stubs, left = {}, {}
    for symbol in undefined:
        module = swift_module(symbol)
        if module and module not in stubs:
            stubs[module] = swiftless_stub(module, sdk_folder, framework_folders)
        if module and stubs[module]:
            left.setdefault(stubs[module], []).append(symbol)
    return left


def swiftless_stub(module, sdk_folder, framework_folders):
    """`<module>.tbd` when the framework's stub the link finds first lists no `$s<len><module>`
    symbol; None when it lists some, or the SDK has no such framework."""
    for folder in framework_folders:
        path = sdk_folder + folder + "/%s.framework/%s.tbd" % (module, module)
        if os.path.isfile(path):
            with open(path, errors="replace") as handle:
                return None if "$s%d%s" % (len(module), module) in handle.read() else module + ".tbd"
    return None


def load_problems(image, platform, deployment):
    """The loads of OS libraries newer than the deployment target, as one line each. A weak
    load is one too: dyld then loads the library without it, and every function of it is
    null, so a call not guarded by `#available` crashes (the compiler makes a load of
    libswift_Concurrency weak for iOS 14 even where it calls `MainActor.shared` unguarded)."""
    problems = []
    for name, kind in image.loads:
        since = OS_LIBRARY_SINCE.get(os.path.basename(name), {}).get(platform)
        if not since or tuple(deployment[:2]) >= since:
            continue
        if kind == "weak":
            where = "weakly, so its functions are null there"
        else:
            where = "the app must embed it" if name.startswith("@rpath/") else "dyld will not find it"
        problems.append("loads %s, which %s has only from %s: %s" % (name, platform, version_text(since), where))
    return problems


def build_version_problems(image, platform, deployment):
    """LC_BUILD_VERSION against the manifest: one platform, its minimum the deployment target."""
    expected = (platform, tuple(deployment[:2]))
    found = [(p, tuple(minimum[:2])) for p, minimum, _ in image.build_versions]
    if found == [expected]:
        return []
    return ["LC_BUILD_VERSION is %s, not %s %s (the manifest's)" % (
        ", ".join("%s %s" % (p, version_text(v)) for p, v in found) or "missing", platform, version_text(deployment))]


# MARK: - one target


def link_library(tools, product, objects, libraries, target, deployment, sdk_folder, build):
    """Links one dylib, standing in for the stubs the snapshot lacks, then again with what no
    stub can define tolerated (`-U`), so its load commands can be read. Returns a dict of what
    was found."""
    images = [macho.read(path) for path in objects]
    stubs = missing_stubs(images, target, sdk_folder)
    for _ in range(3):  # each placeholder may bring re-exports of its own to light
        path, undefined, others, reexports = link_dylib(tools, product, objects, libraries, target, deployment,
                                                        sdk_folder, build, stubs=stubs)
        more = [(name.lstrip("/") + ".tbd",) * 2 for name in reexports]
        if not more or set(more) <= set(stubs):
            break
        stubs = sorted(set(stubs) | set(more))
    swiftless = left_to_swiftless_stubs(undefined, sdk_folder, search_folders(target, sdk_folder)[1])
    left = {symbol for symbols in swiftless.values() for symbol in symbols}
    builtins, weak, rest = sort_undefined([s for s in undefined if s not in left], images)
    if stubs:  # a weak reference may be to a missing stub's symbol as well: cannot tell
        weak, rest = [], sorted(set(rest) | set(weak))
    if undefined and not others:
        path, _, others, _ = link_dylib(tools, product, objects, libraries, target, deployment, sdk_folder, build,
                                        tolerated=undefined, stubs=stubs)
    image = macho.read(path) if path else None
    return {"image": image, "builtins": builtins, "weak": weak, "unresolved": rest, "swiftless": swiftless,
            "stubs": sorted({real for _, real in stubs}), "errors": others}


def describe_library(product, found, target, deployment):
    """Prints what one linked library showed; returns its problems, one line each."""
    image, unresolved, stubs = found["image"], found["unresolved"], found["stubs"]
    problems = list(found["errors"])
    if image is None:
        print("   lib%s.dylib did not link" % product)
        return problems or ["lib%s.dylib did not link" % product]
    versions = ", ".join("%s %s (sdk %s)" % (p, version_text(m[:2]), version_text(s[:2]))
                         for p, m, s in image.build_versions)
    count = "%d unresolved" % len(unresolved)
    if unresolved and stubs:
        count += ", left to stubs the snapshot lacks (%s): %s" % (", ".join(stubs), ", ".join(unresolved[:3])
                                                                 + (", ..." if len(unresolved) > 3 else ""))
    print("   %-30s %s: %s" % ("lib%s.dylib" % product, versions, count), flush=True)
    print("      loads: " + ", ".join(name + (" (weak)" if kind == "weak" else "") for name, kind in image.loads))
    for stub, symbols in sorted(found["swiftless"].items()):
        print("      left to %s, which in this snapshot lists no Swift symbols (not checked): %s"
              % (stub, ", ".join(symbols[:3]) + (", ... (%d in all)" % len(symbols) if len(symbols) > 3 else "")))
    if unresolved and not stubs:
        problems += ["lib%s.dylib: unresolved %s" % (product, symbol) for symbol in unresolved]
    problems += build_version_problems(image, target.platform, deployment)
    problems += ["lib%s.dylib %s" % (product, line) for line in load_problems(image, target.platform, deployment)]
    return problems


def describe_tolerated(found_by_library, sdk_name):
    builtins = sorted({s for f in found_by_library for s in f["builtins"]})
    weak = sorted({s for f in found_by_library for s in f["weak"]})
    if builtins:
        print("   not in any SDK stub, as in every build: %s (compiler-rt's builtins, which Xcode links "
              "into every image)" % ", ".join(builtins))
    if weak:
        print("   weak references newer than %s: %s (null on older systems, checked before use)"
              % (sdk_name, ", ".join(weak)))


def link_target(check, target, packages, work, own):
    """Builds and links one target; prints as it goes and returns (summary line, failed)."""
    started = time.time()
    sdk_folder = check.prepare_sdk(work, target.sdk)
    root = next(iter(packages.values()))
    deployment = max(root.deployment_target(target.platform), target.floor)
    resource = check.resource_dir(own)
    compat = [check.STDLIB_COMPAT] + ([] if has_main_actor_assume_isolated(sdk_folder) else [check.MAIN_ACTOR_COMPAT])
    tools = {"linker": find_linker(), "resource": resource, "sdk_version": sdk_version(sdk_folder, target),
             "overlay": stdlib_overlay(own, sdk_folder, target.sdk.name), "compat": compat,
             "cache": os.path.join(own, "module-cache", "link-%s-%s" % (target.name, os.path.basename(resource)))}
    # Per tree, so that checks of other worktrees sharing the work dir do not clobber it.
    build = os.path.join(own, "link", hashlib.sha256(check.REPO.encode()).hexdigest()[:8], target.name)
    shutil.rmtree(build, ignore_errors=True)
    os.makedirs(build)
    print("-- %s (%s, %s, %s)" % (target.name, target.triple(deployment), target.sdk.name,
                                  os.path.basename(tools["linker"])), flush=True)
    problems = link_probe(check, target, root, sdk_folder, tools, build, deployment)
    if problems:
        for line in problems:
            print("   " + line)
        return "-- %s: the tools cannot link for this target (the probe failed)" % target.name, True
    modules, dynamic = link_plan(check, packages, target.platform)
    for module in modules:
        begun = time.time()
        errors = compile_object(check, module, target, sdk_folder, tools, build)
        for line in errors:
            print(line)
        print("   %-30s %s (%d s)" % (module.name, "%d error(s)" % len(errors) if errors else "compiled",
                                      time.time() - begun), flush=True)
        if errors:
            return "-- %s: %s did not compile" % (target.name, module.name), True
    found_by_library = []
    for module in (m for m in modules if m.name in dynamic):
        objects, libraries = dylib_inputs(module, dynamic)
        found = link_library(tools, dynamic[module.name], [os.path.join(build, m.module_name + ".o") for m in objects],
                             libraries, target, deployment, sdk_folder, build)
        found_by_library.append(found)
        problems += describe_library(dynamic[module.name], found, target, deployment)
    describe_tolerated(found_by_library, target.sdk.name)
    for line in problems:
        print("   problem: " + line)
    unresolved = sum(len(f["unresolved"]) for f in found_by_library)
    unchecked = sorted({stub for f in found_by_library for stub in f["stubs"]})
    summary = "-- %s (%s): %d libraries linked, %d unresolved symbols" % (
        target.name, target.triple(deployment), len(found_by_library), unresolved)
    if unchecked:
        summary += " (the snapshot lacks %s)" % ", ".join(os.path.basename(s) for s in unchecked)
    swiftless = sorted({stub for f in found_by_library for stub in f["swiftless"]})
    if swiftless:
        left = sum(len(symbols) for f in found_by_library for symbols in f["swiftless"].values())
        summary += ", %d left to %s without Swift symbols" % (left, ", ".join(swiftless))
    summary += ", %d problem(s), %d s" % (len(problems), time.time() - started)
    print(summary, flush=True)
    return summary, bool(problems)


def link_probe(check, target, root, sdk_folder, tools, build, deployment):
    """Compiles and links LinkProbe.swift; returns why the tools cannot link, or nothing."""
    probe = check.Module("LinkProbe", root, "regular", [PROBE], [])
    settings = ([], root.language_mode())
    begun = time.time()
    errors = compile_object(check, probe, target, sdk_folder, tools, build, settings=settings)
    if errors:
        return ["the probe did not compile:"] + errors
    found = link_library(tools, "LinkProbe", [os.path.join(build, "LinkProbe.o")], [], target, deployment,
                         sdk_folder, build)
    framework = "UIKit" if target.platform != "macos" else "AppKit"
    if found["image"] is None or found["errors"] or (found["unresolved"] and not found["stubs"]):
        return ["the probe (%s) did not link: %s" % (framework, "; ".join(found["errors"] + found["unresolved"][:5]))]
    print("   %-30s linked with %s, %d unresolved%s (%d s)" % (
        "probe (%s)" % framework, framework, len(found["unresolved"]),
        ", left to stubs the snapshot lacks" if found["unresolved"] else "", time.time() - begun), flush=True)
    return []


def run(check, names, packages, work, own):
    """Links each target named; returns the exit status (1 when any has a problem)."""
    if find_linker() is None:
        raise check.UsageError("no ld64.lld-16 (Debian's lld-16 links for Apple platforms; the Swift "
                               "toolchain's ld64.lld refuses them): apt-get install lld-16")
    results = [link_target(check, check.TARGETS[name], packages, work, own) for name in names]
    if len(results) > 1:
        print()
        for summary, _ in results:
            print(summary)
    return 1 if any(failed for _, failed in results) else 0

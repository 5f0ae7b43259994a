"""The SDK as the link check (link_check.py) sees it: its version, its folders, the stubs its
snapshot lacks and the stand-ins for them, and a copy of its Swift interface with the
typed-throws hook the compiler needs."""

import hashlib
import json
import os
import shutil

import macho

# Swift 6.0's hook for a typed `throw` (stdlib/public/core/ErrorType.swift), which SILGen calls
# for every throw of a concrete error type and which the SDKs' Swift 5.8 and 5.10 libraries
# lack (the compiler crashes looking for it). Swift 6.0's body calls the runtime only on
# iOS 18 and macOS 15 and later; on the systems this package supports it does nothing.
WILL_THROW_TYPED = """
// Added by scripts/apple_sdk_check.py --link: Swift 6.0's typed-throws hook, for this older SDK.
@inlinable @_alwaysEmitIntoClient @_silgen_name("swift_willThrowTyped")
public func _willThrowTyped<E: Swift.Error>(_ error: E) {}
"""

def sdk_version(sdk_folder, target):
    """The SDK's version for LC_BUILD_VERSION: Mac Catalyst's is its iOS version."""
    with open(os.path.join(sdk_folder, "SDKSettings.json")) as handle:
        settings = json.load(handle)
    version = settings["Version"]
    if target.environment == "macabi":
        version = settings["VersionMap"]["macOS_iOSMac"][version]
    return version


def stdlib_overlay(own, sdk_folder, sdk_name):
    """A folder holding the SDK's Swift interfaces (the Mac's, and Mac Catalyst's from
    System/iOSSupport) with WILL_THROW_TYPED added, which `-I` puts before the SDK's own: made
    once per SDK and set of interfaces."""
    sources = []
    for parent in (("usr", "lib", "swift"), ("System", "iOSSupport", "usr", "lib", "swift")):
        folder = os.path.join(sdk_folder, *parent, "Swift.swiftmodule")
        if os.path.isdir(folder):
            sources += [os.path.join(folder, n) for n in sorted(os.listdir(folder)) if n.endswith(".swiftinterface")]
    digest = hashlib.sha256("\n".join(sources + [WILL_THROW_TYPED]).encode()).hexdigest()[:12]
    overlay = os.path.join(own, "link-overlay", "%s-%s" % (sdk_name, digest))
    if os.path.isdir(overlay):
        return overlay
    staging = overlay + ".%d" % os.getpid()
    os.makedirs(os.path.join(staging, "Swift.swiftmodule"))
    for path in sources:
        with open(path) as handle:
            text = handle.read()
        if "func _willThrowTyped" not in text:
            text += WILL_THROW_TYPED
        with open(os.path.join(staging, "Swift.swiftmodule", os.path.basename(path)), "w") as handle:
            handle.write(text)
    try:
        os.rename(staging, overlay)
    except OSError:  # a concurrent run made it first
        shutil.rmtree(staging)
    return overlay


def has_main_actor_assume_isolated(sdk_folder):
    """Whether the SDK's _Concurrency interfaces declare `MainActor.assumeIsolated` (Swift 5.9)."""
    folder = os.path.join(sdk_folder, "usr", "lib", "swift", "_Concurrency.swiftmodule")
    for name in os.listdir(folder) if os.path.isdir(folder) else []:
        if name.endswith(".swiftinterface"):
            with open(os.path.join(folder, name)) as handle:
                if "static func assumeIsolated" in handle.read():
                    return True
    return False


def search_folders(target, sdk_folder):
    """The library and framework folders the link searches, inside the SDK."""
    libraries, frameworks = ["/usr/lib/swift", "/usr/lib"], ["/System/Library/Frameworks"]
    if target.environment == "macabi":
        libraries.insert(0, "/System/iOSSupport/usr/lib/swift")
        frameworks.insert(0, "/System/iOSSupport/System/Library/Frameworks")
    return libraries, frameworks


def missing_stubs(images, target, sdk_folder):
    """The stubs the objects' libraries need that the SDK snapshot lists but lacks (a link
    whose target is absent), as (the path the linker looks at, the file it leads to), both
    inside the SDK."""
    libraries, frameworks = ["System"], []
    for image in images:
        more_libraries, more_frameworks = macho.linked_libraries(image.linker_options)
        libraries += more_libraries
        frameworks += more_frameworks
    library_folders, framework_folders = search_folders(target, sdk_folder)
    missing = set()
    for candidates in [[f + "/lib%s.tbd" % n for f in library_folders] for n in libraries] + \
            [[f + "/%s.framework/%s.tbd" % (n, n) for f in framework_folders] for n in frameworks]:
        paths = [sdk_folder + c for c in candidates]
        if not any(os.path.exists(p) for p in paths):
            listed = next((p for p in paths if os.path.lexists(p)), None)
            if listed:
                missing.add((os.path.relpath(listed, sdk_folder),
                             os.path.relpath(os.path.realpath(listed), os.path.realpath(sdk_folder))))
    return sorted(missing)


# The targets a placeholder stub declares: every one this check links.
PLACEHOLDER_TARGETS = "[ x86_64-macos, arm64-macos, arm64e-macos, x86_64-maccatalyst, arm64-maccatalyst, arm64-ios ]"


def placeholder_root(build, stubs):
    """A second system root holding, for each missing stub, a stub with its install name and no
    symbols: the linker then finds the library (other stubs re-export it: AppKit and
    libswiftFoundation re-export Foundation) and leaves what it would define unresolved,
    which is reported, instead of stopping."""
    root = os.path.join(build, "placeholder-stubs")
    for listed, real in stubs:
        for path in (listed, real):
            target = os.path.join(root, path)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            with open(target, "w") as handle:
                handle.write("--- !tapi-tbd\ntbd-version: 4\ntargets: %s\ninstall-name: '/%s'\n...\n"
                             % (PLACEHOLDER_TARGETS, real[:-len(".tbd")]))
    return root



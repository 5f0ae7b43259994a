"""Where the helper library and layout-explain are looked for (no LLDB)."""

import os
import posixpath

from .constants import EXPLAIN_ENV, EXPLAIN_TOOL, LIBRARY_BASENAME, LIBRARY_ENV
from .platforms import MACOSX, apple_platform


def script_directory():
    """The folder of layout_debug.py, the file users import: this package's parent."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def library_extension(triple):
    """The helper library's file extension on the triple's platform: .dylib, .dll or .so."""
    triple = (triple or "").lower()
    if "apple" in triple or "darwin" in triple or "macos" in triple or "ios" in triple:
        return ".dylib"
    if "windows" in triple:
        return ".dll"
    return ".so"


def _beside_us(name, script_dir, home):
    """Where an installed or built file called `name` may be: the install location, the
    folder of this script (an installer `--prefix`), then the package's build folders."""
    return _installed(name, script_dir, home) + _built(name, script_dir)


def _installed(name, script_dir, home):
    """The install location, then the folder of this script (an installer `--prefix`)."""
    return [os.path.join(home, ".lldb", "layout-debug", name), os.path.join(script_dir, name)]


def _built(name, script_dir):
    """The package's build folders next to lldb/: release, then debug, unless the debug
    build is the newer. A developer who runs `swift build` after an older `-c release`
    means the build just made; the stale release would answer for code it predates."""
    package = os.path.dirname(os.path.abspath(script_dir))
    release = os.path.join(package, ".build", "release", name)
    debug = os.path.join(package, ".build", "debug", name)
    if _modified(debug) > _modified(release):
        return [debug, release]
    return [release, debug]


def _modified(path):
    """When `path` was last written; 0 when it is not there."""
    try:
        return os.stat(path).st_mtime
    except OSError:
        return 0


def library_candidates(triple, environ, script_dir, home):
    """Paths on this machine to try for the helper library, in order.

    An explicit $LAYOUT_DEBUG_LIBRARY is the only candidate. On an Apple platform, the
    platform's folder (macosx/, iphonesimulator/, maccatalyst/, iphoneos/) in the install
    location, then in the folder of this script; for macOS also the package's own build
    folders, which hold a macOS build. Elsewhere: the install location, the folder of this
    script, then the package's build folders next to lldb/.
    """
    explicit = environ.get(LIBRARY_ENV)
    if explicit:
        return [os.path.expanduser(explicit)]
    name = LIBRARY_BASENAME + library_extension(triple)
    platform = apple_platform(triple)
    if platform is None:
        paths = _beside_us(name, script_dir, home)
    else:
        paths = _installed(os.path.join(platform, name), script_dir, home)
        if platform == MACOSX:
            paths += _built(name, script_dir)
    unique = []
    for path in paths:
        path = os.path.normpath(path)
        if path not in unique:
            unique.append(path)
    return unique


def device_library_path(executable_on_device, environ):
    """Where the helper library is on an iOS device: $LAYOUT_DEBUG_LIBRARY (a path on the
    device), else Frameworks/ of the app bundle that holds the executable.

    A device loads only a library signed for it, so the library travels inside the app
    (Xcode's Embed & Sign) and is loaded from there; nothing on this machine is looked at.
    """
    explicit = environ.get(LIBRARY_ENV)
    if explicit:
        return explicit
    bundle = posixpath.dirname(executable_on_device or "")
    return posixpath.join(bundle, "Frameworks", LIBRARY_BASENAME + ".dylib")


# The libraries the helper library links by @rpath, found beside it (install.sh installs each
# platform's folder with them): a copy must take them along.
COMPANION_LIBRARIES = ("libCassowary.dylib",)


def sandbox_copies(library_path, destination_dir, exists=os.path.isfile):
    """(source, destination) pairs that put the helper library, and the companions found beside
    it, into `destination_dir`, a folder the app's sandbox lets it read; the library first."""
    folder = os.path.dirname(library_path)
    names = [os.path.basename(library_path)]
    names += [name for name in COMPANION_LIBRARIES if exists(os.path.join(folder, name))]
    return [(os.path.join(folder, name), os.path.join(destination_dir, name)) for name in names]


def explain_candidates(environ, script_dir, home):
    """Paths to try for layout-explain, in order: $LAYOUT_DEBUG_EXPLAIN alone, else the
    places beside this script, then each folder of $PATH."""
    explicit = environ.get(EXPLAIN_ENV)
    if explicit:
        return [os.path.expanduser(explicit)]
    paths = _beside_us(EXPLAIN_TOOL, script_dir, home)
    for directory in (environ.get("PATH") or "").split(os.pathsep):
        if directory:
            paths.append(os.path.join(directory, EXPLAIN_TOOL))
    return [os.path.normpath(path) for path in paths]

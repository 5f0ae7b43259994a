"""Where the helper library and layout-explain are looked for, and why a load failed (no LLDB)."""

import os
import re

from .constants import EXPLAIN_ENV, EXPLAIN_TOOL, LIBRARY_BASENAME, LIBRARY_ENV


def script_directory():
    """The folder of layout_debug.py, the file users import: this package's parent."""
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def library_extension(triple):
    triple = (triple or "").lower()
    if "apple" in triple or "darwin" in triple or "macos" in triple or "ios" in triple:
        return ".dylib"
    if "windows" in triple:
        return ".dll"
    return ".so"


def is_ios_device(triple):
    triple = (triple or "").lower()
    return ("-ios" in triple or "tvos" in triple or "watchos" in triple or "xros" in triple) \
        and "simulator" not in triple and "macabi" not in triple \
        and not triple.startswith("x86_64")


def _beside_us(name, script_dir, home):
    """Where an installed or built file called `name` may be: the install location, the
    folder of this script (an installer `--prefix`), then the package's build folders."""
    package = os.path.dirname(os.path.abspath(script_dir))
    return [
        os.path.join(home, ".lldb", "layout-debug", name),
        os.path.join(script_dir, name),
        os.path.join(package, ".build", "release", name),
        os.path.join(package, ".build", "debug", name),
    ]


def library_candidates(triple, environ, script_dir, home):
    """Paths to try for the helper library, in order.

    An explicit $LAYOUT_DEBUG_LIBRARY is the only candidate. Otherwise: the
    installed location, the folder of this script (an installer `--prefix`),
    then the package's build folders next to lldb/.
    """
    explicit = environ.get(LIBRARY_ENV)
    if explicit:
        return [os.path.expanduser(explicit)]
    unique = []
    for path in _beside_us(LIBRARY_BASENAME + library_extension(triple), script_dir, home):
        path = os.path.normpath(path)
        if path not in unique:
            unique.append(path)
    return unique


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


def clean_loader_error(path, loader_error):
    """The loader's message without the path LLDB cut short (lldb-16 drops its start).

    `dlopen error: alib.so: file too short` for /tmp/notalib.so becomes
    `dlopen: file too short`; the full path is named by the caller.
    """
    text = (loader_error or "").strip()
    match = re.match(r"^(dlopen(?: error)?):\s*(\S+):\s*(.+)$", text)
    if match and (path.endswith(match.group(2)) or match.group(2).endswith(os.path.basename(path))):
        return "dlopen: " + match.group(3)
    return text or "unknown loader error"


def load_failure_message(path, loader_error, triple):
    message = "could not load %s: %s" % (path, clean_loader_error(path, loader_error))
    if is_ios_device(triple):
        message += " (on a device the library must be signed with the app's identity: " \
                   "codesign -s <identity> %s, then copy it into the app bundle)" % os.path.basename(path)
    return message

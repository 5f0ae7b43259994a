"""lload: loads the helper library into the stopped process (every other command does it too)."""

from ..constants import LIBRARY_BASENAME
from ..evaluation import Context
from ..helper_library import ensure_loaded
from .base import Command, process_flags


class LoadCommand(Command):
    """Loads LayoutDebugSupport into the process, once; says where it came from and its version."""

    name = "lload"
    short_help = "Load the LayoutDebugSupport helper library into the process."
    description = (
        "Injects libLayoutDebugSupport into the stopped process with SBProcess.LoadImage,\n"
        "once per process; it is skipped when the library is already present.\n"
        "Every other command runs it for you. The library is searched in order:\n"
        "  1. $LAYOUT_DEBUG_LIBRARY (only that path, when set)\n"
        "  2. ~/.lldb/layout-debug/ (the installed copy): on Linux\n"
        "     libLayoutDebugSupport.so; on Apple platforms the folder of the target's\n"
        "     triple: macosx/, iphonesimulator/ or maccatalyst/\n"
        "  3. the same in the folder holding layout_debug.py (./install.sh --prefix)\n"
        "  4. ../.build/release, then ../.build/debug (the newer of the two first), next\n"
        "     to the script's lldb/ folder (Linux and macOS)\n"
        "On an iOS device the library is loaded from the app: Frameworks/ in its bundle,\n"
        "or $LAYOUT_DEBUG_LIBRARY as a path on the device. It must be signed by the\n"
        "app's team (./install.sh --sign), as must a hardened-runtime Mac app's.")
    examples = (
        "examples:\n"
        "  lload\n"
        "  (shell) LAYOUT_DEBUG_LIBRARY=/path/libLayoutDebugSupport.so lldb MyApp")
    flags = process_flags()

    def run(self, debugger, args, exe_ctx):
        """Loads the library if it is not there, then calls lds_version: one line either way."""
        ctx = Context(debugger, exe_ctx)
        path, fresh = ensure_loaded(ctx)
        version = ctx.call_report("lds_version").strip()
        if fresh:
            return "Loaded %s (%s)" % (path, version)
        return "%s is already loaded: %s (%s)" % (LIBRARY_BASENAME, path, version)

"""lldb/layout_debug.py, the file LLDB imports: it runs under Python 3.9, imports without LLDB,
reloads the package on a re-import and exposes the registry's commands by class name."""

import os

import layout_debug as ld
import layoutdebug
from layoutdebug import session
from layoutdebug.commands import lreport


LLDB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "lldb")
ROOT = os.path.dirname(LLDB_DIR)


def python39():
    """A real Python 3.9 interpreter, if this machine has one (pyenv, PATH or $PYTHON39)."""
    import glob
    import subprocess
    candidates = [os.environ.get("PYTHON39", "")]
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.9*/bin/python3.9")))
    candidates += ["/usr/bin/python3.9", "/usr/local/bin/python3.9"]
    for candidate in candidates:
        if candidate and os.access(candidate, os.X_OK):
            probe = subprocess.run([candidate, "-c", "import sys; print(sys.version_info[:2] == (3, 9))"],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True)
            if probe.stdout.strip() == "True":
                return candidate
    return None


def test_script_runs_under_python_3_9():
    """Imports the script and runs its plain logic in a real 3.9 when there is one
    (test_package.py compiles every source with the 3.9 grammar in any case)."""
    import subprocess
    interpreter = python39()
    if interpreter is None:
        return  # test_package.py compiles every source with the 3.9 grammar
    program = (
        "import sys; sys.path.insert(0, %r)\n"
        "import layout_debug\n"
        "from layoutdebug import arguments, conflict_log, lldb_api\n"
        "from layoutdebug.commands import COMMANDS, lreport\n"
        "assert lldb_api.lldb is None\n"
        "args = arguments.parse_command(lreport.ReportCommand(None, {}).parser, '0x10 --json --no-descend')\n"
        "assert args.json and args.no_descend and args.object == '0x10'\n"
        "log = conflict_log.ConflictLog(); log.record('s', 'VC', when=0); log.record('s', None, when=1)\n"
        "assert conflict_log.format_conflict_summary(log).startswith('2 conflicts, 1 distinct signature')\n"
        "for command in COMMANDS: assert 'examples:' in command(None, {}).get_long_help()\n"
        "print('ok')\n" % os.path.join(ROOT, "lldb"))
    run = subprocess.run([interpreter, "-c", program], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr


def test_module_imports_without_lldb():
    assert layoutdebug.lldb_api.lldb is None or hasattr(layoutdebug.lldb_api.lldb, "SBDebugger")
    assert callable(ld.__lldb_init_module)


def test_sessions_survive_a_reimport():
    """LLDB reloads layout_debug.py on a second `command script import`; that reloads the package."""
    import importlib
    session._SESSIONS["marker"] = "kept"
    earlier_session_class = session.Session
    try:
        importlib.reload(ld)
        assert session.Session is not earlier_session_class, "the package's code is run again"
        assert session._SESSIONS.get("marker") == "kept"
        assert ld.ReportCommand is lreport.ReportCommand, "the command the registry found anew"
    finally:
        session._SESSIONS.pop("marker", None)


class RecordingDebugger(object):
    """A debugger that keeps the commands given to HandleCommand."""

    def __init__(self):
        """No command yet."""
        self.handled = []

    def HandleCommand(self, command):
        """Records the command."""
        self.handled.append(command)


def test_the_script_registers_and_exposes_every_command_of_the_registry():
    debugger = RecordingDebugger()
    ld.__lldb_init_module(debugger, {})
    assert debugger.handled == ["command script add -o -c layout_debug.%s %s" % (command.__name__, command.name)
                                for command in layoutdebug.commands.COMMANDS]
    for command in layoutdebug.commands.COMMANDS:
        assert getattr(ld, command.__name__) is command  # `command script add -c layout_debug.<class>`

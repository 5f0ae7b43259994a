"""The commands as a user meets them: `lldb-16 -b -s` with the script imported.

Checks the whole transcript (stdout and stderr of lldb itself) for Python
tracebacks, and that bad input in batch mode does not end the session.
"""

import os
import shutil
import subprocess

from conftest import DEMO, LIBRARY, LLDB_BINARY, PACKAGE, SCRIPT, product_environment, require_products


def run_lldb(tmp_path, commands, *demo_arguments):
    require_products()
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(commands) + "\n")
    completed = subprocess.run(
        [LLDB_BINARY, "--no-lldbinit", "-b",
         "-O", "settings set interpreter.stop-command-source-on-error false",
         "-O", "command script import " + SCRIPT,
         "-s", str(script), "--", DEMO] + [str(a) for a in demo_arguments],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300,
        cwd=str(tmp_path), env=product_environment())
    return completed


def test_batch_session_on_a_conflict_has_no_traceback(tmp_path):
    completed = run_lldb(tmp_path, [
        "help lreport",
        "lreport 0x1",
        "lbreak",
        "run",
        "lreport $arg1",
        "lreport 'unterminated",
        "lreport 0xdeadbeef",
        "lconflicts",
        "lbreak --delete",
        "b LayoutDemoDidLayout",
        "continue",
        "lreport $arg1 --no-descend",
        "ltrace",
        "lname $arg1 Root",
        "lconstraints $arg1",
        "continue",
    ], "cell-width-conflict")
    transcript = completed.stdout + completed.stderr
    assert "Traceback" not in transcript, transcript
    assert completed.returncode == 0, transcript
    assert "usage: lreport" in completed.stdout
    assert "[lbreak] conflict #1" in completed.stdout, transcript
    assert "1 conflict, 1 distinct signature" in completed.stdout, transcript
    assert "unterminated quote" in transcript
    assert "Root:0x" in completed.stdout, transcript
    assert "== frames ==" in completed.stdout, transcript
    assert "exited with status = 0" in completed.stdout, transcript


def batch(tmp_path, commands, environment, *demo_arguments):
    require_products()
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join(commands) + "\n")
    completed = subprocess.run(
        [LLDB_BINARY, "--no-lldbinit", "-b",
         "-O", "settings set interpreter.stop-command-source-on-error false",
         "-s", str(script), "--", DEMO] + [str(a) for a in demo_arguments],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=300,
        cwd=str(tmp_path), env=environment)
    transcript = completed.stdout + completed.stderr
    assert "Traceback" not in transcript, transcript
    assert completed.returncode == 0, transcript
    return transcript


def test_lload_finds_the_library_next_to_an_installed_script(tmp_path):
    """No $LAYOUT_DEBUG_LIBRARY and an empty HOME: the copy beside the script (a --prefix install)."""
    prefix = tmp_path / "prefix"
    prefix.mkdir()
    shutil.copy(SCRIPT, str(prefix / "layout_debug.py"))
    shutil.copytree(PACKAGE, str(prefix / "layoutdebug"), ignore=shutil.ignore_patterns("__pycache__"))
    os.symlink(LIBRARY, str(prefix / "libLayoutDebugSupport.so"))
    home = tmp_path / "home"
    home.mkdir()
    environment = dict(os.environ, HOME=str(home))
    environment.pop("LAYOUT_DEBUG_LIBRARY", None)  # the search itself is under test
    transcript = batch(tmp_path, [
        "command script import " + str(prefix / "layout_debug.py"),
        "b LayoutDemoDidLayout", "run", "lload", "lload", "lreport $arg1 --no-descend", "continue",
    ], environment, "duplicate-leading")
    assert "Loaded %s (LayoutDebugSupport " % (prefix / "libLayoutDebugSupport.so") in transcript, transcript
    assert "is already loaded" in transcript
    assert "Frame:" in transcript and "== frames ==" in transcript


def test_lload_failure_names_the_path_and_the_loader_error(tmp_path):
    junk = tmp_path / "libLayoutDebugSupport.so"
    junk.write_text("not a library\n")
    environment = product_environment()
    environment["LAYOUT_DEBUG_LIBRARY"] = str(junk)
    transcript = batch(tmp_path, [
        "command script import " + SCRIPT,
        "b LayoutDemoDidLayout", "run", "lload", "lreport $arg1",
        "continue",
    ], environment, "duplicate-leading")
    assert "error: lload: could not load %s: dlopen: file too short" % junk in transcript, transcript
    assert "error: lreport: could not load %s" % junk in transcript
    assert "== frames ==" in transcript and "exited with status = 0" in transcript
    missing = product_environment()
    missing["LAYOUT_DEBUG_LIBRARY"] = str(tmp_path / "missing.so")
    transcript = batch(tmp_path, [
        "command script import " + SCRIPT, "b LayoutDemoDidLayout", "run", "lload", "continue",
    ], missing, "duplicate-leading")
    assert "could not load %s: no such file ($LAYOUT_DEBUG_LIBRARY)" % (tmp_path / "missing.so") in transcript


HELLO_COMMAND = '''"""lhello: a command added while lldb runs, to show that a re-import discovers it."""

from .base import Command


class HelloCommand(Command):
    """Says hello."""

    name = "lhello"
    short_help = "Say hello."
    examples = "examples:\\n  lhello"

    def run(self, debugger, args, exe_ctx):
        """The greeting."""
        return "hello from a new module"
'''


def test_a_second_import_keeps_the_settings_and_registers_a_new_command_module(tmp_path):
    """`command script import` again, as after editing the commands: the package is reloaded,
    the session's settings stay, and a module new in commands/ becomes a command."""
    prefix = tmp_path / "prefix"
    prefix.mkdir()
    shutil.copy(SCRIPT, str(prefix / "layout_debug.py"))
    shutil.copytree(PACKAGE, str(prefix / "layoutdebug"), ignore=shutil.ignore_patterns("__pycache__"))
    (tmp_path / "lhello.py").write_text(HELLO_COMMAND)
    transcript = batch(tmp_path, [
        "command script import " + str(prefix / "layout_debug.py"),
        "lsettings --timeout 12",
        "lhello",
        "platform shell cp %s %s" % (tmp_path / "lhello.py", prefix / "layoutdebug" / "commands" / "lhello.py"),
        "command script import " + str(prefix / "layout_debug.py"),
        "lsettings",
        "lhello",
        "help lhello",
    ], product_environment())
    # lldb writes the one error (the first lhello, before the module exists) on stderr.
    assert transcript.count("error: 'lhello' is not a valid command.") == 1, transcript
    after = transcript.split("(lldb) lsettings\n", 1)[1]
    assert after.startswith("timeout: 12 s\n"), transcript
    assert "(lldb) lhello\nhello from a new module\n" in after and "usage: lhello" in after, transcript

"""The commands as a user meets them: `lldb-16 -b -s` with the script imported.

Checks the whole transcript (stdout and stderr of lldb itself) for Python
tracebacks, and that bad input in batch mode does not end the session.
"""

import os
import subprocess

from conftest import DEMO, LLDB_BINARY, SCRIPT, require_products


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
        cwd=str(tmp_path), env=dict(os.environ))
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

"""The commands under the Swift toolchain's LLDB, which evaluates Swift in Swift frames.

lldb-16 has no Swift plugin, so only here does `lreport rootView` go through the
frame's language (Swift) for its pointer. The toolchain's lldb links a
libpython3.X; when the loader cannot find it, the one from a matching CPython
install (pyenv, /usr/lib) is used, with its PYTHONHOME.
"""

import glob
import os
import re
import shutil
import subprocess

from conftest import DEMO, SCRIPT, product_environment, require_products


def swift_lldb():
    swift = shutil.which("swift")
    assert swift, "the Swift toolchain is not on PATH"
    lldb = os.path.join(os.path.dirname(os.path.realpath(swift)), "lldb")
    assert os.access(lldb, os.X_OK), "no lldb beside %s" % swift
    return lldb


def python_for(lldb):
    """Environment additions so the toolchain's lldb finds the libpython it links."""
    ldd = subprocess.run(["ldd", lldb], stdout=subprocess.PIPE, universal_newlines=True).stdout
    missing = re.findall(r"(libpython[\d.]+\.so[\d.]*) => not found", ldd)
    if not missing:
        return {}
    soname = missing[0]
    # PYENV_ROOT first: under test.sh's fresh-HOME check, ~ is an empty folder.
    roots = [os.environ.get("PYENV_ROOT", ""), os.path.expanduser("~/.pyenv")]
    candidates = [path for root in roots if root
                  for path in glob.glob(os.path.join(root, "versions", "*", "lib", soname))]
    candidates += glob.glob("/usr/local/lib/" + soname) + glob.glob("/usr/lib/*/" + soname)
    assert candidates, "the toolchain's lldb needs %s; install that CPython (e.g. pyenv install)" % soname
    library = os.path.dirname(candidates[0])
    environment = {"LD_LIBRARY_PATH": library}
    if "/.pyenv/versions/" in library:
        environment["PYTHONHOME"] = os.path.dirname(library)
    return environment


def test_swift_frames_under_the_toolchain_lldb(tmp_path):
    require_products()
    lldb = swift_lldb()
    environment = product_environment()
    environment.update(python_for(lldb))
    environment.pop("PYTHONPATH", None)  # lldb-16's module is for another Python
    environment.pop("LLDB_DEBUGSERVER_PATH", None)  # the toolchain's own lldb-server
    script = tmp_path / "commands.lldb"
    script.write_text("\n".join([
        "command script import " + SCRIPT,
        "lbreak --continue",
        "breakpoint set -n LayoutDemoDidLayout",
        "run",           # the @_cdecl thunk
        "continue",      # the Swift function, with its parameter rootView
        "lreport rootView --no-descend",
        "lreport rootView! --no-descend",
        "lname 'unsafeBitCast(rootView!, to: AnyObject.self)' Root",
        "lreport (1.5, 2.5)",
        "lconflicts",
        "continue",
    ]) + "\n")
    completed = subprocess.run(
        [lldb, "--no-lldbinit", "-b", "-O", "settings set interpreter.stop-command-source-on-error false",
         "-s", str(script), "--", DEMO, "duplicate-leading"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=600,
        cwd=str(tmp_path), env=environment)
    transcript = completed.stdout + completed.stderr
    assert completed.returncode == 0, transcript
    assert "Traceback" not in transcript, transcript
    # One conflict, one report and one count, though the name also matches the Swift function.
    assert transcript.count("[lbreak] conflict #") == 1, transcript
    assert "1 conflict, 1 distinct signature" in transcript, transcript
    reports = re.findall(r"\(lldb\) lreport rootView!? --no-descend\n(<UIView:0x[0-9a-f]+>[^\n]*)", transcript)
    assert len(reports) == 2 and reports[0] == reports[1], transcript
    assert re.search(r"Named <Root:0x[0-9a-f]+>", transcript), transcript
    assert "'(1.5, 2.5)' is not a pointer" in transcript, transcript
    assert "== frames ==" in transcript and "exited with status = 0" in transcript, transcript

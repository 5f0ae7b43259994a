"""Which lldb install.sh tells the user to start (issue 32, part 5): one that starts here.

On Linux `lldb` on PATH is often the Swift toolchain's, which fails for want of
libpython3.10.so.1.0; install.sh names lldb-16 when it runs Python, else the
toolchain's lldb through <prefix>/swift-lldb (scripts/swift-lldb.sh), which
finds the libpython it links. Each named command is started here for real.
"""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLDB_ENV = os.path.join(ROOT, "scripts", "lldb-env.sh")
SWIFT_LLDB = os.path.join(ROOT, "scripts", "swift-lldb.sh")
SCRIPT = os.path.join(ROOT, "lldb", "layout_debug.py")
BROKEN_LLDB = ("#!/bin/sh\necho \"$0: error while loading shared libraries: libpython3.10.so.1.0: "
               "cannot open shared object file: No such file or directory\" >&2\nexit 127\n")


def lldb_to_start(prefix, path=None):
    environment = dict(os.environ)
    if path is not None:
        environment["PATH"] = path
    completed = subprocess.run(["bash", "-c", '. "$0"; ld_lldb_to_start "$1"', LLDB_ENV, prefix],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True,
                               env=environment, timeout=120)
    assert completed.returncode == 0, completed.stderr
    return completed.stdout.strip()


def executable(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as handle:
        handle.write(text)
    os.chmod(path, 0o755)


def starts_with_the_commands(command):
    """Runs `command` as the user would, with the commands imported: `help lbreak` answers."""
    environment = dict(os.environ)
    if not command.endswith("swift-lldb"):
        environment.pop("PYTHONPATH", None)  # as a user's shell has it
    completed = subprocess.run(command.split() + ["--no-lldbinit", "-b", "-o", "command script import " + SCRIPT,
                                                  "-o", "help lbreak"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                               env=environment, timeout=300)
    return completed.returncode, completed.stdout


def test_the_lldb_named_on_this_machine_starts_and_runs_the_commands(tmp_path):
    named = lldb_to_start(str(tmp_path / "prefix"))
    assert named, "no lldb with Python starts here"
    assert named != "lldb" or starts_with_the_commands("lldb")[0] == 0
    status, output = starts_with_the_commands(named)
    assert status == 0 and "usage: lbreak" in output, output


def test_a_broken_lldb_on_path_is_passed_over_for_the_swift_lldb_wrapper(tmp_path):
    """lldb-16 and lldb both fail as the toolchain's does without its libpython: the
    installed wrapper, which does start, is named; with no wrapper, nothing is."""
    bin_dir = str(tmp_path / "bin")
    executable(os.path.join(bin_dir, "lldb-16"), BROKEN_LLDB)
    executable(os.path.join(bin_dir, "lldb"), BROKEN_LLDB)
    path = bin_dir + os.pathsep + os.environ["PATH"]
    prefix = str(tmp_path / "prefix")
    assert lldb_to_start(prefix, path) == ""
    executable(os.path.join(prefix, "swift-lldb"), open(SWIFT_LLDB).read())
    assert lldb_to_start(prefix, path) == os.path.join(prefix, "swift-lldb")


def test_the_swift_lldb_wrapper_starts_the_toolchains_lldb_with_python():
    completed = subprocess.run([SWIFT_LLDB, "--no-lldbinit", "-b", "-o", "script print(6 * 7)", "-o", "version"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True,
                               timeout=300)
    assert completed.returncode == 0 and "\n42\n" in completed.stdout, completed.stdout
    assert "swift" in completed.stdout.lower(), completed.stdout  # the toolchain's lldb, not lldb-16
    status, output = starts_with_the_commands(SWIFT_LLDB)
    assert status == 0 and "usage: lbreak" in output, output

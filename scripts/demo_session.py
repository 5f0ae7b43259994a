"""install.sh --demo: a real lldb session on `layout-demo cell-width-conflict`
with the installed commands, printed as a transcript.

  lbreak, run            the conflict stops the app with our report
  continue               to the end of the layout pass (LayoutDemoDidLayout)
  lreport <container>    a descent report of the conflicting view's superview,
                         whose address the conflict report printed
  ltrace                 the autolayout trace of the key window
  continue               the app runs to its end and exits 0
"""
import os
import re
import sys
import tempfile

import lldb


class Session:
    """Runs commands through the interpreter and echoes them with everything
    lldb printed, breakpoint callbacks included."""

    def __init__(self):
        # True: read ~/.lldbinit, where install.sh put the import line.
        self.debugger = lldb.SBDebugger.Create(True)
        self.debugger.SetAsync(False)
        self.log = tempfile.TemporaryFile(mode="w+")
        self.debugger.SetOutputFileHandle(self.log, False)
        self.debugger.SetErrorFileHandle(self.log, False)
        self.read = 0
        # The app's own stdout and stderr (UIKit's conflict log, the frames):
        # without a terminal lldb would keep them to itself.
        # One file each: lldb opens the two paths separately, so a shared
        # file would have each stream overwrite the other.
        self.app_files = {}
        for stream in ("output", "error"):
            handle, path = tempfile.mkstemp(prefix="layout-demo-", suffix="." + stream)
            os.close(handle)
            self.app_files[stream] = [path, 0]

    def drain_app(self):
        text = ""
        for entry in self.app_files.values():
            with open(entry[0]) as app:
                app.seek(entry[1])
                text += app.read()
                entry[1] = app.tell()
        return text

    def close(self):
        lldb.SBDebugger.Destroy(self.debugger)
        for path, _ in self.app_files.values():
            os.unlink(path)

    def drain(self):
        self.log.flush()
        self.log.seek(self.read)
        text = self.log.read()
        self.read = self.log.tell()
        return text

    def quietly(self, command):
        """A setting for the transcript itself, not part of the session shown."""
        self.debugger.GetCommandInterpreter().HandleCommand(command, lldb.SBCommandReturnObject())

    def run(self, command):
        sys.stdout.write("(lldb) %s\n" % command)
        sys.stdout.flush()
        result = lldb.SBCommandReturnObject()
        self.debugger.GetCommandInterpreter().HandleCommand(command, result)
        text = self.drain_app() + self.drain() + (result.GetOutput() or "") + (result.GetError() or "")
        sys.stdout.write(text if text.endswith("\n") or not text else text + "\n")
        sys.stdout.flush()
        return text, result.Succeeded()


def container_address(report):
    """The view in the report's Views: section that is not the broken
    constraint's first item: for this scenario, the cell's content view."""
    broken = re.search(r"recover by breaking:\n\s+(?:0x[0-9a-f]+ )?@\d+ <[^:>]+:(0x[0-9a-f]+)>", report)
    views = re.search(r"\nViews:\n((?:  .*\n)+)", report)
    if not broken or not views:
        return None
    for match in re.finditer(r"<([^:>]+):(0x[0-9a-f]+)>", views.group(1)):
        if match.group(2) != broken.group(1):
            return match.group(1), match.group(2)
    return None


def main():
    demo = sys.argv[1]
    session = Session()
    for stream, (path, _) in session.app_files.items():
        session.quietly("settings set target.%s-path %s" % (stream, path))
    # Source listings at each stop only repeat the frame line here.
    session.quietly("settings set stop-line-count-before 0")
    session.quietly("settings set stop-line-count-after 0")
    steps = [
        "target create \"%s\"" % demo,
        "settings set target.run-args cell-width-conflict",
        "lbreak",
        "breakpoint set -n LayoutDemoDidLayout",
    ]
    for command in steps:
        _, ok = session.run(command)
        if not ok:
            sys.stderr.write("error: demo step failed: %s\n" % command)
            return 1
    report, _ = session.run("run")
    if "Conflict #1" not in report:
        sys.stderr.write("error: the conflict did not stop the app with a report\n")
        return 1
    found = container_address(report)
    if found is None:
        sys.stderr.write("error: the report names no container view\n")
        return 1
    session.run("continue")
    sys.stdout.write("# the layout pass is done; report on the conflicting view's superview, <%s:%s>\n" % found)
    session.run("lreport %s" % found[1])
    session.run("ltrace")
    final, _ = session.run("continue")
    if "exited with status = 0" not in final:
        sys.stderr.write("error: the demo app did not exit normally\n")
        return 1
    session.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

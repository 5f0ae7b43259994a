"""Pictures written to files, whole or not at all (no LLDB).

`lreport --svg FILE` and `lbreak --pictures DIR` get the picture's text from one call into the
target; this module checks the path before that call and writes the file through a temporary
one renamed into place, so a failure never leaves a partial file.
"""

import os
import secrets

from .errors import LayoutDebugError


def check_writable(path):
    """Raises a one-line LayoutDebugError unless a file can be written at `path`."""
    folder = os.path.dirname(os.path.abspath(path))
    if os.path.isdir(path):
        raise LayoutDebugError("cannot write %s: it is a folder" % path)
    if not os.path.isdir(folder):
        raise LayoutDebugError("cannot write %s: no folder %s" % (path, folder))
    if not os.access(folder, os.W_OK):
        raise LayoutDebugError("cannot write %s: %s is not writable" % (path, folder))


def write_atomically(path, text):
    """Writes `text` to `path` through a temporary file in the same folder, renamed into place.

    The file gets the user's umask, as any file they save would (0644 under umask 022):
    mkstemp's 0600 would leave a picture others cannot open.
    """
    folder = os.path.dirname(os.path.abspath(path))
    handle, temporary = create_temporary(folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except OSError as error:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise LayoutDebugError("cannot write %s: %s" % (path, error.strerror or error))


def create_temporary(folder):
    """A new file in `folder`, open for writing, with mode 0666 less the umask; (fd, path)."""
    for _ in range(100):
        candidate = os.path.join(folder, ".layoutdebug-%s.tmp" % secrets.token_hex(6))
        try:
            return os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), candidate
        except FileExistsError:
            continue
    raise LayoutDebugError("cannot write in %s: no free temporary name" % folder)


def check_folder(folder):
    """Raises a one-line LayoutDebugError unless `folder` exists and is writable."""
    if not os.path.isdir(folder):
        raise LayoutDebugError("no folder %s: create it first" % folder)
    if not os.access(folder, os.W_OK):
        raise LayoutDebugError("cannot write in %s" % folder)


def conflict_picture_path(folder, number):
    """The file of the picture of the conflict the console numbers `number` (from 1)."""
    return os.path.join(folder, "conflict-%d.svg" % number)

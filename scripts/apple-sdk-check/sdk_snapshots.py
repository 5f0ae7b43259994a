"""Extracts one SDK folder from a git snapshot (a bare repository, possibly fetched in part)
into a work dir, once, for scripts/apple_sdk_check.py.

Several checks may share the work dir, some of them other tools. An SDK folder that another
tool is extracting right now is waited for, not written over; ours is written to a side folder
and renamed into place when whole, and a `.complete` file inside marks it checked."""

import fcntl
import os
import shutil
import subprocess
import time

COMPLETE = ".complete"
QUIET_SECONDS = 20  # an extraction that adds no file for this long has stopped


class SnapshotError(Exception):
    """The snapshot lacks the revision or the folder asked for."""


def is_marked_complete(folder):
    return os.path.exists(os.path.join(folder, COMPLETE))


def snapshot_entries(git_dir, revision, prefix):
    """The files under `prefix` at `revision`, as (mode, object id, path), without those whose
    contents the snapshot lacks (a partial fetch may leave the largest files out)."""
    listing = subprocess.run(["git", "--git-dir", git_dir, "ls-tree", "-r", "-z", revision, "--", prefix],
                             capture_output=True)
    if listing.returncode != 0:
        raise SnapshotError("git cannot list %s at %s" % (prefix, revision))
    entries = []
    for record in listing.stdout.split(b"\0"):
        if record:
            meta, path = record.split(b"\t", 1)
            mode, kind, object_id = meta.decode().split()
            if kind == "blob":
                entries.append((mode, object_id, path.decode()))
    if not entries:
        raise SnapshotError("no %s at %s" % (prefix, revision))
    present = subprocess.run(["git", "--git-dir", git_dir, "cat-file", "--batch-check=%(objectname)"],
                             input="".join(e[1] + "\n" for e in entries), capture_output=True, text=True)
    missing = {line.split()[0] for line in present.stdout.splitlines() if line.endswith(" missing")}
    return [e for e in entries if e[1] not in missing]


def write_entries(git_dir, entries, destination, prefix):
    """Writes each entry's contents under `destination`, at its path relative to `prefix`."""
    reader = subprocess.Popen(["git", "--git-dir", git_dir, "cat-file", "--batch"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    for mode, object_id, path in entries:
        reader.stdin.write(object_id.encode() + b"\n")
        reader.stdin.flush()
        size = int(reader.stdout.readline().split()[2])
        contents = reader.stdout.read(size)
        reader.stdout.read(1)  # the newline after the contents
        target = os.path.join(destination, os.path.relpath(path, prefix))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        if mode == "120000":
            os.symlink(contents.decode(), target)
        else:
            with open(target, "wb") as out:
                out.write(contents)
            if mode == "100755":
                os.chmod(target, 0o755)
    reader.stdin.close()
    reader.wait()


def has_every_entry(folder, entries, prefix):
    return all(os.path.lexists(os.path.join(folder, os.path.relpath(path, prefix))) for _, _, path in entries)


def file_count(folder):
    return sum(len(names) for _, _, names in os.walk(folder))


def wait_while_growing(folder, entries, prefix):
    """Waits while another process fills `folder`; returns whether it is whole."""
    last = -1
    while os.path.isdir(folder) and not has_every_entry(folder, entries, prefix):
        count = file_count(folder)
        if count == last:
            return False
        if last >= 0:
            print("== waiting for %s to be extracted (%d files so far)" % (prefix, count), flush=True)
        last = count
        time.sleep(QUIET_SECONDS)
    return os.path.isdir(folder)


def extract_once(git_dir, revision, name, work):
    """`work/name`, holding the snapshot's folder `name` at `revision`: checked, or extracted."""
    folder = os.path.join(work, name)
    if is_marked_complete(folder):
        return folder
    with open(os.path.join(work, name + ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one extraction at a time among our own runs
        if is_marked_complete(folder):
            return folder
        entries = snapshot_entries(git_dir, revision, name)
        if not wait_while_growing(folder, entries, name):
            print("== extracting %s from %s (once, %d files)" % (name, git_dir, len(entries)), flush=True)
            partial = folder + ".partial"
            shutil.rmtree(partial, ignore_errors=True)
            write_entries(git_dir, entries, partial, name)
            shutil.rmtree(folder, ignore_errors=True)
            os.rename(partial, folder)
        open(os.path.join(folder, COMPLETE), "w").close()
    return folder

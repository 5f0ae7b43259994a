"""layoutdebug.helper_library.load_from_this_machine: a sandboxed Mac or Catalyst app cannot map
~/.lldb/layout-debug, so the library (and libCassowary beside it) is copied into the app's own
temporary folder and loaded from there; anything that still fails is one line that says why."""

import os

import pytest

from fakes import FakeSandboxedApp
from layoutdebug import errors, helper_library, loader_errors
from triples import CATALYST, LINUX, MAC


# Module attributes, read at each use: another test may reload the package.
def load_from_this_machine(*arguments, **options):
    return helper_library.load_from_this_machine(*arguments, **options)


@pytest.fixture
def installed(tmp_path):
    """An install folder holding the two libraries, with known bytes."""
    folder = tmp_path / "home" / ".lldb" / "layout-debug" / "macosx"
    folder.mkdir(parents=True)
    (folder / "libLayoutDebugSupport.dylib").write_bytes(b"support")
    (folder / "libCassowary.dylib").write_bytes(b"cassowary")
    return str(folder / "libLayoutDebugSupport.dylib")


@pytest.fixture
def container_tmp(tmp_path):
    folder = tmp_path / "Library" / "Containers" / "com.example.App" / "Data" / "tmp"
    folder.mkdir(parents=True)
    return str(folder) + "/"


def test_a_sandboxed_mac_app_loads_a_copy_from_its_own_temporary_folder(installed, container_tmp):
    app = FakeSandboxedApp(container_tmp)
    loaded = load_from_this_machine(installed, MAC, app.load, app.temporary_directory)
    assert app.loads == [installed, loaded]
    assert loaded.startswith(container_tmp) and loaded.endswith("/libLayoutDebugSupport.dylib")
    folder = os.path.dirname(loaded)
    with open(loaded, "rb") as copy:
        assert copy.read() == b"support"
    with open(os.path.join(folder, "libCassowary.dylib"), "rb") as companion:
        assert companion.read() == b"cassowary", "the @rpath library it links travels with it"


def test_each_load_copies_into_a_new_folder(installed, container_tmp):
    # A copy a running app still maps is never overwritten by the next session's.
    app = FakeSandboxedApp(container_tmp)
    first = load_from_this_machine(installed, CATALYST, app.load, app.temporary_directory)
    second = load_from_this_machine(installed, CATALYST, app.load, app.temporary_directory)
    assert os.path.dirname(first) != os.path.dirname(second)


def test_an_app_without_a_sandbox_loads_the_installed_file_and_nothing_is_copied(installed, container_tmp):
    app = FakeSandboxedApp(container_tmp, sandboxed=False)
    assert load_from_this_machine(installed, MAC, app.load, app.temporary_directory) == installed
    assert os.listdir(container_tmp) == []


def test_other_refusals_are_reported_without_a_copy(installed, container_tmp):
    def refuse(path):
        return "cannot open shared object file"
    with pytest.raises(errors.LayoutDebugError) as raised:
        load_from_this_machine(installed, LINUX, refuse, lambda: container_tmp)
    assert str(raised.value) == "could not load %s: cannot open shared object file" % installed
    assert os.listdir(container_tmp) == []


def test_a_temporary_folder_that_cannot_be_written_gives_one_line_naming_the_sandbox(installed, tmp_path):
    app = FakeSandboxedApp(str(tmp_path / "missing" / "tmp") + "/")
    with pytest.raises(errors.LayoutDebugError) as raised:
        load_from_this_machine(installed, MAC, app.load, app.temporary_directory)
    message = str(raised.value)
    assert message.startswith("could not load %s: the app's sandbox refused it (file system sandbox blocked "
                              "mmap()), and copying it into the app's temporary folder failed: " % installed)
    assert message.endswith("(" + loader_errors.SANDBOX_HINT + ")") and "\n" not in message
    assert app.loads == [installed]


def test_a_copy_the_sandbox_refuses_too_is_named_with_the_sandbox_hint(installed, container_tmp):
    app = FakeSandboxedApp("/elsewhere/")  # the app may read nothing lload can write
    app.temporary_directory = lambda: container_tmp
    with pytest.raises(errors.LayoutDebugError) as raised:
        load_from_this_machine(installed, MAC, app.load, app.temporary_directory)
    copied = app.loads[1]
    assert str(raised.value) == "could not load %s: file system sandbox blocked mmap() (%s)" % (
        copied, loader_errors.SANDBOX_HINT)

"""The one list of frameworks whose frames are never the user's: origin_text's `FRAMEWORK_*`
(LLDB's side) and layout-explain's `FrameworkImages` (Swift), which is generated from it.
A drift fails here, not in a backlog that names a Masonry frame as the user's."""

import importlib.util
import os

from layoutdebug import origin_text

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GENERATOR = os.path.join(ROOT, "scripts", "framework_images.py")


def generator():
    spec = importlib.util.spec_from_file_location("framework_images", GENERATOR)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_swift_list_is_the_one_the_script_writes_from_the_python_list():
    script = generator()
    with open(script.SWIFT_FILE, encoding="utf-8") as handle:
        assert handle.read() == script.swift_source(), "run scripts/framework_images.py"


def test_the_check_fails_on_a_swift_list_that_drifted(tmp_path, monkeypatch):
    script = generator()
    drifted = tmp_path / "FrameworkImages+List.swift"
    drifted.write_text(script.swift_source().replace('"MASConstraintMaker",', ""), encoding="utf-8")
    monkeypatch.setattr(script, "SWIFT_FILE", str(drifted))
    assert script.main(["--check"]) == 1
    drifted.write_text(script.swift_source(), encoding="utf-8")
    assert script.main(["--check"]) == 0


def test_every_name_of_the_list_is_in_the_swift_file():
    with open(generator().SWIFT_FILE, encoding="utf-8") as handle:
        swift = handle.read()
    names = (origin_text.FRAMEWORK_IMAGE_PREFIXES + origin_text.FRAMEWORK_IMAGE_NAMES
             + origin_text.FRAMEWORK_IMAGE_FAMILIES)
    for name in names:
        assert '"%s"' % name.lower() in swift
    for name in origin_text.FRAMEWORK_MODULES + origin_text.FRAMEWORK_FUNCTION_WORDS:
        assert '"%s"' % name in swift


def test_the_python_patterns_read_the_list():
    image = origin_text.FRAMEWORK_IMAGE
    assert image.match("UIKitCore") and image.match("libswiftCore.so") and image.match("libc.so.6")
    assert image.match("libc") and not image.match("libcx")
    assert image.match("libsystem_kernel.dylib") and not image.match("libsystem_")
    assert not image.match("MyApp")
    function = origin_text.FRAMEWORK_FUNCTION
    # Masonry's builder (Objective-C) and Cassowary's solver, once only on one side each.
    assert function.search("-[MASConstraintMaker install]")
    assert function.search("Cassowary.Solver.addConstraint(_:)")
    assert function.search("SnapKit.ConstraintMaker.makeConstraints(item:closure:)")
    assert not function.search("MyApp.ProfileView.setUp()")

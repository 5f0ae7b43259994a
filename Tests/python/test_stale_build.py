"""scripts/stale-build.sh: a build directory's configuration is kept while
ReferenceKit's sources are those it was built from, and removed (so it is
built again from nothing) once they differ or when nothing records them."""
import os
import pathlib
import subprocess

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "stale-build.sh"


def shell(text, cwd):
    return subprocess.run(["bash", "-c", ". '%s'; %s" % (SCRIPT, text)], cwd=cwd,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, check=True).stdout


def fake_build(scratch):
    """A configuration laid out as SwiftPM lays it out: `debug` links to the triple's folder."""
    real = scratch / "x86_64-unknown-linux-gnu" / "debug"
    real.mkdir(parents=True)
    (real / "layout-demo").write_text("binary")
    (scratch / "debug").symlink_to(real)
    return real


def test_a_recorded_build_of_the_same_sources_is_kept(tmp_path):
    real = fake_build(tmp_path)
    shell("ld_record_build '%s' debug" % tmp_path, ROOT)
    output = shell("ld_forget_stale_build '%s' debug" % tmp_path, ROOT)
    assert output == ""
    assert (real / "layout-demo").exists()


def test_a_build_recorded_for_other_sources_is_removed(tmp_path):
    real = fake_build(tmp_path)
    (tmp_path / "referencekit-debug.digest").write_text("0" * 40 + "\n")
    output = shell("ld_forget_stale_build '%s' debug" % tmp_path, ROOT)
    assert "ReferenceKit changed since the last debug build" in output
    assert not real.exists()
    assert not (tmp_path / "debug").exists()
    assert not (tmp_path / "referencekit-debug.digest").exists()


def test_a_build_that_recorded_nothing_is_removed(tmp_path):
    real = fake_build(tmp_path)
    shell("ld_forget_stale_build '%s' debug" % tmp_path, ROOT)
    assert not real.exists()


def test_other_configurations_and_a_missing_build_are_left_alone(tmp_path):
    other = tmp_path / "x86_64-unknown-linux-gnu" / "release"
    other.mkdir(parents=True)
    shell("ld_forget_stale_build '%s' debug" % tmp_path, ROOT)
    assert other.exists()


def test_the_digest_does_not_depend_on_the_callers_folder(tmp_path):
    digest = shell("ld_referencekit_digest", ROOT).strip()
    assert len(digest) == 40
    assert digest == shell("ld_referencekit_digest", tmp_path).strip()


def release_tree(root):
    """A repository with sources and a release build made after them."""
    for path in ("Sources/App/main.swift", "ReferenceKit/Sources/ReferenceKit/UIView.swift",
                 "Package.swift", "ReferenceKit/Package.swift"):
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text("// source\n")
    product = root / ".build" / "release" / "libLayoutDebugSupport.so"
    product.parent.mkdir(parents=True)
    product.write_text("library")
    for path in root.rglob("*.swift"):
        os.utime(path, (1000000, 1000000))
    os.utime(product, (2000000, 2000000))
    return product


def is_current(root):
    return shell("ld_release_build_is_current '%s' && echo current || echo stale" % root, ROOT).strip()


def test_a_release_build_newer_than_every_source_is_current(tmp_path):
    """install.sh run again with nothing changed says it checks the build, not that it takes minutes."""
    release_tree(tmp_path)
    assert is_current(tmp_path) == "current"


def test_a_source_newer_than_the_release_build_makes_it_stale(tmp_path):
    release_tree(tmp_path)
    os.utime(tmp_path / "ReferenceKit/Sources/ReferenceKit/UIView.swift", (3000000, 3000000))
    assert is_current(tmp_path) == "stale"


def test_no_release_build_is_stale(tmp_path):
    product = release_tree(tmp_path)
    product.unlink()
    assert is_current(tmp_path) == "stale"

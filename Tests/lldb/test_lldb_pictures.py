"""Pictures of each demo conflict and of a laid-out tree, rendered by a real headless Chromium
and checked pixel by pixel: red at the midpoint of the broken constraint, each view's box where
the demo's own frame dump puts it, no console error, and bad paths refused without a file."""

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest
from PIL import Image

from conftest import frame_lines, session_in
from test_lldb_lbreak import conflict_scenarios

SVG = "{http://www.w3.org/2000/svg}"
BROKEN_RED = (0xd3, 0x2f, 0x2f)
# Set to a folder to keep the screenshots (the README's is made this way).
KEEP = os.environ.get("LAYOUT_DEBUG_SCREENSHOT_DIR")


def chromium():
    """Debian's chromium; test.sh installs it."""
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if path is None:
        pytest.fail("chromium is not installed (test.sh installs Debian's chromium package)")
    return path


def render(svg_path, png_path):
    """Screenshots the SVG at its own size; returns the image and Chromium's console lines."""
    root = ElementTree.parse(svg_path).getroot()  # well-formed XML, or this raises
    width, height = int(float(root.get("width"))), int(float(root.get("height")))
    completed = subprocess.run(
        [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
         "--enable-logging=stderr", "--v=0", "--window-size=%d,%d" % (width, height),
         "--screenshot=" + png_path, "file://" + svg_path],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert os.path.exists(png_path), completed.stderr
    console = [line for line in completed.stderr.splitlines() if "CONSOLE" in line or "Uncaught" in line]
    return Image.open(png_path).convert("RGB"), root, console


def drawing_offset(root):
    """Where the drawing starts in the picture, and its scale."""
    group = next(element for element in root.iter(SVG + "g") if element.get("class") == "drawing")
    x, y = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", group.get("transform")).groups()
    return float(x), float(y), float(group.get("data-scale"))


def near(image, x, y, wanted, tolerance=40, radius=1):
    """Whether a pixel within `radius` of (x, y) has about the colour `wanted`."""
    for dx in range(-radius, radius + 1):
        for dy in range(-radius, radius + 1):
            pixel = image.getpixel((int(round(x)) + dx, int(round(y)) + dy))
            if all(abs(p - w) <= tolerance for p, w in zip(pixel, wanted)):
                return True
    return False


def test_each_conflict_picture_is_red_at_the_broken_constraint_in_a_real_browser(tmp_path):
    for name, arguments in conflict_scenarios():
        folder = tmp_path / name
        pictures = folder / "pictures"
        with session_in(tmp_path, name) as session:
            pictures.mkdir()
            session.create_target()
            session.ok("lbreak --continue --quiet --pictures %s" % pictures)
            session.launch(name, *arguments, stop_at_layout=False)
            session.continue_to_exit()
        files = sorted(os.listdir(str(pictures)))
        assert files and all(re.match(r"conflict-\d+\.svg$", f) for f in files), (name, files)
        for file in files:
            svg = str(pictures / file)
            image, root, console = render(svg, str(folder / (file + ".png")))
            assert not console, (name, file, console)
            x0, y0, _ = drawing_offset(root)
            broken = [p for p in root.iter(SVG + "path") if p.get("class") == "mark broken" and p.get("data-mid")]
            assert len(broken) == 1, (name, file)
            mx, my = (float(v) for v in broken[0].get("data-mid").split())
            assert near(image, x0 + mx, y0 + my, BROKEN_RED), (name, file, image.getpixel((int(x0 + mx), int(y0 + my))))
            if KEEP and name == "stack-conflict":
                shutil.copy(str(folder / (file + ".png")), os.path.join(KEEP, "stack-conflict.png"))


def absolute_frames(rows):
    """(class:address, x, y, w, h) of each view below the window's root, from the demo's dump."""
    stack, found = [], []
    for depth, text in rows:
        match = re.match(r"(\S+:0x[0-9a-f]+).*\(([-\d.]+) ([-\d.]+); ([-\d.]+) ([-\d.]+)\)$", text)
        name, x, y, w, h = match.group(1), *(float(v) for v in match.groups()[1:])
        del stack[depth:]
        parent_x, parent_y = stack[-1] if stack else (0.0, 0.0)
        stack.append((parent_x + x, parent_y + y))
        found.append((depth, name, parent_x + x, parent_y + y, w, h))
    return found


def test_a_tree_picture_puts_each_view_where_its_frame_says(session, tmp_path):
    session.launch("stack-conflict")
    svg = str(tmp_path / "tree.svg")
    assert session.ok("lreport $arg1 --svg %s" % svg).startswith("Wrote %s" % svg)
    rows = frame_lines(session.continue_to_exit())
    image, root, console = render(svg, str(tmp_path / "tree.png"))
    assert not console, console
    x0, y0, scale = drawing_offset(root)
    assert scale == 1
    # The root view (depth 1 under the window) is the picture's origin.
    views = [v for v in absolute_frames(rows) if v[0] >= 1]
    root_x, root_y = views[0][2], views[0][3]
    checked = 0
    for _, name, x, y, w, h in views:
        if w < 4 or h < 4:
            continue
        left, top = x0 + x - root_x, y0 + y - root_y
        # The box's outline, dark on the light page, at its top-left corner and bottom-right corner.
        assert near(image, left, top, (0x54, 0x6e, 0x7a), tolerance=90), (name, left, top)
        assert near(image, left + w, top + h, (0x54, 0x6e, 0x7a), tolerance=90), (name, left + w, top + h)
        checked += 1
    assert checked >= 4, views
    if KEEP:
        shutil.copy(str(tmp_path / "tree.png"), os.path.join(KEEP, "stack-conflict-tree.png"))


def test_a_bad_path_or_a_gone_view_writes_nothing(session, tmp_path):
    session.launch("cell-width-conflict")
    assert session.fails("lreport $arg1 --svg /nonexistent/x.svg") == \
        "error: lreport: cannot write /nonexistent/x.svg: no folder /nonexistent"
    target = str(tmp_path / "gone.svg")
    assert session.fails("lreport 0x10 --svg %s" % target).startswith("error: lreport: ")
    assert not os.path.exists(target)
    assert session.fails("lbreak --pictures /nonexistent") == "error: lbreak: no folder /nonexistent: create it first"
    assert sorted(os.listdir(str(tmp_path))) == sorted(p for p in os.listdir(str(tmp_path)) if not p.startswith(".layoutdebug-"))
    session.continue_to_exit()


def test_a_thousand_views_make_a_bounded_file_that_renders(session, tmp_path):
    session.launch("many-views", 1000)
    svg = str(tmp_path / "many.svg")
    written = session.ok("lreport $arg1 --svg %s" % svg)
    size = os.path.getsize(svg)
    # About a kilobyte a view (a box, its label and title, and its constraints' marks).
    assert size <= 1500 * 1000, (size, written)
    print("picture of 1000 views: %d bytes" % size)
    _, root, console = render(svg, str(tmp_path / "many.png"))
    assert not console, console
    assert sum(1 for element in root.iter(SVG + "rect") if "view" in (element.get("class") or "")) >= 1000
    session.continue_to_exit()

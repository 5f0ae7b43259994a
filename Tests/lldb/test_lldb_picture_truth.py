"""Each demo conflict's pictures, looked at as a user would, in a real headless Chromium: what
a picture says must be what it draws.

For every scenario whose run logs a conflict, one lldb session runs `lbreak --continue
--pictures DIR` and, at LayoutDemoDidLayout, `lreport $arg1 --svg`. Then, for each picture:
- text geometry comes from the browser (getBoundingClientRect in a page that prints it, read
  with --dump-dom): no two texts overlap, none runs off the page, labels lie in their boxes, no
  box is painted over a label, and a cut label says its full name in its hover;
- the caption holds the report's whole "Why" paragraph, wrapped, never cut;
- hover frames are the frames the demo itself prints at exit (tree) and, times data-scale, the
  drawn boxes; data-scale is the arithmetic of the drawing's width;
- colours come from the screenshot's pixels: every broken constraint is red, in lreport --svg too;
- each picture's title, its file and the console's `[lbreak] conflict #N` carry one number, even
  after a relaunch;
- files get the user's umask.
Expected values come from the scenarios' sources (Sources/DemoScenarios) and arithmetic.

The README's screenshot, docs/pictures/stack-conflict.png, is made by test_lldb_pictures.py with
LAYOUT_DEBUG_SCREENSHOT_DIR set, from the same lbreak --pictures run these checks hold for.
"""

import html
import json
import os
import re
import subprocess
import xml.etree.ElementTree as ElementTree

import pytest

from conftest import EXPLAIN, frame_lines, session_in
from test_lldb_lbreak import conflict_scenarios
from test_lldb_pictures import BROKEN_RED, SVG, absolute_frames, chromium, drawing_offset, near, render

TOLERANCE = 0.5  # pixels two text boxes may share, for anti-aliasing
HOVER = re.compile(r"^<(?P<name>[^:<>]+(?:<[^:]*>)?)(?::0x[0-9a-f]+)?(?: (?P<property>[^>]+))?> "
                   r"\((?P<x>[-\d.]+) (?P<y>[-\d.]+); (?P<w>[-\d.]+) (?P<h>[-\d.]+)\)")

# Reads the picture's own geometry in the browser and prints it into the page as JSON.
MEASURE = """
(function(){
var svg=document.querySelector('svg.layout-picture');
function box(e){var r=e.getBoundingClientRect();return [r.left,r.top,r.width,r.height];}
function meets(a,b){return a[0]<b[0]+b[2]-0.5&&b[0]<a[0]+a[2]-0.5&&a[1]<b[1]+b[3]-0.5&&b[1]<a[1]+a[3]-0.5;}
var rects=[].slice.call(svg.querySelectorAll('.drawing rect.view'));
var texts=[].map.call(svg.querySelectorAll('text'),function(t){
  var title=t.querySelector('title'),b=box(t);
  var over=rects.filter(function(r){return (t.compareDocumentPosition(r)&Node.DOCUMENT_POSITION_FOLLOWING)&&meets(box(r),b);});
  return {cls:t.getAttribute('class'),text:t.firstChild?t.firstChild.nodeValue:'',hover:title?title.textContent:null,
          box:t.getAttribute('data-box'),rect:b,coveredBy:over.length};});
var boxes=rects.map(function(r){return {box:r.parentNode.getAttribute('data-box'),
  hover:r.querySelector('title').textContent,rect:box(r)};});
document.getElementById('out').textContent=JSON.stringify({width:svg.width.baseVal.value,
  height:svg.height.baseVal.value,texts:texts,boxes:boxes});
})();
"""


def measure(svg_path, folder):
    """The picture's texts and boxes as Chromium lays them out, in page pixels."""
    page = os.path.join(folder, os.path.basename(svg_path) + ".measure.html")
    with open(svg_path, encoding="utf-8") as handle:
        svg = handle.read()
    with open(page, "w", encoding="utf-8") as handle:
        handle.write("<!DOCTYPE html><html><head><meta charset='utf-8'><style>body{margin:0}</style></head>"
                     "<body>%s<pre id='out'></pre><script>%s</script></body></html>" % (svg, MEASURE))
    completed = subprocess.run(
        [chromium(), "--headless=new", "--no-sandbox", "--disable-gpu", "--dump-dom", "file://" + page],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    found = re.search(r"<pre id=\"out\">(.*?)</pre>", completed.stdout, re.S)
    assert found and found.group(1), completed.stderr[-2000:]
    return json.loads(html.unescape(found.group(1)))


def overlap(a, b):
    """Whether two [x, y, w, h] rectangles share more than the anti-aliasing tolerance."""
    return (a[0] < b[0] + b[2] - TOLERANCE and b[0] < a[0] + a[2] - TOLERANCE
            and a[1] < b[1] + b[3] - TOLERANCE and b[1] < a[1] + a[3] - TOLERANCE)


def inside(inner, outer, slack=1.0):
    return (inner[0] >= outer[0] - slack and inner[1] >= outer[1] - slack
            and inner[0] + inner[2] <= outer[0] + outer[2] + slack
            and inner[1] + inner[3] <= outer[1] + outer[3] + slack)


def full_label(hover):
    """The label a box's hover names: its nametag or class, or the property holding it, less its holder."""
    match = HOVER.match(hover)
    assert match, hover
    if match.group("property"):
        return match.group("property").split(".", 1)[-1]
    return match.group("name")


def hover_frame(hover):
    match = HOVER.match(hover)
    assert match, hover
    return tuple(float(match.group(k)) for k in "xywh")


def normalized(text):
    return " ".join(text.split())


def expected_scale(frames):
    """A drawing narrower than 320 points is enlarged to 320, at most 4x (SVGPicture.scale)."""
    width = max(x + w for x, _, w, _ in frames)
    return 1.0 if width >= 320 or width <= 0 else min(4.0, 320.0 / width)


def check_text(name, geometry):
    """No text overlaps another or leaves the page; labels lie in their boxes, uncovered, and
    a cut one names its box in full in its hover."""
    texts = geometry["texts"]
    page = [0, 0, geometry["width"], geometry["height"]]
    boxes = dict((b["box"], b) for b in geometry["boxes"])
    for index, text in enumerate(texts):
        assert inside(text["rect"], page, slack=0), (name, "off the page", text)
        for other in texts[index + 1:]:
            assert not overlap(text["rect"], other["rect"]), (name, "texts overlap", text, other)
        if text["cls"] != "label":
            continue
        box = boxes[text["box"]]
        assert inside(text["rect"], box["rect"]), (name, "label outside its box", text, box)
        assert text["coveredBy"] == 0, (name, "a box is painted over the label", text)
        full = full_label(box["hover"])
        assert text["hover"] == box["hover"], (name, text, box)
        if text["text"] != full:
            assert text["text"].endswith("\u2026") and full.startswith(text["text"][:-1]), (name, text, full)
            assert full in text["hover"], (name, "a cut label hides its name", text)


def check_frames(name, geometry, scale, frames=None):
    """Each box is drawn at its hover frame times the drawing's scale; with `frames` (address ->
    the demo's own frame), the hover frames are those."""
    for box in geometry["boxes"]:
        x, y, w, h = hover_frame(box["hover"])
        assert abs(box["rect"][2] - w * scale) <= 1 and abs(box["rect"][3] - h * scale) <= 1, (name, box, scale)
        address = re.search(r":(0x[0-9a-f]+)", box["hover"])
        if frames is not None and address and address.group(1) in frames:
            assert (x, y, w, h) == frames[address.group(1)], (name, box["hover"], frames[address.group(1)])


def check_broken_red(name, svg_path, png_path):
    """Every broken constraint's midpoint is red in the screenshot; the count of broken marks."""
    image, root, console = render(svg_path, png_path)
    assert not console, (name, console)
    x0, y0, _ = drawing_offset(root)
    broken = [p for p in root.iter(SVG + "path") if p.get("class") == "mark broken" and p.get("data-mid")]
    for path in broken:
        mx, my = (float(v) for v in path.get("data-mid").split())
        assert near(image, x0 + mx, y0 + my, BROKEN_RED), (name, path.findtext(SVG + "title"),
                                                           image.getpixel((int(x0 + mx), int(y0 + my))))
    legend = [p for p in root.iter(SVG + "path") if p.get("class") == "mark broken" and not p.get("data-mid")]
    assert len(legend) == 1, name
    lx, ly = (float(v) for v in re.match(r"M([-\d.]+) ([-\d.]+)", legend[0].get("d")).groups())
    assert near(image, lx + 2, ly, BROKEN_RED), (name, "the legend's broken sample")
    return root, broken


def title_of(root):
    return " ".join(t.text for t in root.iter(SVG + "text") if t.get("class") == "title")


def caption_of(root):
    return normalized(" ".join(t.text for t in root.iter(SVG + "text") if t.get("class") == "caption"))


def drawn_reports(console):
    """(picture path, console number, "Why:" paragraph) of each report lbreak printed with a picture."""
    found, start = [], 0
    for hit in re.finditer(r"\[lbreak\] conflict #(\d+),[^\n]*\n?", console):
        block = console[start:hit.start()]
        start = hit.end()
        picture = re.search(r"\nPicture: (\S+)\n$", block)
        if picture:
            why = re.search(r"\nWhy:\n(.*?)\n\n", block, re.S)
            found.append((picture.group(1), hit.group(1), normalized(why.group(1)) if why else ""))
    return found


# What the scenarios' sources make impossible, as the caption must say it in full.
IMPOSSIBLE = {
    # H:[wide(768)] in a 50-wide cell.
    "cell-width-conflict": "(768 against 50)",
    # 10 + 60 + 8 + 60 + 10 in a 100-wide cell.
    "stack-conflict": "(148 against 100)",
    # 16 + 80 + 8 + 300 + 16 in a 375-wide card.
    "property-names": "(420 against 375)",
}


# The frames the sources give each view once the broken constraint is left out, in the
# conflict's shared space (the content view's): what a conflict picture's hovers must say.
# Heights nothing sets are the picture's preferred 44 (ComputedFrames).
COMPUTED = {
    # `wide` pinned to both edges of the 50-wide content view; its 768 is the broken one.
    "cell-width-conflict": {"UITableViewCellContentView": (0, 0, 50, 44), "UIView": (0, 0, 50, 44)},
    # The stack 10 in from each side of 100: (10 0; 80 44); the first image 60 at its start,
    # the second 8 after it, at 10 + 60 + 8 = 78, with the 12 points left (its 60 broken).
    "stack-conflict": {"UITableViewCellContentView": (0, 0, 100, 44), "UIStackView": (10, 0, 80, 44),
                       "UIImageView": [(10, 0, 60, 44), (78, 0, 12, 44)]},
    # H:|-16-[avatar(80)]-8-[title]-16-| in the 375-wide card: the title 375 - 16 - 80 - 8 - 16 = 255.
    "property-names": {"ProfileViewController.card": (0, 0, 375, 44),
                       "ProfileViewController.avatarView": (16, 0, 80, 44),
                       "ProfileCardView.titleLabel": (104, 0, 255, 44)},
}


def check_computed(name, geometry):
    """The conflict picture's hover frames are those its scenario's source gives."""
    found = {}
    for box in geometry["boxes"]:
        match = HOVER.match(box["hover"])
        found.setdefault(match.group("property") or match.group("name"), []).append(hover_frame(box["hover"]))
    for key, wanted in COMPUTED[name].items():
        wanted = sorted(wanted) if isinstance(wanted, list) else [wanted]
        assert sorted(found.get(key, [])) == [tuple(float(v) for v in frame) for frame in wanted], (name, key, found)


def test_every_demo_conflict_picture_tells_the_truth_in_a_real_browser(tmp_path):
    old_umask = os.umask(0o022)
    try:
        for name, arguments in conflict_scenarios():
            check_scenario(tmp_path, name, arguments)
    finally:
        os.umask(old_umask)


def check_scenario(tmp_path, name, arguments):
    folder = tmp_path / name
    pictures = folder / "pictures"
    tree = str(folder / "tree.svg")
    with session_in(tmp_path, name) as session:
        pictures.mkdir()
        session.create_target()
        session.ok("lbreak --continue --pictures %s" % pictures)
        session.launch(name, *arguments)
        session.ok("lreport $arg1 --svg %s" % tree)
        rows = frame_lines(session.continue_to_exit())
        console = session.callback_output()
    # The console's number, the file's and the title's are one.
    shown = drawn_reports(console)
    files = sorted(os.listdir(str(pictures)))
    assert shown and len(shown) == len(files), (name, console[-3000:], files)
    geometries = {}
    for path, number, why in shown:
        assert os.path.basename(path) == "conflict-%s.svg" % number, (name, path, number)
        assert oct(os.stat(path).st_mode & 0o777) == oct(0o644), (name, "umask 022", oct(os.stat(path).st_mode))
        root, _ = check_broken_red(name, path, path + ".png")
        assert title_of(root).startswith("Conflict #%s: " % number), (name, path, title_of(root))
        caption = caption_of(root)
        assert caption.startswith("Frames computed by our solver"), (name, caption)
        assert why and caption.endswith(why), (name, "the caption is cut", caption, why)
        geometry = geometries[path] = measure(path, str(folder))
        check_text(name, geometry)
        frames = [hover_frame(b["hover"]) for b in geometry["boxes"]]
        scale = float(root.find(".//" + SVG + "g[@class='drawing']").get("data-scale"))
        assert scale == pytest.approx(expected_scale(frames), abs=0.01), (name, path, frames)
        check_frames(name, geometry, scale)
    if name in COMPUTED:
        check_computed(name, geometries[shown[0][0]])
    if name in IMPOSSIBLE:
        assert any(IMPOSSIBLE[name] in caption_of(render_root(p)) for p, _, _ in shown), (name, IMPOSSIBLE[name])
    # The tree at its real frames, in points, with the demo's own frame dump as the truth.
    assert oct(os.stat(tree).st_mode & 0o777) == oct(0o644), (name, oct(os.stat(tree).st_mode))
    root, broken = check_broken_red(name, tree, tree + ".png")
    geometry = measure(tree, str(folder))
    check_text(name, geometry)
    dumped = dict((entry[1].split(":", 1)[1], frame_of(rows, entry[1])) for entry in absolute_frames(rows))
    assert float(root.find(".//" + SVG + "g[@class='drawing']").get("data-scale")) == 1, name  # a 375-wide root
    check_frames(name, geometry, 1.0, dumped)
    # Each box where the dump's frames, added up from the root, put it.
    x0, y0, _ = drawing_offset(root)
    views = [v for v in absolute_frames(rows) if v[0] >= 1]
    origin = views[0][2:4]
    where = dict((v[1].split(":", 1)[1], (v[2] - origin[0], v[3] - origin[1])) for v in views)
    for box in geometry["boxes"]:
        address = re.search(r":(0x[0-9a-f]+)", box["hover"]).group(1)
        if address in where:
            assert box["rect"][0] == pytest.approx(x0 + where[address][0], abs=1), (name, box)
            assert box["rect"][1] == pytest.approx(y0 + where[address][1], abs=1), (name, box)
    if name == "cell-width-conflict":
        # The engine broke H:[wide(768)]: red in the tree too, as the text report's [broken].
        assert [p.findtext(SVG + "title").split("\n")[0].endswith(".width == 768.0") for p in broken] == [True], name


def render_root(svg_path):
    """The picture's XML (it must parse: a standalone SVG is XML)."""
    return ElementTree.parse(svg_path).getroot()


def frame_of(rows, name):
    """The frame the demo prints for `name` (class:address), in its superview."""
    for _, text in rows:
        if text.startswith(name + " "):
            return tuple(float(v) for v in re.search(r"\(([-\d.]+) ([-\d.]+); ([-\d.]+) ([-\d.]+)\)$", text).groups())
    raise AssertionError(name)


def test_a_small_views_picture_is_drawn_4x_and_hovers_its_frame_in_points(session, tmp_path):
    # cell-width-conflict's cell is framed (0 0; 50 44) (ConflictScenarios.cellWidth): 320 / 50 = 6.4,
    # so it is drawn at the most, 4x: 200 x 176 pixels.
    session.launch("cell-width-conflict")
    report = session.ok("lreport $arg1")
    cell = re.search(r"<UITableViewCell:(0x[0-9a-f]+)>", report).group(1)
    svg = str(tmp_path / "cell.svg")
    session.ok("lreport %s --svg %s" % (cell, svg))
    session.continue_to_exit()
    geometry = measure(svg, str(tmp_path))
    check_text("cell", geometry)
    root = render_root(svg)
    assert root.find(".//" + SVG + "g[@class='drawing']").get("data-scale") == "4"
    first = geometry["boxes"][0]
    assert first["hover"] == "<UITableViewCell:%s> (0 0; 50 44)" % cell, first
    assert first["rect"][2:] == pytest.approx([200, 176], abs=1), first
    check_frames("cell", geometry, 4.0)
    image, _, console = render(svg, str(tmp_path / "cell.png"))
    assert not console, console
    x0, y0, _ = drawing_offset(root)
    # The cell's outline: at its drawn bottom-right corner, not at 1.6x's.
    assert near(image, x0 + 200, y0 + 176, (0x54, 0x6e, 0x7a), tolerance=90)


def test_a_relaunch_keeps_the_consoles_number_in_the_file_and_the_title(tmp_path):
    # The console counts on across launches of one session; the process starts again from 1.
    with session_in(tmp_path, "relaunch") as session:
        pictures = tmp_path / "relaunch" / "pictures"
        pictures.mkdir()
        session.create_target()
        session.ok("lbreak --continue --pictures %s" % pictures)
        for scenario in ("cell-width-conflict", "stack-conflict"):
            # lbreak --continue runs each to its exit; continue_to_exit would delete lbreak's breakpoint.
            session.launch(scenario, stop_at_layout=False)
            assert session.state() == "exited", (scenario, session.state())
        console = session.callback_output()
    shown = drawn_reports(console)
    assert [(os.path.basename(p), n) for p, n, _ in shown] == [("conflict-1.svg", "1"), ("conflict-2.svg", "2")], console
    for path, number, _ in shown:
        assert title_of(render_root(path)).startswith("Conflict #%s: " % number), path


@pytest.mark.parametrize("umask,mode", [(0o022, 0o644), (0o027, 0o640)])
def test_picture_files_get_the_users_umask(session, tmp_path, umask, mode):
    old = os.umask(umask)
    try:
        session.launch("duplicate-leading")
        svg = str(tmp_path / "tree.svg")
        session.ok("lreport $arg1 --svg %s" % svg)
        session.continue_to_exit()
        log = tmp_path / "app.log"
        log.write_text(session.demo_stderr())
        page = str(tmp_path / "page.html")
        completed = subprocess.run([EXPLAIN, "--html", page, str(log)], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
        assert completed.returncode == 0, completed.stderr
    finally:
        os.umask(old)
    assert oct(os.stat(svg).st_mode & 0o777) == oct(mode)
    assert oct(os.stat(page).st_mode & 0o777) == oct(mode)

"""The lists the documents keep by hand, held to the code they describe: lldb/README.md's table of
the package's modules (against the reload order in layoutdebug/__init__.py) and its environment
table (against every LAYOUT_DEBUG_ variable the library or the package reads), and
docs/ARCHITECTURE.md's layer table (a row for every folder of Sources/LayoutDebugSupport)."""

import glob
import os
import re

import layoutdebug


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLDB_README = os.path.join(ROOT, "lldb", "README.md")
ARCHITECTURE = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
LIBRARY_DIR = os.path.join(ROOT, "Sources", "LayoutDebugSupport")


def read(path):
    """A file's text."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def table_after(text, heading_cells):
    """The rows (lists of cells) of the Markdown table whose header row starts with `heading_cells`."""
    lines = text.splitlines()
    for index, line in enumerate(lines):
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if cells[:len(heading_cells)] == list(heading_cells):
            rows = []
            for row in lines[index + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([cell.strip() for cell in row.strip().strip("|").split("|")])
            return rows
    raise AssertionError("no table headed %s" % (heading_cells,))


def readme_modules_by_layer():
    """lldb/README.md's module table: {layer: [modules named in its second column]}; a row with an
    empty first cell continues the layer above."""
    layers = {}
    layer = None
    for cells in table_after(read(LLDB_README), ("layer", "modules")):
        layer = cells[0] or layer
        layers.setdefault(layer, []).extend(re.findall(r"`(\w+)`", cells[1]))
    return layers


def test_the_readme_module_table_names_each_module_once_in_its_layer():
    layers = readme_modules_by_layer()
    pure = [name for layer, names in layers.items() if "no LLDB" in layer for name in names]
    plumbing = [name for layer, names in layers.items() if "plumbing" in layer for name in names]
    assert sorted(pure) == sorted(layoutdebug.PURE_MODULES)
    assert sorted(plumbing) == sorted(layoutdebug.LLDB_MODULES)


def environment_variables_read():
    """Every LAYOUT_DEBUG_ name the Swift library or the lldb package reads."""
    names = set()
    sources = glob.glob(os.path.join(LIBRARY_DIR, "**", "*.swift"), recursive=True) + \
        glob.glob(os.path.join(ROOT, "lldb", "**", "*.py"), recursive=True)
    for path in sources:
        names.update(re.findall(r'"(LAYOUT_DEBUG_[A-Z_]+)"', read(path)))
    return names


def test_the_readme_environment_table_names_every_variable_the_code_reads():
    read_by_code = environment_variables_read()
    assert {"LAYOUT_DEBUG_LIBRARY", "LAYOUT_DEBUG_APP_MODULES"} <= read_by_code
    documented = {re.sub(r"`", "", cells[0]) for cells in table_after(read(LLDB_README), ("variable", "meaning"))}
    assert read_by_code <= documented, read_by_code - documented


def test_the_architecture_layer_table_has_a_row_for_every_library_folder():
    folders = sorted(name for name in os.listdir(LIBRARY_DIR) if os.path.isdir(os.path.join(LIBRARY_DIR, name)))
    assert len(folders) >= 10
    rows = table_after(read(ARCHITECTURE), ("layer", "folder", "knows about"))
    listed = {match for cells in rows for match in re.findall(r"`Sources/LayoutDebugSupport/(\w+)`", cells[1])}
    assert listed == set(folders)

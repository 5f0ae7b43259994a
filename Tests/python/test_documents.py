"""The lists the documents keep by hand, held to the code they describe: lldb/README.md's table of
the package's modules (against the reload order in layoutdebug/__init__.py) and its environment
table (against every LAYOUT_DEBUG_ variable the library or the package reads), and
docs/ARCHITECTURE.md's layer table (a row for every folder of Sources/LayoutDebugSupport, in an
order the folders' Swift keeps: each names only the types of folders above it)."""

import collections
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
    assert set(architecture_folder_order()) == set(folders)


def architecture_folder_order():
    """The folders of Sources/LayoutDebugSupport in the order of ARCHITECTURE's layer table, top first."""
    rows = table_after(read(ARCHITECTURE), ("layer", "folder", "knows about"))
    return [match for cells in rows for match in re.findall(r"`Sources/LayoutDebugSupport/(\w+)`", cells[1])]


# A type declared at the top level of a file: `public final class X`, `enum X`, `@frozen struct X`.
TOP_LEVEL_TYPE = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|internal|fileprivate|private|open|final|indirect)\s+)*"
    r"(?:class|struct|enum|protocol|typealias|actor)\s+([A-Z]\w*)", re.M)


def swift_code(path):
    """A Swift file without its comments and string literals, which name types without using them."""
    text = read(path)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r'"""(.*?)"""', '""', text, flags=re.S)
    text = re.sub(r'"(?:\\.|[^"\\\n])*"', '""', text)
    return re.sub(r"//[^\n]*", "", text)


def folder_uses(library_dir):
    """{folder: {other folder: sorted [(file, type)]}}: the types declared at the top level of
    another folder's files that each folder's code names (a nested type is named through its
    outer one, an extension through the type it extends)."""
    files = {}
    for path in glob.glob(os.path.join(library_dir, "*", "*.swift")):
        files[path] = (os.path.basename(os.path.dirname(path)), swift_code(path))
    declared = collections.defaultdict(set)
    for folder, code in files.values():
        for name in TOP_LEVEL_TYPE.findall(code):
            declared[name].add(folder)
    uses = collections.defaultdict(lambda: collections.defaultdict(set))
    for path, (folder, code) in files.items():
        for name in set(re.findall(r"\b[A-Z]\w*\b", code)):
            for owner in declared.get(name, ()):
                if owner != folder:
                    uses[folder][owner].add((os.path.basename(path), name))
    return {folder: {owner: sorted(found) for owner, found in owners.items()} for folder, owners in uses.items()}


def folder_cycles(uses):
    """Each set of two or more folders that reach one another through what they use."""
    index, low, stack, on_stack, cycles = {}, {}, [], set(), []

    def visit(folder):
        index[folder] = low[folder] = len(index)
        stack.append(folder)
        on_stack.add(folder)
        for used in uses.get(folder, {}):
            if used not in index:
                visit(used)
                low[folder] = min(low[folder], low[used])
            elif used in on_stack:
                low[folder] = min(low[folder], index[used])
        if low[folder] == index[folder]:
            component = []
            while not component or component[-1] != folder:
                component.append(stack.pop())
                on_stack.discard(component[-1])
            if len(component) > 1:
                cycles.append(sorted(component))

    for folder in sorted(uses):
        if folder not in index:
            visit(folder)
    return cycles


def write_swift(root, folder, name, text):
    os.makedirs(os.path.join(root, folder), exist_ok=True)
    with open(os.path.join(root, folder, name), "w", encoding="utf-8") as handle:
        handle.write(text)


def test_the_type_reader_sees_folders_that_use_each_other_and_not_names_in_comments_or_strings(tmp_path):
    root = str(tmp_path)
    write_swift(root, "Low", "Frame.swift", "/// Frames.\npublic struct Frame { var width = 0 }\n")
    write_swift(root, "High", "Report.swift", "enum Report {\n    static func of(_ frame: Frame) -> String { \"\" }\n}\n")
    write_swift(root, "Low", "Low+Report.swift", "extension Frame {\n    var text: String { Report.of(self) }\n}\n")
    write_swift(root, "Aside", "Note.swift", "// Report and Frame, named in a comment\nlet note = \"Frame\"\n")
    uses = folder_uses(root)
    assert uses == {"High": {"Low": [("Report.swift", "Frame")]}, "Low": {"High": [("Low+Report.swift", "Report")]}}
    assert folder_cycles(uses) == [["High", "Low"]]


def test_no_library_folders_use_each_other():
    uses = folder_uses(LIBRARY_DIR)
    # The reader must see the layering it guards, or the checks below pass on nothing.
    assert "Snapshots" in uses["Adapters"] and "Snapshots" in uses["Rendering"]
    assert sum(len(owners) for owners in uses.values()) >= 40
    assert folder_cycles(uses) == []


def test_each_library_folder_uses_only_the_folders_above_it_in_the_architecture_table():
    order = architecture_folder_order()
    upward = ["%s uses %s, below it in the table (%s)" % (folder, owner, ", ".join("%s: %s" % pair for pair in found[:3]))
              for folder, owners in folder_uses(LIBRARY_DIR).items()
              for owner, found in owners.items() if order.index(owner) > order.index(folder)]
    assert upward == []

"""The lists the documents keep by hand, held to the code they describe: lldb/README.md's table of
the package's modules (against the reload order in layoutdebug/__init__.py) and its environment
table (against every LAYOUT_DEBUG_ variable the library or the package reads), and
docs/ARCHITECTURE.md's layer table: a row for every folder of Sources/LayoutDebugSupport and for
every target of both manifests (the executables too), in an order the folders' Swift keeps (each
names only the types of folders above it), each row's "knows about" naming exactly the library
folders its code uses; every subfolder named in the document; and a test folder for each folder."""

import collections
import glob
import os
import re

import layoutdebug


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LLDB_README = os.path.join(ROOT, "lldb", "README.md")
ARCHITECTURE = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
LIBRARY_DIR = os.path.join(ROOT, "Sources", "LayoutDebugSupport")
TESTS_DIR = os.path.join(ROOT, "Tests", "LayoutDebugSupportTests")


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
    outer one, an extension through the type it extends). A file in a subfolder
    (`Parsing/Grammar/…`) belongs to its top-level folder."""
    files = {}
    for path in glob.glob(os.path.join(library_dir, "*", "**", "*.swift"), recursive=True):
        files[path] = (os.path.relpath(path, library_dir).split(os.sep)[0], swift_code(path))
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


# How the layer table's "knows about" column names each library folder whose name it does not
# use as it is (a new folder `Sizes` is "sizes").
FOLDER_NAMES = {
    "Snapshots": "snapshots", "Shared": "shared", "Layout": "layout", "Platform": "platform seam",
    "Origins": "origins", "PropertyNames": "property names", "Adapters": "adapters", "Triage": "triage",
    "Parsing": "parser", "Explain": "explainer", "Fixes": "fixes", "Rendering": "renderers", "Lint": "lint",
    "Pictures": "pictures", "Monitor": "monitor", "Reports": "reports", "Storm": "storm", "CEntry": "C entry",
    "Hooks": "conflict hook",
}


def library_folders():
    return sorted(name for name in os.listdir(LIBRARY_DIR) if os.path.isdir(os.path.join(LIBRARY_DIR, name)))


def architecture_rows():
    """{path named in the folder column: (the whole row's folder cell, its "knows about" cell)}."""
    rows = {}
    for cells in table_after(read(ARCHITECTURE), ("layer", "folder", "knows about")):
        for path in re.findall(r"`((?:Sources|ReferenceKit/Sources|bench)/[\w/.-]+)`", cells[1]):
            rows[path] = cells[2]
    return rows


def folder_name(folder):
    """How the table names `folder`: FOLDER_NAMES's word, else the folder's own name in lower case."""
    return FOLDER_NAMES.get(folder, folder.lower())


def folders_named(knows_about):
    """The library folders a "knows about" cell names (by `folder_name`)."""
    text = knows_about.lower()
    return {folder for folder in library_folders() if re.search(r"\b%s\b" % re.escape(folder_name(folder).lower()), text)}


def test_each_library_row_names_exactly_the_folders_its_code_uses():
    assert set(FOLDER_NAMES) <= set(library_folders())
    rows = architecture_rows()
    uses = folder_uses(LIBRARY_DIR)
    false_rows = []
    for folder in library_folders():
        named = folders_named(rows["Sources/LayoutDebugSupport/" + folder]) - {folder}
        used = set(uses.get(folder, {}))
        if named != used:
            false_rows.append("%s: names %s but uses %s" % (folder, sorted(named - used) or "-", sorted(used - named) or "-"))
    assert false_rows == []


def manifest_targets():
    """{target directory (from the repository's root): target name} for every target of both manifests."""
    targets = {}
    for manifest, prefix in (("Package.swift", ""), (os.path.join("ReferenceKit", "Package.swift"), "ReferenceKit/")):
        text = read(os.path.join(ROOT, manifest))
        for match in re.finditer(r"\.(?:target|executableTarget|testTarget)\(\s*name:\s*\"([\w-]+)\"(.*?)\)(?=,\s*(?:\.|//|\]))",
                                 text, re.S):
            name, rest = match.group(1), match.group(2)
            path = re.search(r'path:\s*"([^"]+)"', rest)
            if ".testTarget(" in match.group(0):
                continue
            targets[prefix + (path.group(1) if path else "Sources/" + name)] = name
    return targets


def target_uses(directory):
    """The library folders whose top-level types the Swift files of `directory` name."""
    declared = collections.defaultdict(set)
    for path in glob.glob(os.path.join(LIBRARY_DIR, "*", "**", "*.swift"), recursive=True):
        folder = os.path.relpath(path, LIBRARY_DIR).split(os.sep)[0]
        for name in TOP_LEVEL_TYPE.findall(swift_code(path)):
            declared[name].add(folder)
    own = set()
    code = ""
    for path in glob.glob(os.path.join(ROOT, directory, "**", "*.swift"), recursive=True):
        text = swift_code(path)
        own.update(TOP_LEVEL_TYPE.findall(text))
        code += text
    used = set()
    for name in set(re.findall(r"\b[A-Za-z_]\w*\b", code)) - own:
        used.update(declared.get(name, ()))
    # The C entry points are functions, not types: a call to one uses CEntry.
    if re.search(r"\blds_\w+\(", code):
        used.add("CEntry")
    return used


def test_every_target_of_both_manifests_has_a_row():
    targets = manifest_targets()
    assert "Sources/layout-explain" in targets and "ReferenceKit/Sources/Cassowary" in targets
    assert "bench/report/Sources/lds-report-bench" in targets
    rows = architecture_rows()
    # The library's own rows are its folders' (above).
    missing = sorted(path for path in targets if path not in rows and path != "Sources/LayoutDebugSupport")
    assert missing == []


def test_each_executable_row_names_exactly_the_library_folders_it_uses():
    rows = architecture_rows()
    false_rows = []
    for path in manifest_targets():
        if path.startswith("Sources/LayoutDebugSupport") or path.startswith("ReferenceKit/"):
            continue
        used, named = target_uses(path), folders_named(rows[path])
        if used != named:
            false_rows.append("%s: names %s but uses %s" % (path, sorted(named - used) or "-", sorted(used - named) or "-"))
    assert false_rows == []


def test_the_executable_check_fails_on_a_false_row():
    used = target_uses("Sources/layout-explain")
    assert {"Parsing", "Explain", "Rendering", "Pictures"} <= used
    assert folders_named("parser, explainer, renderers, triage") != used


def test_every_subfolder_of_the_library_is_named_in_the_architecture():
    text = read(ARCHITECTURE)
    subfolders = sorted(os.path.relpath(path, LIBRARY_DIR) for path in glob.glob(os.path.join(LIBRARY_DIR, "*", "*"))
                        if os.path.isdir(path))
    assert "Parsing/Grammar" in subfolders
    assert [folder for folder in subfolders if "`%s`" % folder not in text and "`%s/`" % folder not in text] == []


def test_every_library_folder_has_its_test_folder():
    tests = {name for name in os.listdir(TESTS_DIR) if os.path.isdir(os.path.join(TESTS_DIR, name))}
    assert set(library_folders()) <= tests


def entry_points():
    """Every `lds_` function the library exports (`@_cdecl`)."""
    names = set()
    for path in glob.glob(os.path.join(LIBRARY_DIR, "**", "*.swift"), recursive=True):
        names.update(re.findall(r'@_cdecl\("(lds_\w+)"\)', read(path)))
    return names


def test_the_c_entry_table_lists_every_entry_point_and_no_other():
    rows = table_after(read(ARCHITECTURE), ("function", "meaning"))
    listed = {re.match(r"`(lds_\w+)\(", cells[0]).group(1) for cells in rows}
    assert len(entry_points()) >= 16
    assert listed == entry_points()


def test_every_entry_point_a_document_names_exists():
    # The guide's examples of a new entry point are not the library's.
    exported = entry_points() | {"lds_foo", "lds_subview_count", "lds_why_size"}
    for document in ("HOW-IT-WORKS.md", "ARCHITECTURE.md"):
        named = set(re.findall(r"\b(lds_[a-z_]+)\(?", read(os.path.join(ROOT, "docs", document))))
        assert named - exported == set(), document


def test_the_readme_is_a_manual_of_at_most_20_kb_that_never_speaks_of_sessions_or_issues():
    """The README is what a user reads first: at most 20 KB (20,000 bytes, the strict reading),
    and it speaks of the tool, never of how it was made."""
    text = read(os.path.join(ROOT, "README.md"))
    assert len(text.encode("utf-8")) <= 20_000, len(text.encode("utf-8"))
    assert not re.search(r"\b(session|issue) #?\d+\b", text, re.IGNORECASE), \
        re.search(r"\b(session|issue) #?\d+\b", text, re.IGNORECASE).group(0)

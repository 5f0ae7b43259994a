"""LayoutDebugSupport is internal by default (issue 35: 529 public declarations, at most 136 of
them used outside the module). `public` is for what something outside the module uses:
- the executables and LayoutLintXCTest (every Swift file under Sources/ outside the library,
  and the benches' bench/*/Sources);
- an app: the in-app monitor (Monitor/, shown in README.md and docs/MONITOR.md) and the Swift
  the documents show an app writing;
- LLDB: the `@_cdecl` entry points and `LayoutDebugStormPending`, whose C symbols a release
  build exports only while the Swift declaration is public.
Tests use `@testable import`, so they need nothing public.

The check is by name, so it is a lower bound: a new public declaration whose name nothing
outside the module mentions fails here, one that shares a name with something used outside
passes. The ceiling catches those by count."""

import glob
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY_DIR = os.path.join(ROOT, "Sources", "LayoutDebugSupport")

# The public declarations as of issue 35's change (147), and layout-explain's
# `ConsoleLogReader.readPlacing`; then ConflictReport (the type, its init, `conflict`,
# `explanation`, `text`, `document`), the one maker of a conflict's report, which layout-explain
# calls instead of ConflictReportRenderer's `text` and `document` (no longer public): +3; then
# issue 47's ten: layout-explain's `ContinuousIntegration` (the type, its init and `run`: `--ci`
# parses its options and forwards), LayoutLintXCTest's `NewConflictCheck` (the enum,
# `failures(of:baselinePath:pictures:)`, and `Failure` with its `message`, `report` and `svg`), and
# `JSONDocumentKind.ciBaseline`; then issue 44's eighteen, what layout-explain calls to read a
# pasted layout loop and print it: `LoopText` and its two `read`s (bytes, a file), `LoopReading`
# (`isEmpty`, `notALoopSentence`, `reports`), `LoopReport` (`text`, `problemLines`, `encode`),
# `LoopSummary` (`init`, `add`, `text`, `encode`), `LoopDocument` (`init`, `encode`); then
# `LayoutDebugFixPending`, where lfix keeps a one-shot breakpoint by name (exported as
# `LayoutDebugStormPending` is); then layoutdebug/2: ConflictReportDocument and
# ConflictExplanation write their own JSON (each field left out at its default), and
# layout-explain encodes both, so their `encode(to:)` is public where the synthesized one was
# implicit; ConstraintSnapshot's `init(from:)` went (no document is read back): +1; then
# `lds_surface`, which LLDB calls to check the library before any other call: +1; then `lloop`'s
# two C entry points, `lds_loop_arm` and `lds_loop_report`: +2. Raise it only together with the
# outside target, app-facing document or C caller that needs the new declaration.
CEILING = 184

# The in-app monitor is an app's API as a whole (README.md's "The in-app monitor",
# docs/MONITOR.md): its configuration, backlog and record types are public even where the
# documents show no call.
APP_FACING_FOLDERS = ("Monitor",)

# Members a public type must make public to conform to a public protocol (Codable,
# Comparable, OptionSet, CustomStringConvertible); the compiler asks for them by this name.
PROTOCOL_WITNESSES = {"init(from:)", "encode(to:)", "<", "==", "hash(into:)", "description",
                      "rawValue", "init(rawValue:)"}

PUBLIC = re.compile(r"^\s*(?:nonisolated\(unsafe\) )?public\s")
NAMED = re.compile(r"\b(?:struct|enum|class|protocol|func|var|let|typealias|case)\s+(\w+|[<>=!]+)")
INIT = re.compile(r"\binit\??\s*\(\s*(\w+)?")
TYPE = re.compile(r"^(\s*)(?:public\s+)?(?:final\s+)?(?:struct|enum|class|extension)\s+(\w+)")
C_SYMBOL = re.compile(r'^\s*@(?:_cdecl|_silgen_name)\("(\w+)"\)')
WORD = re.compile(r"\w+")
SWIFT_BLOCK = re.compile(r"```swift\n(.*?)```", re.S)


def read(path):
    """A file's text."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def signature(lines, index):
    """A declaration's text up to its body's brace (its parameters may span lines)."""
    text = []
    for line in lines[index:index + 8]:
        text.append(line.split("{")[0])
        if "{" in line or not line.strip():
            break
    return " ".join(text)


def public_declarations(library_dir):
    """(path, line number, name, C symbol or None, enclosing type or None, doc comment?,
    signature) for each line of the library's Swift that starts a public declaration. An
    initializer is named `init(label:)`."""
    found = []
    for path in sorted(glob.glob(os.path.join(library_dir, "**", "*.swift"), recursive=True)):
        lines = read(path).split("\n")
        enclosing = []  # (indent, type name) of the types and extensions around the line
        for index, line in enumerate(lines):
            opened = TYPE.match(line)
            if not PUBLIC.match(line):
                if opened:
                    enclosing = [e for e in enclosing if e[0] < len(opened.group(1))]
                    enclosing.append((len(opened.group(1)), opened.group(2)))
                continue
            indent = len(line) - len(line.lstrip())
            enclosing = [e for e in enclosing if e[0] < indent]
            named, init = NAMED.search(line), INIT.search(line)
            if named and (not init or named.start() < init.start()):
                name = named.group(1)
            elif init:
                name = "init(%s:)" % init.group(1) if init.group(1) and init.group(1) != "_" else "init"
            else:
                raise AssertionError("%s:%d: a public declaration this test cannot name: %s"
                                     % (path, index + 1, line.strip()))
            above = index - 1
            symbol = None
            while above >= 0 and lines[above].strip().startswith("@"):
                attribute = C_SYMBOL.match(lines[above])
                symbol = symbol or (attribute and attribute.group(1))
                above -= 1
            documented = above >= 0 and lines[above].strip().startswith("///")
            found.append((path, index + 1, name, symbol, enclosing[-1][1] if enclosing else None, documented,
                          signature(lines, index)))
            if opened:
                enclosing.append((len(opened.group(1)), opened.group(2)))
    return found


def outside_words(root):
    """Every word in the Swift that uses the library from outside: the other targets under
    Sources/, the benches, and the swift blocks README.md and docs/ show an app writing."""
    texts = [read(path) for path in glob.glob(os.path.join(root, "Sources", "**", "*.swift"), recursive=True)
             if not path.startswith(os.path.join(root, "Sources", "LayoutDebugSupport") + os.sep)]
    texts += [read(path) for path in glob.glob(os.path.join(root, "bench", "*", "Sources", "**", "*.swift"),
                                               recursive=True)]
    for document in [os.path.join(root, "README.md")] + glob.glob(os.path.join(root, "docs", "*.md")):
        texts += SWIFT_BLOCK.findall(read(document))
    return set(WORD.findall("\n".join(texts)))


def unjustified(library_dir, words):
    """The public declarations nothing outside the library names, as `path:line: name`. A
    type or constant that a used public declaration's signature names (a parameter, result
    or thrown type, a default argument) must be public too, so it counts as used."""
    declarations = public_declarations(library_dir)
    justified, pending, words = set(), list(declarations), set(words)
    while True:
        kept = []
        for declaration in pending:
            path, _, name, symbol, enclosing, _, text = declaration
            folder = os.path.relpath(path, library_dir).split(os.sep)[0]
            # An initializer is used where its type is constructed: `StreamHasher()`.
            used_as = enclosing if name.startswith("init") else name
            if symbol or folder in APP_FACING_FOLDERS or name in PROTOCOL_WITNESSES or used_as in words:
                justified.add(declaration)
                words.update(WORD.findall(text))
            else:
                kept.append(declaration)
        if len(kept) == len(pending):
            break
        pending = kept
    return ["%s:%d: %s" % (os.path.relpath(path, ROOT), line, name) for path, line, name, *_ in pending]


def test_every_public_declaration_is_used_outside_the_library():
    words = outside_words(ROOT)
    assert {"ConflictMonitor", "ConsoleLogReader", "LayoutLint"} <= words  # a read that found nothing must fail
    unused = unjustified(LIBRARY_DIR, words)
    assert not unused, ("public, but no other target, bench or app-facing document uses it; make it "
                        "internal (tests use @testable import):\n" + "\n".join(unused))


def test_the_public_surface_stays_under_its_ceiling():
    count = len(public_declarations(LIBRARY_DIR))
    assert count <= CEILING, (
        "%d public declarations in Sources/LayoutDebugSupport, over the ceiling of %d: the library "
        "is internal by default (issue 35). Make the new ones internal unless another target, an "
        "app or LLDB needs them, and then raise CEILING in this test saying which." % (count, CEILING))


def test_every_public_declaration_has_a_doc_comment():
    bare = ["%s:%d: %s" % (os.path.relpath(path, ROOT), line, name)
            for path, line, name, _, _, documented, _ in public_declarations(LIBRARY_DIR) if not documented]
    assert not bare, "public API without a /// doc comment:\n" + "\n".join(bare)


def test_the_c_entry_points_stay_public():
    # A release build exports an internal @_cdecl function's C symbol as hidden, and LLDB's
    # lookup of lds_version (and every call after it) fails.
    exported = {symbol for _, _, _, symbol, _, _, _ in public_declarations(LIBRARY_DIR) if symbol}
    declared = set()
    for path in glob.glob(os.path.join(LIBRARY_DIR, "**", "*.swift"), recursive=True):
        declared.update(m.group(1) for m in map(C_SYMBOL.match, read(path).split("\n"))
                        if m and m.group(1).startswith(("lds_", "LayoutDebug")))
    assert len(declared) >= 17  # the entry points as of this test: a parse that found none must fail
    assert declared <= exported, sorted(declared - exported)


def test_a_public_declaration_nothing_outside_names_fails(tmp_path):
    library = tmp_path / "Sources" / "LayoutDebugSupport"
    (library / "Parsing").mkdir(parents=True)
    (library / "Monitor").mkdir()
    (library / "Parsing" / "Planted.swift").write_text(
        "/// Used by layout-explain.\npublic struct UsedOutside {\n"
        "    /// Constructed by layout-explain.\n    public init() {}\n"
        "    /// Nothing outside reads it.\n    public var plantedUnusedField: Int { 0 }\n"
        "    /// Called by layout-explain, so what it returns is public too.\n"
        "    public func makeHelper() -> Helper { Helper() }\n}\n"
        "/// Returned by makeHelper().\npublic struct Helper {}\n")
    (library / "Monitor" / "Hook.swift").write_text("/// An app calls it.\npublic func monitorOnlyHook() {}\n")
    words = {"UsedOutside", "makeHelper"}
    unused = unjustified(str(library), words)
    assert len(unused) == 1 and unused[0].endswith("Planted.swift:6: plantedUnusedField"), unused

"""The layoutdebug package as a whole: Python 3.9 source (Xcode's LLDB), the layers (no
plain-logic module imports LLDB or the plumbing; each module after what it imports, for the
reload), a docstring on every definition and no module over ~300 lines."""

import ast
import glob
import os
import re

import layoutdebug


LLDB_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "lldb")
SCRIPT = os.path.join(LLDB_DIR, "layout_debug.py")
PACKAGE_DIR = os.path.join(LLDB_DIR, "layoutdebug")


def sources():
    """(path, text) of the script and of every module of its package."""
    paths = [SCRIPT] + sorted(glob.glob(os.path.join(PACKAGE_DIR, "*.py"))) + \
        sorted(glob.glob(os.path.join(PACKAGE_DIR, "commands", "*.py")))
    assert len(paths) > 2
    for path in paths:
        with open(path, encoding="utf-8") as handle:
            yield path, handle.read()


def test_source_parses_with_python_3_9_grammar():
    for path, text in sources():
        ast.parse(text, filename=path, feature_version=(3, 9))


def test_source_has_no_match_statement():
    match_type = getattr(ast, "Match", None)
    assert match_type is not None  # the running Python knows `match`
    for path, text in sources():
        assert not [node for node in ast.walk(ast.parse(text)) if isinstance(node, match_type)], path


def test_source_has_no_union_type_syntax_in_annotations():
    for path, text in sources():
        for node in ast.walk(ast.parse(text)):
            annotations = []
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                annotations.extend(arg.annotation for arg in node.args.args + node.args.kwonlyargs)
                annotations.append(node.returns)
            if isinstance(node, ast.AnnAssign):
                annotations.append(node.annotation)
            for annotation in annotations:
                if annotation is None:
                    continue
                assert not [sub for sub in ast.walk(annotation)
                            if isinstance(sub, ast.BinOp) and isinstance(sub.op, ast.BitOr)], path


def test_source_uses_no_python_3_10_apis():
    forbidden = [
        r"\bzip\([^)]*strict\s*=",          # 3.10
        r"\bint\.bit_count\b|\.bit_count\(\)",  # 3.10
        r"\bpairwise\b",                     # itertools 3.10
        r"\baiter\(|\banext\(",              # 3.10
        r"\bParamSpec\b|\bTypeAlias\b|\bTypeGuard\b",  # typing 3.10
        r"\bkw_only\s*=|\bslots\s*=",       # dataclasses 3.10
        r"\btomllib\b|\bExceptionGroup\b|except\*",  # 3.11
        r"\bStrEnum\b|\bSelf\b",            # 3.11
        r"\bdatetime\.UTC\b",                # 3.11
        r"from __future__ import annotations",  # hides | unions from the 3.9 check
    ]
    for path, text in sources():
        for pattern in forbidden:
            assert not re.search(pattern, text), (path, pattern)


def imported_modules(text):
    """The absolute names and the package-relative names a module's source imports."""
    names = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                names.update("." + (node.module or alias.name) for alias in node.names)
            else:
                names.add(node.module.split(".")[0])
    return names


def module_path(name):
    """The file of a module named as in layoutdebug.MODULES: "session", "commands.lreport", "commands"."""
    parts = name.split(".")
    if name == "commands":
        parts = ["commands", "__init__"]
    return os.path.join(PACKAGE_DIR, *parts) + ".py"


def package_modules_imported(name):
    """The package's modules that module `name` imports, named as in layoutdebug.MODULES."""
    in_commands = name.startswith("commands")
    found = set()
    for node in ast.walk(ast.parse(open(module_path(name), encoding="utf-8").read())):
        if not isinstance(node, ast.ImportFrom) or not node.level:
            continue
        top_level = node.level == 2 or (node.level == 1 and not in_commands)
        prefix = "" if top_level else "commands."
        if node.module:
            found.add(prefix + node.module)
        elif not top_level:
            found.update(prefix + alias.name for alias in node.names)
    return found


def test_pure_modules_import_neither_lldb_nor_the_lldb_layers():
    lldb_layers = set("." + name for name in layoutdebug.LLDB_MODULES)
    for name in layoutdebug.PURE_MODULES:
        with open(module_path(name), encoding="utf-8") as handle:
            imported = imported_modules(handle.read())
        assert "lldb" not in imported, name
        assert not imported & lldb_layers, (name, imported & lldb_layers)


def test_the_reload_order_names_every_module_after_those_it_imports():
    files = sorted(os.path.relpath(path, PACKAGE_DIR)[:-3].replace(os.sep, ".").replace(".__init__", "")
                   for path in glob.glob(os.path.join(PACKAGE_DIR, "*.py")) +
                   glob.glob(os.path.join(PACKAGE_DIR, "commands", "*.py")))
    assert sorted(layoutdebug.MODULES + ("__init__",)) == files
    for index, name in enumerate(layoutdebug.MODULES):
        later = [module for module in package_modules_imported(name) if module not in layoutdebug.MODULES[:index]]
        assert not later, (name, later)


def test_only_lldb_api_imports_lldb_itself():
    for name in layoutdebug.MODULES:
        with open(module_path(name), encoding="utf-8") as handle:
            imported = imported_modules(handle.read())
        assert "lldb" not in imported or name == "lldb_api", name


def definitions(tree):
    """Every module, class and function node of a parsed source."""
    return [tree] + [node for node in ast.walk(tree)
                     if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]


def test_every_module_class_and_function_has_a_docstring():
    missing = []
    for path, text in sources():
        for node in definitions(ast.parse(text)):
            if not ast.get_docstring(node):
                missing.append("%s:%s" % (os.path.relpath(path, LLDB_DIR), getattr(node, "name", "(module)")))
    assert not missing, missing


def test_no_module_is_over_300_lines():
    for path, text in sources():
        assert len(text.splitlines()) <= 300, (path, len(text.splitlines()))

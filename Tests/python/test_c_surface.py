"""The C entry surface is declared once, in Swift: constants.py's PROTOTYPES and flags are held
to the `@_cdecl` functions of CEntry/CEntryPoints*.swift and to the option sets whose raw values
the entry points take, by parsing those files, so a drift fails here and not in an lldb session
(a wrong prototype makes LLDB call the function with the wrong arguments, silently)."""

import glob
import os
import re

from layoutdebug import constants


ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LIBRARY_DIR = os.path.join(ROOT, "Sources", "LayoutDebugSupport")
PACKAGE_DIR = os.path.join(ROOT, "lldb", "layoutdebug")

# The C type LLDB sees for each Swift type an entry point may take or return: the entry
# surface lets no other Swift type cross.
C_TYPES = {
    "UnsafeMutableRawPointer": "void *",
    "UnsafeMutableRawPointer?": "void *",
    "UnsafeRawPointer?": "const void *",
    "UnsafePointer<CChar>?": "const char *",
    "UInt32": "unsigned int",
    "Int32": "int",
    "UInt64": "unsigned long long",
    "Int64": "long long",
}

CDECL = re.compile(r'@_cdecl\("(?P<name>\w+)"\)\s*public\s+func\s+(?P<function>\w+)\s*'
                   r'\((?P<parameters>[^)]*)\)\s*->\s*(?P<returns>[\w<>?]+)')


def entry_point_files():
    """CEntry/CEntryPoints.swift and every CEntryPoints+*.swift beside it."""
    paths = sorted(glob.glob(os.path.join(LIBRARY_DIR, "CEntry", "CEntryPoints*.swift")))
    assert os.path.join(LIBRARY_DIR, "CEntry", "CEntryPoints.swift") in paths
    return paths


def c_type(swift_type, where):
    """The C spelling of a Swift parameter or return type; fails on a type C cannot take."""
    assert swift_type in C_TYPES, "%s: %s has no C type the entry surface allows" % (where, swift_type)
    return C_TYPES[swift_type]


def prototype_of(match):
    """`void *(*)(void *, unsigned int)` for one `@_cdecl` function's declaration."""
    name = match.group("name")
    parameters = [part.strip() for part in match.group("parameters").split(",") if part.strip()]
    types = []
    for parameter in parameters:
        label, _, swift_type = parameter.partition(":")
        assert swift_type, "%s: parameter %r has no type" % (name, parameter)
        types.append(c_type(swift_type.strip(), "%s(%s)" % (name, label.strip())))
    returns = c_type(match.group("returns"), name + " returns")
    return "%s(*)(%s)" % (returns if returns.endswith("*") else returns + " ", ", ".join(types) or "void")


def swift_prototypes(texts):
    """Each `@_cdecl` name of the given Swift sources and its C prototype, as LLDB must cast it."""
    found = {}
    for text in texts:
        for match in CDECL.finditer(text):
            assert match.group("name") not in found, "%s is declared twice" % match.group("name")
            assert match.group("name") == match.group("function"), match.group("name")
            found[match.group("name")] = prototype_of(match)
    return found


def read(path):
    """A file's text."""
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def upper_snake(camel):
    """`noDescend` -> `NO_DESCEND`."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", camel).upper()


def option_flags(type_name, prefix):
    """The flag constants of the Swift OptionSet `type_name` (`ReportOptions`, or nested:
    `StormRecorder.Options`), wherever in the library it is declared, named as constants.py
    names them: `prefix` + the option's name in upper snake case."""
    *outer, name = type_name.split(".")
    patterns = [r"\bstruct\s+%s\s*:\s*OptionSet\b" % name] + \
        [r"\b(?:class|struct|enum|extension)\s+%s\b" % enclosing for enclosing in outer]
    homes = [path for path in glob.glob(os.path.join(LIBRARY_DIR, "**", "*.swift"), recursive=True)
             if all(re.search(pattern, read(path)) for pattern in patterns)]
    assert len(homes) == 1, (type_name, homes)
    option = re.compile(r"static\s+let\s+(\w+)\s*=\s*%s\(rawValue:\s*(\d+)\)" % name)
    flags = {prefix + upper_snake(option_name): int(value) for option_name, value in option.findall(read(homes[0]))}
    assert flags, type_name
    return flags


def python_flags(prefix, exclude=()):
    """constants.py's integer constants whose names start with `prefix`."""
    return {name: value for name, value in vars(constants).items()
            if name.startswith(prefix) and isinstance(value, int) and name not in exclude}


def test_prototypes_are_the_cdecl_functions_of_centry_points():
    swift = swift_prototypes(read(path) for path in entry_point_files())
    assert len(swift) >= 16  # the entry points as of this test: a parse that found none must fail
    assert constants.PROTOTYPES == swift


def test_report_flags_are_report_options_raw_values():
    swift = option_flags("ReportOptions", "LDS_")
    assert len(swift) >= 6
    assert python_flags("LDS_") == swift


def test_storm_flags_are_storm_recorder_options_raw_values():
    # STORM_AT_EXIT is LayoutDebugStormPending's argument, not an lds_storm_start flag.
    swift = option_flags("StormRecorder.Options", "STORM_")
    assert python_flags("STORM_", exclude=("STORM_AT_EXIT",)) == swift


def test_the_first_read_of_a_buffer_through_lldb_stays_inside_the_smallest_buffer():
    swift = re.findall(r"static let smallestCapacity = (\d+)",
                       read(os.path.join(LIBRARY_DIR, "CEntry", "ReportBuffer.swift")))
    assert swift == [str(constants.BUFFER_FIRST_READ)]


def test_every_entry_point_the_package_calls_has_a_prototype():
    call = re.compile(r'call_(?:entry|report)\(\s*"(lds_\w+)"')
    called = set()
    for path in glob.glob(os.path.join(PACKAGE_DIR, "**", "*.py"), recursive=True):
        called.update(call.findall(read(path)))
    assert len(called) >= 10
    assert called <= set(constants.PROTOTYPES), called - set(constants.PROTOTYPES)


def test_the_parse_reads_each_c_type_and_an_empty_list():
    text = '''
    @_cdecl("lds_a")
    public func lds_a() -> UnsafeMutableRawPointer {
    @_cdecl("lds_b")
    public func lds_b(_ view: UnsafeMutableRawPointer?, _ name: UnsafePointer<CChar>?,
                      _ stop: UInt64, _ flags: UInt32) -> UnsafeMutableRawPointer {
    '''
    assert swift_prototypes([text]) == {
        "lds_a": "void *(*)(void)",
        "lds_b": "void *(*)(void *, const char *, unsigned long long, unsigned int)",
    }


def test_the_surface_digest_is_the_one_of_the_cdecl_functions():
    # lload refuses a library whose lds_surface differs from constants.SURFACE_DIGEST: the
    # library's copy must be the digest of its own entry points, or every build is refused.
    swift = swift_prototypes(read(path) for path in entry_point_files())
    expected = constants.surface_digest(swift)
    declared = re.search(r'static\s+let\s+digest\s*=\s*"(\w+)"',
                         read(os.path.join(LIBRARY_DIR, "CEntry", "CEntrySurface.swift")))
    assert declared, "CEntrySurface.swift declares no digest"
    assert declared.group(1) == expected, (
        "an entry point changed: set CEntrySurface.digest to \"%s\"" % expected)
    assert constants.SURFACE_DIGEST == expected


def test_the_surface_digest_changes_with_any_prototype():
    changed = dict(constants.PROTOTYPES, lds_fix="void *(*)(const char *, unsigned int)")
    assert constants.surface_digest(changed) != constants.SURFACE_DIGEST
    fewer = {name: prototype for name, prototype in constants.PROTOTYPES.items() if name != "lds_picture"}
    assert constants.surface_digest(fewer) != constants.SURFACE_DIGEST

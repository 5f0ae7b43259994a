"""The one JSON (docs/schema): the schema files themselves, the documents the commands build
in Python (lsettings), and the debugger's part of an origin, without LLDB."""

import json
import os
import re

import jsonschema
import pytest

from layoutdebug import arguments, json_documents, session
from layoutdebug.commands.lorigins import process_capture
from layoutdebug.commands.lsettings import SettingsCommand
from layoutdebug.origin_text import Frame

from fakes import FakeDebugger
from schema_check import ROOT, check_document, decimal_addresses, load_schema, schema_files, swift_enum_keys

JSON_DOCUMENT_SWIFT = os.path.join(ROOT, "Sources", "LayoutDebugSupport", "Rendering", "JSONDocument.swift")


def swift_kinds():
    """The kinds JSONDocumentKind declares, read from its source: `case x = "kind"` or `case kind`."""
    with open(JSON_DOCUMENT_SWIFT) as handle:
        source = handle.read()
    kinds = []
    for name, raw in re.findall(r'^\s*case (\w+)(?: = "([a-z-]+)")?$', source, re.MULTILINE):
        kinds.append(raw or name)
    return kinds


def test_every_schema_file_is_a_valid_draft_2020_12_schema_and_names_its_file():
    for name in schema_files():
        schema = load_schema(name)
        jsonschema.Draft202012Validator.check_schema(schema)
        assert schema["$id"].endswith("/" + name + ".json"), name


def test_every_kind_the_library_writes_or_python_builds_has_its_schema():
    kinds = swift_kinds()
    assert "conflict-report" in kinds and "descent-report" in kinds and "lint" in kinds, kinds
    missing = set(kinds + ["origins", "settings"]) - set(schema_files())
    assert not missing, "kinds without a schema file in docs/schema: %s" % sorted(missing)


def test_the_schema_refuses_what_issue_34_found():
    """Decimal addresses, raw relations and Swift's enum coding fail validation."""
    good = {"address": "0x55555557efe0", "firstItem": "0x10", "firstAttribute": "width", "constant": 20,
            "origin": {"frames": ["0x10"]}}
    views = [{"address": "0x10", "className": "UIView"}]
    document = json_documents.document("constraint-report", text="", constraint=good, views=views)
    check_document(json_documents.dumps(document), "constraint-report")
    for bad in ({"address": 93824992443776}, {"relation": 0}, {"origin": {"returnAddresses": {"_0": [16]}}},
                {"origin": {"unknown": {"_0": "made by the system"}}}, {"firstAttribute": 7},
                {"origin": {"frames": [16]}}, {"firstItem": 16}):
        constraint = dict(good, **bad)
        with pytest.raises(AssertionError):
            check_document(json_documents.dumps(json_documents.document(
                "constraint-report", text="", constraint=constraint, views=views)), "constraint-report")


def test_the_schema_writes_a_field_at_its_default_nowhere_but_in_its_default():
    """layoutdebug/2 leaves a field out at its default: each default the schema states is one
    the library leaves out (SnapshotJSON, DocumentView, ConstraintSnapshot+JSON), so a reader
    that fills them in reads what the library meant."""
    common = load_schema("common")["$defs"]
    defaults = {name: spec["default"] for name, spec in common["constraint"]["properties"].items() if "default" in spec}
    assert defaults == {"className": "NSLayoutConstraint", "relation": "equal", "secondAttribute": "notAnAttribute",
                        "multiplier": 1, "constant": 0, "priority": 1000, "isActive": True,
                        "isSystemSpacing": False, "isBroken": False}
    view = {name: spec["default"] for name, spec in common["view"]["properties"].items() if "default" in spec}
    assert view["hugging"] == [250, 250] and view["compressionResistance"] == [750, 750]
    assert view["intrinsicContentSize"] == [-1, -1] and view["contentMode"] == "scaleToFill"


def test_the_walkers_find_decimal_addresses_and_enum_keys_anywhere():
    value = {"a": [{"address": 5}, {"frames": ["0x1", 2]}], "b": {"origin": {"unknown": {"_0": "x"}}},
             "placements": [{"view": 7, "superview": "0x8"}]}
    assert decimal_addresses(value) == ["$.a[0].address", "$.a[1].frames", "$.placements[0].view"]
    assert swift_enum_keys(value) == ["$.b.origin.unknown"]


# MARK: - documents built in Python

def test_document_puts_schema_and_kind_first_and_writes_one_compact_line():
    text = json_documents.dumps(json_documents.document("settings", text="t", timeout=5.0))
    assert text == '{"schema":"layoutdebug/2","kind":"settings","text":"t","timeout":5.0}'


def test_lsettings_json_validates_and_says_what_the_text_says():
    debugger = FakeDebugger(9031)
    try:
        command = SettingsCommand(None, {})
        run = lambda line: command.run(debugger, arguments.parse_command(command.parser, line), None)
        shown = check_document(run("--json"), "settings")
        assert shown["timeout"] == 5 and shown["localRead"]["enabled"] is True
        assert shown["skipList"] == {"default": True}
        assert shown["text"] == run("")
        changed = check_document(run("--timeout 12 --local-read off --json"), "settings")
        assert changed["timeout"] == 12 and changed["localRead"] == {
            "enabled": False, "detail": "reports are read through LLDB"}
        assert "skipList" not in changed
        assert check_document(run("--timeout 0.5 --json"), "settings")["timeout"] == 0.5
    finally:
        session._SESSIONS.pop(9031, None)


def test_lorigins_reads_each_status_the_library_gives():
    # ConstraintOrigins.status's three forms.
    assert process_capture("origins: capture is off in this process") == {"capturing": False}
    assert process_capture("origins: capture is on; 7 live constraints recorded") == {
        "capturing": True, "recorded": 7}
    assert process_capture("origins: capture is on; 100000 live constraints recorded, 3 not recorded because "
                           "the table was full (100000 records)") == {
        "capturing": True, "recorded": 100000, "refused": 3, "capacity": 100000}


# MARK: - origins resolved by the debugger

def frames_resolved(addresses):
    """A resolver: 0x10 is UIKit's, 0x20 the app's line 42, 0x30 the app's without a line."""
    frames = {0x10: Frame(0x10, image="UIKitCore", function="-[UIView addConstraint:]"),
              0x20: Frame(0x20, image="App", path="/src/App/Card.swift", line=42,
                          function="App.Card.setUp(width: Swift.Double) -> ()"),
              0x30: Frame(0x30, image="App", function="App.Card.other() -> ()")}
    user = next((frames[a] for a in addresses if frames[a].is_users), None)
    return json_documents.resolved_origin(addresses, user)


def test_an_origin_with_frames_gets_its_file_line_and_function_beside_them():
    text = ('{"constraint":{"origin":{"frames":["0x10","0x20"]},"b":1},'
            '"others":[{"origin":{"frames":["0x10","0x20"]}},{"origin":{"frames":["0x30"]}},'
            '{"origin":{"system":"made by the system"}}]}')
    calls = []
    resolved = json_documents.resolve_origin_objects(text, lambda a: calls.append(a) or frames_resolved(a))
    data = json.loads(resolved)
    assert data["constraint"]["origin"] == {"file": "/src/App/Card.swift", "line": 42, "function": "setUp(width:)",
                                            "frames": ["0x10", "0x20"]}
    assert data["others"][0]["origin"] == data["constraint"]["origin"]
    # No line known: the frames stay as they were.
    assert data["others"][1]["origin"] == {"frames": ["0x30"]}
    assert data["others"][2]["origin"] == {"system": "made by the system"}
    assert calls == [[0x10, 0x20], [0x30]], "each distinct list is resolved once"


def test_text_without_frames_is_returned_unparsed():
    text = '{"text":"made at <frames 0x10>","origin":{"unknown":"capture was off"}}'
    assert json_documents.resolve_origin_objects(text, None) is text


def conflict_report_with_place(**changes):
    """A live system conflict's report: UIKit's button bar stack view in a toolbar, inside the
    app's SettingsPanel of SettingsViewController, with the views above it the place comes from."""
    views = [
        {"address": "0x10", "className": "_UIButtonBarStackView", "superview": "0x20"},
        {"address": "0x20", "className": "UIToolbar", "superview": "0x30"},
        {"address": "0x30", "className": "SettingsPanel", "superview": "0x40", "isAppClass": True},
        {"address": "0x40", "className": "UIView", "superview": "0x50", "viewController": "SettingsViewController"},
        {"address": "0x50", "className": "UIWindow"},
    ]
    classes = {"_UIButtonBarStackView": ["UIStackView", "UIView"], "UIToolbar": ["UIView"],
               "SettingsPanel": ["UIView"], "UIView": [], "UIWindow": ["UIView"]}
    place = {"container": "toolbar", "appView": "0x30", "appViewController": "SettingsViewController",
             "text": "in a toolbar inside SettingsViewController's <SettingsPanel:0x30>"}
    place.update(changes.pop("place", {}))
    views += changes.pop("views", [])
    document = {"schema": "layoutdebug/2", "kind": "conflict-report",
                "text": "Owner: system (only UIKit-internal views: _UIButtonBarStackView), " + place["text"] + "\n",
                "owner": "system", "ownerEvidence": "only UIKit-internal views: _UIButtonBarStackView",
                "place": place, "signature": "S", "appViewController": "SettingsViewController",
                "constraints": [], "views": views, "classes": classes}
    return json.dumps(document)


def test_a_live_system_conflicts_place_and_views_are_in_the_schema():
    document = check_document(conflict_report_with_place(), "conflict-report")
    assert document["place"]["container"] == "toolbar"


def test_the_schema_refuses_an_unknown_container_and_a_decimal_superview():
    with pytest.raises(AssertionError):
        check_document(conflict_report_with_place(place={"container": "ribbon"}), "conflict-report")
    decimal = [{"address": "0x60", "className": "UIWindow", "superview": 80}]
    with pytest.raises(AssertionError):
        check_document(conflict_report_with_place(views=decimal), "conflict-report")

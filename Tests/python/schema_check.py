"""Checks a command's --json against docs/schema (the `jsonschema` package from PyPI).

`check_document(text)` reads one document, picks its schema by its `kind`, validates it, and
holds it to the rules the schema alone cannot say: no address as a decimal number, and none
of Swift's enum coding (`"_0"`) anywhere. Both Tests/python and Tests/lldb use it.
"""

import json
import os

import jsonschema
from referencing import Registry, Resource

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCHEMA_DIR = os.path.join(ROOT, "docs", "schema")
BASE_URI = "https://layoutdebug.invalid/schema/"

# Keys whose value is an address, or a list of them, wherever they appear.
ADDRESS_KEYS = ("address", "target", "frames")


def schema_files():
    """The schema files by name (`common`, `lint`, …)."""
    return sorted(name[:-5] for name in os.listdir(SCHEMA_DIR) if name.endswith(".json"))


def load_schema(name):
    """One schema file, parsed."""
    with open(os.path.join(SCHEMA_DIR, name + ".json")) as handle:
        return json.load(handle)


def registry():
    """Every schema file, by its $id, so `common.json#/$defs/…` resolves offline."""
    resources = []
    for name in schema_files():
        schema = load_schema(name)
        resources.append((schema["$id"], Resource.from_contents(schema)))
    return Registry().with_resources(resources)


_VALIDATORS = {}


def validator(kind):
    """The validator of documents of `kind` (docs/schema/<kind>.json)."""
    found = _VALIDATORS.get(kind)
    if found is None:
        assert kind in schema_files() and kind != "common", "no schema for kind %r" % kind
        schema = load_schema(kind)
        jsonschema.Draft202012Validator.check_schema(schema)
        found = _VALIDATORS[kind] = jsonschema.Draft202012Validator(schema, registry=registry())
    return found


def decimal_addresses(value, path="$"):
    """Where `value` holds an address as a number: a number under an address key, or a
    placement's `view`/`superview` given as a number. Empty when there is none."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            here = "%s.%s" % (path, key)
            if key in ADDRESS_KEYS:
                items = item if isinstance(item, list) else [item]
                found += [here for entry in items if isinstance(entry, (int, float)) and not isinstance(entry, bool)]
            if key in ("view", "superview") and isinstance(item, (int, float)) and not isinstance(item, bool):
                found.append(here)
            found += decimal_addresses(item, here)
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += decimal_addresses(item, "%s[%d]" % (path, index))
    return found


def swift_enum_keys(value, path="$"):
    """Where `value` has a `_0` key (Swift's synthesized enum coding)."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "_0":
                found.append(path)
            found += swift_enum_keys(item, "%s.%s" % (path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += swift_enum_keys(item, "%s[%d]" % (path, index))
    return found


def check_document(text, kind=None):
    """Parses `text`, validates it against its kind's schema (`kind`, when given, must be its
    kind), and asserts no decimal address and no `_0`. Returns the parsed document."""
    document = json.loads(text)
    assert isinstance(document, dict), text[:200]
    assert document.get("schema") == "layoutdebug/2", text[:200]
    assert list(document)[:2] == ["schema", "kind"], "schema and kind come first: %s" % text[:200]
    if kind is not None:
        assert document["kind"] == kind, (document["kind"], kind)
    errors = sorted(validator(document["kind"]).iter_errors(document), key=lambda error: list(error.path))
    assert not errors, "\n".join("%s: %s" % ("/".join(map(str, error.path)), error.message[:300])
                                 for error in errors[:5])
    assert not decimal_addresses(document), decimal_addresses(document)[:5]
    assert not swift_enum_keys(document) and '"_0"' not in text, swift_enum_keys(document)[:5]
    return document


# MARK: - Reading layoutdebug/2: each object once, named elsewhere by address or index


def broken_constraint(report):
    """A conflict report's broken constraint: the one its `brokenConstraint` index names."""
    return report["constraints"][report["brokenConstraint"]]


def suggestion_target(report, suggestion):
    """The address a suggestion applies to: the view of a noAutoresizing change (its `target`),
    else the constraint its `constraint` index names."""
    return suggestion.get("target") or report["constraints"][suggestion["constraint"]]["address"]


def described_views(document):
    """The views a document describes, by address."""
    return {view["address"]: view for view in document.get("views", []) if "address" in view}

"""The output schemas of the bridge's MCP tools, made from docs/schema (no LLDB).

Each file in docs/schema describes one kind of document and points into the others
(`common.json#/$defs/constraint`). An MCP client validates a tool's structuredContent with its
outputSchema alone, resolving nothing outside it (the Python SDK gives its validator an empty
registry), so each tool's schema is one file made whole: every part it points to is copied
into its `$defs` under its path (`constraint` for common.json's, `conflict-tally.properties.last`
for another file's), and every `$ref` is rewritten to point there. Only the parts reachable
from the document are copied, and only what a validator reads (`ANNOTATIONS` are left out).
The schema files stay the one source: a change to docs/schema changes the tools' schemas with
it.
"""

import copy
import json
import os

SCHEMA_DIR = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "docs", "schema")


def load(name, folder=SCHEMA_DIR):
    """docs/schema/<name>.json, parsed."""
    with open(os.path.join(folder, name + ".json")) as handle:
        return json.load(handle)


# What a validator never reads: the words for people (the schema files keep them, and are the
# documentation) and each field's default (a document leaves a field out at its default). A
# client validates an answer with the tool's outputSchema; tools/list carries one per tool,
# each with the parts of common.json it needs, so every byte here is paid nine times.
ANNOTATIONS = ("title", "description", "default", "$comment", "examples")

# Keywords whose value is a map of names to schemas, whose keys are names, not keywords.
NAME_MAPS = ("properties", "$defs", "patternProperties", "dependentSchemas")


def split_ref(ref, file_name):
    """(file, JSON pointer) that `ref` names, read from inside `file_name`."""
    target, _, pointer = ref.partition("#")
    if target:
        if not target.endswith(".json"):
            raise ValueError("%s.json: $ref %r names no schema file" % (file_name, ref))
        file_name = os.path.basename(target)[:-len(".json")]
    return file_name, pointer


def pointer_parts(pointer):
    """The keys of a JSON pointer (`/$defs/view` -> ["$defs", "view"])."""
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer.split("/")[1:]]


def local_key(file_name, pointer):
    """The `$defs` key a part of another file gets: `view` (common.json's parts, which every
    document uses, by their own name), `conflict-tally.properties.last`."""
    parts = pointer_parts(pointer)
    if parts[:1] == ["$defs"]:
        parts = parts[1:]
    return ".".join(([] if file_name == "common" else [file_name]) + parts)


class Bundler(object):
    """Makes one schema file self-contained (see the module's doc)."""

    def __init__(self, root, folder=SCHEMA_DIR):
        self.root = root
        self.folder = folder
        self.files = {}
        self.defs = {}

    def file(self, name):
        """A schema file, read once."""
        if name not in self.files:
            self.files[name] = load(name, self.folder)
        return self.files[name]

    def part(self, file_name, pointer):
        """The value a pointer names in a file."""
        value = self.file(file_name)
        for key in pointer_parts(pointer):
            value = value[int(key)] if isinstance(value, list) else value[key]
        return value

    def rewrite(self, value, file_name, names=False):
        """A copy of `value` (from `file_name`) whose every $ref points inside the bundle, without
        the annotations (`ANNOTATIONS`). `names`: `value`'s keys are property or $defs names,
        not keywords, so none is dropped."""
        if isinstance(value, list):
            return [self.rewrite(item, file_name) for item in value]
        if not isinstance(value, dict):
            return value
        out = {}
        for key, item in value.items():
            if names:
                out[key] = self.rewrite(item, file_name)
            elif key == "$ref":
                out[key] = self.ref(*split_ref(item, file_name))
            elif key in ("$id", "$schema") and file_name != self.root:
                continue
            elif key in ANNOTATIONS:
                continue
            else:
                out[key] = self.rewrite(item, file_name, names=key in NAME_MAPS)
        return out

    def ref(self, file_name, pointer):
        """The bundle's $ref for a part, copying the part in on first use."""
        if file_name == self.root:
            return "#" + pointer
        key = local_key(file_name, pointer)
        if key not in self.defs:
            self.defs[key] = None  # taken before the copy: a part may point at itself
            self.defs[key] = self.rewrite(copy.deepcopy(self.part(file_name, pointer)), file_name)
        return "#/$defs/" + key

    def bundle(self):
        """The root file, self-contained."""
        schema = self.rewrite(self.file(self.root), self.root)
        schema.pop("$id", None)
        if self.defs:
            defs = schema.setdefault("$defs", {})
            clashes = set(defs) & set(self.defs)
            if clashes:
                raise ValueError("%s.json already has $defs %s" % (self.root, sorted(clashes)))
            defs.update(sorted(self.defs.items()))
        return schema


def output_schema(name, folder=SCHEMA_DIR):
    """docs/schema/<name>.json made self-contained, for a tool's outputSchema."""
    return Bundler(name, folder).bundle()


def external_refs(value):
    """Every $ref in `value` that points outside it (empty for a bundled schema)."""
    found = []
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "$ref" and not str(item).startswith("#"):
                found.append(item)
            else:
                found += external_refs(item)
    elif isinstance(value, list):
        for item in value:
            found += external_refs(item)
    return found

"""The "materials" variant of the caip schemas: reference objects may also have a has_block_type.

Appendix C's grammar gives a REF_OBJECT no material; the later CraftAssist
annotations do ("destroy the wooden shed", "copy the brick structure"). With the
config's ``reference_block_type`` on, records are validated against
``caip_record_materials`` (whose logical form is ``caip_logical_form_materials``);
off, against the plain schemas, which reject it. The variant files are derived
from the plain ones here, never edited by hand:

    python -m scenegen.families.caip.schemas

rewrites them, and the tests hold the files to this derivation.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from scenegen.plugin import resources

PLAIN = ("caip_logical_form", "caip_record")
MATERIALS = {name: f"{name}_materials" for name in PLAIN}
_NOTE = ("Derived from {plain}.schema.json by scenegen/families/caip/schemas.py (do not edit): the same, but a "
         "reference object may also have has_block_type, as the later CraftAssist annotations allow; used when the "
         "caip config's reference_block_type is on.")


def materials_variant(name: str) -> dict[str, Any]:
    """The materials variant of the plain schema ``name`` (one of :data:`PLAIN`)."""
    schema = copy.deepcopy(resources.load_schema(name))
    schema["$id"] = f"{MATERIALS[name]}.schema.json"
    schema["title"] += " (reference objects with materials)"
    schema["$comment"] = _NOTE.format(plain=name)
    if name == "caip_logical_form":
        fields = schema["$defs"]["reference_object_fields"]["properties"]
        fields["has_block_type"] = {"$ref": "#/$defs/span", "description": "What the object is made of."}
    else:
        text = json.dumps(schema).replace('"caip_logical_form.schema.json"',
                                          f'"{MATERIALS["caip_logical_form"]}.schema.json"')
        schema = json.loads(text)
    return schema


def write() -> None:
    """Rewrite the variant files under schema/."""
    for name in PLAIN:
        path = resources.schema_dir() / f"{MATERIALS[name]}.schema.json"
        path.write_text(json.dumps(materials_variant(name), indent=2) + "\n", encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    write()

"""Validate documents against scenegen's bundled JSON Schemas.

The hot path uses jsonschema-rs, a compiled validator (about 17 us per Tool Choice
scene); :func:`reference_validator` gives the pure-Python ``jsonschema`` validator
of the same schema, which the tests use as the reference the two must agree with.
Schemas may ``$ref`` one another by file name (each file's ``$id`` is its name).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import jsonschema_rs
from jsonschema_rs import ValidationErrorKind

from . import resources
from .errors import Problem

#: Errors a one-line summary names (the first few say what is wrong; the rest would not fit on a line).
_ERRORS_SHOWN = 3
#: Characters of one error's message a summary shows (it quotes the offending value, which may be large).
_ERROR_CHARS = 160

if TYPE_CHECKING:
    import jsonschema

    from .family import Family


def _bundled_schemas(schema_name: str) -> dict[str, dict[str, Any]]:
    """``schema_name``'s schema and every bundled schema it refers to, directly or not, by file name.

    Only those: loading and registering all of them would cost a one-scene run 8-16 ms of its start.
    """
    found: dict[str, dict[str, Any]] = {}
    waiting = [f"{schema_name}.schema.json"]
    while waiting:
        uri = waiting.pop()
        if uri not in found:
            found[uri] = resources.load_schema(uri.removesuffix(".schema.json"))
            waiting.extend(_references(found[uri]))
    return found


def _references(node: Any) -> Iterator[str]:
    """The file names that ``$ref``s within ``node`` point to (``other.schema.json#/...``)."""
    if isinstance(node, Mapping):
        reference = node.get("$ref")
        if isinstance(reference, str) and not reference.startswith("#"):
            yield reference.split("#")[0]
        for value in node.values():
            yield from _references(value)
    elif isinstance(node, list):
        for value in node:
            yield from _references(value)


@cache
def compiled_validator(schema_name: str) -> jsonschema_rs.Validator:
    """The compiled validator of ``schema/<schema_name>.schema.json``."""
    registry = jsonschema_rs.Registry(list(_bundled_schemas(schema_name).items()))
    return jsonschema_rs.validator_for(resources.load_schema(schema_name), registry=registry)


@cache
def reference_validator(schema_name: str) -> jsonschema.Draft202012Validator:
    """The pure-Python ``jsonschema`` validator of the same schema (the reference).

    Like jsonschema-rs, it takes a tuple for a JSON array: families share immutable
    sequences (action and state lists) that are written as arrays.
    """
    # Imported here: jsonschema and referencing take about 40 ms to import, and a run never needs them.
    import jsonschema
    import referencing

    tuples_are_arrays = jsonschema.validators.extend(
        jsonschema.Draft202012Validator,
        type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine(
            "array", lambda _checker, instance: isinstance(instance, (list, tuple))),
    )
    registry = referencing.Registry().with_resources(
        (uri, referencing.Resource.from_contents(schema)) for uri, schema in _bundled_schemas(schema_name).items()
    )
    return tuples_are_arrays(resources.load_schema(schema_name), registry=registry)


def json_path(parts: Iterable[str | int]) -> str:
    """``["objects", 3, "id"]`` -> ``$.objects[3].id``."""
    text = "$"
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


def schema_problems(document: Any, schema_name: str) -> list[Problem]:
    """Every way ``document`` breaks its schema (empty when it is valid)."""
    validator = compiled_validator(schema_name)
    if validator.is_valid(document):
        return []
    return [Problem(json_path(error.instance_path), error.message) for error in validator.iter_errors(document)]


def schema_summary(document: Any, schema_name: str) -> str | None:
    """The first few ways ``document`` breaks its schema, on one line (the properties it lacks first); None when
    it is valid. For a document read back from disk, which may be anything."""
    validator = compiled_validator(schema_name)
    if validator.is_valid(document):
        return None
    errors = list(validator.iter_errors(document))
    missing = [name for name in map(_missing_property, errors) if name is not None]
    wrong = [f"{json_path(error.instance_path)}: {_shortened(error.message)}" for error in errors
             if _missing_property(error) is None]
    found = list(dict.fromkeys(([f"lacks {', '.join(dict.fromkeys(missing))}"] if missing else []) + wrong))
    more = f" (and {len(found) - _ERRORS_SHOWN} more)" if len(found) > _ERRORS_SHOWN else ""
    return "; ".join(found[:_ERRORS_SHOWN]) + more


def _missing_property(error: jsonschema_rs.ValidationError) -> str | None:
    """The property ``error`` says the document itself lacks (not a value within it); None for other errors."""
    kind = error.kind
    return kind.property if isinstance(kind, ValidationErrorKind.Required) and not error.instance_path else None


def _shortened(message: str) -> str:
    """An error's message on one line, cut to a length a line can show."""
    message = " ".join(message.split())
    return message if len(message) <= _ERROR_CHARS else message[:_ERROR_CHARS - 1] + "…"


def mcs_problems(document: Mapping[str, Any]) -> list[Problem]:
    """Checks every MCS scene must pass that its schema cannot express.

    No two objects with one id are in the scene at once (an object may hand its id
    to one shown as it is hidden, as the real Shape Constancy scenes do when an
    object turns into another); every step range ends at or after its start, or
    just before it (an empty range: the real Knowledgeable Agents scenes write
    such zero-step moves); the goal's target and every lid attachment name an
    object of the scene.
    """
    problems: list[Problem] = []
    objects = document.get("objects", [])
    seen: dict[str, list[Mapping[str, Any]]] = {}
    for i, item in enumerate(objects):
        namesakes = seen.setdefault(item["id"], [])
        if any(_together(item, other) for other in namesakes):
            problems.append(Problem(f"$.objects[{i}].id", f"duplicate object id {item['id']!r}"))
        namesakes.append(item)
        for key in ("moves", "rotates", "forces", "torques", "resizes"):
            for j, step_range in enumerate(item.get(key, ())):
                if step_range["stepEnd"] < step_range["stepBegin"] - 1:
                    problems.append(Problem(f"$.objects[{i}].{key}[{j}]", "stepEnd is before stepBegin"))
        attachment = item.get("lidAttachment")
        if attachment and attachment["lidAttachmentObjId"] not in {o["id"] for o in objects}:
            problems.append(Problem(f"$.objects[{i}].lidAttachment",
                                    "lid attaches to an object that is not in the scene"))
    target = document.get("goal", {}).get("metadata", {}).get("target")
    if target is not None and target["id"] not in seen:
        problems.append(Problem("$.goal.metadata.target.id", f"target {target['id']!r} is not an object of the scene"))
    return problems


def _together(item: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether the two objects are ever in the scene at the same step."""
    (first, last), (other_first, other_last) = _present(item), _present(other)
    return first < other_last and other_first < last


def _present(item: Mapping[str, Any]) -> tuple[float, float]:
    """The steps from the object's first show to the hide that follows its last show (or forever), end excluded."""
    shown = [show["stepBegin"] for show in item.get("shows", ())]
    if not shown:
        return math.inf, math.inf
    hidden = [hide["stepBegin"] for hide in item.get("hides", ()) if hide["stepBegin"] >= max(shown)]
    return min(shown), min(hidden, default=math.inf)


def document_problems(document: Mapping[str, Any], family: Family, truth: Mapping[str, Any] | None,
                      *, semantic: bool = True) -> list[Problem]:
    """Everything wrong with one exported document of ``family``: its schema, the format-wide rules,
    then (unless ``semantic`` is false) the family's own checks."""
    problems = schema_problems(document, family.output.document_schema) or family.output.format_problems(document)
    if problems or not semantic:
        return problems
    return family.check(document, truth)

"""Validate documents against scenegen's bundled JSON Schemas.

The hot path uses jsonschema-rs, a compiled validator (about 17 us per Tool Choice
scene); :func:`reference_validator` gives the pure-Python ``jsonschema`` validator
of the same schema, which the tests use as the reference the two must agree with.
Schemas may ``$ref`` one another by file name (each file's ``$id`` is its name).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

import jsonschema_rs
from jsonschema_rs import ValidationErrorKind

from scenegen.errors import Problem
from scenegen.plugin import resources

#: Errors a one-line summary names (the first few say what is wrong; the rest would not fit on a line).
_ERRORS_SHOWN = 3
#: Characters of one error's message a summary shows (it quotes the offending value, which may be large).
_ERROR_CHARS = 160

if TYPE_CHECKING:
    import jsonschema

    from scenegen.plugin.family import Family


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


def document_problems(document: Mapping[str, Any], family: Family, truth: Mapping[str, Any] | None,
                      *, semantic: bool = True) -> list[Problem]:
    """Everything wrong with one exported document of ``family``: its schema, the format-wide rules,
    then (unless ``semantic`` is false) the family's own checks."""
    problems = schema_problems(document, family.output.document_schema) or family.output.format_problems(document)
    if problems or not semantic:
        return problems
    return family.check(document, truth)

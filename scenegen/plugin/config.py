"""Check a config against its family's JSON Schema, fill in its defaults and build the family it names.

Every problem becomes a :class:`~scenegen.errors.ConfigError` naming the key path,
the bad value and what is allowed, before anything is generated. (Finding and
reading a config file is the factory's: :mod:`scenegen.factory.config_file`.)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import jsonschema_rs

from scenegen.errors import ConfigError, did_you_mean
from scenegen.plugin.discovery import family_named
from scenegen.plugin.family import Family

if TYPE_CHECKING:
    import jsonschema

_VALUE_SHAPES = "a constant, a list, {min, max} or {choices, weights}"

#: Deepest nesting of lists and mappings in a config. No family's schema nests more than a few levels; the bound
#: keeps every walk of a config (building it, checking it, copying it) far from Python's recursion limit.
MAX_CONFIG_DEPTH = 64

#: What is wrong with a config nested deeper than :data:`MAX_CONFIG_DEPTH`.
TOO_DEEP = f"lists and mappings nested more than {MAX_CONFIG_DEPTH} levels deep; a config needs only a few"


def check_config(config: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """Validate ``config`` against ``schema``; return a copy with the schema's defaults filled in.

    The compiled validator (jsonschema-rs, which the run loads anyway) passes a valid
    config; anything else goes to the pure-Python ``jsonschema``, the reference,
    which judges it and gives the error to report. Importing ``jsonschema`` takes
    longer than a small run, so a valid config never does. A config not read
    by :func:`read_config` (a run record's) is first held to its nesting bound.
    """
    too_deep = _too_deep_path(config)
    if too_deep is not None:
        raise ConfigError(too_deep or "(top level)", TOO_DEEP)
    if not _compiled_says_valid(config, schema):
        import jsonschema

        validator = jsonschema.Draft202012Validator(schema)
        error = min(validator.iter_errors(config), key=lambda e: list(e.absolute_path), default=None)
        if error is not None:
            raise _config_error(error)
    return with_defaults(config, schema)


def configured_family(config: Mapping[str, Any], *, pairs: bool = False) -> Family:
    """The family ``config`` names (its ``family`` key), built from it once checked against the family's schema
    with its defaults filled in. ``pairs`` sets the config's ``pairs: true``."""
    family_class = family_named(config["family"])
    if pairs:
        config = family_class.pairing.requested(config, family_class.name)
    return family_class(check_config(config, family_class.config_schema()))


def _too_deep_path(config: Mapping[str, Any]) -> str | None:
    """The key path of the first list or mapping nested deeper than :data:`MAX_CONFIG_DEPTH` in ``config``, if any
    (walked without recursion)."""
    stack: list[tuple[Any, str, int]] = [(config, "", 1)] if isinstance(config, (Mapping, list)) else []
    while stack:
        value, path, depth = stack.pop()
        if depth > MAX_CONFIG_DEPTH:
            return path
        items = value.items() if isinstance(value, Mapping) else enumerate(value)
        stack.extend((item, f"{path}.{key}" if path else str(key), depth + 1)
                     for key, item in items if isinstance(item, (Mapping, list)))
    return None


def _compiled_says_valid(config: Mapping[str, Any], schema: Mapping[str, Any]) -> bool:
    """Whether jsonschema-rs finds ``config`` valid; false also when it cannot tell (a schema it does
    not take), leaving the verdict to ``jsonschema``.

    It is asked only about plain JSON data (what YAML and JSON configs hold), on which the two agree:
    it would take a tuple for an array, say, where ``jsonschema`` does not.
    """
    if not _is_plain_json(config):
        return False
    try:
        return bool(jsonschema_rs.Draft202012Validator(dict(schema), offline=True).is_valid(config))
    except Exception:  # a schema jsonschema-rs refuses (or cannot resolve offline): let the reference judge
        return False


_JSON_SCALARS = (str, int, float, bool, type(None))


def _is_plain_json(value: Any) -> bool:
    """Whether ``value`` is made of dicts with string keys, lists and JSON scalars only (no subclasses)."""
    if type(value) is dict:
        return all(type(key) is str and _is_plain_json(item) for key, item in value.items())
    if type(value) is list:
        return all(_is_plain_json(item) for item in value)
    return type(value) in _JSON_SCALARS


def with_defaults(config: Mapping[str, Any], schema: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``config`` with every missing property that has a ``default`` in ``schema`` set, at any depth."""
    filled = copy.deepcopy(dict(config))
    _fill(filled, schema, schema)
    return filled


def _fill(instance: dict[str, Any], schema: Mapping[str, Any], root: Mapping[str, Any]) -> None:
    schema = _resolve(schema, root)
    for key, subschema in schema.get("properties", {}).items():
        subschema = _resolve(subschema, root)
        if key not in instance and "default" in subschema:
            instance[key] = copy.deepcopy(subschema["default"])
        if isinstance(instance.get(key), dict) and subschema.get("type") == "object":
            _fill(instance[key], subschema, root)


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow a local ``#/$defs/...`` reference, keeping the referring schema's own keys."""
    reference = schema.get("$ref")
    if not reference or not reference.startswith("#/"):
        return schema
    target: Any = root
    for part in reference[2:].split("/"):
        target = target[part]
    return {**_resolve(target, root), **{k: v for k, v in schema.items() if k != "$ref"}}


def _config_error(error: jsonschema.ValidationError) -> ConfigError:
    error = _most_relevant(error)
    path = ".".join(str(part) for part in error.absolute_path)
    # (A validator's error always has its schema and instance; the checks narrow jsonschema's types.)
    if (error.validator == "additionalProperties" and isinstance(error.schema, Mapping)
            and isinstance(error.instance, Mapping)):
        properties = error.schema.get("properties", {})
        allowed = ", ".join(sorted(properties))
        unknown = [key for key in error.instance if key not in properties]
        hint = did_you_mean(unknown[0], properties) if len(unknown) == 1 else ""
        return ConfigError(path or "(top level)",
                           f"unknown key {', '.join(map(repr, unknown))}{hint}; allowed keys: {allowed}")
    if error.validator == "anyOf":
        return ConfigError(path, f"{error.instance!r} is not allowed here; write {_VALUE_SHAPES} of allowed values")
    if error.validator == "const" and path == "family":
        return ConfigError(path, f"{error.instance!r} does not match this schema's family {error.validator_value!r}")
    return ConfigError(path or "(top level)", error.message)


def _most_relevant(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Descend into ``anyOf`` to the branch written in the same shape as the value.

    A value in the value grammar fails every branch but one for its shape (a list
    is not a constant); the error worth showing is the one inside that branch.
    """
    while error.validator == "anyOf" and error.context and isinstance(error.validator_value, list):
        branches = [i for i, branch in enumerate(error.validator_value) if _same_shape(error.instance, branch)]
        errors = [sub for sub in error.context if sub.schema_path[0] in branches]
        if len(branches) != 1 or not errors:
            return error
        error = min(errors, key=lambda e: list(e.relative_path))
    return error


def _same_shape(instance: Any, branch: Mapping[str, Any]) -> bool:
    """Whether ``instance`` has the JSON type and keys ``branch`` declares (a branch with no type takes scalars)."""
    declared = branch.get("type")
    if declared is None:
        return not isinstance(instance, (list, dict))
    import jsonschema  # (already imported: only an error is explained)

    if not jsonschema.Draft202012Validator.TYPE_CHECKER.is_type(instance, declared):
        return False
    return not isinstance(instance, dict) or all(key in instance for key in branch.get("required", ()))


"""Load a YAML config, check it against its family's JSON Schema, fill in defaults.

Every problem becomes a :class:`~scenegen.errors.ConfigError` naming the key path,
the bad value and what is allowed, before anything is generated.
"""

from __future__ import annotations

import copy
import math
import os
import stat
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema_rs
import orjson
import yaml

from scenegen.errors import ConfigError, did_you_mean
from scenegen.files import UnreadableFile, kind_of, open_regular
from scenegen.plugin import discovery, resources

if TYPE_CHECKING:
    import jsonschema

_VALUE_SHAPES = "a constant, a list, {min, max} or {choices, weights}"

#: Largest config file read, in bytes: a config is a few kilobytes, and anything this size is not one.
MAX_CONFIG_BYTES = 1_000_000

#: Deepest nesting of lists and mappings in a config. No family's schema nests more than a few levels; the bound
#: keeps every walk of a config (building it, checking it, copying it) far from Python's recursion limit.
MAX_CONFIG_DEPTH = 64

_TOO_DEEP = f"lists and mappings nested more than {MAX_CONFIG_DEPTH} levels deep; a config needs only a few"
_ALIAS = "YAML aliases (*name) are not allowed in configs (this anchored value is repeated); write the values out"


class _ConfigLoader(resources.YAML_LOADER):
    """Plain YAML data, each key a string given once, no aliases, nested at most :data:`MAX_CONFIG_DEPTH` deep.

    An alias (``*name``) repeats a node; nested ones expand exponentially when the
    config is walked ("billion laughs"), and a config never needs them. Once the
    document is composed, and before the (recursive) construction of its values,
    each list and mapping is visited once: one reached twice is refused as an
    alias, before any walk could expand it, and the nesting is bounded.
    """

    def get_single_node(self) -> yaml.Node | None:
        node = super().get_single_node()
        problem = _composed_problem(node)
        if problem is not None:
            message, where = problem
            raise yaml.composer.ComposerError(None, None, message, where.start_mark)
        return node

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        if node in self.constructed_objects or node in self.recursive_objects:  # an alias of a scalar
            raise yaml.constructor.ConstructorError(None, None, _ALIAS, node.start_mark)
        return super().construct_object(node, deep=deep)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        mapping = super().construct_mapping(node, deep=deep)
        seen: set[Any] = set()
        for key_node, _ in node.value:
            key = self.constructed_objects[key_node]
            if not isinstance(key, str):
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} is not a string; quote it", key_node.start_mark)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {key!r} is given twice", key_node.start_mark)
            seen.add(key)
        return mapping


def resolve_config_path(spec: str) -> Path:
    """A path as given, or else a bare name (``tool_choice``, ``tool_choice.yaml`` or ``.yml``) of a bundled
    template. A bare name that is a folder here (a run folder called ``caip``, say) names the bundled template."""
    if not spec.strip():
        raise ConfigError("--config", "is empty; give a YAML config file or a bundled template's name")
    path = Path(spec)
    bare = path.parent == Path(".")
    here = _anything_at(path, spec)
    if here and not (bare and path.is_dir()):
        return _config_file(path, spec)
    bundled = _bundled(spec) if bare else None
    if bundled is not None:
        return bundled
    if here:  # a folder, and no template of its name: refused as what it is
        return _config_file(path, spec)
    available = sorted(discovery.bundled_templates())
    names = [name.removesuffix(".yaml") for name in available]
    raise ConfigError("--config", f"no config file {spec!r}{did_you_mean(spec.removesuffix('.yaml'), names)} "
                                  f"(bundled templates: {', '.join(available)})")


def _bundled(name: str) -> Path | None:
    """The bundled template called ``name``, ``name.yaml`` or, for ``x.yml``, ``x.yaml``; or None."""
    for candidate in (name, f"{name}.yaml", f"{name.removesuffix('.yml')}.yaml"):
        found = discovery.bundled_template(candidate) if candidate.endswith(".yaml") else None
        if found is not None:
            return found
    return None


def _anything_at(path: Path, spec: str) -> bool:
    """Whether there is a file, folder or link at ``path``; a ConfigError if the system cannot say (a name too
    long, a part of the path that is a file)."""
    try:
        os.lstat(path)
    except FileNotFoundError:
        return False
    except OSError as error:
        raise _cannot_read(spec, error) from None
    return True


def _config_file(path: Path, spec: str) -> Path:
    """``path`` if it is a regular file (or a link to one); else a ConfigError saying what it is."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise ConfigError("--config", f"{spec!r} is a link to a missing file ({os.readlink(path)}); "
                                      "give a YAML config file") from None
    except OSError as error:
        raise _cannot_read(spec, error) from None
    if not stat.S_ISREG(mode):
        raise ConfigError("--config", f"{spec!r} is not a regular file ({kind_of(mode)}); give a YAML config file")
    return path


def _cannot_read(spec: str, error: OSError) -> ConfigError:
    return ConfigError("--config", f"cannot read {spec!r}: {(error.strerror or str(error)).lower()}")


def read_config(path: Path) -> dict[str, Any]:
    """Parse a YAML config file into a mapping with a ``family`` key and only finite numbers."""
    config = _parse(_read_text(path), path)
    if config is None:
        raise ConfigError(str(path), "the config is empty; it needs at least a `family:` key")
    if not isinstance(config, dict):
        raise ConfigError(str(path), f"a config is a mapping of keys to values, not {type(config).__name__}")
    for where, number in _numbers(config):
        if not math.isfinite(number):
            raise ConfigError(where, f"{number!r} is not a finite number")
    if "family" not in config:
        raise ConfigError("family", "missing: every config names its family (see `scenegen list`)")
    return config


def _read_text(path: Path) -> str:
    try:
        with open_regular(path) as handle:
            data = handle.read(MAX_CONFIG_BYTES + 1)
    except UnreadableFile as error:  # it changed since it was resolved
        raise ConfigError("--config", str(error)) from None
    except OSError as error:
        raise ConfigError("--config", f"cannot read {path}: {(error.strerror or str(error)).lower()}") from None
    if len(data) > MAX_CONFIG_BYTES:
        raise ConfigError("--config",
                          f"{path} is larger than {MAX_CONFIG_BYTES:,} bytes; a config is a small YAML file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ConfigError("--config", f"{path} is not UTF-8 text (byte {data[error.start]:#04x} at offset "
                                      f"{error.start}); a config is a YAML file") from None


def _parse(text: str, path: Path) -> Any:
    try:
        return yaml.load(text, Loader=_ConfigLoader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as error:
        where = getattr(error, "problem_mark", None)
        position = f" at line {where.line + 1}, column {where.column + 1}" if where else ""
        problem = getattr(error, "problem", None) or "malformed YAML"
        raise ConfigError(str(path), f"not valid YAML{position}: {problem}") from None


def _composed_problem(root: yaml.Node | None) -> tuple[str, yaml.Node] | None:
    """The first list or mapping of a composed document reached twice (through an alias), or nested deeper than
    :data:`MAX_CONFIG_DEPTH`, with what is wrong with it; or None. Walked without recursion (the document may be
    nested as deep as the YAML parser allows), each node once: a walk that followed aliases would expand a
    "billion laughs" document, 9 ** 9 visits for ten short lines."""
    stack = [(root, 1)] if isinstance(root, yaml.CollectionNode) else []
    seen: set[int] = set()
    while stack:
        node, depth = stack.pop()
        if id(node) in seen:
            return _ALIAS, node
        seen.add(id(node))
        if depth > MAX_CONFIG_DEPTH:
            return _TOO_DEEP, node
        items = node.value if isinstance(node, yaml.SequenceNode) else [n for pair in node.value for n in pair]
        stack.extend((item, depth + 1) for item in items if isinstance(item, yaml.CollectionNode))
    return None


def _numbers(value: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """Every real number in a parsed config, with its dotted key path."""
    if isinstance(value, float):
        yield path or "(top level)", value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _numbers(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for position, item in enumerate(value):
            yield from _numbers(item, f"{path}.{position}")


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
        raise ConfigError(too_deep or "(top level)", _TOO_DEEP)
    if not _compiled_says_valid(config, schema):
        import jsonschema

        validator = jsonschema.Draft202012Validator(schema)
        error = min(validator.iter_errors(config), key=lambda e: list(e.absolute_path), default=None)
        if error is not None:
            raise _config_error(error)
    return with_defaults(config, schema)


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


def canonical_json(value: Any) -> bytes:
    """``value`` as canonical JSON (keys sorted; a number as written, so 1 and 1.0 differ): what a run's stream is
    keyed by, and what a resumed run must match."""
    return orjson.dumps(value, option=orjson.OPT_SORT_KEYS)

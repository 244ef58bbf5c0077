"""Find and read a config file: a path, or the name of a bundled template; plain YAML data only.

A config is a small YAML file that a user names with ``--config``. It is read as
scenegen reads every file (:mod:`scenegen.folder.files`: a regular file, capped
at :data:`MAX_CONFIG_BYTES`), parsed into plain data (string keys given once, no
aliases, bounded nesting, finite numbers) and handed to the plugin contract,
which checks it against its family's schema (:func:`scenegen.plugin.config.check_config`).
"""

from __future__ import annotations

import math
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from scenegen.errors import ConfigError, did_you_mean
from scenegen.folder.files import UnreadableFile, kind_of, open_regular
from scenegen.plugin import discovery, resources
from scenegen.plugin.config import MAX_CONFIG_DEPTH, TOO_DEEP

#: Largest config file read, in bytes: a config is a few kilobytes, and anything this size is not one.
MAX_CONFIG_BYTES = 1_000_000

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
    return _config_mapping(_parse(_read_text(path), path), path)


def _config_mapping(config: Any, path: Path) -> dict[str, Any]:
    """The parsed ``config``, refused unless it is a mapping with a ``family`` key and only finite numbers."""
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
            return TOO_DEEP, node
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

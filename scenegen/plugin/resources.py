"""Find the JSON Schemas and package files shipped with scenegen.

An installed wheel carries the schemas inside the package (``scenegen/schema``);
a source checkout or editable install keeps them at the top of the repository.
Both layouts are looked up, package first. (Each family's templates are in its
own package: ``discovery.bundled_templates``.)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import IO, Any

import yaml

# libyaml's loader when PyYAML was built with it (the wheels are): ten times faster.
try:
    from yaml import CSafeLoader as YAML_LOADER
except ImportError:  # pragma: no cover - a PyYAML built without libyaml
    from yaml import SafeLoader as YAML_LOADER  # type: ignore[assignment]  # the same interface, in Python

#: The scenegen package's folder.
_PACKAGE = Path(__file__).resolve().parent.parent


def _data_dir(name: str) -> Path:
    for candidate in (_PACKAGE / name, _PACKAGE.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"scenegen's {name}/ folder is missing from this installation")


def package_text(path: str) -> str:
    """The text of the package file ``scenegen/<path>`` (e.g. ``mcs/data/objects.json``, the facts the MCS code is
    built on).

    Read by path, as every package file here is: ``importlib.resources`` and the zip reader it brings cost
    2-3 ms of every run's start.
    """
    return (_PACKAGE / path).read_text(encoding="utf-8")


def schema_dir() -> Path:
    """The folder of bundled JSON Schemas."""
    return _data_dir("schema")


@cache
def load_schema(name: str) -> dict[str, Any]:
    """Load ``schema/<name>.schema.json`` (cached; treat the result as read-only)."""
    path = schema_dir() / f"{name}.schema.json"
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def load_yaml(source: str | IO[str]) -> Any:
    """Parse YAML safely (plain data only), with the C loader where available."""
    return yaml.load(source, Loader=YAML_LOADER)  # a safe loader

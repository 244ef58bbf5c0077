"""MCS material palettes by role, from the data file ``scenegen/mcs/data/materials.yaml``.

The file holds the simulator's materials in the classes of the MCS documentation
(``metal``, ``wood``, ``wall``...) and, per role (``floor``, ``tool``, ``agent``...), the
materials that suit it. It is read and checked once; every answer is an immutable tuple,
shared between callers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from scenegen.plugin.resources import load_yaml, package_text

_SOURCE = "scenegen/mcs/data/materials.yaml"


@dataclass(frozen=True)
class _Materials:
    #: Role -> its palette, in the file's order.
    roles: Mapping[str, tuple[str, ...]]
    #: Every known material -> its salientMaterials keywords (often empty).
    salient: Mapping[str, tuple[str, ...]]


def _strings(value: Any, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) and item for item in value):
        raise ValueError(f"{_SOURCE}: {where} must be a list of non-empty strings")
    if len(set(value)) != len(value):
        raise ValueError(f"{_SOURCE}: {where} lists a name twice")
    return tuple(value)


def _parse(data: Any) -> _Materials:
    if not (isinstance(data, dict) and isinstance(data.get("classes"), dict) and isinstance(data.get("roles"), dict)):
        raise ValueError(f"{_SOURCE}: needs the mappings `roles` and `classes`")

    members: dict[str, tuple[str, ...]] = {}
    salient: dict[str, tuple[str, ...]] = {}
    for name, entry in data["classes"].items():
        if not isinstance(entry, dict):
            raise ValueError(f"{_SOURCE}: class {name!r} must be a mapping")
        members[name] = _strings(entry.get("names"), f"classes.{name}.names")
        keywords = _strings(entry.get("salient", []), f"classes.{name}.salient")
        for material in members[name]:
            if material in salient:
                raise ValueError(f"{_SOURCE}: {material!r} is in two classes")
            salient[material] = keywords

    roles: dict[str, tuple[str, ...]] = {}
    for role, entry in data["roles"].items():
        if not isinstance(entry, dict):
            raise ValueError(f"{_SOURCE}: role {role!r} must be a mapping")
        palette: dict[str, None] = {}  # an ordered set
        for name in _strings(entry.get("classes", []), f"roles.{role}.classes"):
            if name not in members:
                raise ValueError(f"{_SOURCE}: role {role!r} names unknown class {name!r}")
            palette.update(dict.fromkeys(members[name]))
        for material in _strings(entry.get("names", []), f"roles.{role}.names"):
            if material not in salient:
                raise ValueError(f"{_SOURCE}: role {role!r} names {material!r}, which is in no class")
            palette[material] = None
        if not palette:
            raise ValueError(f"{_SOURCE}: role {role!r} has no materials")
        roles[role] = tuple(palette)

    return _Materials(MappingProxyType(roles), MappingProxyType(salient))


@cache
def _materials() -> _Materials:
    text = package_text("mcs/data/materials.yaml")
    return _parse(load_yaml(text))


def roles() -> tuple[str, ...]:
    """The roles that have a palette (``ceiling``, ``floor``, ``wall``, ``tool``...), in the file's order."""
    return tuple(_materials().roles)


def palette(role: str) -> tuple[str, ...]:
    """The materials that suit ``role``, in the file's order.

    Raises ``KeyError`` naming the known roles when ``role`` is not one of them.
    """
    known = _materials().roles
    try:
        return known[role]
    except KeyError:
        raise KeyError(f"unknown material role {role!r}; the roles are {', '.join(known)}") from None


def is_known(material: str) -> bool:
    """Whether ``material`` is one of the simulator's materials (in any class, whatever its role)."""
    return material in _materials().salient


def salient(material: str) -> tuple[str, ...]:
    """The ``salientMaterials`` keywords of an object made of ``material`` (e.g. ``("metal",)``).

    Empty when the material's class has no keyword, or the material is unknown.
    """
    return _materials().salient.get(material, ())

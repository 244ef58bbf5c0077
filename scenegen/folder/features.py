"""The Arrow types of a dataset's records, inferred from the records, in the form a dataset card declares them.

A type is a dtype name (``null``, ``bool``, ``int64``, ``float64``, ``string``),
``["list", item]``, ``["struct", {field: type}]`` or, declared by a family for a
label field that names a class, ``["class", [name, ...]]`` (Hugging Face's
``ClassLabel``: loaded as the name's position): plain JSON, so that a worker can
hand the types of its records to the run's parent. The types of two
records merge: ``null`` takes the other's type (a value absent in one record),
an integer widens to a float, lists merge their items and structs their fields.
Anything else conflicts: a family whose records disagree is one Arrow cannot
load, and :class:`TypeConflict` says where.

:func:`absorb` is on every run's path (each record's types are folded in as it is
written), so it updates a type in place and does no work where the type already
covers the value.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Type = Any  # a dtype name, ["list", Type] or ["struct", dict[str, Type]]

_LEAVES: dict[type, str] = {bool: "bool", int: "int64", float: "float64", str: "string", type(None): "null"}


class TypeConflict(ValueError):
    """Two records give one field types that Arrow cannot merge."""


def type_of(value: Any) -> Type:
    """The type of one JSON value."""
    leaf = _LEAVES.get(type(value))
    if leaf is not None:
        return leaf
    if isinstance(value, Mapping):
        return ["struct", {key: type_of(item) for key, item in value.items()}]
    item: Type = "null"
    for element in value:
        item = merge(item, type_of(element))
    return ["list", item]


def absorb(kind: Type, value: Any) -> Type:
    """``kind`` merged with the type of ``value``: ``kind`` itself, updated in place, unless it was a leaf that
    must change; TypeConflict if they cannot merge."""
    leaf = _LEAVES.get(type(value))
    if leaf is not None:
        return kind if kind == leaf or leaf == "null" else merge(kind, leaf)
    if type(kind) is list:
        if kind[0] == "struct" and type(value) is dict:
            fields = kind[1]
            for key, item in value.items():
                known = fields.get(key)
                if known is None:
                    fields[key] = type_of(item)
                # Most fields are leaves their type already covers: no call for them (a record has dozens).
                elif known != _LEAVES.get(type(item), ""):
                    fields[key] = absorb(known, item)
            return kind
        if kind[0] == "list" and type(value) in (list, tuple):
            for element in value:
                kind[1] = absorb(kind[1], element)
            return kind
    return merge(kind, type_of(value))


def merge(a: Type, b: Type, where: str = "$") -> Type:
    """The type of a field whose values have types ``a`` and ``b`` (a new one); TypeConflict if there is none."""
    if a == b or b == "null" or (b == "string" and _is_class(a)):
        return a
    if a == "null" or (a == "string" and _is_class(b)):
        return b
    if type(a) is str and type(b) is str and {a, b} == {"int64", "float64"}:
        return "float64"
    if type(a) is list and type(b) is list and a[0] == b[0]:
        if a[0] == "list":
            return ["list", merge(a[1], b[1], f"{where}[]")]
        fields = dict(a[1])
        for key, kind in b[1].items():
            fields[key] = merge(fields[key], kind, f"{where}.{key}") if key in fields else kind
        return ["struct", fields]
    raise TypeConflict(f"{where} is {_name(a)} in one record and {_name(b)} in another")


def yaml_features(columns: Mapping[str, Type]) -> list[dict[str, Any]]:
    """The ``features`` of a dataset card (Hugging Face's YAML form) for records of these column types."""
    return [{"name": name, **_yaml_type(kind)} for name, kind in columns.items()]


def _is_class(kind: Type) -> bool:
    return type(kind) is list and kind[0] == "class"


def _yaml_type(kind: Type) -> dict[str, Any]:
    if type(kind) is str:
        return {"dtype": kind}
    if kind[0] == "class":
        return {"class_label": {"names": {str(number): name for number, name in enumerate(kind[1])}}}
    if kind[0] == "struct":
        return {"struct": yaml_features(kind[1])}
    item = _yaml_type(kind[1])
    return {"list": item["dtype"] if "dtype" in item else item.get("struct", item)}


def _name(kind: Type) -> str:
    return kind if type(kind) is str else str(kind[0])

"""The Arrow types of a dataset's records, inferred from the records, in the form a dataset card declares them.

A type is a dtype name (``null``, ``bool``, ``int64``, ``float64``, ``string``),
``("list", item)`` or ``("struct", {field: type})``. The types of two records
merge: ``null`` takes the other's type (a value absent in one record), an
integer widens to a float, lists merge their items and structs their fields.
Anything else conflicts: a family whose records disagree is one Arrow cannot
load, and :class:`TypeConflict` says where.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Type = Any  # a dtype name, ("list", Type) or ("struct", dict[str, Type])

_SCALARS = {bool: "bool", int: "int64", float: "float64", str: "string"}


class TypeConflict(ValueError):
    """Two records give one field types that Arrow cannot merge."""


def type_of(value: Any) -> Type:
    """The type of one JSON value."""
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return ("struct", {key: type_of(item) for key, item in value.items()})
    if isinstance(value, (list, tuple)):
        item: Type = "null"
        for element in value:
            item = merge(item, type_of(element))
        return ("list", item)
    return _SCALARS[type(value)]


def merge(a: Type, b: Type, where: str = "$") -> Type:
    """The type of a field whose values have types ``a`` and ``b``; TypeConflict if there is none."""
    if a == b or b == "null":
        return a
    if a == "null":
        return b
    if isinstance(a, str) and isinstance(b, str) and {a, b} == {"int64", "float64"}:
        return "float64"
    if isinstance(a, tuple) and isinstance(b, tuple) and a[0] == b[0]:
        if a[0] == "list":
            return ("list", merge(a[1], b[1], f"{where}[]"))
        fields = dict(a[1])
        for key, kind in b[1].items():
            fields[key] = merge(fields[key], kind, f"{where}.{key}") if key in fields else kind
        return ("struct", fields)
    raise TypeConflict(f"{where} is {_name(a)} in one record and {_name(b)} in another")


def yaml_features(columns: Mapping[str, Type]) -> list[dict[str, Any]]:
    """The ``features`` of a dataset card (Hugging Face's YAML form) for records of these column types."""
    return [{"name": name, **_yaml_type(kind)} for name, kind in columns.items()]


def _yaml_type(kind: Type) -> dict[str, Any]:
    if isinstance(kind, str):
        return {"dtype": kind}
    if kind[0] == "struct":
        return {"struct": yaml_features(kind[1])}
    item = _yaml_type(kind[1])
    return {"list": item["dtype"] if "dtype" in item else item.get("struct", item)}


def _name(kind: Type) -> str:
    return kind if isinstance(kind, str) else kind[0]

"""Labels and params as flat fields, and what a stream of values of one field looks like.

A label such as ``{"useful_tool": {"length": 8}, "moved": [{"container_index": 1}],
"action_types": ["BUILD", "DIG"]}`` becomes the fields ``useful_tool.length``,
``moved[0].container_index`` (a list of objects: its first, which is the one a
shortcut would use) and ``action_types[]`` (a list of values: each element).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import orjson

#: A field with more distinct values than this is not counted value by value (an id, a position).
MAX_VALUES = 20


def flat(value: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    """The (path, value) of every scalar in ``value``; a list of scalars gives each element under ``path[]``."""
    for key, item in value.items():
        path = f"{prefix}{key}"
        if isinstance(item, Mapping):
            yield from flat(item, f"{path}.")
        elif isinstance(item, list | tuple):
            if item and isinstance(item[0], Mapping):
                yield from flat(item[0], f"{path}[0].")
            else:
                for element in item:  # a list of lists (cells, points) counts each as its JSON text
                    is_list = isinstance(element, list | tuple)
                    yield f"{path}[]", orjson.dumps(element).decode() if is_list else element
        else:
            yield path, item


def is_number(value: Any) -> bool:
    return type(value) is int or type(value) is float


class Field:
    """The values seen of one field: counts of each (until there are more than MAX_VALUES), and for numbers
    their count, least, greatest and sum."""

    __slots__ = ("counts", "greatest", "least", "numbers", "total")

    def __init__(self) -> None:
        self.counts: dict[Any, int] | None = {}
        self.numbers = 0
        self.total = 0.0
        self.least = float("inf")
        self.greatest = float("-inf")

    def add(self, value: Any) -> None:
        counts = self.counts
        if counts is not None:
            if value in counts:
                counts[value] += 1
            elif len(counts) < MAX_VALUES:
                counts[value] = 1
            else:
                self.counts = None
        if is_number(value):
            self.numbers += 1
            self.total += value
            self.least = min(self.least, value)
            self.greatest = max(self.greatest, value)

    @property
    def categorical(self) -> bool:
        """Whether the field takes few values (a class), each counted."""
        return self.counts is not None

    def summary(self) -> dict[str, Any]:
        """What the report says of the field: its counts, or its numbers' range and mean, or that it varies."""
        if self.counts is not None and not (self.numbers and len(self.counts) > 10):
            return {"kind": "categorical", "counts": _sorted_counts(self.counts)}
        if self.numbers:
            return {"kind": "numeric", "count": self.numbers, "min": self.least, "mean": self.total / self.numbers,
                    "max": self.greatest}
        return {"kind": "many", "note": f"more than {MAX_VALUES} distinct values (ids, names)"}


def _sorted_counts(counts: Mapping[Any, int]) -> dict[str, int]:
    """Counts keyed by the value as text (JSON keys are text): numbers in order, other values most common first."""
    if all(is_number(value) for value in counts):
        ordered = sorted(counts.items())
    else:
        ordered = sorted(counts.items(), key=lambda item: (-item[1], str(item[0])))
    return {value_text(value): count for value, count in ordered}


def value_text(value: Any) -> str:
    """A value as the report names it: JSON's null, true and false, anything else as text."""
    if value is None:
        return "null"
    if type(value) is bool:
        return "true" if value else "false"
    return str(value)

"""Documents' flat features gathered column by column, then laid out as one numeric matrix (numpy).

A number is one column under its path (0 where a document lacks the path: a
list's length column, ``path[#]``, says whether it is there). A string or a
boolean is a category: one 0/1 column per value, named ``path = value``; a path
with more than :data:`MAX_CATEGORIES` values (an id, a name) says nothing a
probe can generalise from and is left out. A column with one value in every
document is left out too, and so is a column equal to one before it (the last
of a short list is also one of its first: ``objects[-1]`` is ``objects[2]`` in
every scene of three objects): it would only split the linear model's weight.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scenegen.inspect.stats.fields import value_text

#: A string path with more distinct values than this is an identifier, not a category.
MAX_CATEGORIES = 24


@dataclass(frozen=True)
class Matrix:
    """Documents (rows) by features (columns), with each column's name; ``categories`` maps a categorical path to
    each of its values' rows (for finding a label the document writes)."""

    values: npt.NDArray[np.float32]
    names: list[str]
    categories: Mapping[str, Mapping[str, npt.NDArray[np.intp]]]


class Columns:
    """The features of documents added one at a time, kept by path: numbers as (rows, values), categories as the
    rows of each value."""

    def __init__(self) -> None:
        self.rows = 0
        self.numbers: dict[str, tuple[list[int], list[float]]] = {}
        self.categories: dict[str, dict[str, list[int]]] = {}
        self.identifiers: set[str] = set()  # paths with too many values to be categories

    def add(self, features: Iterable[tuple[str, Any]]) -> None:
        """One document's (path, value) pairs: numbers, strings and booleans."""
        row = self.rows
        self.rows += 1
        for path, value in features:
            if type(value) is int or type(value) is float:
                rows, numbers = self.numbers.setdefault(path, ([], []))
                rows.append(row)
                numbers.append(value)
            elif path not in self.identifiers:
                self._add_category(path, value_text(value), row)

    def _add_category(self, path: str, text: str, row: int) -> None:
        values = self.categories.setdefault(path, {})
        rows = values.get(text)
        if rows is not None:
            rows.append(row)
        elif len(values) < MAX_CATEGORIES:
            values[text] = [row]
        else:
            del self.categories[path]
            self.identifiers.add(path)

    def matrix(self) -> Matrix:
        """The features as a float32 matrix, constant columns left out."""
        count = self.rows
        columns: list[tuple[str, npt.NDArray[np.intp], npt.NDArray[np.float32] | None]] = []
        for path, (rows, numbers) in self.numbers.items():
            values = np.asarray(numbers, dtype=np.float32)
            if len(rows) < count or values.min() < values.max():
                columns.append((path, np.asarray(rows, dtype=np.intp), values))
        categories = {path: {text: np.asarray(rows, dtype=np.intp) for text, rows in texts.items()}
                      for path, texts in self.categories.items()}
        for path, texts in categories.items():
            columns += [(f"{path} = {text}", where, None) for text, where in texts.items() if len(where) < count]
        matrix = np.zeros((count, len(columns)), dtype=np.float32)
        for column, (_, where, numbers_or_none) in enumerate(columns):
            matrix[where, column] = 1.0 if numbers_or_none is None else numbers_or_none
        kept = _distinct_columns(matrix)
        return Matrix(np.ascontiguousarray(matrix[:, kept]), [columns[column][0] for column in kept], categories)


def _distinct_columns(matrix: npt.NDArray[np.float32]) -> list[int]:
    """The columns of ``matrix`` unlike every column before them."""
    seen: set[bytes] = set()
    kept = []
    for column in range(matrix.shape[1]):
        content = matrix[:, column].tobytes()
        if content not in seen:
            seen.add(content)
            kept.append(column)
    return kept

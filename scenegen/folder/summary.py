"""What a dataset card says of a run's records: how many, their column types, and the balance of their labels.

A worker folds in each record it writes (:meth:`Summary.add`); the run's parent
merges the jobs' summaries in index order (:meth:`Summary.merge`), so the card of
a run costs its parent next to nothing. A summary is plain JSON on its way from
a worker to the parent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.folder.features import Type, TypeConflict, absorb, merge, type_of

#: A label field is tallied when it takes at most this many values (a class, not an id).
MAX_CLASSES = 12


class Summary:
    """The records folded in so far: ``documents``, the ``columns``' types (None once two records disagreed,
    with ``conflict`` saying where) and ``tallies`` of the labels' text and yes/no fields (None for a field
    past MAX_CLASSES values: an id, whose counts would grow with the run)."""

    def __init__(self) -> None:
        self.documents = 0
        self.columns: Type | None = ["struct", {}]
        self.conflict: str | None = None
        self.tallies: dict[str, dict[str, int] | None] = {}

    def add(self, row: Mapping[str, Any]) -> None:
        """Fold in one record, as a dataset loader reads it."""
        self.documents += 1
        if self.columns is not None:
            try:
                self.columns = absorb(self.columns, row)
            except TypeConflict:
                self._conflicted(type_of(row))
        label = row.get("label")
        if isinstance(label, Mapping):
            for key, value in label.items():
                if type(value) is str or type(value) is bool:
                    self._count(key, value if type(value) is str else str(value).lower(), 1)

    def merge(self, other: Summary) -> None:
        """Fold in the records of ``other`` (which come after these)."""
        self.documents += other.documents
        if other.columns is None:
            self.columns, self.conflict = None, self.conflict or other.conflict
        elif self.columns is not None:
            self._conflicted(other.columns)
        for key, counts in other.tallies.items():
            if counts is None:
                self.tallies[key] = None
            else:
                for value, count in counts.items():
                    self._count(key, value, count)

    def classes(self) -> dict[str, dict[str, int]]:
        """The tallied label fields that are classes (few values), each with its counts, most common first."""
        return {key: dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))
                for key, counts in self.tallies.items() if counts is not None}

    def _count(self, key: str, value: str, count: int) -> None:
        counts = self.tallies.setdefault(key, {})
        if counts is None:
            return
        if value not in counts and len(counts) == MAX_CLASSES:
            self.tallies[key] = None
            return
        counts[value] = counts.get(value, 0) + count

    def to_json(self) -> dict[str, Any]:
        return {"documents": self.documents, "columns": self.columns, "conflict": self.conflict,
                "tallies": self.tallies}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Summary:
        summary = cls()
        summary.documents, summary.columns = data["documents"], data["columns"]
        summary.conflict, summary.tallies = data["conflict"], data["tallies"]
        return summary

    def _conflicted(self, kind: Type) -> None:
        """Merge ``kind`` into the columns; on a conflict, give the columns up and keep where it was."""
        try:
            self.columns = merge(self.columns, kind)
        except TypeConflict as error:
            self.columns, self.conflict = None, str(error)

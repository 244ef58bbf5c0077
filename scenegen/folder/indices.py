"""Sets of sample indices kept as sorted, disjoint runs: what a resumed run has recorded, at any size.

A run of a billion samples recorded in order is one run of indices, not a billion
integers in a set; a resumed run's record has a few runs more where it was cut.
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator


class IndexRuns:
    """A set of non-negative sample indices, stored as sorted runs ``[start, stop)`` that neither overlap nor
    touch."""

    def __init__(self) -> None:
        self._starts: list[int] = []
        self._stops: list[int] = []

    def add(self, indices: range) -> None:
        """Add the consecutive ``indices``, merging the runs they overlap or touch."""
        start, stop = indices.start, indices.stop
        if start >= stop:
            return
        first = bisect.bisect_left(self._stops, start)  # the first run ending at or after ``start``
        past = bisect.bisect_right(self._starts, stop)  # the runs starting at or before ``stop``
        if first < past:
            start, stop = min(start, self._starts[first]), max(stop, self._stops[past - 1])
        self._starts[first:past] = [start]
        self._stops[first:past] = [stop]

    def __contains__(self, index: object) -> bool:
        if not isinstance(index, int):
            return False
        run = bisect.bisect_right(self._starts, index) - 1
        return run >= 0 and index < self._stops[run]

    def covers(self, indices: range) -> bool:
        """Whether every one of the consecutive ``indices`` is in the set."""
        if not indices:
            return True
        run = bisect.bisect_right(self._starts, indices.start) - 1
        return run >= 0 and indices.stop <= self._stops[run]

    def count_below(self, n: int) -> int:
        """How many indices of the set are below ``n``."""
        return sum(min(stop, n) - start for start, stop in zip(self._starts, self._stops, strict=True) if start < n)

    def missing(self, n: int) -> Iterator[range]:
        """The runs of indices below ``n`` that the set lacks, in order."""
        start = 0
        for run_start, run_stop in zip(self._starts, self._stops, strict=True):
            if run_start >= n:
                break
            if start < run_start:
                yield range(start, run_start)
            start = run_stop
        if start < n:
            yield range(start, n)

    @property
    def end(self) -> int:
        """One past the largest index of the set (0 when it is empty)."""
        return self._stops[-1] if self._stops else 0

    def __iter__(self) -> Iterator[int]:
        for start, stop in zip(self._starts, self._stops, strict=True):
            yield from range(start, stop)

    def __bool__(self) -> bool:
        return bool(self._starts)

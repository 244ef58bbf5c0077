"""The grid every passive-agent world is bounded by, and the refusals the families share of a config that asks for
a grid, or a range, it cannot have."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from scenegen.mcs.task import Refusal

#: The largest grid, in cells a side: a bigger one's border would reach the performer's pillar at (4, +-4).
LARGEST_GRID = 12


def grid_size_refusals(sizes: Sequence[int], least: int, needs: str) -> Iterator[Refusal]:
    """The grid sizes drawn below ``least`` cells a side (what ``needs`` that many), or above :data:`LARGEST_GRID`."""
    if min(sizes) < least:
        yield "grid.size", f"{min(sizes)} cells a side is too small: {needs} need at least {least}"
    if max(sizes) > LARGEST_GRID:
        yield "grid.size", f"{max(sizes)} cells reach the performer's pillar; at most {LARGEST_GRID}"


def range_refusals(path: str, bounds: tuple[float, float]) -> Iterator[Refusal]:
    """A setting drawn between ``bounds`` (min, max) whose min is above its max."""
    if bounds[0] > bounds[1]:
        yield path, f"min {bounds[0]} is above max {bounds[1]}"

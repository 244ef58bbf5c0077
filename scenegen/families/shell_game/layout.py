"""Where Shell Game containers stand and where the draggers take them.

Containers stand in a row of evenly spaced slots across the room (x), as in the
evaluation scenes (five slots 0.75 m apart, ``docs/mcs_facts.md`` 4.1). A drag
pulls a container toward the performer, along the row by whole slots, and back
into the row; it must end in a free slot. The first drag takes the ball's
container, as in every evaluation scene, or another one; a second drag always
takes another container into the slot the first one left (4.3).

An :class:`Arrangement` is one way to do this with slot indices; every
arrangement of a (slots, containers, drags, distances) combination is
enumerated once and sampled uniformly.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations


@dataclass(frozen=True)
class Arrangement:
    """Containers' start slots (ascending: container ``i`` is the ``i``-th from the left), the ball's
    container, the drags as ``(container, signed slot offset)``, and the other containers a
    lone drag could take instead (same offset, into a free slot)."""

    starts: tuple[int, ...]
    ball: int
    drags: tuple[tuple[int, int], ...]
    alternatives: tuple[int, ...] = ()


def slot_positions(slots: int, spacing: float) -> tuple[float, ...]:
    """x of each slot, centred on x = 0."""
    return tuple(round((i - (slots - 1) / 2) * spacing, 4) for i in range(slots))


@cache
def arrangements(slots: int, count: int, first: int, second: int | None,
                 ball_first: bool = True) -> tuple[Arrangement, ...]:
    """Every arrangement of ``count`` containers in ``slots`` slots with a first drag of ``first`` slots
    (either way) of the ball's container (``ball_first``) or of another, and, when ``second`` is given, a
    second drag of ``second`` slots into the slot the first container left."""
    found = []
    for starts in combinations(range(slots), count):
        occupied = set(starts)
        for ball in range(count):
            for dragged in ((ball,) if ball_first else (c for c in range(count) if c != ball)):
                found.extend(_drags(starts, occupied, slots, ball, dragged, first, second))
    return tuple(found)


def _drags(starts: tuple[int, ...], occupied: set[int], slots: int, ball: int, dragged: int, first: int,
           second: int | None) -> list[Arrangement]:
    """The arrangements whose first drag takes container ``dragged`` ``first`` slots, either way."""
    found = []
    for sign in (-1, 1):
        end = starts[dragged] + sign * first
        if not 0 <= end < slots or end in occupied:
            continue
        drag = (dragged, sign * first)
        if second is None:
            others = tuple(c for c in range(len(starts)) if c != dragged
                           and 0 <= starts[c] + sign * first < slots and starts[c] + sign * first not in occupied)
            found.append(Arrangement(starts, ball, (drag,), others))
            continue
        found.extend(Arrangement(starts, ball, (drag, (other, starts[dragged] - starts[other])))
                     for other in range(len(starts))
                     if other != dragged and abs(starts[dragged] - starts[other]) == second)
    return found

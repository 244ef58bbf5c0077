"""Where Shell Game containers stand and where the draggers take them.

Containers stand in a row of evenly spaced slots across the room (x), as in the
evaluation scenes (five slots 0.75 m apart, ``docs/mcs_facts.md`` 4.1). A drag
pulls a container toward the performer, along the row by whole slots, and back
into the row; it must end in a free slot. The first drag takes the ball's
container, as in every evaluation scene, or another one; a second drag always
takes another container into the slot the first one left (4.3).

The ``evaluation`` layout is every evaluation scene's (4.1, 4.3, and the
development half of issue 33): the ball's container in the middle slot (x 0)
and listed first, the others one slot right and two slots left, listed in that
order; the first drag takes the ball's container one slot left or two right,
and a second drag slides the container right of it into the middle slot.

An :class:`Arrangement` is one way to do this with slot indices; every
arrangement of a (slots, containers, drags, distances) combination is
enumerated once and sampled uniformly. With ``first: any`` the ball's container
and the dragged one are drawn independently, so that the first drag takes the
ball's container at chance (one in the number of containers).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import combinations

#: The evaluation's other containers, in slots from the ball's (the middle one), in the order it lists them.
EVALUATION_OTHERS = (1, -2)
#: The signed slot offsets of the evaluation's first drag (of the ball's container), by distance.
EVALUATION_FIRST = {1: -1, 2: 2}
#: The evaluation's second drag: the container right of the ball's slides this many slots into its slot.
EVALUATION_SECOND = 1


@dataclass(frozen=True)
class Arrangement:
    """Containers' start slots (ascending: container ``i`` is the ``i``-th from the left), the ball's
    container, the drags as ``(container, signed slot offset)``, and the other containers a
    lone drag could take instead (same offset, into a free slot)."""

    starts: tuple[int, ...]
    ball: int
    drags: tuple[tuple[int, int], ...]
    alternatives: tuple[int, ...] = ()
    listing: tuple[int, ...] = ()  # the containers in the order the scene lists them; empty: left to right


def slot_positions(slots: int, spacing: float) -> tuple[float, ...]:
    """x of each slot, centred on x = 0."""
    return tuple(round((i - (slots - 1) / 2) * spacing, 4) for i in range(slots))


@cache
def arrangements(slots: int, count: int, first: int, second: int | None, taker: str = "ball",
                 layout: str = "any") -> tuple[Arrangement, ...]:
    """Every arrangement of ``count`` containers in ``slots`` slots with a first drag of ``first`` slots
    (either way) of the container ``taker`` names (``ball``: the ball's; ``other``: another; ``any``), and, when
    ``second`` is given, a second drag of ``second`` slots into the slot the first container left; with the
    ``evaluation`` layout, only the evaluation's arrangements."""
    if layout == "evaluation":
        return _evaluation(slots, count, first, second) if taker == "ball" else ()
    found = []
    for starts in combinations(range(slots), count):
        occupied = set(starts)
        for ball in range(count):
            for dragged in _takers(ball, count, taker):
                found.extend(_drags(starts, occupied, slots, ball, dragged, first, second))
    return tuple(found)


def _takers(ball: int, count: int, taker: str) -> range | tuple[int, ...]:
    if taker == "ball":
        return (ball,)
    if taker == "other":
        return tuple(c for c in range(count) if c != ball)
    return range(count)


def _evaluation(slots: int, count: int, first: int, second: int | None) -> tuple[Arrangement, ...]:
    """The evaluation's arrangement of these drags, if it has one (an odd number of slots, at most three
    containers, drags of the distances it uses)."""
    middle = slots // 2
    places = (middle, *(middle + offset for offset in EVALUATION_OTHERS))[:count]
    offset = EVALUATION_FIRST.get(first)
    if slots % 2 == 0 or len(places) < count or not all(0 <= p < slots for p in places) or offset is None \
            or not 0 <= middle + offset < slots or (second is not None and (second != EVALUATION_SECOND
                                                                          or count < 2)):
        return ()
    starts = tuple(sorted(places))
    ball = starts.index(middle)
    listing = tuple(starts.index(place) for place in places)
    occupied = set(starts)
    if second is None:
        others = tuple(c for c in range(count) if c != ball
                       and 0 <= starts[c] + offset < slots and starts[c] + offset not in occupied)
        return (Arrangement(starts, ball, ((ball, offset),), others, listing),)
    right = starts.index(middle + EVALUATION_OTHERS[0])
    return (Arrangement(starts, ball, ((ball, offset), (right, -EVALUATION_SECOND)), (), listing),)


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

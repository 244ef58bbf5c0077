"""Rejection sampling in batches: draw candidates, test them all at once, keep the first good one.

Each batch costs a few array operations whatever its size, so a placement is
never the bottleneck; the number of batches is bounded, so a request that cannot
be met raises :class:`PlacementError` instead of looping forever, and a pose is
returned only after it passed every constraint and the overlap test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from ..errors import GenerationError
from .overlap import Columns, any_overlap, overlap_matrix
from .regions import Constraint
from .samplers import Sampler
from .shapes import Boxes, Footprints, concat, pose

#: Candidates in the first batch, and batches tried before giving up.
DEFAULT_BATCH = 64
DEFAULT_MAX_BATCHES = 16
#: Each batch doubles the previous one, up to this multiple of the first: an easy
#: placement costs one small batch, a hard one amortises each batch's fixed cost
#: (a few dozen array operations) over more candidates.
_MAX_GROWTH = 16

_OVERLAP = "overlap"


class PlacementError(GenerationError):
    """No candidate satisfied every constraint; says which constraint rejected most.

    ``rejected`` maps each check (the constraints' names and ``"overlap"``) to the
    number of candidates it rejected, out of ``total``; a candidate can be
    rejected by several checks.
    """

    def __init__(self, name: str, total: int, rejected: Sequence[tuple[str, int]]) -> None:
        self.name = name
        self.total = total
        self.rejected = dict(rejected)
        ranked = sorted(rejected, key=lambda check: -check[1])  # stable: ties keep check order
        dominant, count = ranked[0]
        message = (f"cannot place {name}: {_percent(count, total)} rejected by {dominant} "
                   f"({count} of {total} candidates)")
        others = [f"{check} {_percent(n, total)}" for check, n in ranked[1:] if n]
        if others:
            message += "; also rejected by " + ", ".join(others)
        super().__init__(message)


def _percent(count: int, total: int) -> str:
    return f"{100 * count / total:.0f}%"


@dataclass(frozen=True)
class Placement:
    """A placed object: pose, and its world footprint (built when first asked for)."""

    name: str
    centre: tuple[float, float]
    angle: float
    candidates: Footprints = field(repr=False, compare=False)
    row: int = field(repr=False, compare=False)

    @cached_property
    def footprint(self) -> Boxes:
        return self.candidates.object(self.row)


@dataclass(frozen=True)
class PlacementRequest:
    """One object for :func:`place_all`; see :func:`place_one` for the fields."""

    name: str
    shape: Boxes
    sampler: Sampler
    constraints: Sequence[Constraint] = ()
    y: float = 0.0


def batch_sizes(batch: int, max_batches: int) -> list[int]:
    """Candidates drawn in each successive batch: doubling from ``batch``, capped."""
    return [batch * min(2**attempt, _MAX_GROWTH) for attempt in range(max_batches)]


def place_one(name: str, shape: Boxes, sampler: Sampler, constraints: Sequence[Constraint],
              placed: Boxes, rng: np.random.Generator, *, margin: float = 0.0, y: float = 0.0,
              batch: int = DEFAULT_BATCH, max_batches: int = DEFAULT_MAX_BATCHES) -> Placement:
    """Place one object so that it passes every constraint and overlaps nothing in ``placed``.

    ``shape`` is the object's local footprint (e.g. :func:`~.catalog.shape`), ``y``
    its pivot height (only used for the footprint's vertical extent: the overlap
    test is 2-D).  ``margin`` inflates every box on every side, so the new object
    ends at least ``2 * margin`` from each placed box.  Draws up to ``max_batches``
    batches of candidates from ``sampler`` with ``rng`` (the first of ``batch``
    candidates, each next one twice as large, up to ``16 * batch``) and returns
    the first feasible candidate in drawing order; raises :class:`PlacementError`
    when none is found.
    """
    if batch < 1 or max_batches < 1:
        raise ValueError("batch and max_batches must be at least 1")
    names = [constraint.name for constraint in constraints] + [_OVERLAP]
    rejected = np.zeros(len(names), dtype=np.int64)
    total = 0
    obstacles = Columns.of(placed, margin)  # prepared once for every batch
    for size in batch_sizes(batch, max_batches):
        poses = sampler(rng, size)
        candidates = pose(shape, poses.centre, poses.angle, y)
        accepted = np.stack([constraint(candidates) for constraint in constraints]
                            + [~any_overlap(candidates, obstacles, margin)])  # (checks, M)
        rejected += np.count_nonzero(~accepted, axis=1)
        total += candidates.count
        feasible = accepted.all(axis=0)
        if feasible.any():
            first = int(np.argmax(feasible))
            centre = poses.centre[first]
            return Placement(name, (float(centre[0]), float(centre[1])), float(poses.angle[first]), candidates, first)
    raise PlacementError(name, total, list(zip(names, rejected.tolist(), strict=True)))


def place_all(requests: Sequence[PlacementRequest], placed: Boxes, rng: np.random.Generator, *,
              margin: float = 0.0, batch: int = DEFAULT_BATCH,
              max_batches: int = DEFAULT_MAX_BATCHES) -> list[Placement]:
    """Place ``requests`` in order; each placed object is an obstacle for the next.

    ``placed`` holds the obstacles already there (walls, lava cells...).  Raises
    :class:`PlacementError` for the first request that cannot be placed.
    """
    obstacles = placed
    placements = []
    for request in requests:
        placement = place_one(request.name, request.shape, request.sampler, request.constraints,
                              obstacles, rng, margin=margin, y=request.y, batch=batch,
                              max_batches=max_batches)
        placements.append(placement)
        obstacles = concat([obstacles, placement.footprint])
    return placements


def place_many(name: str, count: int, shape: Boxes, sampler: Sampler, constraints: Sequence[Constraint],
               placed: Boxes, rng: np.random.Generator, *, margin: float = 0.0, y: float = 0.0,
               batch: int = DEFAULT_BATCH, max_batches: int = DEFAULT_MAX_BATCHES) -> list[Placement]:
    """Place ``count`` objects of one shape, none overlapping another or ``placed``.

    Each batch is tested against the constraints, the obstacles and itself in a
    few array operations; candidates are then taken greedily in drawing order,
    each one ruling out those it overlaps (one array step per object placed).
    Raises :class:`PlacementError` when ``max_batches`` batches leave fewer than ``count``.
    """
    names = [constraint.name for constraint in constraints] + [_OVERLAP]
    rejected = np.zeros(len(names), dtype=np.int64)
    total = 0
    chosen: list[Placement] = []
    obstacles = placed
    for size in batch_sizes(max(batch, 2 * count), max_batches):
        poses = sampler(rng, size)
        candidates = pose(shape, poses.centre, poses.angle, y)
        accepted = np.stack([constraint(candidates) for constraint in constraints]
                            + [~any_overlap(candidates, obstacles, margin)])
        rejected += np.count_nonzero(~accepted, axis=1)
        total += candidates.count
        available = accepted.all(axis=0)
        boxes_overlap = overlap_matrix(candidates.boxes, candidates.boxes, margin)
        clash = boxes_overlap.reshape(candidates.count, candidates.parts, candidates.count, candidates.parts)
        clash = clash.any(axis=(1, 3))
        new: list[Placement] = []
        while len(chosen) + len(new) < count and available.any():
            first = int(np.argmax(available))
            available &= ~clash[first]
            available[first] = False
            centre = poses.centre[first]
            new.append(Placement(f"{name} {len(chosen) + len(new) + 1} of {count}", (float(centre[0]), float(centre[1])),
                                 float(poses.angle[first]), candidates, first))
        chosen += new
        if len(chosen) == count:
            return chosen
        obstacles = concat([obstacles, *(placement.footprint for placement in new)])
    raise PlacementError(f"{name} {len(chosen) + 1} of {count}", total, list(zip(names, rejected.tolist(), strict=True)))

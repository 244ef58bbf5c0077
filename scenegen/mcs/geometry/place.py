"""Rejection sampling in batches: draw candidates, test them all at once, keep the first good one.

Each batch costs a few array operations whatever its size, so a placement is
never the bottleneck; the number of batches is bounded, so a request that cannot
be met raises :class:`PlacementError` instead of looping forever, and a pose is
returned only after it passed every constraint and the overlap test.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from scenegen.errors import GenerationError
from scenegen.mcs.geometry.overlap import Columns, boxes_hit, object_hits
from scenegen.mcs.geometry.regions import Constraint
from scenegen.mcs.geometry.samplers import Poses, Sampler
from scenegen.mcs.geometry.shapes import Boxes, Footprints, cached, pose

#: Candidates in the first batch, and batches tried before giving up.
DEFAULT_BATCH = 64
DEFAULT_MAX_BATCHES = 16
#: Each batch doubles the previous one, up to this multiple of the first: an easy
#: placement costs one small batch, a hard one amortises each batch's fixed cost
#: (a few dozen array operations) over more candidates.
_MAX_GROWTH = 16

_OVERLAP = "overlap"
_NO_COLUMNS = Columns(np.zeros((6, 0)), np.zeros(0))


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

    @cached
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


@lru_cache(maxsize=64)
def batch_sizes(batch: int, max_batches: int) -> tuple[int, ...]:
    """Candidates drawn in each successive batch: doubling from ``batch``, capped."""
    return tuple(batch * min(2**attempt, _MAX_GROWTH) for attempt in range(max_batches))


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
    when none is found.  With no constraint and nothing placed, every candidate
    is feasible: the first is drawn alone and taken.
    """
    if not constraints and not len(placed):
        check_batch(batch, max_batches)  # first_feasible checks them on the other path
        poses, candidates = draw_batch(shape, sampler, rng, 1, y)
        return placement_at(name, poses, candidates, 0)
    return first_feasible(name, shape, sampler, Checks(constraints, placed, margin), rng, y, batch, max_batches)


def place_many(name: str, count: int, shape: Boxes, sampler: Sampler, constraints: Sequence[Constraint],
               placed: Boxes, rng: np.random.Generator, *, margin: float = 0.0, y: float = 0.0,
               batch: int = DEFAULT_BATCH, max_batches: int = DEFAULT_MAX_BATCHES) -> list[Placement]:
    """Place ``count`` objects of one shape, none overlapping another or ``placed``.

    Each batch is tested against the constraints, the obstacles and itself in a
    few array operations; candidates are then taken greedily in drawing order,
    each one ruling out those it overlaps (a bit-set step per object placed).
    Raises :class:`PlacementError` when ``max_batches`` batches leave fewer than ``count``.
    """
    check_batch(batch, max_batches)
    chosen: list[Placement] = []
    checks = Checks(constraints, placed, margin)
    for size in batch_sizes(max(batch, 2 * count), max_batches):
        poses, candidates = draw_batch(shape, sampler, rng, size, y)
        rows = _first_disjoint(candidates, checks.accepted(candidates), count - len(chosen), margin)
        new = [placement_at(f"{name} {len(chosen) + k + 1} of {count}", poses, candidates, row)
               for k, row in enumerate(rows)]
        chosen += new
        if len(chosen) == count:
            return chosen
        for placement in new:
            checks.obstacles = checks.with_chosen(placement)
    raise checks.error(f"{name} {len(chosen) + 1} of {count}")


def _first_disjoint(candidates: Footprints, available: np.ndarray, count: int, margin: float) -> list[int]:
    """Up to ``count`` available candidates taken greedily in drawing order, each the first that
    overlaps none taken before it.

    The greedy choice among the first ``k`` available candidates depends on them only, so it first
    runs on a short prefix (most requests are met there) and on all of them only when that falls short.
    """
    rows = np.flatnonzero(available)
    subset = rows[:4 * count]
    taken = _greedy(_clashes(candidates, subset, margin), count)
    if len(taken) < count and len(subset) < len(rows):
        subset = rows
        taken = _greedy(_clashes(candidates, subset, margin), count)
    return subset[taken].tolist()


def _clashes(candidates: Footprints, rows: np.ndarray, margin: float) -> np.ndarray:
    """(R, R) bool, symmetric: does candidate ``rows[i]`` overlap candidate ``rows[j]``?"""
    columns = Columns.of(candidates.boxes[box_rows(candidates, rows)], margin)
    return clash_table(columns, np.repeat(np.arange(len(rows)), candidates.parts), len(rows))


def clash_table(columns: Columns, owner: np.ndarray, count: int) -> np.ndarray:
    """(count, count) bool, symmetric: does object ``i`` overlap object ``j``?

    ``owner`` holds the object of each box, in order; boxes of one object never clash.
    Symmetric, so that each object's clashes, earlier and later, are one contiguous row.
    """
    first, second = object_hits(columns, owner)
    clash = np.zeros((count, count), dtype=bool)
    clash[first, second] = clash[second, first] = True
    return clash


def _greedy(clash: np.ndarray, count: int) -> list[int]:
    """Up to ``count`` indices taken in order, each clashing with none taken before (``clash`` is
    symmetric; the bits it sets below an index are already out of the running).  The loop runs on
    Python integers used as bit sets (bit ``i`` for index ``i``): a step costs less than an array operation."""
    later = bit_rows(clash)
    free = (1 << len(clash)) - 1
    taken: list[int] = []
    while free and len(taken) < count:
        first = (free & -free).bit_length() - 1  # the lowest set bit
        taken.append(first)
        free &= ~(later[first] | 1 << first)
    return taken


def bit_rows(matrix: np.ndarray) -> list[int]:
    """Each row of a bool matrix as an integer whose bit ``j`` is ``row[j]``."""
    packed = np.packbits(matrix, axis=1, bitorder="little")
    width, data = packed.shape[1], packed.tobytes()
    return [int.from_bytes(data[k * width:(k + 1) * width], "little") for k in range(len(packed))]


# The machinery below is shared with :mod:`.leads`; the package exports none of it.

def first_feasible(name: str, shape: Boxes, sampler: Sampler, checks: Checks, rng: np.random.Generator, y: float,
                   batch: int, max_batches: int, drawn: tuple[Poses, Footprints] | None = None) -> Placement:
    """The first candidate passing ``checks``, from ``drawn`` (a first batch drawn earlier) or new batches."""
    check_batch(batch, max_batches)
    for attempt, size in enumerate(batch_sizes(batch, max_batches)):
        poses, candidates = drawn if attempt == 0 and drawn is not None else draw_batch(shape, sampler, rng, size, y)
        feasible = checks.accepted(candidates)
        first = int(feasible.argmax())
        if feasible[first]:
            return placement_at(name, poses, candidates, first)
    raise checks.error(name)


def check_batch(batch: int, max_batches: int) -> None:
    """Refuse batch arguments that could never draw a candidate."""
    if batch < 1 or max_batches < 1:
        raise ValueError("batch and max_batches must be at least 1")


def draw_batch(shape: Boxes, sampler: Sampler, rng: np.random.Generator, count: int,
               y: float) -> tuple[Poses, Footprints]:
    """``count`` candidate poses and the shape's footprint at each."""
    poses = sampler(rng, count)
    return poses, pose(shape, poses.centre, poses.angle, y)


def placement_at(name: str, poses: Poses, candidates: Footprints, row: int) -> Placement:
    """Candidate ``row`` of a batch, as the placement of ``name``."""
    return Placement(name, (float(poses.centre[row, 0]), float(poses.centre[row, 1])), float(poses.angle[row]),
                     candidates, row)


def box_rows(candidates: Footprints, rows: np.ndarray) -> np.ndarray:
    """The boxes of candidates ``rows`` (pose() lays out every candidate with the same number of boxes)."""
    parts = candidates.parts
    return rows if parts == 1 else (rows[:, None] * parts + np.arange(parts)).reshape(-1)


def as_columns(boxes: Boxes, margin: float) -> Columns:
    """``boxes`` in the overlap kernel's layout, grown by ``margin``."""
    return Columns.of(boxes, margin) if len(boxes) else _NO_COLUMNS


def all_true(masks: Sequence[np.ndarray], count: int) -> np.ndarray:
    """Where every mask is true (all true when there are none)."""
    if not masks:
        return np.ones(count, dtype=bool)
    feasible = masks[0].copy()
    for mask in masks[1:]:
        feasible &= mask
    return feasible


class Checks:
    """The constraints and the overlap test of one request, with the rejections they made so far."""

    def __init__(self, constraints: Sequence[Constraint], obstacles: Boxes | Columns, margin: float) -> None:
        self.constraints = constraints
        self.margin = margin
        self.obstacles = obstacles if isinstance(obstacles, Columns) else as_columns(obstacles, margin)
        self.candidates: Columns | None = None  # the last batch in the kernel's layout, if it was needed
        self.rejected = np.zeros(len(constraints) + 1, dtype=np.int64)
        self.total = 0

    def accepted(self, candidates: Footprints) -> np.ndarray:
        """(M,) bool: the candidates that pass every check; counts the rejections of each."""
        masks = [constraint(candidates) for constraint in self.constraints]
        if len(self.obstacles):
            self.candidates = Columns.of(candidates.boxes, self.margin)
            masks.append(~candidates.any_of(boxes_hit(self.candidates, self.obstacles)))
        else:
            self.candidates = None
            masks.append(np.ones(candidates.count, dtype=bool))
        self.total += candidates.count
        self.rejected += [candidates.count - np.count_nonzero(mask) for mask in masks]
        return all_true(masks, candidates.count)

    def with_chosen(self, placement: Placement) -> Columns:
        """The obstacles and the boxes of ``placement``, a candidate of the last batch."""
        if self.candidates is None:  # there were no obstacles to test the batch against
            return Columns.concat([self.obstacles, Columns.of(placement.footprint, self.margin)])
        parts = placement.candidates.parts  # pose() lays out every candidate with the same number of boxes
        chosen = self.candidates.between(placement.row * parts, (placement.row + 1) * parts)
        return Columns.concat([self.obstacles, chosen])

    def error(self, name: str) -> PlacementError:
        names = [constraint.name for constraint in self.constraints] + [_OVERLAP]
        return PlacementError(name, self.total, list(zip(names, self.rejected.tolist(), strict=True)))

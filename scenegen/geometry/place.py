"""Rejection sampling in batches: draw candidates, test them all at once, keep the first good one.

Each batch costs a few array operations whatever its size, so a placement is
never the bottleneck; the number of batches is bounded, so a request that cannot
be met raises :class:`PlacementError` instead of looping forever, and a pose is
returned only after it passed every constraint and the overlap test.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

import numpy as np

from ..errors import GenerationError
from .overlap import Columns, boxes_hit, pair_hits
from .regions import Constraint
from .samplers import Poses, Sampler
from .shapes import Boxes, Footprints, cached, concat, pose

#: Candidates in the first batch, and batches tried before giving up.
DEFAULT_BATCH = 64
DEFAULT_MAX_BATCHES = 16
#: Each batch doubles the previous one, up to this multiple of the first: an easy
#: placement costs one small batch, a hard one amortises each batch's fixed cost
#: (a few dozen array operations) over more candidates.
_MAX_GROWTH = 16

_OVERLAP = "overlap"
#: Leading feasible candidates that :func:`place_all` tests against each other up front, in all: the
#: more per request, the fewer requests fall back to testing on their own, but the table grows as
#: the square (128 leads: 8,128 pairs).  Between 2 and 16 per request.
_LEADS = 128
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
    when none is found.
    """
    return _place(name, shape, sampler, _Checks(constraints, placed, margin), rng, y, batch, max_batches)


def place_all(requests: Sequence[PlacementRequest], placed: Boxes, rng: np.random.Generator, *,
              margin: float = 0.0, batch: int = DEFAULT_BATCH,
              max_batches: int = DEFAULT_MAX_BATCHES) -> list[Placement]:
    """Place ``requests`` in order; each placed object is an obstacle for the next.

    ``placed`` holds the obstacles already there (walls, lava cells...).  Each
    request gets the first candidate, in its drawing order, that passes its
    constraints and overlaps neither ``placed`` nor the objects placed before it.

    The first batch of every request is drawn up front, in request order (one
    draw of ``k * batch`` candidates for ``k`` consecutive requests with equal
    samplers, request after request).  All of them are tested against
    ``placed`` in one array operation, and the first few feasible candidates
    of every request against each other in another, so that most requests are
    placed by a look-up.  A request whose leading candidates all clash looks
    through the rest of its first batch, then draws new batches as
    :func:`place_one` does, and the leads of later requests that its object
    covers are ruled out.  Raises :class:`PlacementError` for the first request
    that cannot be placed.
    """
    _check_batch(batch, max_batches)
    blocks = [block for _, run in itertools.groupby(requests, key=lambda request: request.sampler)
              for block in _first_batches(list(run), rng, batch)]
    obstacles = _columns(placed, margin)
    leads = _Leads(blocks, obstacles, margin)
    objects: list[Columns] = []  # the boxes of each object placed so far
    placements: list[Placement] = []
    slots = [(block, k) for block in blocks for k in range(len(block.requests))]
    for index, (request, (block, k)) in enumerate(zip(requests, slots, strict=True)):
        taken = leads.take()
        if taken is not None:
            lead, row = taken
            placements.append(_placement(request.name, block.poses, block.candidates, row))
            objects.append(leads.columns_of(lead))
            continue
        # Every leading candidate clashes: the rest of the batch, then new batches, against all placed so far.
        poses, candidates = block.batch_of(k)
        placement = _first_clear(request.name, poses, candidates, leads.feasible[index], objects, margin)
        if placement is None:
            checks = _Checks(request.constraints, Columns.concat([obstacles, *objects]), margin)
            placement = _place(request.name, request.shape, request.sampler, checks, rng, request.y, batch,
                               max_batches, (poses, candidates))
        placements.append(placement)
        objects.append(_columns(placement.footprint, margin))
        leads.exclude(objects[-1])
    return placements


def _first_clear(name: str, poses: Poses, candidates: Footprints, feasible: np.ndarray, objects: Sequence[Columns],
                 margin: float) -> Placement | None:
    """The first of the ``feasible`` candidates (which pass the constraints and clear the fixed
    obstacles) that also clears ``objects``, or None."""
    rows = np.flatnonzero(feasible)
    if not len(rows):
        return None
    hit = boxes_hit(Columns.of(candidates.boxes[_box_rows(candidates, rows)], margin), Columns.concat(objects))
    clear = ~hit.reshape(len(rows), candidates.parts).any(axis=1)
    first = int(clear.argmax())
    return _placement(name, poses, candidates, int(rows[first])) if clear[first] else None


@dataclass(frozen=True)
class _Block:
    """Consecutive requests checked together: their first batches, ``size`` candidates each, one after another."""

    requests: list[PlacementRequest]
    poses: Poses
    candidates: Footprints
    size: int

    def batch_of(self, k: int) -> tuple[Poses, Footprints]:
        """Request ``k``'s own first batch."""
        if len(self.requests) == 1:
            return self.poses, self.candidates
        rows = slice(k * self.size, (k + 1) * self.size)
        boxes = self.candidates.boxes  # one box per candidate: only such requests share a block
        y = None if boxes.y is None else boxes.y[rows]
        own = Boxes.trusted(boxes.centre[rows], boxes.half[rows], boxes.angle[rows], y)
        return Poses(self.poses.centre[rows], self.poses.angle[rows]), Footprints(own, np.arange(self.size), self.size, 1)


def _first_batches(requests: list[PlacementRequest], rng: np.random.Generator, batch: int) -> list[_Block]:
    """The first batches of consecutive requests with equal samplers, drawn in one call.

    When every request is a single box at its pivot and all have the same
    constraints, they form one block: posed and checked against the constraints
    in a few array operations instead of a few per request.
    """
    poses = requests[0].sampler(rng, batch * len(requests))
    shapes = [request.shape for request in requests]
    if (len(requests) > 1 and all(len(shape) == 1 and shape.centre.tolist() == [[0.0, 0.0]] for shape in shapes)
            and len({shape.y is None for shape in shapes}) == 1
            and all(request.constraints == requests[0].constraints for request in requests)):
        half = np.repeat(np.concatenate([shape.half for shape in shapes]), batch, axis=0)
        angle = poses.angle + np.repeat(np.concatenate([shape.angle for shape in shapes]), batch)
        y = None
        if shapes[0].y is not None:
            lift = np.array([[request.y, request.y] for request in requests])
            y = np.repeat(np.concatenate([shape.y for shape in shapes]) + lift, batch, axis=0)
        count = len(angle)
        together = Footprints(Boxes.trusted(poses.centre, half, angle, y), np.arange(count), count, 1)
        return [_Block(requests, poses, together, batch)]
    blocks = []
    for k, request in enumerate(requests):
        rows = slice(k * batch, (k + 1) * batch)
        own = Poses(poses.centre[rows], poses.angle[rows])
        blocks.append(_Block([request], own, pose(request.shape, own.centre, own.angle, request.y), batch))
    return blocks


class _Leads:
    """The first few feasible candidates of each request's first batch, and which of them overlap.

    Feasible here means: passes the request's constraints and overlaps none of the
    given obstacles.  :meth:`take` serves the requests in order.
    """

    def __init__(self, blocks: Sequence[_Block], obstacles: Columns, margin: float) -> None:
        hit = None
        if len(obstacles) and blocks:
            hit = boxes_hit(Columns.of(concat([block.candidates.boxes for block in blocks]), margin), obstacles)
        per_request = min(16, max(2, _LEADS // max(1, sum(len(block.requests) for block in blocks))))
        self.rows: list[np.ndarray] = []  # per request: its leads, as rows of its block's candidates
        self.feasible: list[np.ndarray] = []  # per request: which candidates of its first batch are feasible
        lead_boxes, lead_parts = [], [np.zeros(0, dtype=np.intp)]
        offset = 0
        for block in blocks:
            candidates = block.candidates
            feasible = _all_of([constraint(candidates) for constraint in block.requests[0].constraints],
                               candidates.count)
            if hit is not None:
                feasible &= ~candidates.any_of(hit[offset:offset + len(candidates.boxes)])
            offset += len(candidates.boxes)
            by_request = feasible.reshape(len(block.requests), block.size)
            self.feasible += list(by_request)
            request, candidate = np.nonzero(by_request & (np.cumsum(by_request, axis=1) <= per_request))
            rows = request * block.size + candidate
            self.rows += np.split(rows, np.cumsum(np.bincount(request, minlength=len(block.requests)))[:-1])
            lead_boxes.append(candidates.boxes[_box_rows(candidates, rows)])
            lead_parts.append(np.full(len(rows), candidates.parts))
        self.ends = np.cumsum([len(rows) for rows in self.rows]).tolist()
        parts = np.concatenate(lead_parts)
        self.box_ends = np.cumsum(parts).tolist()
        self.owner = np.repeat(np.arange(len(parts)), parts)  # the lead each box belongs to
        self.columns = _columns(concat(lead_boxes), margin)
        # Per lead, the earlier leads it overlaps (the table holds pairs i < j only).
        self.earlier = _bit_rows(_clash_table(self.columns, self.owner, len(parts)).T)
        self.taken = 0  # bit i: lead i was taken
        self.blocked = 0  # bit i: lead i overlaps an object placed some other way
        self.served = 0

    def take(self) -> tuple[int, int] | None:
        """The next request's first leading candidate clear of every object placed so far, as
        (lead, row in its block), or None."""
        request = self.served
        start = self.ends[request - 1] if request else 0
        self.served += 1
        for lead in range(start, self.ends[request]):
            if not (self.earlier[lead] & self.taken or self.blocked >> lead & 1):
                self.taken |= 1 << lead
                return lead, int(self.rows[request][lead - start])
        return None

    def columns_of(self, lead: int) -> Columns:
        """The boxes of one lead."""
        return self.columns.between(self.box_ends[lead - 1] if lead else 0, self.box_ends[lead])

    def exclude(self, placed: Columns) -> None:
        """Rule out the leads that overlap ``placed``."""
        blocked = np.zeros(len(self.earlier), dtype=bool)
        blocked[self.owner[boxes_hit(self.columns, placed)]] = True
        self.blocked |= _bit_rows(blocked[None, :])[0]


def place_many(name: str, count: int, shape: Boxes, sampler: Sampler, constraints: Sequence[Constraint],
               placed: Boxes, rng: np.random.Generator, *, margin: float = 0.0, y: float = 0.0,
               batch: int = DEFAULT_BATCH, max_batches: int = DEFAULT_MAX_BATCHES) -> list[Placement]:
    """Place ``count`` objects of one shape, none overlapping another or ``placed``.

    Each batch is tested against the constraints, the obstacles and itself in a
    few array operations; candidates are then taken greedily in drawing order,
    each one ruling out those it overlaps (a bit-set step per object placed).
    Raises :class:`PlacementError` when ``max_batches`` batches leave fewer than ``count``.
    """
    _check_batch(batch, max_batches)
    chosen: list[Placement] = []
    checks = _Checks(constraints, placed, margin)
    for size in batch_sizes(max(batch, 2 * count), max_batches):
        poses, candidates = _draw(shape, sampler, rng, size, y)
        rows = _first_disjoint(candidates, checks.accepted(candidates), count - len(chosen), margin)
        new = [_placement(f"{name} {len(chosen) + k + 1} of {count}", poses, candidates, row)
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
    """(R, R) bool, upper triangle: does candidate ``rows[i]`` overlap candidate ``rows[j]``, ``i < j``?"""
    columns = Columns.of(candidates.boxes[_box_rows(candidates, rows)], margin)
    return _clash_table(columns, np.repeat(np.arange(len(rows)), candidates.parts), len(rows))


def _clash_table(columns: Columns, owner: np.ndarray, count: int) -> np.ndarray:
    """(count, count) bool, upper triangle: does object ``i`` overlap object ``j``, ``i < j``?

    ``owner`` holds the object of each box, in order; boxes of one object never clash.
    """
    first, second = pair_hits(columns)
    first, second = owner[first], owner[second]  # boxes to objects, still in order
    apart = first != second
    clash = np.zeros((count, count), dtype=bool)
    clash[first[apart], second[apart]] = True
    return clash


def _greedy(clash: np.ndarray, count: int) -> list[int]:
    """Up to ``count`` indices taken in order, each clashing with none taken before (``clash[i, j]``
    is read for ``i < j`` only).  The loop runs on Python integers used as bit sets (bit ``i`` for
    index ``i``): a step costs less than an array operation."""
    later = _bit_rows(clash)
    free = (1 << len(clash)) - 1
    taken: list[int] = []
    while free and len(taken) < count:
        first = (free & -free).bit_length() - 1  # the lowest set bit
        taken.append(first)
        free &= ~(later[first] | 1 << first)
    return taken


def _bit_rows(matrix: np.ndarray) -> list[int]:
    """Each row of a bool matrix as an integer whose bit ``j`` is ``row[j]``."""
    packed = np.packbits(matrix, axis=1, bitorder="little")
    width, data = packed.shape[1], packed.tobytes()
    return [int.from_bytes(data[k * width:(k + 1) * width], "little") for k in range(len(packed))]


def _place(name: str, shape: Boxes, sampler: Sampler, checks: _Checks, rng: np.random.Generator, y: float,
           batch: int, max_batches: int, drawn: tuple[Poses, Footprints] | None = None) -> Placement:
    """The first candidate passing ``checks``, from ``drawn`` (a first batch drawn earlier) or new batches."""
    _check_batch(batch, max_batches)
    for attempt, size in enumerate(batch_sizes(batch, max_batches)):
        poses, candidates = drawn if attempt == 0 and drawn is not None else _draw(shape, sampler, rng, size, y)
        feasible = checks.accepted(candidates)
        first = int(feasible.argmax())
        if feasible[first]:
            return _placement(name, poses, candidates, first)
    raise checks.error(name)


def _check_batch(batch: int, max_batches: int) -> None:
    if batch < 1 or max_batches < 1:
        raise ValueError("batch and max_batches must be at least 1")


def _draw(shape: Boxes, sampler: Sampler, rng: np.random.Generator, count: int, y: float) -> tuple[Poses, Footprints]:
    poses = sampler(rng, count)
    return poses, pose(shape, poses.centre, poses.angle, y)


def _placement(name: str, poses: Poses, candidates: Footprints, row: int) -> Placement:
    return Placement(name, (float(poses.centre[row, 0]), float(poses.centre[row, 1])), float(poses.angle[row]),
                     candidates, row)


def _box_rows(candidates: Footprints, rows: np.ndarray) -> np.ndarray:
    """The boxes of candidates ``rows`` (pose() lays out every candidate with the same number of boxes)."""
    parts = candidates.parts
    return rows if parts == 1 else (rows[:, None] * parts + np.arange(parts)).reshape(-1)


def _columns(boxes: Boxes, margin: float) -> Columns:
    return Columns.of(boxes, margin) if len(boxes) else _NO_COLUMNS


def _all_of(masks: Sequence[np.ndarray], count: int) -> np.ndarray:
    """Where every mask is true (all true when there are none)."""
    if not masks:
        return np.ones(count, dtype=bool)
    feasible = masks[0].copy()
    for mask in masks[1:]:
        feasible &= mask
    return feasible


class _Checks:
    """The constraints and the overlap test of one request, with the rejections they made so far."""

    def __init__(self, constraints: Sequence[Constraint], obstacles: Boxes | Columns, margin: float) -> None:
        self.constraints = constraints
        self.margin = margin
        self.obstacles = obstacles if isinstance(obstacles, Columns) else _columns(obstacles, margin)
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
        return _all_of(masks, candidates.count)

    def with_chosen(self, placement: Placement) -> Columns:
        """The obstacles and the boxes of ``placement``, a candidate of the last batch."""
        if self.candidates is None:  # there were no obstacles to test the batch against
            return Columns.concat([self.obstacles, Columns.of(placement.footprint, self.margin)])
        parts = placement.candidates.parts  # pose() lays out every candidate with the same number of boxes
        return Columns.concat([self.obstacles, self.candidates.between(placement.row * parts, (placement.row + 1) * parts)])

    def error(self, name: str) -> PlacementError:
        names = [constraint.name for constraint in self.constraints] + [_OVERLAP]
        return PlacementError(name, self.total, list(zip(names, self.rejected.tolist(), strict=True)))

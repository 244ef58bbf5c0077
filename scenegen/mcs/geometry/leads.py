"""Placing a list of requests at once: :func:`place_all`.

Every request's first batch is drawn up front and tested in a few array
operations; the first few feasible candidates of every request ("leads") are
tested against each other in one table, so that most requests are then placed
by a bit-set look-up.  A request whose leads are all covered falls back to the
single-object path of :mod:`.place`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np

from scenegen.mcs.geometry.overlap import Columns, boxes_hit
from scenegen.mcs.geometry.place import (
    DEFAULT_BATCH,
    DEFAULT_MAX_BATCHES,
    Checks,
    Placement,
    PlacementRequest,
    all_true,
    as_columns,
    bit_rows,
    box_rows,
    check_batch,
    clash_table,
    first_feasible,
    placement_at,
)
from scenegen.mcs.geometry.samplers import Poses
from scenegen.mcs.geometry.shapes import Boxes, Footprints, concat, pose

#: Leading feasible candidates that :func:`place_all` tests against each other up front, in all: the
#: more per request, the fewer requests fall back to testing on their own, but the table grows as
#: the square (128 leads: 8,128 pairs).  Between 2 and 16 per request, more for later ones.
_LEADS = 128


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
    check_batch(batch, max_batches)
    blocks = [block for _, run in itertools.groupby(requests, key=lambda request: request.sampler)
              for block in _first_batches(list(run), rng, batch)]
    obstacles = as_columns(placed, margin)
    leads = _Leads(blocks, obstacles, margin)
    objects: list[Columns] = []  # the boxes of each object placed so far
    placements: list[Placement] = []
    slots = [(block, k) for block in blocks for k in range(len(block.requests))]
    for index, (request, (block, k)) in enumerate(zip(requests, slots, strict=True)):
        taken = leads.take()
        if taken is not None:
            lead, row = taken
            placements.append(placement_at(request.name, block.poses, block.candidates, row))
            objects.append(leads.columns_of(lead))
            continue
        # Every leading candidate clashes: the rest of the batch, then new batches, against all placed so far.
        poses, candidates = block.batch_of(k)
        placement = _first_clear(request.name, poses, candidates, leads.feasible[index], objects, margin)
        if placement is None:
            checks = Checks(request.constraints, Columns.concat([obstacles, *objects]), margin)
            placement = first_feasible(request.name, request.shape, request.sampler, checks, rng, request.y, batch,
                               max_batches, (poses, candidates))
        placements.append(placement)
        objects.append(as_columns(placement.footprint, margin))
        leads.exclude(objects[-1])
    return placements


def _first_clear(name: str, poses: Poses, candidates: Footprints, feasible: np.ndarray, objects: Sequence[Columns],
                 margin: float) -> Placement | None:
    """The first of the ``feasible`` candidates (which pass the constraints and clear the fixed
    obstacles) that also clears ``objects``, or None."""
    rows = np.flatnonzero(feasible)
    if not len(rows):
        return None
    hit = boxes_hit(Columns.of(candidates.boxes[box_rows(candidates, rows)], margin), Columns.concat(objects))
    clear = ~cast(np.ndarray, hit.reshape(len(rows), candidates.parts).any(axis=1))  # 2-D: never a scalar
    first = int(clear.argmax())
    return placement_at(name, poses, candidates, int(rows[first])) if clear[first] else None


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
        own_poses = Poses(self.poses.centre[rows], self.poses.angle[rows])
        return own_poses, Footprints(own, np.arange(self.size), self.size, 1)


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


def _lead_counts(requests: int) -> np.ndarray:
    """Leads per request, growing with its place in the order: a later request meets more objects placed
    before it, so more of its leads are covered."""
    weights = np.arange(1, requests + 1)
    return np.clip(np.ceil(_LEADS * weights / weights.sum()), 2, 16).astype(np.intp)


class _Leads:
    """The first few feasible candidates of each request's first batch, and which of them overlap.

    Feasible here means: passes the request's constraints and overlaps none of the
    given obstacles.  :meth:`take` serves the requests in order.
    """

    def __init__(self, blocks: Sequence[_Block], obstacles: Columns, margin: float) -> None:
        hit = None
        if len(obstacles) and blocks:
            hit = boxes_hit(Columns.of(concat([block.candidates.boxes for block in blocks]), margin), obstacles)
        per_request = _lead_counts(sum(len(block.requests) for block in blocks))
        first_request = 0
        lead_rows, lead_counts = [], []  # each lead's row in its block's candidates; leads per request
        self.feasible: list[np.ndarray] = []  # per request: which candidates of its first batch are feasible
        lead_boxes, lead_parts = [], [np.zeros(0, dtype=np.intp)]
        offset = 0
        for block in blocks:
            candidates = block.candidates
            feasible = all_true([constraint(candidates) for constraint in block.requests[0].constraints],
                               candidates.count)
            if hit is not None:
                feasible &= ~candidates.any_of(hit[offset:offset + len(candidates.boxes)])
            offset += len(candidates.boxes)
            by_request = feasible.reshape(len(block.requests), block.size)
            self.feasible += list(by_request)
            wanted = per_request[first_request:first_request + len(block.requests), None]
            first_request += len(block.requests)
            request, candidate = np.nonzero(by_request & (np.cumsum(by_request, axis=1) <= wanted))
            rows = request * block.size + candidate
            lead_rows.append(rows)
            lead_counts.append(np.bincount(request, minlength=len(block.requests)))
            lead_boxes.append(candidates.boxes[box_rows(candidates, rows)])
            lead_parts.append(np.full(len(rows), candidates.parts))
        self.rows = np.concatenate(lead_rows).tolist() if lead_rows else []
        self.ends = np.cumsum(np.concatenate(lead_counts)).tolist() if lead_counts else []
        parts = np.concatenate(lead_parts)
        self.box_ends = np.cumsum(parts).tolist()
        self.owner = np.repeat(np.arange(len(parts)), parts)  # the lead each box belongs to
        self.columns = as_columns(concat(lead_boxes), margin)
        # Per lead, the leads it overlaps.  Leads are served in order, so those taken are all earlier.
        self.clashes = bit_rows(clash_table(self.columns, self.owner, len(parts)))
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
            if not (self.clashes[lead] & self.taken or self.blocked >> lead & 1):
                self.taken |= 1 << lead
                return lead, self.rows[lead]
        return None

    def columns_of(self, lead: int) -> Columns:
        """The boxes of one lead."""
        return self.columns.between(self.box_ends[lead - 1] if lead else 0, self.box_ends[lead])

    def exclude(self, placed: Columns) -> None:
        """Rule out the leads that overlap ``placed``."""
        blocked = np.zeros(len(self.clashes), dtype=bool)
        blocked[self.owner[boxes_hit(self.columns, placed)]] = True
        self.blocked |= bit_rows(blocked[None, :])[0]

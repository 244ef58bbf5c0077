"""Walks among obstacles of any size standing anywhere: boxes, not whole cells.

:mod:`.sight` blocks whole 0.5 m cells, which suits walls and agents standing on
cell centres; an occluder 0.25 m wide, or an object standing between cell centres,
would block far more than it covers. Here every obstacle is an axis-aligned box
(centre and half extents): a cell is open to a walker when its footprint at the
cell's centre overlaps no box, a breadth-first path runs through open cells
(:class:`.grid.CellGrid`), and the walk is shortened along lines of sight tested
against the boxes themselves (the slab test of :func:`.sight.hits`, each box
grown by its own size). No obstacle here is narrower than the gap between two
footprints on neighbouring cell centres, so a move between open cells never
passes through one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, cached_property

import numpy as np

from scenegen.mcs.gridworld.grid import CellGrid
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.sight import CLEARANCE, contact_points

#: How far from where it stands a walker may step onto the grid (a diagonal leg of one and a half cells).
ENTRY_REACH = 0.8


@dataclass(frozen=True)
class Boxes:
    """Obstacles: centres ``(n, 2)`` and half extents ``(n, 2)``."""

    centres: np.ndarray
    halves: np.ndarray

    def plus(self, boxes: Sequence[tuple[Point, Point]]) -> Boxes:
        """These boxes and more, each given as (centre, half extents)."""
        if not boxes:
            return self
        centres, halves = zip(*boxes, strict=True)
        return Boxes(np.vstack([self.centres, np.array(centres, dtype=float)]),
                     np.vstack([self.halves, np.array(halves, dtype=float)]))


def clear(starts: np.ndarray, ends: np.ndarray, half: Point, boxes: Boxes) -> np.ndarray:
    """For each segment ``starts[k] -> ends[k]``, whether a footprint of half extents ``half`` swept along it
    stays out of every box (a segment of no length tests where it stands).

    The slab test of :func:`.sight.hits`, with each box grown by its own half extents rather than a cell's:
    along each axis, the fractions of the segment during which the footprint overlaps the box; it hits the box
    when the two intervals overlap within [0, 1] (touching, within ``CLEARANCE``, is hitting).
    """
    reach = boxes.halves + np.asarray(half) + CLEARANCE
    low = (boxes.centres - reach)[None, :, :] - starts[:, None, :]
    with np.errstate(divide="ignore", invalid="ignore"):
        inverse = (1.0 / (ends - starts))[:, None, :]
        one, two = low * inverse, (low + 2 * reach[None, :, :]) * inverse
    near, far = np.minimum(one, two), np.maximum(one, two)
    # Elementwise over the two axes rather than a reduction over a length-2 axis: several times faster.
    entry = np.maximum(np.maximum(near[..., 0], near[..., 1]), 0.0)
    leave = np.minimum(np.minimum(far[..., 0], far[..., 1]), 1.0)
    return np.logical_not((entry < leave).any(axis=1))


@dataclass(frozen=True)
class Floor:
    """The grid a walk runs on: its open cells (walls aside) and their world centres, ``(n, 2)``."""

    grid: CellGrid
    cells: tuple[tuple[int, int], ...]
    centres: np.ndarray

    @cached_property
    def index(self) -> dict[tuple[int, int], int]:
        """Each cell's position in :attr:`cells`."""
        return {cell: k for k, cell in enumerate(self.cells)}

    @cached_property
    def bits(self) -> tuple[int, ...]:
        """Each cell's bit on :attr:`grid`."""
        return tuple(self.grid.bit(cell) for cell in self.cells)

    def mask(self, positions: Iterable[int]) -> int:
        """The bitset of the cells at these positions of :attr:`cells`."""
        bits = self.bits
        mask = 0
        for k in positions:
            mask |= bits[k]
        return mask


def route(floor: Floor, start: Point, half: Point, boxes: Boxes, order: Sequence[int], target: Point,
          reach: Point | None = None) -> list[Point] | None:
    """A walk from ``start`` among ``boxes`` to touching ``target`` (``reach``: the sum of the two footprints'
    half extents; the target is not among the boxes) or, without ``reach``, to standing on ``target``.

    The walk steps onto the nearest open cell it can see, follows a shortest grid path (ties broken by
    ``order``, as :meth:`CellGrid.shortest_path`), leaves it at the earliest point from which it can go
    straight to its end, and is shortened along lines of sight on the way. None when there is no such walk.
    """
    centres = floor.centres
    # Cells the walker can stand on: clear of the boxes and (when it walks up to the target) of the target.
    free = _standing(centres, half, boxes)
    if reach is not None:
        gap = np.abs(centres - np.asarray(target)) - (np.asarray(reach) + CLEARANCE)
        free &= (gap[:, 0] > 0) | (gap[:, 1] > 0)
    standing = np.flatnonzero(free)
    close = standing[np.hypot(*(centres[standing] - np.asarray(start)).T) <= ENTRY_REACH]
    ends, _ = _ends(centres[standing], target, reach)
    # One test for the cells at once: can the walker step onto each close one from the start, and go straight
    # from each one it can stand on to its end?
    seen = clear(np.vstack([np.repeat(np.array([start], dtype=float), len(close), axis=0), centres[standing]]),
                 np.vstack([centres[close], ends]), half, boxes)
    straight = seen[len(close):]
    grid = floor.grid
    starts, targets = floor.mask(close[seen[:len(close)]]), floor.mask(standing[straight])
    if not starts or not targets:
        return None
    path = grid.shortest_path(starts, targets, floor.mask(standing), order)
    if path is None:
        return None
    # The chain: the start, then the path's cells (whose straight walks to the end are tested already).
    rows = np.searchsorted(standing, [floor.index[cell] for cell in path])
    chain = np.vstack([np.array([start], dtype=float), centres[standing[rows]]])
    start_end, start_away = _ends(chain[:1], target, reach)
    finals = np.vstack([start_end, ends[rows]])
    n = len(chain)
    # Again one test: the start's straight walk to its end, and every pair of chain points (i < j).
    first, second = _pairs(n)
    seen = clear(np.vstack([chain[:1], chain[first]]), np.vstack([start_end, chain[second]]), half, boxes)
    leave = int(np.flatnonzero(np.concatenate([start_away & seen[:1], straight[rows]]))[0])
    sight = np.zeros((n, n), dtype=bool)
    sight[first, second] = seen[1:]
    kept = _shortened(sight, leave + 1)
    end = (float(finals[leave, 0]), float(finals[leave, 1]))
    return [*((float(chain[k, 0]), float(chain[k, 1])) for k in kept), end]


@cache
def _pairs(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Every pair ``i < j`` of ``n`` points, as two index arrays."""
    first, second = np.triu_indices(n, 1)
    return first, second


def _standing(points: np.ndarray, half: Point, boxes: Boxes) -> np.ndarray:
    """Whether a footprint of ``half`` at each point stays out of every box (as :func:`clear` on a segment of
    no length, without its divisions)."""
    gap = np.abs(points[:, None, :] - boxes.centres[None, :, :]) - (boxes.halves + np.asarray(half) + CLEARANCE)
    return np.logical_not(((gap[..., 0] < 0) & (gap[..., 1] < 0)).any(axis=1))


def _ends(points: np.ndarray, target: Point, reach: Point | None) -> tuple[np.ndarray, np.ndarray]:
    """Where a straight walk from each point ends (touching the target, or on it), and whether the point is
    clear of the target to begin with (a point already touching it cannot walk up to it)."""
    ends = np.repeat(np.array([target], dtype=float), len(points), axis=0)
    if reach is None:
        return ends, np.ones(len(points), dtype=bool)
    delta = np.abs(ends - points) - (np.asarray(reach) + CLEARANCE)
    apart = (delta[:, 0] > 0) | (delta[:, 1] > 0)
    ends[apart] = contact_points(points[apart], target, reach)
    return ends, apart


def _shortened(seen: np.ndarray, count: int) -> list[int]:
    """Which of the first ``count`` points of a chain to keep: walking on, a corner is kept only where the last
    kept point cannot see the next one (``seen[i, j]``: whether point ``i`` sees point ``j``)."""
    if count <= 2:
        return list(range(count))
    kept = [0]
    for k in range(2, count):
        if not seen[kept[-1], k]:
            kept.append(k - 1)
    kept.append(count - 1)
    return kept


def _minus(a: Point, b: Point) -> Point:
    return a[0] - b[0], a[1] - b[1]

"""Fields of dangerous floor cells (lava, holes) and the performer's safe walk across them.

MCS writes lava and holes as integer floor cells ``(x, z)``, each the 1 x 1 m square
centred on it (``docs/mcs_facts.md`` 11). The performer is a disc of
:data:`PERFORMER_RADIUS`: it walks from the centre of a free cell to the centre of
a free cell beside it (4-connected), which keeps its body a quarter of a metre off
every dangerous cell, and never steps onto a cell whose centre is closer to a wall
than its radius. A walk's length is counted in those 1 m steps.

The shortest walk is a breadth-first search whose wavefronts are Python integers,
one bit a cell: each step grows the whole wavefront at once with four shifts and a
mask. On a room of a few hundred cells that is a microsecond a step, where numpy's
call overhead on arrays that small costs several.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.geometry.grid import PERFORMER_RADIUS

#: Half a floor cell, in metres.
CELL_HALF = 0.5
#: Spacing of the points a walk is replayed at: half a MoveAhead (0.1 m, ``docs/mcs_facts.md`` 0).
REPLAY_STEP = 0.05

Cell = tuple[int, int]


def cell_of(x: float, z: float) -> Cell:
    """The floor cell holding the point (x, z)."""
    return round(x), round(z)


def walkable_reach(room_side: float) -> int:
    """The largest |coordinate| of a cell centre the performer's disc fits on in a room side that long."""
    return math.floor(room_side / 2 - PERFORMER_RADIUS)


@dataclass(frozen=True)
class Walk:
    """A shortest safe walk: its cells from start to goal, and its length in metres (1 m a step)."""

    cells: tuple[Cell, ...]

    @property
    def length(self) -> int:
        return len(self.cells) - 1


class FloorField:
    """The walkable floor of a room with some cells dangerous, as bit masks for the breadth-first search.

    Bit ``(z + reach_z) * stride + (x + reach_x)`` is cell (x, z); each row ends in a
    padding bit that is never free, so a shift along x cannot wrap onto the next row.
    """

    def __init__(self, room_width: float, room_depth: float, dangerous: np.ndarray) -> None:
        self.reach_x, self.reach_z = walkable_reach(room_width), walkable_reach(room_depth)
        self.stride = 2 * self.reach_x + 2
        rows = 2 * self.reach_z + 1
        free = np.ones((rows, self.stride), dtype=bool)
        free[:, -1] = False
        cells = np.asarray(dangerous, dtype=np.int64).reshape(-1, 2)
        inside = (np.abs(cells[:, 0]) <= self.reach_x) & (np.abs(cells[:, 1]) <= self.reach_z)
        free[cells[inside, 1] + self.reach_z, cells[inside, 0] + self.reach_x] = False
        self.free = int.from_bytes(np.packbits(free.ravel(), bitorder="little").tobytes(), "little")

    def is_free(self, cell: Cell) -> bool:
        """Whether the performer may stand on the centre of ``cell``."""
        x, z = cell
        return abs(x) <= self.reach_x and abs(z) <= self.reach_z and bool(self.free >> self._bit(cell) & 1)

    def distance(self, start: Cell, goal: Cell) -> int | None:
        """Length in 1 m steps of the shortest safe walk from ``start`` to ``goal``; None when there is none."""
        fronts = self._fronts(start, goal)
        return None if fronts is None else len(fronts) - 1

    def walk(self, start: Cell, goal: Cell) -> Walk | None:
        """A shortest safe walk from ``start`` to ``goal``, or None when there is none."""
        fronts = self._fronts(start, goal)
        if fronts is None:
            return None
        bit = self._bit(goal)
        bits = [bit]
        for front in reversed(fronts[:-1]):
            bit = next(n for n in (bit - 1, bit + 1, bit - self.stride, bit + self.stride)
                       if n >= 0 and front >> n & 1)
            bits.append(bit)
        return Walk(tuple(self._cell(bit) for bit in reversed(bits)))

    def _fronts(self, start: Cell, goal: Cell) -> list[int] | None:
        """The search's wavefronts from ``start`` until the one holding ``goal`` (None: it is never reached)."""
        if not (self.is_free(start) and self.is_free(goal)):
            return None
        free, stride = self.free, self.stride
        target = 1 << self._bit(goal)
        front = reached = 1 << self._bit(start)
        fronts = [front]
        while not front & target:
            front = (front << 1 | front >> 1 | front << stride | front >> stride) & free & ~reached
            if not front:
                return None
            reached |= front
            fronts.append(front)
        return fronts

    def _bit(self, cell: Cell) -> int:
        return (cell[1] + self.reach_z) * self.stride + cell[0] + self.reach_x

    def _cell(self, bit: int) -> Cell:
        row, column = divmod(bit, self.stride)
        return column - self.reach_x, row - self.reach_z


def open_distance(start: Cell, goal: Cell) -> int:
    """Length of the shortest walk between two cells of a room without dangerous cells (1 m steps)."""
    return abs(start[0] - goal[0]) + abs(start[1] - goal[1])


def polyline_points(points: Sequence[tuple[float, float]], step: float = REPLAY_STEP) -> np.ndarray:
    """Points every ``step`` metres (or closer) along the polyline through ``points``, both ends included."""
    corners = np.asarray(points, dtype=float).reshape(-1, 2)
    pieces = [corners[:1]]
    for a, b in itertools.pairwise(corners):
        count = max(1, math.ceil(float(np.hypot(*(b - a))) / step))
        pieces.append(a + (b - a) * (np.arange(1, count + 1) / count)[:, None])
    return np.concatenate(pieces)


def clearance(points: np.ndarray, dangerous: np.ndarray) -> float:
    """Least distance from any of ``points`` to any dangerous cell's square (0 inside one; inf with no cells)."""
    cells = np.asarray(dangerous, dtype=float).reshape(-1, 2)
    if not len(cells):
        return math.inf
    gap = np.maximum(np.abs(points[:, None, :] - cells[None, :, :]) - CELL_HALF, 0.0)
    return float(np.sqrt((gap**2).sum(axis=2)).min())


def body_crosses(a: tuple[float, float], b: tuple[float, float], dangerous: np.ndarray) -> bool:
    """Whether the performer's body, walking straight from ``a`` to ``b``, comes onto a dangerous cell."""
    cells = np.asarray(dangerous, dtype=float).reshape(-1, 2)
    # Only cells whose square, grown by the body's radius, the segment meets can be touched: a slab test
    # finds them at once, and the replay then measures those few.
    near = _segment_meets_squares(np.asarray(a, dtype=float), np.asarray(b, dtype=float), cells,
                                  CELL_HALF + PERFORMER_RADIUS)
    return bool(near.any()) and clearance(polyline_points([a, b]), cells[near]) < PERFORMER_RADIUS


def _segment_meets_squares(a: np.ndarray, b: np.ndarray, centres: np.ndarray, half: float) -> np.ndarray:
    """Which axis-aligned squares of ``half`` side around ``centres`` the segment from ``a`` to ``b`` meets."""
    direction = np.where(b == a, 1e-12, b - a)  # a segment along an axis: its slab on the other is all or nothing
    near = (centres - half - a) / direction
    far = (centres + half - a) / direction
    enter = np.minimum(near, far).max(axis=1)
    leave = np.maximum(near, far).min(axis=1)
    return (enter <= leave) & (leave >= 0.0) & (enter <= 1.0)

"""The grid of Approach and Imitation and where things can stand on it: single wall cells inside a border,
footprints as axis-aligned boxes, spots drawn on the evaluation's 0.025 m lattice and tested many at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.layout import CELL, cell_centre
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.patterns import boxes_overlap, inside

#: Positions are drawn on this lattice, as the evaluation scenes' are.
LATTICE = 0.025
#: Free space kept around an agent standing still, beyond touching.
MARGIN = 0.1
#: Spots drawn for one placement.
PLACE_ATTEMPTS = 64
#: Homes tested at once.
PLACE_CHUNK = 8


@dataclass(frozen=True)
class Arena:
    """The grid: ``size`` cells a side, single wall cells, the border at ``bound`` metres from the centre."""

    size: int
    walls: tuple[tuple[int, int], ...]
    #: Wall cells as boxes: centre x, centre z, half x, half z.
    boxes: np.ndarray
    bound: float
    #: ``walled[row, col]``: whether that cell is a wall.
    walled: np.ndarray

    def wall_hits(self, points: np.ndarray, half: Point) -> np.ndarray:
        """For each of ``points`` (``(n, 2)``), whether a footprint of ``half`` there overlaps a wall cell
        (touching is not overlapping): a footprint no wider than a cell covers at most two cells along each
        axis, so four look-ups answer it."""
        if max(half) > CELL / 2:
            return boxes_overlap(points, half, self.boxes)
        shifted = points + self.bound
        low = np.clip(np.floor((shifted - np.asarray(half)) / CELL + 1e-6), 0, self.size - 1).astype(int)
        high = np.clip(np.floor((shifted + np.asarray(half)) / CELL - 1e-6), 0, self.size - 1).astype(int)
        walled = self.walled
        return np.asarray(walled[low[:, 1], low[:, 0]] | walled[low[:, 1], high[:, 0]]
                          | walled[high[:, 1], low[:, 0]] | walled[high[:, 1], high[:, 0]])

    def centre(self, cell: tuple[int, int]) -> Point:
        return cell_centre(self.size, cell)


def arena(size: int, walls: int, rng: np.random.Generator) -> Arena:
    """A grid of ``size`` cells with ``walls`` wall cells drawn at random."""
    picked = rng.choice(size * size, size=walls, replace=False)
    cells = tuple((int(i) % size, int(i) // size) for i in np.sort(picked))
    boxes = np.array([(*cell_centre(size, cell), CELL / 2, CELL / 2) for cell in cells], dtype=float).reshape(-1, 4)
    walled = np.zeros((size, size), dtype=bool)
    for col, row in cells:
        walled[row, col] = True
    return Arena(size, cells, boxes, size * CELL / 2, walled)


def box(point: Point, half: Point) -> np.ndarray:
    return np.array([[point[0], point[1], half[0], half[1]]])


def fits(arena: Arena, points: np.ndarray | Sequence[Point], half: Point, obstacles: Sequence[np.ndarray]) -> bool:
    """Whether a footprint of ``half`` at each of ``points`` stays inside the border and clear of the walls and
    of ``obstacles`` (boxes)."""
    array = np.asarray(points, dtype=float).reshape(-1, 2)
    if not inside(array, half, arena.bound) or arena.wall_hits(array, half).any():
        return False
    return not obstacles or not boxes_overlap(array, half, np.vstack(obstacles)).any()


def spot(arena: Arena, half: Point, taken: Sequence[np.ndarray], rng: np.random.Generator) -> Point | None:
    """A point of the lattice where a footprint of ``half`` stands clear of the walls and, by ``MARGIN``, of the
    ``taken`` boxes; None when no draw finds one."""
    return first_point(candidates(arena, half, [], [], taken, rng))


def place_walker(arena: Arena, half: Point, walks: Sequence[np.ndarray], still: Sequence[np.ndarray],
                 swept: Sequence[np.ndarray], rng: np.random.Generator,
                 carried: tuple[Point, Point] | None = None) -> Point | None:
    """A home on the lattice from which an agent of ``half`` can walk each of ``walks`` (see :func:`candidates`);
    None when no draw finds one."""
    return first_point(candidates(arena, half, walks, still, swept, rng, carried))


def candidates(arena: Arena, half: Point, walks: Sequence[np.ndarray], still: Sequence[np.ndarray],
               swept: Sequence[np.ndarray], rng: np.random.Generator,
               carried: tuple[Point, Point] | None = None, chunk: int = PLACE_CHUNK) -> np.ndarray:
    """Homes on the lattice (``(k, 2)``, maybe none) from which an agent of ``half`` can walk each of ``walks``
    (offsets from its home, ``(n, 2)`` each) inside the border, clear of the walls and of the ``still`` boxes
    (agents and objects that stand meanwhile), the home clear by ``MARGIN`` of the ``swept`` boxes (where others
    walk). ``carried``: an object at an offset from the home, and its half extents, that must fit inside the
    border clear of the walls too. Of ``PLACE_ATTEMPTS`` draws, ``chunk`` are tested at a time, and the good ones
    of the first chunk that has any are returned."""
    path = np.vstack([np.zeros((1, 2)), *walks])
    # Only homes from which the whole walk stays inside the border are drawn. Each axis's extent taken column by
    # column: path.min(axis=0) reduces across rows of two, ten times slower on a long walk.
    room = arena.bound - np.asarray(half)
    xs, zs = path[:, 0], path[:, 1]
    low = np.ceil((-room - (xs.min(), zs.min())) / LATTICE - 1e-9)
    high = np.floor((room - (xs.max(), zs.max())) / LATTICE + 1e-9)
    if (low > high).any():
        return np.empty((0, 2))
    # Whole lattice steps from uniforms, both axes in one draw (rng.integers per axis cost three times as much).
    drawn = (np.floor(rng.random((PLACE_ATTEMPTS, 2)) * (high - low + 1)) + low) * LATTICE
    swept_all = np.vstack(swept) if swept else None
    still_all = np.vstack(still) if still else None
    # A chunk at a time: most draws find a home in the first, and long walks make each test costly.
    for first in range(0, PLACE_ATTEMPTS, chunk):
        homes = drawn[first:first + chunk]
        if swept_all is not None:
            homes = homes[~boxes_overlap(homes, (half[0] + MARGIN, half[1] + MARGIN), swept_all)]
        if carried is not None:
            offset, extent = carried
            objects = homes + np.asarray(offset)
            homes = homes[~arena.wall_hits(objects, extent)
                          & (np.abs(objects) + np.asarray(extent) <= arena.bound + 1e-9).all(axis=1)]
        points = (homes[:, None, :] + path[None, :, :]).reshape(-1, 2)
        bad = arena.wall_hits(points, half)
        if still_all is not None:
            bad |= boxes_overlap(points, half, still_all)
        homes = homes[~bad.reshape(len(homes), len(path)).any(axis=1)]
        if len(homes):
            return np.round(homes, 4) + 0.0
    return np.empty((0, 2))


def first_point(points: np.ndarray) -> Point | None:
    """The first of ``points`` (``(k, 2)``), or None when there is none."""
    return (float(points[0, 0]), float(points[0, 1])) if len(points) else None


def swept_boxes(home: Point, walks: Sequence[np.ndarray], half: Point) -> np.ndarray:
    """The boxes an agent of ``half`` covers standing at ``home`` and walking each of ``walks``."""
    points = np.vstack([np.zeros((1, 2)), *walks]) + np.asarray(home)
    return np.hstack([points, np.tile(np.asarray(half, dtype=float), (len(points), 1))])

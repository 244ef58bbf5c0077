"""Floor cells and occupancy grids: which cells footprints touch, and where the performer fits.

MCS floor cells (lava, holes) are the 1 x 1 m squares centred on integer ``(x, z)``.
An occupancy grid covers the room with square cells of a chosen resolution; cell
``(i, j)`` spans ``[x0 + i*res, x0 + (i+1)*res] x [z0 + j*res, z0 + (j+1)*res]``.
Both rasterisations are conservative: a cell counts as touched when a footprint's
interior intersects it (exact test, touching an edge does not count).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from scenegen.mcs.geometry.overlap import overlap_pairs
from scenegen.mcs.geometry.shapes import Boxes

#: A world point ``(x, z)``.
Point = Sequence[float] | np.ndarray

#: The performer's radius in metres: the MCS scene generator's PERFORMER_HALF_WIDTH
#: (0.25 in mcs-scene-generator v1.x/v2.x; 0.27 in older releases).
PERFORMER_RADIUS = 0.25
#: Default occupancy resolution: fine enough that a 0.5 m gap is 5 cells, coarse
#: enough that a 59 x 23 m Tool Choice room is 136k cells.
DEFAULT_RESOLUTION = 0.1


@dataclass(frozen=True, eq=False)
class Grid:
    """A boolean occupancy grid: ``blocked`` (nx, nz), lower corner ``origin`` (x, z), square cells."""

    blocked: np.ndarray
    origin: tuple[float, float]
    resolution: float

    def cell_of(self, xz: Point) -> tuple[int, int]:
        """Index ``(i, j)`` of the cell holding world point ``(x, z)``; ValueError outside the grid."""
        index = np.floor((np.asarray(xz, dtype=float) - self.origin) / self.resolution).astype(int)
        if np.any(index < 0) or np.any(index >= self.blocked.shape):
            raise ValueError(f"point {tuple(xz)} lies outside the grid")
        return int(index[0]), int(index[1])


def touched_cells(boxes: Boxes, origin: ArrayLike, resolution: float) -> np.ndarray:
    """``(K, 2)`` indices ``(i, j)`` of grid cells whose square a box's interior intersects.

    One row per (box, cell) hit, so a cell shared by two boxes appears twice.
    """
    origin = np.asarray(origin, dtype=float)
    bounds = boxes.bounds()
    first = np.floor((bounds[:, :2] - origin) / resolution).astype(np.int64)
    last = np.ceil((bounds[:, 2:] - origin) / resolution).astype(np.int64) - 1
    extent = np.maximum(last - first + 1, 0)  # cells of each box's bounding window, per axis
    window = extent[:, 0] * extent[:, 1]
    # Enumerate every box's window cells in one flat array (box-major, row-major).
    box_of = np.repeat(np.arange(len(boxes)), window)
    rank = np.arange(box_of.size) - np.repeat(np.cumsum(window) - window, window)
    depth = extent[box_of, 1]
    cells = first[box_of] + np.stack([rank // depth, rank % depth], axis=1)
    squares = Boxes(origin + (cells + 0.5) * resolution, resolution / 2, 0.0)
    return cells[overlap_pairs(squares, boxes[box_of])]


def rasterise_cells(boxes: Boxes) -> np.ndarray:
    """Integer MCS floor cells ``(x, z)`` touched by the boxes' interiors, sorted and unique."""
    # With origin -0.5 and 1 m cells, index i is the cell centred on the integer i.
    return np.unique(touched_cells(boxes, (-0.5, -0.5), 1.0), axis=0).reshape(-1, 2)


def occupancy_grid(room_size: tuple[float, float], obstacles: Boxes,
                   resolution: float = DEFAULT_RESOLUTION) -> Grid:
    """Grid over the room (centred on the origin); a cell is blocked when an obstacle touches it.

    Cells that stick out past a wall (when the room is not a whole number of
    cells) are blocked too.
    """
    size = np.asarray(room_size, dtype=float)
    shape = np.ceil(size / resolution - 1e-9).astype(int)
    blocked = np.zeros(shape, dtype=bool)
    # Rounding up may leave a last row/column partly beyond the far wall.
    overhang = shape * resolution > size + 1e-9
    blocked[-1:, :] |= overhang[0]
    blocked[:, -1:] |= overhang[1]
    origin = -size / 2
    cells = touched_cells(obstacles, origin, resolution)
    inside = np.all((cells >= 0) & (cells < shape), axis=1)
    blocked[cells[inside, 0], cells[inside, 1]] = True
    return Grid(blocked, (float(origin[0]), float(origin[1])), resolution)


def _disc_offsets(radius: float, resolution: float) -> np.ndarray:
    """Cell offsets whose square comes closer than ``radius`` to a cell centre (always the cell itself)."""
    reach = int(np.ceil(radius / resolution + 0.5))
    steps = np.arange(-reach, reach + 1)
    di, dj = np.meshgrid(steps, steps, indexing="ij")
    gap_i = np.maximum(np.abs(di) - 0.5, 0.0)
    gap_j = np.maximum(np.abs(dj) - 0.5, 0.0)
    near = (resolution * np.hypot(gap_i, gap_j) < radius) | ((di == 0) & (dj == 0))
    return np.stack([di[near], dj[near]], axis=1)


def inflate(grid: Grid, radius: float = PERFORMER_RADIUS) -> Grid:
    """Block every cell whose centre is closer than ``radius`` to a blocked cell or a wall.

    A free cell of the result is where the performer (a disc of ``radius``) can
    stand with its centre on the cell centre without touching anything.
    """
    offsets = _disc_offsets(radius, grid.resolution)
    reach = int(np.abs(offsets).max())
    nx, nz = grid.blocked.shape
    # Outside the room counts as blocked, so walls push the performer in too.
    padded = np.ones((nx + 2 * reach, nz + 2 * reach), dtype=bool)
    padded[reach:reach + nx, reach:reach + nz] = grid.blocked
    inflated = np.zeros_like(grid.blocked)
    for di, dj in offsets:
        inflated |= padded[reach + di:reach + di + nx, reach + dj:reach + dj + nz]
    return Grid(inflated, grid.origin, grid.resolution)

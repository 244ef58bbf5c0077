"""Drawing a field of dangerous cells that stands in the performer's way (``docs/mcs_facts.md`` 11.2).

The field covers a rectangle of floor cells between the platform's row and the
ball's row, a row clear of each, and across the straight way from one to the
other. It is made as the evaluation scenes' fields are: straight walls of cells
across its whole width (rows) or depth (columns), each with a few gaps, then
scattered cells. A field is kept only if a safe walk
from the platform to the ball exists, the walk is longer than the straight way
and at least ``min_detour`` steps longer than in the same room without the field,
and the straight way is cut; otherwise the sample is drawn again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.floor_field import Cell, FloorField, body_crosses, cell_of, open_distance, walkable_reach
from scenegen.plugin.values import below

#: Free rows kept between the field and the platform's row, and between the field and the ball's row.
CLEAR_ROWS = 1


@dataclass(frozen=True)
class FieldShape:
    """What one sample's field is drawn from: its rectangle's size, its walls and its scatter."""

    width: int
    depth: int
    rows: int
    columns: int
    gaps: int
    scatter: float


@dataclass(frozen=True)
class Field:
    """A drawn field: its cells (walls first, then scattered cells, each row by row) and the walk it leaves."""

    cells: tuple[Cell, ...]
    walk_length: int
    open_length: int


def field_band(start_z: float, goal_z: float) -> tuple[int, int]:
    """The first and last rows (z) a field may take between the platform and the ball."""
    return cell_of(0.0, start_z)[1] + CLEAR_ROWS + 1, cell_of(0.0, goal_z)[1] - CLEAR_ROWS - 1


def draw_field(rng: np.random.Generator, shape: FieldShape, room: tuple[float, float],
               start: tuple[float, float], goal: tuple[float, float], min_detour: int) -> Field | None:
    """A field across the straight way from ``start`` to ``goal`` (``room``: width, depth), or None when the one
    drawn fails the promise: a safe walk, longer than the straight way and at least ``min_detour`` steps longer
    than in the open room, with the straight way cut."""
    width, depth = room
    first_row, last_row = field_band(start[1], goal[1])
    half_width = math.floor(width / 2)  # cells centred on a side wall exist, as in the evaluation scenes
    front = first_row + below(rng, last_row - first_row + 2 - shape.depth)
    left = _left_column(rng, shape, front, start, goal, half_width)
    cells = _cells(rng, shape, left, front, walkable_reach(width))
    start_cell, goal_cell = cell_of(*start), cell_of(*goal)
    open_length = open_distance(start_cell, goal_cell)
    walk = FloorField(width, depth, cells).distance(start_cell, goal_cell)
    if (walk is None or walk - open_length < min_detour or walk <= math.dist(start, goal)
            or not body_crosses(start, goal, cells)):
        return None
    return Field(tuple(map(tuple, cells.tolist())), walk, open_length)


def _left_column(rng: np.random.Generator, shape: FieldShape, front: int, start: tuple[float, float],
                 goal: tuple[float, float], half_width: int) -> int:
    """The field's leftmost column: drawn among those that put the straight way's crossing of the field's middle
    row inside the field (all of them when the field is too narrow to hold it anywhere)."""
    lowest, highest = -half_width, half_width + 1 - shape.width
    middle = front + (shape.depth - 1) / 2
    crossing = round(start[0] + (goal[0] - start[0]) * (middle - start[1]) / (goal[1] - start[1]))
    low, high = max(lowest, crossing - shape.width + 1), min(highest, crossing)
    if low > high:
        low, high = lowest, highest
    return low + below(rng, high - low + 1)


def _cells(rng: np.random.Generator, shape: FieldShape, left: int, front: int, reach_x: int) -> np.ndarray:
    """One draw of the field's cells, as an (n, 2) array of (x, z): walls, then scattered cells."""
    walls = np.zeros((shape.depth, shape.width), dtype=bool)
    gaps = np.zeros_like(walls)
    rows = rng.permutation(shape.depth)[:shape.rows]
    columns = rng.permutation(shape.width)[:shape.columns]
    walls[rows, :] = True
    walls[:, columns] = True
    # A row's gaps are cells the performer can stand on: never one centred on a side wall.
    standable = np.flatnonzero(np.abs(left + np.arange(shape.width)) <= reach_x)
    if len(rows) and shape.gaps:
        picks = np.argsort(rng.random((len(rows), len(standable))), axis=1)[:, :shape.gaps]
        gaps[rows[:, None], standable[picks]] = True
    if len(columns) and shape.gaps:
        picks = np.argsort(rng.random((len(columns), shape.depth)), axis=1)[:, :shape.gaps]
        gaps[picks, columns[:, None]] = True
    walls &= ~gaps
    scattered = (rng.random(walls.shape) < shape.scatter) & ~walls & ~gaps
    z_walls, x_walls = np.nonzero(walls)
    z_scattered, x_scattered = np.nonzero(scattered)
    xs = np.concatenate([x_walls, x_scattered]) + left
    zs = np.concatenate([z_walls, z_scattered]) + front
    return np.stack([xs, zs], axis=1)

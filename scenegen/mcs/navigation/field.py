"""Drawing a field of dangerous cells that stands in the performer's way (``docs/mcs_facts.md`` 11.2, 11.5).

The field covers a rectangle of floor cells between the platform's row and the
ball's row, a row clear of each. It is built in one of the evaluation's layouts
(:data:`LAYOUTS`), then scattered cells are added, and the field is brought to an
exact number of cells when the config asks for one:

- ``walls``: straight walls of cells across its whole width (rows) or depth
  (columns), each with a few gaps;
- ``enclosure``: a closed rectangle of cells a cell or two inside the field's
  edges, with a cross wall through it across the field's whole width;
- ``rows``: rows of cells every other row from a spine column to the side wall
  away from the platform, and a few rows from the other side wall to the spine,
  each row with a few gaps; it spans the room's whole width.

The rectangle stands across the straight way from the platform to the ball, or
against the left or right wall, or centred (:data:`SIDES`). A field is kept only
if a safe walk from the platform to the ball exists, at least ``min_detour`` steps
longer than in the same room without the field, and longer than the straight way
if the field cuts it; a field drawn across the straight way must cut it. Otherwise
the sample is drawn again.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.floor_field import Cell, FloorField, body_crosses, cell_of, open_distance, walkable_reach
from scenegen.plugin.values import below

#: Free rows kept between the field and the platform's row, and between the field and the ball's row.
CLEAR_ROWS = 1
#: How a field is built (see the module's docstring).
LAYOUTS = ("walls", "enclosure", "rows")
#: Where a field's rectangle stands across the room: straddling the straight way, or against a side wall, or centred.
SIDES = ("across", "left", "centre", "right")
#: The least width and depth of an enclosure: a ring a cell inside the edges around at least a cell each side of its
#: cross wall.
ENCLOSURE_LEAST = 5
#: The farthest an enclosure's ring stands inside the field's edges, in cells (the evaluation's stand 1 to 3 inside).
ENCLOSURE_INSET = 2

#: A layout's grids over the field's rectangle (rows along z, columns along x): its walls, and its gaps (cells kept
#: free of scattered cells).
Grids = tuple[np.ndarray, np.ndarray]


@dataclass(frozen=True)
class FieldShape:
    """What one sample's field is drawn from: its layout and side, its rectangle's size (walls, enclosure), its
    walls (``rows`` across and ``columns`` along; the rows layout's ``rows`` beyond its ``spine`` column and
    ``near_rows`` before it), their ``gaps`` (``near_gaps`` in the rows before the spine), its scatter and its
    exact cell count (0: none asked)."""

    layout: str
    side: str
    width: int
    depth: int
    rows: int
    columns: int
    near_rows: int
    spine: int
    gaps: int
    near_gaps: int
    scatter: float
    cells: int

    def extent(self, half_width: int) -> tuple[int, int]:
        """The field's rectangle (width, depth) in a room whose outermost cells are ``half_width`` from the centre:
        the rows layout spans the room's width and, a row every other row, twice its rows less one."""
        if self.layout == "rows":
            return 2 * half_width + 1, 2 * self.rows - 1
        return self.width, self.depth


@dataclass(frozen=True)
class Field:
    """A drawn field: its cells (walls first, then scattered cells, each row by row), the walk it leaves, and
    whether it cuts the straight way."""

    cells: tuple[Cell, ...]
    walk_length: int
    open_length: int
    straight_way_cut: bool


def field_band(start_z: float, goal_z: float) -> tuple[int, int]:
    """The first and last rows (z) a field may take between the platform and the ball."""
    return cell_of(0.0, start_z)[1] + CLEAR_ROWS + 1, cell_of(0.0, goal_z)[1] - CLEAR_ROWS - 1


def draw_field(rng: np.random.Generator, shape: FieldShape, room: tuple[float, float],
               start: tuple[float, float], goal: tuple[float, float], min_detour: int) -> Field | None:
    """A field between ``start`` and ``goal`` (``room``: width, depth), or None when the one drawn is empty or fails
    the promise: a safe walk, at least ``min_detour`` steps longer than in the open room and longer than the straight
    way if the field cuts it, which a field drawn across it must."""
    width, depth = room
    first_row, last_row = field_band(start[1], goal[1])
    half_width = math.floor(width / 2)  # cells centred on a side wall exist, as in the evaluation scenes
    field_width, field_depth = shape.extent(half_width)
    front = first_row + below(rng, last_row - first_row + 2 - field_depth)
    left = _left_column(rng, shape.side, (field_width, field_depth), front, start, goal, half_width)
    # A wall's gaps are cells the performer can stand on: never one centred on a side wall.
    standable = np.flatnonzero(np.abs(left + np.arange(field_width)) <= walkable_reach(width))
    walls, gaps = BUILDERS[shape.layout](rng, shape, (field_depth, field_width), standable, cell_of(*start)[0] - left)
    walls &= ~gaps
    scattered = (rng.random(walls.shape) < shape.scatter) & ~walls & ~gaps
    if shape.cells:
        _bring_to_count(rng, walls, scattered, gaps, shape.cells)
    cells = _listed(walls, scattered, left, front)
    if not len(cells):
        return None
    start_cell, goal_cell = cell_of(*start), cell_of(*goal)
    open_length = open_distance(start_cell, goal_cell)
    walk = FloorField(width, depth, cells).distance(start_cell, goal_cell)
    if walk is None or walk - open_length < min_detour:
        return None
    cut = body_crosses(start, goal, cells)  # after the walk: most fields drawn again fail it, and it costs more
    if (cut and walk <= math.dist(start, goal)) or (shape.side == "across" and not cut):
        return None
    return Field(tuple(map(tuple, cells.tolist())), walk, open_length, cut)


def _left_column(rng: np.random.Generator, side: str, extent: tuple[int, int], front: int,
                 start: tuple[float, float], goal: tuple[float, float], half_width: int) -> int:
    """The field's leftmost column: against a side wall, centred, or (across) drawn among those that put the
    straight way's crossing of the field's middle row inside the field (all of them when the field is too narrow
    to hold it anywhere)."""
    field_width, field_depth = extent
    lowest, highest = -half_width, half_width + 1 - field_width
    if side != "across":
        return {"left": lowest, "centre": -(field_width // 2), "right": highest}[side]
    middle = front + (field_depth - 1) / 2
    crossing = round(start[0] + (goal[0] - start[0]) * (middle - start[1]) / (goal[1] - start[1]))
    low, high = max(lowest, crossing - field_width + 1), min(highest, crossing)
    if low > high:
        low, high = lowest, highest
    return low + below(rng, high - low + 1)


def _walls_layout(rng: np.random.Generator, shape: FieldShape, size: tuple[int, int], standable: np.ndarray,
                  _start_column: int) -> Grids:
    """Walls of cells across the field's whole width (rows) and depth (columns), each with gaps: (walls, gaps)."""
    walls = np.zeros(size, dtype=bool)
    gaps = np.zeros_like(walls)
    rows = rng.permutation(size[0])[:shape.rows]
    columns = rng.permutation(size[1])[:shape.columns]
    walls[rows, :] = True
    walls[:, columns] = True
    _cut_gaps(rng, gaps, rows, standable, shape.gaps)
    _cut_gaps(rng, gaps.T, columns, np.arange(size[0]), shape.gaps)
    return walls, gaps


def _enclosure_layout(rng: np.random.Generator, _shape: FieldShape, size: tuple[int, int], _standable: np.ndarray,
                      _start_column: int) -> Grids:
    """A closed rectangle of cells, each side 1 to :data:`ENCLOSURE_INSET` cells inside the field's edge, and a
    cross wall through it across the field's whole width: (walls, no gaps)."""
    depth, width = size
    walls = np.zeros(size, dtype=bool)
    room_for = np.array([depth, depth, width, width]) - 3
    front, back, left, right = np.minimum(1 + (rng.random(4) * ENCLOSURE_INSET).astype(int), room_for // 2)
    last_row, last_column = depth - 1 - back, width - 1 - right
    walls[[front, last_row], left:last_column + 1] = True
    walls[front:last_row + 1, [left, last_column]] = True
    walls[front + 1 + below(rng, last_row - front - 1), :] = True
    return walls, np.zeros_like(walls)


def _rows_layout(rng: np.random.Generator, shape: FieldShape, size: tuple[int, int], standable: np.ndarray,
                 start_column: int) -> Grids:
    """A spine column at ``shape.spine`` (x) along the field's depth; every other row, a row of cells from it to
    the side wall away from the platform; ``near_rows`` rows, every other row, from the other side wall to it;
    each row with gaps (``near_gaps`` before the spine: none seals that side off): (walls, gaps). The field's
    leftmost column is the room's (x = -half its width)."""
    depth, width = size
    spine = shape.spine + width // 2
    walls = np.zeros(size, dtype=bool)
    gaps = np.zeros_like(walls)
    beyond = np.arange(spine + 1, width) if start_column <= spine else np.arange(spine)
    before = np.setdiff1d(np.arange(width), np.append(beyond, spine))
    far_rows = np.arange(0, depth, 2)
    near_rows = below(rng, depth - 2 * shape.near_rows + 2) + 2 * np.arange(shape.near_rows)
    walls[:, spine] = True
    walls[far_rows[:, None], beyond] = True
    walls[near_rows[:, None], before] = True
    _cut_gaps(rng, gaps, far_rows, np.intersect1d(beyond, standable), shape.gaps)
    _cut_gaps(rng, gaps, near_rows, np.intersect1d(before, standable), shape.near_gaps)
    return walls, gaps


BUILDERS: dict[str, Callable[[np.random.Generator, FieldShape, tuple[int, int], np.ndarray, int], Grids]] = {
    "walls": _walls_layout, "enclosure": _enclosure_layout, "rows": _rows_layout}


def _cut_gaps(rng: np.random.Generator, gaps: np.ndarray, lines: np.ndarray, places: np.ndarray, count: int) -> None:
    """Mark ``count`` gaps among ``places`` (indices along a line) in each of ``lines`` (rows of ``gaps``)."""
    if len(lines) and len(places) and count:
        picks = np.argsort(rng.random((len(lines), len(places))), axis=1)[:, :count]
        gaps[lines[:, None], places[picks]] = True


def _bring_to_count(rng: np.random.Generator, walls: np.ndarray, scattered: np.ndarray, gaps: np.ndarray,
                    count: int) -> None:
    """Scatter more cells (never on a gap), or take scattered cells and then wall cells away, until the field
    holds ``count`` cells (as many as its free cells allow)."""
    missing = count - int(walls.sum() + scattered.sum())
    if missing > 0:
        free = np.flatnonzero(~(walls | scattered | gaps))
        scattered.flat[rng.permutation(free)[:missing]] = True
    elif missing < 0:
        # The grids never share a cell, so one flat index clears the cell from whichever holds it.
        taken = np.concatenate([rng.permutation(np.flatnonzero(scattered)),
                                rng.permutation(np.flatnonzero(walls))])[:-missing]
        scattered.flat[taken] = False
        walls.flat[taken] = False


def _listed(walls: np.ndarray, scattered: np.ndarray, left: int, front: int) -> np.ndarray:
    """The cells of the field's grids as an (n, 2) array of (x, z): walls, then scattered cells, row by row."""
    z_walls, x_walls = np.nonzero(walls)
    z_scattered, x_scattered = np.nonzero(scattered)
    xs = np.concatenate([x_walls, x_scattered]) + left
    zs = np.concatenate([z_walls, z_scattered]) + front
    return np.stack([xs, zs], axis=1)

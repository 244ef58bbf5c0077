"""Where an Instrumental Action scene's agent, objects and wall cells stand, in grid cells.

The agent's start cell and the two object cells are drawn uniformly among the triples whose objects stand
``reach`` metres from the agent and no two of the three touch, even at a corner. The wall cells are as many as
the preferred object has neighbouring cells on the grid (two in a corner, three on an edge, four elsewhere). In
the familiarisation trials they stand on drawn cells away from the preferred object, leaving both objects
reachable. In the test trial they are moved:

- ``blocking``: onto every neighbouring cell of the preferred object, which walls it off (its corners touch, so
  no footprint slips between two of them), the other object staying reachable;
- ``inconsequential``: onto all of those cells but one (drawn among those nearest the agent), the last one
  next to the other object, both objects staying reachable;
- ``none``: there are no wall cells.

"Reachable" is a breadth-first search over the grid's four-connected cells, the wall cells and the other object's
cell closed: the model the replay holds the label to (docs/fidelity/instrumental_action.md).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.grid import Cell, CellGrid
from scenegen.mcs.gridworld.layout import CELL

#: How often a scene's wall cells are drawn again before its places are given up (lay_out then draws anew).
WALL_DRAWS = 20


@dataclass(frozen=True)
class Places:
    """One scene's cells: the agent's start, the two objects', and the wall cells before and in the test."""

    home: Cell
    preferred: Cell
    other: Cell
    before: tuple[Cell, ...]
    after: tuple[Cell, ...]
    #: Whether the test's wall cells wall the preferred object off.
    walled_off: bool = False


def neighbours(size: int, cell: Cell) -> tuple[Cell, ...]:
    """The cells of the grid sharing an edge with ``cell``."""
    col, row = cell
    near = ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1))
    return tuple((c, r) for c, r in near if 0 <= c < size and 0 <= r < size)


def reachable(grid: CellGrid, start: Cell, target: Cell, closed: Sequence[Cell]) -> bool:
    """Whether a four-connected walk of open cells leads from ``start`` to ``target``."""
    free = (grid.interior & ~grid.mask(closed)) | grid.bit(target)
    return bool(grid.reachable(grid.bit(start), free) & grid.bit(target))


@functools.cache
def grid_of(size: int) -> CellGrid:
    return CellGrid(size)


@functools.cache
def place_table(size: int, nearest: float, farthest: float) -> np.ndarray:
    """Every (agent col, row, preferred col, row, other col, row) whose objects stand ``nearest`` to ``farthest``
    metres from the agent (centre to centre) and no two of which touch, even at a corner."""
    cols, rows = np.divmod(np.arange(size * size), size)
    apart = np.hypot(cols[:, None] - cols[None, :], rows[:, None] - rows[None, :]) * CELL
    clear = np.maximum(np.abs(cols[:, None] - cols[None, :]), np.abs(rows[:, None] - rows[None, :])) >= 2
    near = clear & (apart >= nearest - 1e-9) & (apart <= farthest + 1e-9)
    home, preferred, other = np.nonzero(near[:, :, None] & near[:, None, :] & clear[None, :, :])
    return np.stack([cols[home], rows[home], cols[preferred], rows[preferred], cols[other], rows[other]], axis=1)


def draw_places(size: int, reach: tuple[float, float], kind: str, rng: np.random.Generator) -> Places | None:
    """A scene's places for a test trial of ``kind``; None when the drawn ones leave no wall cells that fit."""
    table = place_table(size, *reach)
    row = table[int(rng.integers(len(table)))]
    home, preferred, other = ((int(row[k]), int(row[k + 1])) for k in (0, 2, 4))
    if kind == "none":
        return Places(home, preferred, other, (), ())
    grid, ring = grid_of(size), neighbours(size, preferred)
    taken = {home, preferred, other}
    for _ in range(WALL_DRAWS):
        before = _drawn(size, taken | set(ring), len(ring), rng)
        after = ring if kind == "blocking" else _with_gap(size, ring, (home, other), taken, rng)
        if (_opens(grid, home, other, preferred, before, True) and
                _opens(grid, home, other, preferred, after, kind != "blocking")):
            return Places(home, preferred, other, before, after, kind == "blocking")
    return None


def _opens(grid: CellGrid, home: Cell, other: Cell, preferred: Cell, walls: tuple[Cell, ...],
           to_preferred: bool) -> bool:
    """Whether the other object is reachable among ``walls``, and the preferred one is as ``to_preferred`` says."""
    return (reachable(grid, home, other, (*walls, preferred))
            and reachable(grid, home, preferred, (*walls, other)) == to_preferred)


def _with_gap(size: int, ring: tuple[Cell, ...], places: tuple[Cell, Cell], taken: set[Cell],
              rng: np.random.Generator) -> tuple[Cell, ...]:
    """The preferred object's neighbouring cells but one, and one more cell next to the other object. The gap is
    drawn among the cells nearest the agent's start (``places``: its cell and the other object's) and the last
    cell among the other object's free neighbours: walls round the preferred object alone would make the walk to
    it the longer of the two test walks in most inconsequential scenes, a cue to the expected file."""
    home, other = places
    distances = [abs(col - home[0]) + abs(row - home[1]) for col, row in ring]
    nearest = [k for k, distance in enumerate(distances) if distance == min(distances)]
    gap = nearest[int(rng.integers(len(nearest)))]
    beside = [cell for cell in neighbours(size, other) if cell not in taken and cell not in ring]
    last = (beside[int(rng.integers(len(beside)))],) if beside else _drawn(size, taken | set(ring), 1, rng)
    return (*ring[:gap], *ring[gap + 1:], *last)


def _drawn(size: int, taken: set[Cell], count: int, rng: np.random.Generator) -> tuple[Cell, ...]:
    """``count`` distinct cells drawn uniformly among those not ``taken``."""
    free = [(col, row) for row in range(size) for col in range(size) if (col, row) not in taken]
    picked = rng.choice(len(free), size=count, replace=False)
    return tuple(free[int(k)] for k in picked)

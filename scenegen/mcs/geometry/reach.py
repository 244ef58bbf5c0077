"""Can the performer walk from its start to a goal?  A 4-connected flood fill on a grid.

The fill is vectorised by runs: along a row, every cell of a maximal stretch of
free cells is reached as soon as one of them is, so alternating whole-row and
whole-column sweeps converge in about as many sweeps as the path has turns,
each sweep a handful of array operations over the grid.
"""

from __future__ import annotations

import numpy as np

from scenegen.mcs.geometry.grid import Grid, Point


def _spread_along_rows(reached: np.ndarray, free: np.ndarray) -> np.ndarray:
    """Extend ``reached`` to the whole of every free run (along axis 1) that it touches."""
    rows, cols = free.shape
    # A blocked separator column keeps runs from wrapping onto the next row.
    padded = np.zeros((rows, cols + 1), dtype=bool)
    padded[:, :cols] = free
    flat = padded.ravel()
    starts = flat.copy()
    starts[1:] &= ~flat[:-1]
    run = np.cumsum(starts)  # run number of each free cell (1-based)
    seeded = np.zeros(run[-1] + 1, dtype=bool)
    seeded[run.reshape(rows, cols + 1)[:, :cols][reached & free]] = True
    return (flat & seeded[run]).reshape(rows, cols + 1)[:, :cols]


def flood(free: np.ndarray, seeds: np.ndarray) -> np.ndarray:
    """Cells of ``free`` 4-connected (through free cells) to a free seed cell."""
    reached = seeds & free
    while True:
        grown = _spread_along_rows(reached, free)
        grown = _spread_along_rows(grown.T, free.T).T
        if np.array_equal(grown, reached):
            return reached
        reached = grown


def _seed(shape: tuple[int, ...], cell: tuple[int, int]) -> np.ndarray:
    seeds = np.zeros(shape, dtype=bool)
    seeds[cell] = True
    return seeds


def _four_neighbours(cells: np.ndarray) -> np.ndarray:
    """Cells sharing an edge with a marked cell."""
    near = np.zeros_like(cells)
    near[1:, :] |= cells[:-1, :]
    near[:-1, :] |= cells[1:, :]
    near[:, 1:] |= cells[:, :-1]
    near[:, :-1] |= cells[:, 1:]
    return near


def _nearest_free(blocked: np.ndarray, goal: tuple[int, int]) -> np.ndarray:
    """Free cells nearest a blocked goal cell, in 4-connected steps through blocked cells.

    Grows the goal's blocked neighbourhood one ring at a time and stops at the
    first ring with free cells beside it: where the performer would stand to get
    next to the goal.  Empty when the goal's blocked region touches no free cell.
    """
    region = _seed(blocked.shape, goal)
    while True:
        ring = _four_neighbours(region)
        beside = ring & ~blocked
        if beside.any():
            return beside
        grown = region | ring  # the ring is all blocked here
        if np.array_equal(grown, region):
            return beside
        region = grown


def reachable(grid: Grid, start_xz: Point, goal_xz: Point) -> bool:
    """Can the performer walk (4-connected, free cells only) from ``start_xz`` to ``goal_xz``?

    Pass an inflated grid (:func:`~.grid.inflate`) so that free means "the performer
    fits here".  A free goal cell must be walked to.  A blocked goal cell (a point
    on an obstacle, or too close to one to stand on) counts as reached when the
    walk gets to one of the free cells nearest to it, counting 4-connected steps
    through blocked cells: the performer can come up to the goal from its nearest
    open side.  To ask "can the performer get to this tool", leave the tool out of
    the obstacles or give a goal on it; other obstacles touching the tool do not
    make it count as reached from their far side.
    Raises ValueError when the start cell is blocked or a point is outside the grid.
    """
    free = ~grid.blocked
    start, goal = grid.cell_of(start_xz), grid.cell_of(goal_xz)
    if not free[start]:
        raise ValueError(f"the performer cannot stand at its start {tuple(start_xz)}: the cell is blocked")
    walked = flood(free, _seed(free.shape, start))
    if free[goal]:
        return bool(walked[goal])
    return bool((walked & _nearest_free(grid.blocked, goal)).any())

"""Lava as the real scenes write it: integer (x, z) floor cells, each the 1 x 1 m square centred on it.

A pool is a rectangle of cells less its lava-free islands (the cell or square the
ball sits on); the real scenes list a pool's cells column by column (x outer, z inner).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

import numpy as np

Cell = tuple[int, int]


@lru_cache(maxsize=4096)
def pool_cells(low: Cell, high: Cell, islands: frozenset[Cell] = frozenset()) -> tuple[Cell, ...]:
    """The cells from ``low`` to ``high`` (both included) but the ``islands``, x outer as the real scenes list them."""
    # Pools repeat across samples: a run draws from a few thousand layouts at most.
    return tuple((x, z) for x in range(low[0], high[0] + 1) for z in range(low[1], high[1] + 1)
                 if (x, z) not in islands)


def square_island(centre: Cell, side: int) -> frozenset[Cell]:
    """The cells of a ``side`` x ``side`` island (``side`` odd) around ``centre``."""
    half = side // 2
    return frozenset((centre[0] + i, centre[1] + j) for i in range(-half, half + 1) for j in range(-half, half + 1))


def cell_bounds(cells: Iterable[Cell] | np.ndarray) -> np.ndarray:
    """``[xmin, zmin, xmax, zmax]`` (N, 4) of each cell's square."""
    centres = np.asarray(list(cells) if not isinstance(cells, np.ndarray) else cells, dtype=float).reshape(-1, 2)
    return np.concatenate([centres - 0.5, centres + 0.5], axis=1)

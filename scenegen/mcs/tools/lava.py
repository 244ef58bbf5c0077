"""Lava as the real scenes write it: integer (x, z) floor cells, each the 1 x 1 m square centred on it.

A pool is a rectangle of cells less its lava-free islands (the cell or square the
ball sits on); the real scenes list a pool's cells column by column (x outer, z inner).
An :class:`IslandPool` is the pool a rectangular tool pushes the ball out of.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scenegen.mcs.tools.layout import bounds_to_world

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


@dataclass(frozen=True)
class IslandPool:
    """Lava round a square island the ball sits on, in cells, in the lane frame of the push that gets the ball out
    (the ball at the origin, the push along +v): ``near`` cells before the island (the tool's side), ``far`` past
    it, ``side`` either side of it. A tool pushed along +v from the near edge drives the ball out over the far edge
    when it is at least as long as the lava and island it spans (``docs/mcs_facts.md`` 6.2, 10.3)."""

    island: int
    near: int
    far: int
    side: int

    @property
    def half_island(self) -> int:
        return self.island // 2

    @property
    def span(self) -> int:
        """Metres of lava and island a tool pushed along +v must cover."""
        return self.near + self.island + self.far

    @property
    def near_edge(self) -> float:
        """v of the pool's edge facing the tool (and the performer)."""
        return -(self.half_island + self.near) - 0.5

    @property
    def far_edge(self) -> float:
        return self.half_island + self.far + 0.5

    @property
    def side_edge(self) -> float:
        """|u| of the pool's edges beside the island."""
        return self.half_island + self.side + 0.5

    def lane_bounds(self) -> tuple[float, float, float, float]:
        """The pool's (u0, v0, u1, v1)."""
        return -self.side_edge, self.near_edge, self.side_edge, self.far_edge

    def cells(self, ball: Cell, direction: str) -> tuple[Cell, ...]:
        """The pool's cells round a ball at cell ``ball`` pushed out along ``direction``, listed as the real scenes
        list them."""
        low_u, low_v, high_u, high_v = (round(edge + sign * 0.5)
                                        for edge, sign in zip(self.lane_bounds(), (1, 1, -1, -1), strict=True))
        (x0, z0, x1, z1) = (round(value) for value in bounds_to_world((low_u, low_v, high_u, high_v), direction))
        return pool_cells((ball[0] + x0, ball[1] + z0), (ball[0] + x1, ball[1] + z1), square_island(ball, self.island))

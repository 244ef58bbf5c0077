"""Geometry of one side of a Tool Choice room: the lava pool around the ball.

Lava cells are MCS floor cells: integer (x, z), each the 1 x 1 m square centred on
it. The pool is a rectangle of cells with a lava-free square island at the ball.
A tool lying straight in front of the pool, pushed along +z, drives the ball out
over the far edge when it is at least as long as the lava and island it spans
(``docs/mcs_facts.md`` 6.2: tool length = near lava + island + far lava).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scenegen.mcs.tools.kinds import RECT_LENGTHS as RECT_TOOL_LENGTHS
from scenegen.mcs.tools.lava import pool_cells, square_island

#: Free floor kept between the pool (or a tool) and a wall or the platform, so the performer can pass.
WALKWAY = 1.0
PLATFORM_HALF_WIDTH = 0.5
#: The soccer balls' scale (``docs/mcs_facts.md`` 6.1).
BALL_SCALE = 2.0


@dataclass(frozen=True)
class Pool:
    """A lava pool around a ball at integer cell (ball_x, ball_z)."""

    ball_x: int
    ball_z: int
    island: int
    near: int
    far: int
    side: int

    @property
    def half_island(self) -> int:
        return self.island // 2

    @property
    def span(self) -> int:
        """Metres of lava and island a tool pushed along +z must cover."""
        return self.near + self.island + self.far

    @property
    def near_edge(self) -> float:
        """z of the pool's edge facing the performer."""
        return self.ball_z - self.half_island - self.near - 0.5

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The lava cells, row by row (x outer loop, as the evaluation scenes list them)."""
        return _cells(self)

    def mirrored(self) -> Pool:
        """The same pool on the other side of the platform."""
        return Pool(-self.ball_x, self.ball_z, self.island, self.near, self.far, self.side)


@lru_cache(maxsize=4096)
def _cells(pool: Pool) -> tuple[tuple[int, int], ...]:
    # Pools repeat across samples: a run draws from a few thousand layouts at most.
    reach_x = pool.half_island + pool.side
    low = (pool.ball_x - reach_x, pool.ball_z - pool.half_island - pool.near)
    high = (pool.ball_x + reach_x, pool.ball_z + pool.half_island + pool.far)
    return pool_cells(low, high, square_island((pool.ball_x, pool.ball_z), pool.island))


def both_pools_cells(pool: Pool) -> tuple[tuple[int, int], ...]:
    """The lava of ``pool`` and its mirror, right side first, each row by row, as the evaluation scenes list it."""
    right, left = (pool, pool.mirrored()) if pool.ball_x > 0 else (pool.mirrored(), pool)
    return right.cells() + left.cells()


def useful_lengths(span: int) -> tuple[int, ...]:
    """Tool lengths long enough to push a ball across ``span`` metres of lava and island."""
    return tuple(length for length in RECT_TOOL_LENGTHS if length >= span)

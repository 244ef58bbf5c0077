"""Geometry of one side of a Tool Choice room: the lava pool around the ball.

Lava cells are MCS floor cells: integer (x, z), each the 1 x 1 m square centred on
it. The pool is a rectangle of cells with a lava-free square island at the ball
(:class:`scenegen.mcs.tools.lava.IslandPool`). A tool lying straight in front of
the pool, pushed along +z, drives the ball out over the far edge when it is at
least as long as the lava and island it spans (``docs/mcs_facts.md`` 6.2: tool
length = near lava + island + far lava).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scenegen.mcs.tools.kinds import RECT_LENGTHS as RECT_TOOL_LENGTHS
from scenegen.mcs.tools.lava import IslandPool

PLATFORM_HALF_WIDTH = 0.5


@dataclass(frozen=True)
class Pool:
    """A lava pool (``lava``, seen along its push: +z, away from the performer) round a ball at integer cell
    (ball_x, ball_z)."""

    ball_x: int
    ball_z: int
    lava: IslandPool

    @property
    def span(self) -> int:
        """Metres of lava and island a tool pushed along +z must cover."""
        return self.lava.span

    @property
    def near_edge(self) -> float:
        """z of the pool's edge facing the performer."""
        return self.ball_z + self.lava.near_edge

    def cells(self) -> tuple[tuple[int, int], ...]:
        """The lava cells, row by row (x outer loop, as the evaluation scenes list them)."""
        return _cells(self)

    def mirrored(self) -> Pool:
        """The same pool on the other side of the platform."""
        return Pool(-self.ball_x, self.ball_z, self.lava)


@lru_cache(maxsize=4096)
def _cells(pool: Pool) -> tuple[tuple[int, int], ...]:
    # Pools repeat across samples: a run draws from a few thousand layouts at most.
    return pool.lava.cells((pool.ball_x, pool.ball_z), "+z")


def both_pools_cells(pool: Pool) -> tuple[tuple[int, int], ...]:
    """The lava of ``pool`` and its mirror, right side first, each row by row, as the evaluation scenes list it."""
    right, left = (pool, pool.mirrored()) if pool.ball_x > 0 else (pool.mirrored(), pool)
    return right.cells() + left.cells()


def useful_lengths(span: int) -> tuple[int, ...]:
    """Tool lengths long enough to push a ball across ``span`` metres of lava and island."""
    return tuple(length for length in RECT_TOOL_LENGTHS if length >= span)

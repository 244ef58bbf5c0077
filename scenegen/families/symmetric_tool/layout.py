"""Where a Symmetric Tool scene's pool, tool and guide rails lie, in the lane frame of the push.

The lane frame puts the ball at the origin with the push along +v (see
:mod:`scenegen.mcs.tools.layout`). The pool is a rectangle of 1 m cells around a
square island; a tool pushed along +v from the pool's near edge drives the ball
out over the far edge when it is at least as long as the lava and island it spans
(``docs/mcs_facts.md`` 10.3). Guide rails, as in the evaluation scene, run either
side of an aligned tool from its near end to the ball.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scenegen.mcs.objects import SOCCER_BALL_SIZE

#: The target's scale, and so its radius (``docs/mcs_facts.md`` 10.2).
BALL_SCALE = 2.0
BALL_RADIUS = SOCCER_BALL_SIZE * BALL_SCALE / 2
#: Free floor kept around the pool and behind the tool, so the performer walks round and pushes from behind.
WALKWAY = 1.0
#: Room kept round a turned tool's disc, so that rounding its pose to centimetres never makes it touch the lava.
TURN_MARGIN = 0.05
#: Guide rails (``docs/mcs_facts.md`` 10.3): 0.2 m thick, 0.3 m high, 0.1 m clear of the tool either side.
RAIL_THICKNESS = 0.2
RAIL_HEIGHT = 0.3
RAIL_CLEARANCE = 0.1
#: Space kept between the sideways line of an offset tool and the ball.
BALL_CLEARANCE = 0.05


@dataclass(frozen=True)
class Pool:
    """Lava around an island, in cells: ``near`` before it (the tool's side), ``far`` past it, ``side`` beside it."""

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
        return -(self.half_island + self.near) - 0.5

    @property
    def far_edge(self) -> float:
        return self.half_island + self.far + 0.5

    @property
    def side_edge(self) -> float:
        return self.half_island + self.side + 0.5

    def lane_bounds(self) -> tuple[float, float, float, float]:
        """The pool's (u0, v0, u1, v1)."""
        return -self.side_edge, self.near_edge, self.side_edge, self.far_edge


@dataclass(frozen=True)
class ToolPlace:
    """The tool in the lane frame: centre (u, v), turn from the pushing line (degrees), and its extent's half
    sizes (across, along): its box, or the disc it turns in."""

    u: float
    v: float
    turn: float
    half_across: float
    half_along: float

    def lane_bounds(self) -> tuple[float, float, float, float]:
        return self.u - self.half_across, self.v - self.half_along, self.u + self.half_across, self.v + self.half_along


def turning_radius(width: float, length: float) -> float:
    """Radius of the disc a ``width`` x ``length`` tool sweeps turning about its centre."""
    return math.hypot(width, length) / 2


def aligned(pool: Pool, width: float, length: float, gap: float, offset: float, side: int) -> ToolPlace:
    """In the pushing line, far end ``gap`` before the lava, ``offset`` (a share of the largest square offset)
    to the ``side`` (+1 or -1)."""
    u = round(side * offset * max(0.0, width / 2 - 0.05), 2)
    return ToolPlace(u, _before(pool.near_edge - gap - length / 2), 0.0, width / 2, length / 2)


def offset(pool: Pool, width: float, length: float, gap: float, shift: float, side: int) -> ToolPlace:
    """Along the pushing line but ``shift`` sideways of it (at least clear of the ball's line)."""
    u = side * round(max(shift, width / 2 + BALL_RADIUS + BALL_CLEARANCE), 2)
    return ToolPlace(u, _before(pool.near_edge - gap - length / 2), 0.0, width / 2, length / 2)


def offset_rotated(pool: Pool, width: float, length: float, shift: float, turn: float, side: int) -> ToolPlace:
    """``shift`` sideways of the pushing line, turned by ``turn``, the disc it turns in wholly before the lava."""
    radius = turning_radius(width, length) + TURN_MARGIN
    return ToolPlace(side * round(shift, 2), _before(pool.near_edge - radius), turn, radius, radius)


def _before(v: float) -> float:
    """``v`` written to centimetres, rounded away from the pool (toward -v) so that rounding never nears it."""
    return math.floor(v * 100 + 1e-9) / 100


def rails(tool: ToolPlace, width: float, length: float) -> list[tuple[float, float, float]]:
    """(u, v centre, length) of the two guide rails of an aligned tool: from its near end to the ball's centre,
    or short of the ball where the tool's offset brings a rail within the ball's reach."""
    inner = width / 2 + RAIL_CLEARANCE
    start = tool.v - length / 2
    end = 0.0 if inner - abs(tool.u) >= BALL_RADIUS + BALL_CLEARANCE else -(BALL_RADIUS + BALL_CLEARANCE)
    rail_u = inner + RAIL_THICKNESS / 2
    return [(round(tool.u + side * rail_u, 2), round((start + end) / 2, 3), round(end - start, 3))
            for side in (1, -1)]


def layout_bounds(pool: Pool, tool: ToolPlace) -> tuple[float, float, float, float]:
    """Lane bounds of the pool and the tool with a walkway round both: the performer walks round the pool, steps
    beside and behind the tool to slide and push it, and picks the ball up past the far edge."""
    pool_low_u, pool_low_v, pool_high_u, pool_high_v = pool.lane_bounds()
    tool_low_u, tool_low_v, tool_high_u, tool_high_v = tool.lane_bounds()
    return (min(pool_low_u, tool_low_u) - WALKWAY, min(pool_low_v, tool_low_v) - WALKWAY,
            max(pool_high_u, tool_high_u) + WALKWAY, max(pool_high_v, tool_high_v) + WALKWAY)

"""Where a Symmetric Tool scene's pool, tool and guide rails lie, in the lane frame of the push.

The lane frame puts the ball at the origin with the push along +v (see
:mod:`scenegen.mcs.tools.layout`). The pool is a rectangle of 1 m cells around a
square island (:class:`scenegen.mcs.tools.lava.IslandPool`); a tool pushed along
+v from the pool's near edge drives the ball out over the far edge when it is at
least as long as the lava and island it spans (``docs/mcs_facts.md`` 10.3).
Guide rails, as in the evaluation scene, run either side of an aligned tool from
its near end to the ball.
"""

from __future__ import annotations

from dataclasses import dataclass

from scenegen.mcs.objects import TARGET_BALL_RADIUS
from scenegen.mcs.tools.lava import IslandPool
from scenegen.mcs.tools.layout import (
    TURN_MARGIN,
    WALKWAY,
    centimetres_before,
    largest_square_offset,
    turning_radius,
)

#: Guide rails (``docs/mcs_facts.md`` 10.3): 0.2 m thick, 0.3 m high, 0.1 m clear of the tool either side.
RAIL_THICKNESS = 0.2
RAIL_HEIGHT = 0.3
RAIL_CLEARANCE = 0.1
#: Space kept between the sideways line of an offset tool and the ball.
BALL_CLEARANCE = 0.05


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


def aligned(pool: IslandPool, width: float, length: float, gap: float, offset: float, side: int) -> ToolPlace:
    """In the pushing line, far end ``gap`` before the lava, ``offset`` (a share of the largest square offset)
    to the ``side`` (+1 or -1)."""
    u = round(side * offset * largest_square_offset(width), 2)
    return ToolPlace(u, centimetres_before(pool.near_edge - gap - length / 2), 0.0, width / 2, length / 2)


def offset(pool: IslandPool, width: float, length: float, gap: float, shift: float, side: int) -> ToolPlace:
    """Along the pushing line but ``shift`` sideways of it (at least clear of the ball's line)."""
    u = side * round(max(shift, width / 2 + TARGET_BALL_RADIUS + BALL_CLEARANCE), 2)
    return ToolPlace(u, centimetres_before(pool.near_edge - gap - length / 2), 0.0, width / 2, length / 2)


def offset_rotated(pool: IslandPool, width: float, length: float, shift: float, turn: float, side: int) -> ToolPlace:
    """``shift`` sideways of the pushing line, turned by ``turn``, the disc it turns in wholly before the lava."""
    radius = turning_radius(width, length) + TURN_MARGIN
    return ToolPlace(side * round(shift, 2), centimetres_before(pool.near_edge - radius), turn, radius, radius)


def rails(tool: ToolPlace, width: float, length: float) -> list[tuple[float, float, float]]:
    """(u, v centre, length) of the two guide rails of an aligned tool: from its near end to the ball's centre,
    or short of the ball where the tool's offset brings a rail within the ball's reach."""
    inner = width / 2 + RAIL_CLEARANCE
    start = tool.v - length / 2
    reach = TARGET_BALL_RADIUS + BALL_CLEARANCE
    end = 0.0 if inner - abs(tool.u) >= reach else -reach
    rail_u = inner + RAIL_THICKNESS / 2
    return [(round(tool.u + side * rail_u, 2), round((start + end) / 2, 3), round(end - start, 3))
            for side in (1, -1)]


def layout_bounds(pool: IslandPool, tool: ToolPlace) -> tuple[float, float, float, float]:
    """Lane bounds of the pool and the tool with a walkway round both: the performer walks round the pool, steps
    beside and behind the tool to slide and push it, and picks the ball up past the far edge."""
    pool_low_u, pool_low_v, pool_high_u, pool_high_v = pool.lane_bounds()
    tool_low_u, tool_low_v, tool_high_u, tool_high_v = tool.lane_bounds()
    return (min(pool_low_u, tool_low_u) - WALKWAY, min(pool_low_v, tool_low_v) - WALKWAY,
            max(pool_high_u, tool_high_u) + WALKWAY, max(pool_high_v, tool_high_v) + WALKWAY)

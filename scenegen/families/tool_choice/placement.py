"""Where a tool lies in front of its pool: in the pushing line, or moved (and turned) off it.

In the evaluation the useful tool lies aligned in about 70% of scenes; in the rest
it lies 5 to 9 m sideways of its ball, sometimes turned 45 degrees, and must be
moved and turned before the push (``docs/mcs_facts.md`` 6.3, 6.4), and it lies toward
the platform. A moved tool lies a walkway from the platform and the side wall, in
front of its pool by the whole disc it sweeps turning about its centre, and that
disc is free either where it lies or once the tool is slid, unturned, to its
ball's x: a tool too near the platform to turn is slid out first, then turned.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.families.tool_choice.layout import PLATFORM_HALF_WIDTH, Pool
from scenegen.mcs.model import Vec3
from scenegen.mcs.tools.layout import TURN_MARGIN, WALKWAY, largest_square_offset, turning_radius


@dataclass(frozen=True)
class ToolPose:
    """A tool's centre on the floor and its rotation about y, in degrees."""

    x: float
    z: float
    rotation: float

    def mirrored(self) -> ToolPose:
        """The same pose on the other side of the platform."""
        return ToolPose(-self.x, self.z, (360.0 - self.rotation) % 360.0)


def aligned_pose(pool: Pool, width: float, length: float, gap: float, offset: float,
                 rng: np.random.Generator) -> ToolPose:
    """Along +z in front of the ball, its far end ``gap`` from the lava's near edge, moved sideways (either way)
    by ``offset`` times the largest offset that keeps the ball's centre inside its face, so the push is square."""
    sideways = offset * largest_square_offset(width) * (1 if rng.random() < 0.5 else -1)
    return ToolPose(round(pool.ball_x + sideways, 3), round(pool.near_edge - gap - length / 2, 3), 0.0)


def turning_strip(room: Vec3, width: float, length: float) -> tuple[float, float]:
    """(nearest, farthest) |x| of a tool's centre where its turning disc keeps a walkway from the platform and
    the wall."""
    return _strip(room, turning_radius(width, length))


def lying_strip(room: Vec3, width: float, length: float, rotation: float) -> tuple[float, float]:
    """(nearest, farthest) |x| of the centre of a tool turned ``rotation`` degrees where it keeps a walkway from
    the platform and the wall."""
    radians = math.radians(rotation)
    return _strip(room, (width * abs(math.cos(radians)) + length * abs(math.sin(radians))) / 2)


def _strip(room: Vec3, reach: float) -> tuple[float, float]:
    reach += TURN_MARGIN
    return PLATFORM_HALF_WIDTH + WALKWAY + reach, room[0] / 2 - WALKWAY / 2 - reach


def tool_pose(placement: str, pool: Pool, room: Vec3, width: float, length: float, drawn: Mapping[str, Any],
              rng: np.random.Generator) -> ToolPose:
    """The pose of a tool placed as ``placement`` says, from the ``tool.gap``, ``tool.offset``, ``tool.shift``,
    ``tool.shift_direction`` and ``tool.turn`` in ``drawn`` (see the parameters)."""
    if placement == "aligned":
        return aligned_pose(pool, width, length, drawn["tool.gap"], drawn["tool.offset"], rng)
    rotation = float(drawn["tool.turn"]) % 360.0 if placement == "offset_rotated" else 0.0
    nearest, farthest = lying_strip(room, width, length, rotation)
    turn_nearest, turn_farthest = turning_strip(room, width, length)
    if not turn_nearest <= abs(pool.ball_x) <= turn_farthest:  # no room to turn in line: it turns where it lies
        nearest, farthest = max(nearest, turn_nearest), min(farthest, turn_farthest)
    distance = _moved_distance(abs(pool.ball_x), drawn["tool.shift"], drawn["tool.shift_direction"], nearest,
                               farthest)
    # In front of the pool by the whole turning disc, so no turn reaches the lava.
    z = pool.near_edge - turning_radius(width, length) - TURN_MARGIN
    return ToolPose(math.copysign(round(distance, 2), pool.ball_x), math.floor(z * 100) / 100, rotation)


def _moved_distance(ball_distance: float, shift: float, direction: str, nearest: float, farthest: float) -> float:
    """|x| of a tool moved ``shift`` toward or away from the platform, ``direction`` first: where that does not fit
    within [nearest, farthest], as far that way as the floor allows; only where the floor allows no move that way,
    the other way (as far as it allows)."""
    sign = -1.0 if direction == "toward" else 1.0
    # Clipping, not turning round: a shift a few centimetres too long for the walkway (a 9 m tool 1 m wide turned
    # 45 degrees and moved 9 m toward the platform) still goes the way drawn (docs/mcs_facts.md, "Tool tasks:
    # the development half").
    for way in (sign, -sign):
        distance = min(max(ball_distance + way * shift, nearest), farthest)
        if (distance - ball_distance) * way > 0:
            return distance
    return min(max(ball_distance - sign * shift, nearest), farthest)

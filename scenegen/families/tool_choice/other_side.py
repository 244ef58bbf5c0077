"""What the side without a useful tool holds: nothing, a too-short tool, a broken
tool, or a useful-length tool cut off from its pool by a low wall.

Each builder takes the other side's pool and returns the tools and walls to add.
Scattered objects are placed by the geometry solver, with a small margin so that
rounding poses to centimetres and whole degrees can never create an overlap.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ...geometry import InRect, circumradius, place_one, scatter, shape
from ...geometry.shapes import Boxes
from ...mcs.objects import object_id, object_ids, rect_tool, rect_tool_type, structure_cube
from ...model import SceneObject, Vec3
from .layout import PLATFORM_HALF_WIDTH, WALKWAY, Pool

WALL_MATERIAL = "Custom/Materials/White"
WALL_HEIGHT = 0.25
WALL_THICKNESS = 0.1
#: Floor kept free between a pool's near edge and the tool in front of it when a wall stands there.
WALL_CLEARANCE = 0.6
PLACEMENT_MARGIN = 0.05
#: How far to either side of its ball a scattered tool may lie.
SCATTER_HALF_WIDTH = 2.0


@dataclass(frozen=True)
class OtherSide:
    tools: list[SceneObject] = field(default_factory=list)
    walls: list[SceneObject] = field(default_factory=list)


Builder = Callable[[Pool, Vec3, float, int, str, Mapping[str, Any], np.random.Generator], OtherSide]


def no_tool(pool: Pool, room: Vec3, width: float, length: int, material: str, drawn: Mapping[str, Any],
            rng: np.random.Generator) -> OtherSide:
    return OtherSide()


def too_short(pool: Pool, room: Vec3, width: float, length: int, material: str, drawn: Mapping[str, Any],
              rng: np.random.Generator) -> OtherSide:
    """A tool lying where a useful one would, far end at the lava, but shorter than the lava it must span."""
    short = drawn["tool.too_short_length"]
    tool = rect_tool(object_id(rng, "tool_"), width, short, pool.ball_x, pool.near_edge - short / 2, 0.0, material)
    return OtherSide(tools=[tool])


def broken(pool: Pool, room: Vec3, width: float, length: int, material: str, drawn: Mapping[str, Any],
           rng: np.random.Generator) -> OtherSide:
    """A tool in 1 m pieces, scattered at random rotations where the whole tool would lie."""
    # Centres keep a piece's circumradius (grown by the margin) inside the floor in front of the pool, clear
    # of the platform and the walkways, so every rotation fits; scatter keeps the pieces apart.
    piece = shape(rect_tool_type(width, 1))
    reach = circumradius(piece, PLACEMENT_MARGIN)
    sign = 1 if pool.ball_x > 0 else -1
    inner, outer = sorted((sign * (PLATFORM_HALF_WIDTH + WALKWAY / 2 + reach),
                           sign * (room[0] / 2 - WALKWAY / 2 - reach)))
    front = max(-room[2] / 2 + WALKWAY / 2 + reach, pool.near_edge - length - 1.0)
    low = (max(inner, pool.ball_x - SCATTER_HALF_WIDTH), front)
    high = (min(outer, pool.ball_x + SCATTER_HALF_WIDTH), pool.near_edge - reach)
    pieces = scatter(drawn["tool.broken_pieces"], piece, low, high, rng,
                     margin=PLACEMENT_MARGIN, name="broken tool piece")
    keys = object_ids(rng, len(pieces.angle))
    tools = [rect_tool(f"tool_{key}", width, 1, round(x, 2), round(z, 2), float(round(angle) % 360), material)
             for key, (x, z), angle in zip(keys, pieces.centre.tolist(), pieces.angle.tolist(), strict=True)]
    return OtherSide(tools=tools)


def obstructed(pool: Pool, room: Vec3, width: float, length: int, material: str, drawn: Mapping[str, Any],
               rng: np.random.Generator) -> OtherSide:
    """A useful-length tool in front of the pool, behind a low wall that runs from the platform to the
    room's side wall between the tool and the lava: the tool can never be pushed to the ball."""
    sign = 1 if pool.ball_x > 0 else -1
    half_width, half_depth = room[0] / 2, room[2] / 2
    wall_z = pool.near_edge - WALL_CLEARANCE / 2
    wall_length = half_width - PLATFORM_HALF_WIDTH
    wall = structure_cube(
        object_id(rng, "wall_"), (sign * (PLATFORM_HALF_WIDTH + wall_length / 2), WALL_HEIGHT / 2, wall_z),
        (wall_length, WALL_HEIGHT, WALL_THICKNESS), WALL_MATERIAL,
    )
    # The side's floor between the front wall and the wall, with a walkway at its edges: inside the room,
    # in front of the pool and clear of the platform. Centres are drawn only where the rotated tool
    # (grown by the margin, which absorbs rounding) fits that floor whole, so every candidate is feasible.
    inner, outer = sorted((sign * (PLATFORM_HALF_WIDTH + WALKWAY / 2), sign * (half_width - WALKWAY / 2)))
    near, far = -half_depth + WALKWAY / 2, wall_z - WALL_CLEARANCE / 2
    angle = math.radians(drawn["tool.obstructed_rotation"])
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    reach_x = length / 2 * sin + width / 2 * cos + PLACEMENT_MARGIN
    reach_z = length / 2 * cos + width / 2 * sin + PLACEMENT_MARGIN
    placement = place_one("cut-off tool", shape(rect_tool_type(width, length)),
                          InRect((inner + reach_x, near + reach_z), (outer - reach_x, far - reach_z),
                                 rotation=drawn["tool.obstructed_rotation"]),
                          (), Boxes.empty(), rng, margin=PLACEMENT_MARGIN)
    tool = rect_tool(object_id(rng, "tool_"), width, length, round(placement.centre[0], 2),
                     round(placement.centre[1], 2), float(drawn["tool.obstructed_rotation"]), material)
    return OtherSide(tools=[tool], walls=[wall])


OTHER_SIDE_BUILDERS: dict[str, Builder] = {
    "none": no_tool,
    "too_short": too_short,
    "broken": broken,
    "obstructed": obstructed,
}

"""The Tool Choice family (MCS eval 7, "Tools - Tool Choice").

The performer starts on a platform that bisects the room. Each side holds a soccer
ball on an island in a pool of lava. The correct side holds a rectangular tool
lying straight in front of its pool, long enough that pushing it drives the ball
out of the lava; only that ball is the target. The other side holds no tool, a
tool too short to span the lava, a tool broken into 1 m pieces, or a useful-length
tool cut off from its pool by a low wall.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from ...errors import ConfigError, Problem
from ...family import Family, Sample
from ...mcs.actions import look_around
from ...mcs.frame import retrieval_goal, room_materials
from ...mcs.objects import object_ids, rect_tool, soccer_ball, structure_cube
from ...model import Scene, SceneObject
from ...values import FloatRange, below
from .declaration import DECLARATION
from .layout import (
    PLATFORM_HALF_WIDTH,
    RECT_TOOL_LENGTHS,
    WALKWAY,
    Pool,
    both_pools_cells,
    useful_lengths,
)
from .other_side import OTHER_SIDE_BUILDERS, PLACEMENT_MARGIN, WALL_CLEARANCE, OtherSide

BALL_SCALE = 2.0
DESCRIPTION = "Find and pick up the small light black white rubber ball."
PLATFORM_MATERIAL = "AI2-THOR/Materials/Walls/RedDrywall"

class ToolChoice(Family):
    name = "tool_choice"
    description = "Tool Choice: find the side whose tool can push its ball out of the lava (MCS eval 7)."
    declaration = DECLARATION
    answers = ("correct_side",)
    cues = ("other_side", "useful_tool.type")

    def __init__(self, config: Mapping[str, Any]) -> None:
        super().__init__(config)
        self.last_step = int(config["last_step"])
        self._check_fits()

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        drawn = self.parameters.draw(rng)
        sign = -1 if drawn["correct_side"] == "left" else 1
        pool = Pool(sign * drawn["ball.distance"], drawn["ball.z"], drawn["lava.island"],
                    drawn["lava.near"], drawn["lava.far"], drawn["lava.side"])
        room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
        lengths = useful_lengths(pool.span)
        length = lengths[below(rng, len(lengths))]
        width, material = drawn["tool.width"], drawn["tool.material"]

        target_key, tool_key, platform_key, decoy_key = object_ids(rng, 4)
        target = soccer_ball(target_key, pool.ball_x, pool.ball_z, BALL_SCALE)
        useful = _useful_tool(f"tool_{tool_key}", pool, width, length, drawn, material, rng)
        other = OTHER_SIDE_BUILDERS[drawn["other_side"]](
            pool.mirrored(), room, width, length, material, drawn, rng
        )
        platform = structure_cube(f"platform_{platform_key}", (0.0, 0.5, 0.0), (1.0, 1.0, room[2]),
                                  PLATFORM_MATERIAL, lips=True)
        decoy = soccer_ball(decoy_key, -pool.ball_x, pool.ball_z, BALL_SCALE)
        scene = Scene(
            room=room,
            materials=room_materials(drawn),
            performer_position=(0.0, 1.0, -room[2] / 2 + 0.5),
            objects=[target, useful, *other.tools, platform, *other.walls, decoy],
            goal=retrieval_goal(target.id, DESCRIPTION, self.last_step, look_around()),
            lava=both_pools_cells(pool),
        )
        truth = _truth(drawn, target, useful, other, length)
        return Sample(documents={"": scene}, params=drawn, truth=truth)

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        from .checks import tool_choice_problems  # only checking runs need it: a run's every process starts faster

        return tool_choice_problems(document, truth)

    def _check_fits(self) -> None:
        """Refuse a config whose extreme values cannot fit the room or make no sense."""
        numeric = [param.path for param in DECLARATION.params if param.domain.kind is not object]
        low = {path: self.parameters.low(path) for path in numeric}
        high = {path: self.parameters.high(path) for path in numeric}
        island = high["lava.island"] // 2
        span = high["lava.near"] + high["lava.island"] + high["lava.far"]
        if span > max(RECT_TOOL_LENGTHS):
            _refuse("lava", f"near + island + far can reach {span} m, "
                    f"longer than the longest tool ({max(RECT_TOOL_LENGTHS)} m)")
        shortest_span = low["lava.near"] + low["lava.island"] + low["lava.far"]
        if "too_short" in self.parameters.support("other_side") and high["tool.too_short_length"] >= shortest_span:
            _refuse("tool.too_short_length", f"{high['tool.too_short_length']} m can span the shortest pool "
                    f"({shortest_span} m of lava and island); a too-short tool must be shorter")
        if low["ball.distance"] - island - high["lava.side"] - 0.5 < PLATFORM_HALF_WIDTH + WALKWAY:
            _refuse("ball.distance", f"{low['ball.distance']} puts the lava within {WALKWAY} m of the platform")
        if high["ball.distance"] + island + high["lava.side"] + 0.5 + WALKWAY > low["room.width"] / 2:
            _refuse("room.width", f"{low['room.width']} is too narrow for a ball at distance {high['ball.distance']}")
        if high["ball.z"] + island + high["lava.far"] + 0.5 + WALKWAY > low["room.depth"] / 2:
            _refuse("room.depth", f"{low['room.depth']} leaves no floor behind a pool at z {high['ball.z']}")
        front = low["ball.z"] - island - high["lava.near"] - 0.5 - max(high["tool.gap"], WALL_CLEARANCE)
        if front - max(RECT_TOOL_LENGTHS) - WALKWAY < -low["room.depth"] / 2:
            _refuse("room.depth",
                    f"{low['room.depth']} leaves no room for a tool in front of a pool at z {low['ball.z']}")
        if "obstructed" in self.parameters.support("other_side"):
            self._check_cut_off_tool_fits(low, high, front)

    def _check_cut_off_tool_fits(self, low: Mapping[str, float], high: Mapping[str, float], front: float) -> None:
        """A cut-off tool, at its rotation, must fit the floor between the platform, the side wall and its wall."""
        rotation = self.parameters.values["tool.obstructed_rotation"]
        # A range of rotations may include any angle: take both extents at their worst.
        angles = np.radians([0.0, 90.0] if isinstance(rotation, FloatRange) else rotation.support())
        length, width = max(RECT_TOOL_LENGTHS), high["tool.width"]
        grown = 2 * PLACEMENT_MARGIN
        extent_x = float(np.max(length * np.abs(np.sin(angles)) + width * np.abs(np.cos(angles)))) + grown
        extent_z = float(np.max(length * np.abs(np.cos(angles)) + width * np.abs(np.sin(angles)))) + grown
        floor_width = low["room.width"] / 2 - PLATFORM_HALF_WIDTH - WALKWAY
        floor_depth = front + WALL_CLEARANCE / 2 + low["room.depth"] / 2 - WALKWAY / 2
        if extent_x > floor_width or extent_z > floor_depth:
            _refuse("tool.obstructed_rotation", f"a {length} m tool at rotation {rotation.support()} does not fit "
                    f"the {floor_width:.1f} x {floor_depth:.1f} m of floor in front of its wall")


def _useful_tool(key: str, pool: Pool, width: float, length: int, drawn: Mapping[str, Any], material: str,
                 rng: np.random.Generator) -> SceneObject:
    # Sideways offset keeps the ball's centre inside the tool's face, so the push is square.
    largest_offset = max(0.0, width / 2 - 0.05)
    offset = round(drawn["tool.offset"] * largest_offset * (1 if rng.random() < 0.5 else -1), 3)
    far_end = pool.near_edge - drawn["tool.gap"]
    return rect_tool(key, width, length, pool.ball_x + offset, round(far_end - length / 2, 3), 0.0, material)


def _truth(drawn: Mapping[str, Any], target: SceneObject, useful: SceneObject, other: OtherSide,
           length: int) -> dict[str, Any]:
    return {
        "correct_side": drawn["correct_side"],
        "target_id": target.id,
        "useful_tool": {"id": useful.id, "type": useful.type, "width": drawn["tool.width"], "length": length},
        "other_side": drawn["other_side"],
        "other_tool_ids": [tool.id for tool in other.tools],
        "wall_ids": [wall.id for wall in other.walls],
    }


def _refuse(path: str, message: str) -> None:
    raise ConfigError(path, f"cannot lay out a Tool Choice room: {message}")

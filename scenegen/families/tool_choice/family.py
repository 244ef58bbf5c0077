"""The Tool Choice family (MCS eval 7, "Tools - Tool Choice").

The performer starts on a platform that bisects the room. Each side holds a soccer
ball on an island in a pool of lava. The correct side holds a rectangular tool
long enough that, pushed straight, it drives the ball out of the lava: it lies in
the pushing line, or beside it (and turned), to be moved first; only that ball is
the target. The other side holds no tool, a tool too short to span the lava, a
tool broken into 1 m pieces, a tool far too big lying across the lava, or the
useful tool's twin cut off from the performer by a low wall.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.tool_choice.declaration import DECLARATION
from scenegen.families.tool_choice.layout import (
    PLATFORM_HALF_WIDTH,
    RECT_TOOL_LENGTHS,
    Pool,
    both_pools_cells,
    useful_lengths,
)
from scenegen.families.tool_choice.other_side import (
    ANY_BIG_TOOL_ANGLE,
    OTHER_SIDE_BUILDERS,
    WALL_PREFIX,
    OtherSide,
    Setting,
    big_tool_fits,
    parallel_shift,
)
from scenegen.families.tool_choice.placement import tool_pose, turning_strip
from scenegen.mcs.actions import look_around
from scenegen.mcs.evidence import either, with_id_prefix, without
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.objects import TARGET_BALL_SCALE, rect_tool, soccer_ball, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.tools.evidence import is_tool
from scenegen.mcs.tools.lava import IslandPool
from scenegen.mcs.tools.layout import TURN_MARGIN, WALKWAY, turning_radius
from scenegen.plugin.family import Evidence
from scenegen.plugin.values import below

PLATFORM_MATERIAL = "AI2-THOR/Materials/Walls/RedDrywall"
#: Which side's tool can push its ball out is what the task shows: the tools, and the walls cutting one off.
USABLE_TOOL = Evidence("the tools and the walls (which side's tool can push its ball out)",
                       without(either(is_tool, with_id_prefix(WALL_PREFIX))))

class ToolChoice(McsTask):
    name = "tool_choice"
    description = "Tool Choice: find the side whose tool can push its ball out of the lava (MCS eval 7)."
    makes = ("Tools - Asymmetric Tool Use and Tool Choice",)
    about = ("MCS eval 7 Tool Choice: a platform bisecting the room, a ball in a lava pool on each side; one side's "
             "rectangular tool, once in line (it may lie 5-9 m sideways, turned 45 degrees: `tool.placement`), pushes "
             "its ball out of the lava; the other side holds no tool, a too-short tool, a broken tool, a big tool "
             "across the lava, or a twin of the useful tool walled off from the performer (a wall along the room's "
             "depth or a diagonal one)")
    label_about = ("`correct_side`, `target_id`, the `useful_tool` and its placement, what the `other_side` holds, "
                   "its tools' placement and obstruction, and the tool and wall ids")
    declaration = DECLARATION
    answers = ("correct_side",)
    cues = ("other_side", "useful_tool.type", "useful_tool.placement", "other_tool_placement", "obstruction")
    evidence: ClassVar[Mapping[str, Evidence]] = {"correct_side": USABLE_TOOL}

    lays_out = "a Tool Choice room"
    checks = "scenegen.families.tool_choice.checks:tool_choice_problems"
    ids = 4

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.moved_beside_parallel_walls_only = bool(config["tool"]["moved_beside_parallel_walls_only"])
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> tuple[Pool, int]:
        """The correct side's pool and the useful tool's length."""
        sign = -1 if drawn["correct_side"] == "left" else 1
        pool = Pool(sign * drawn["ball.distance"], drawn["ball.z"],
                    IslandPool(drawn["lava.island"], drawn["lava.near"], drawn["lava.far"], drawn["lava.side"]))
        lengths = useful_lengths(pool.span)
        length = lengths[below(rng, len(lengths))]
        # Recorded as made: the twin and the label read the placement and the move from here.
        if (drawn["other_side"], drawn["tool.obstruction"]) == ("obstructed", "parallel"):
            # Room for the farthest wall the config draws, not this draw's: the room left for the walls then
            # does not depend on either side's draw, and neither wall's distance tells the sides apart.
            _move_beside_parallel_walls(drawn, pool, length, self.parameters.high("tool.wall_distance"))
            return pool, length
        if self.moved_beside_parallel_walls_only:
            drawn["tool.placement"] = "aligned"
        if drawn["other_side"] == "obstructed":
            # A diagonal wall needs the floor between the platform and the twin: a moved pair moves away from it.
            drawn["tool.shift_direction"] = "away"
        return pool, length

    def build(self, drawn: dict[str, Any], layout: tuple[Pool, int], ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        pool, length = layout
        room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
        width, material = drawn["tool.width"], drawn["tool.material"]
        target_key, tool_key, platform_key, decoy_key = ids
        target = soccer_ball(target_key, pool.ball_x, pool.ball_z, TARGET_BALL_SCALE)
        pose = tool_pose(drawn["tool.placement"], pool, room, width, length, drawn, rng)
        if drawn["tool.placement"] != "aligned":  # recorded as made: where the floor is narrow it goes the other way
            drawn["tool.shift_direction"] = "toward" if abs(pose.x) < abs(pool.ball_x) else "away"
        useful = rect_tool(f"tool_{tool_key}", width, length, pose.x, pose.z, pose.rotation, material)
        setting = Setting(pool.mirrored(), room, width, length, material, pose, drawn, self.parameters,
                          bool(self.config["tool"]["too_short_aligned"]),
                          bool(self.config["tool"]["same_wall_distance"]))
        other = OTHER_SIDE_BUILDERS[drawn["other_side"]](setting, rng)
        platform = structure_cube(f"platform_{platform_key}", (0.0, 0.5, 0.0), (1.0, 1.0, room[2]),
                                  PLATFORM_MATERIAL, lips=True)
        decoy = soccer_ball(decoy_key, -pool.ball_x, pool.ball_z, TARGET_BALL_SCALE)
        scene = self.frame(drawn, (0.0, 1.0, -room[2] / 2 + 0.5), _listed(target, useful, other, platform, decoy),
                           target.id, actions=look_around(), lava=both_pools_cells(pool))
        return scene, _truth(drawn, target, useful, other, length)

    @feasibility
    def _extremes_fit(self) -> Iterator[Refusal]:
        """The config's extreme values fit the room and make sense."""
        numeric = [param.path for param in DECLARATION.params if param.domain.kind is not object]
        low = {path: self.parameters.low(path) for path in numeric}
        high = {path: self.parameters.high(path) for path in numeric}
        widest = IslandPool(high["lava.island"], high["lava.near"], high["lava.far"], high["lava.side"])
        if widest.span > max(RECT_TOOL_LENGTHS):
            yield "lava", (f"near + island + far can reach {widest.span} m, "
                           f"longer than the longest tool ({max(RECT_TOOL_LENGTHS)} m)")
        shortest_span = low["lava.near"] + low["lava.island"] + low["lava.far"]
        if "too_short" in self.parameters.support("other_side") and high["tool.too_short_length"] >= shortest_span:
            yield "tool.too_short_length", (f"{high['tool.too_short_length']} m can span the shortest pool "
                                            f"({shortest_span} m of lava and island); a too-short tool must be shorter")
        if low["ball.distance"] - widest.side_edge < PLATFORM_HALF_WIDTH + WALKWAY:
            yield "ball.distance", f"{low['ball.distance']} puts the lava within {WALKWAY} m of the platform"
        if high["ball.distance"] + widest.side_edge + WALKWAY > low["room.width"] / 2:
            yield "room.width", f"{low['room.width']} is too narrow for a ball at distance {high['ball.distance']}"
        if high["ball.z"] + widest.far_edge + WALKWAY > low["room.depth"] / 2:
            yield "room.depth", f"{low['room.depth']} leaves no floor behind a pool at z {high['ball.z']}"
        front = low["ball.z"] + widest.near_edge - high["tool.gap"]
        if front - max(RECT_TOOL_LENGTHS) - WALKWAY < -low["room.depth"] / 2:
            yield "room.depth", f"{low['room.depth']} leaves no room for a tool in front of a pool at z {low['ball.z']}"
        if set(self.parameters.support("tool.placement")) - {"aligned"}:
            yield from self._turning_fits(low, high, widest)
        if "too_big" in self.parameters.support("other_side"):
            room = (low["room.width"], low["room.height"], low["room.depth"])
            if not big_tool_fits(room, high["tool.width"], ANY_BIG_TOOL_ANGLE).any():
                yield "other_side", (f"a {low['room.width']} x {low['room.depth']} m room cannot hold a too-big tool "
                                     "on one side")

    def _turning_fits(self, low: Mapping[str, float], high: Mapping[str, float],
                      widest: IslandPool) -> Iterator[Refusal]:
        """A moved tool's turning disc must fit between the platform and the side wall, in front of its pool."""
        length, width = max(RECT_TOOL_LENGTHS), high["tool.width"]
        nearest, farthest = turning_strip((low["room.width"], 0.0, low["room.depth"]), width, length)
        if nearest > farthest:
            yield "room.width", f"{low['room.width']} leaves no room to turn a {length} m tool beside its pool"
        near_edge = low["ball.z"] + widest.near_edge
        if near_edge - 2 * (turning_radius(width, length) + TURN_MARGIN) < -low["room.depth"] / 2:
            yield "room.depth", (f"{low['room.depth']} leaves no room to turn a {length} m tool in front of a pool "
                                 f"at z {low['ball.z']}")


def _listed(target: SceneObject, useful: SceneObject, other: OtherSide, platform: SceneObject,
            decoy: SceneObject) -> list[SceneObject]:
    """The scene's objects as the evaluation lists them when the target is on the left (all its scenes): the left
    ball, the left side's tools, the right side's, the platform, the walls from left to right, the right ball. By
    side, not by role: listed target first, a scene would give its answer away to a model reading the file in order
    (issue 33: the probe read the side off the first object's x in every scene)."""
    left = _x(target) < 0
    balls = (target, decoy) if left else (decoy, target)
    tools = [useful, *other.tools] if left else [*other.tools, useful]
    return [balls[0], *tools, platform, *sorted(other.walls, key=_x), balls[1]]


def _x(thing: SceneObject) -> float:
    return thing.shows[0].position[0]


def _move_beside_parallel_walls(drawn: dict[str, Any], pool: Pool, length: int, wall: float) -> None:
    """Move the useful tool toward the platform, as in every parallel-wall scene of the evaluation, at least as far
    as puts its twin (moved as far away from the other ball) beyond a wall at ``wall`` (|x|; where the room is too
    narrow for that, any wall past both pools), and no farther than keeps it in the room."""
    if drawn["tool.placement"] == "aligned":
        drawn["tool.placement"] = "offset"
    rotation = float(drawn["tool.turn"]) if drawn["tool.placement"] == "offset_rotated" else 0.0
    drawn["tool.shift_direction"] = "toward"
    room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
    drawn["tool.shift"] = parallel_shift(pool, room, drawn["tool.width"], length, rotation, drawn["tool.shift"],
                                         wall)


def _truth(drawn: Mapping[str, Any], target: SceneObject, useful: SceneObject, other: OtherSide,
           length: int) -> dict[str, Any]:
    return {
        "correct_side": drawn["correct_side"],
        "target_id": target.id,
        "useful_tool": {"id": useful.id, "type": useful.type, "width": drawn["tool.width"], "length": length,
                        "placement": drawn["tool.placement"]},
        "other_side": drawn["other_side"],
        "other_tool_placement": other.placement,
        "obstruction": other.obstruction,
        "other_tool_ids": [tool.id for tool in other.tools],
        "wall_ids": [wall.id for wall in other.walls],
    }


"""The Symmetric Tool family (MCS eval 7, "Tools - Symmetric Tool Use").

A soccer ball sits on an island in a pool of lava in an otherwise free room. A
rectangular tool at least as long as the lava and island it must span, pushed
straight, drives the ball out over the far edge. The tool lies in the pushing
line (between guide rails, or not), or beside it to be slid into it first, or
beside it and turned, to be turned and slid first.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.families.symmetric_tool.declaration import DECLARATION
from scenegen.families.symmetric_tool.layout import (
    RAIL_CLEARANCE,
    RAIL_HEIGHT,
    RAIL_THICKNESS,
    ToolPlace,
    aligned,
    layout_bounds,
    offset,
    offset_rotated,
    rails,
)
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.objects import TARGET_BALL_SCALE, rect_tool, soccer_ball, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.tools.kinds import RECT_LENGTHS
from scenegen.mcs.tools.lava import IslandPool
from scenegen.mcs.tools.layout import along_rotation, ball_cells, bounds_to_world, performer_start, to_world
from scenegen.plugin.values import below

RAIL_MATERIAL = "AI2-THOR/Materials/Wood/WoodGrain_Tan"


class SymmetricTool(McsTask):
    name = "symmetric_tool"
    description = "Symmetric Tool Use: push a rectangular tool so that it drives the ball out of the lava (MCS eval 7)."
    about = ("MCS eval 7 Symmetric Tool Use: a ball on an island in a lava pool in a free room; a rectangular tool at "
             "least as long as the lava it spans, in the pushing line (between guide rails or not) along any of the "
             "four directions, or beside it (and turned) to be slid (and turned) in first")
    label_about = ("`target_id`, the `tool_ids` to use, the `actions` needed (`push`, `rotate`), the `direction` the "
                   "ball comes out, the tool's `placement`, whether there are `guide_rails`, the tool's type and size")
    declaration = DECLARATION
    answers = ("direction",)
    cues = ("placement", "guide_rails")

    lays_out = "a Symmetric Tool room"
    checks = "scenegen.families.symmetric_tool.checks:symmetric_tool_problems"
    ids = 4

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout:
        pool = IslandPool(drawn["lava.island"], drawn["lava.near"], drawn["lava.far"], drawn["lava.side"])
        length = tool_length(pool.span, drawn["tool.extra_length"])
        side = 1 if rng.random() < 0.5 else -1
        tool = _tool_place(drawn["tool.placement"], pool, drawn["tool.width"], length, drawn, side)
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        xs, zs = ball_cells(bounds_to_world(layout_bounds(pool, tool), drawn["direction"]), room)
        return Layout(pool, tool, length, side, (xs[below(rng, len(xs))], zs[below(rng, len(zs))]))

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        direction, placement, width = drawn["direction"], drawn["tool.placement"], drawn["tool.width"]
        pool, tool, length, ball = layout.pool, layout.tool, layout.length, layout.ball
        ball_key, tool_key, *rail_keys = ids
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        target = soccer_ball(ball_key, float(ball[0]), float(ball[1]), TARGET_BALL_SCALE)
        x, z = to_world(tool.u, tool.v, direction)
        rotation = (along_rotation(direction) + tool.turn * layout.side) % 360.0
        tool_object = rect_tool(f"tool_{tool_key}", width, length, round(ball[0] + x, 2), round(ball[1] + z, 2),
                                rotation, drawn["tool.material"])
        with_rails = placement == "aligned" and bool(drawn["tool.guide_rails"])
        rail_objects = _rails(tool, width, length, direction, ball, rail_keys) if with_rails else []
        lava = pool.cells(ball, direction)
        taken = np.array([_shifted(bounds_to_world(bounds, direction), ball) for bounds in (
            pool.lane_bounds(), tool.lane_bounds(), *([_rail_lane(tool, width, length)] if with_rails else []))])
        start = performer_start(room, taken, rng)
        scene = self.frame(drawn, (start[0], 0.0, start[1]), [target, tool_object, *rail_objects], target.id,
                           facing=float(below(rng, 360)), lava=lava)
        truth = {
            "target_id": target.id,
            "tool_ids": [tool_object.id],
            "actions": ["rotate", "push"] if placement == "offset_rotated" else ["push"],
            "direction": direction,
            "placement": placement,
            "guide_rails": with_rails,
            "tool": {"type": tool_object.type, "width": width, "length": length},
        }
        return scene, truth

    @feasibility
    def _longest_tool_spans_lava(self) -> Iterator[Refusal]:
        """The largest pool is no longer than the longest tool."""
        span = self._largest_pool().span
        if span > max(RECT_LENGTHS):
            yield "lava", (f"near + island + far can reach {span} m, longer than the longest tool "
                           f"({max(RECT_LENGTHS)} m)")

    @feasibility
    def _largest_layout_fits_smallest_room(self) -> Iterator[Refusal]:
        """The largest pool, with its tool placed every way and pushed every way, fits the smallest room."""
        high = {path: self.parameters.high(path) for path in ("tool.width", "tool.gap", "tool.shift", "tool.offset")}
        low_room = (self.parameters.low("room.width"), self.parameters.low("room.depth"))
        pool = self._largest_pool()
        length = tool_length(pool.span, self.parameters.high("tool.extra_length"))
        widest = {**high, "tool.turn": 45.0}
        for placement in self.parameters.support("tool.placement"):
            tool = _tool_place(placement, pool, high["tool.width"], length, widest, 1)
            for direction in self.parameters.support("direction"):
                xs, zs = ball_cells(bounds_to_world(layout_bounds(pool, tool), direction), low_room)
                if not len(xs) or not len(zs):
                    yield "room", (f"a {low_room[0]} x {low_room[1]} m room cannot hold the largest pool with an "
                                   f"{placement} tool pushed {direction}")

    def _largest_pool(self) -> IslandPool:
        high = self.parameters.high
        return IslandPool(high("lava.island"), high("lava.near"), high("lava.far"), high("lava.side"))


@dataclass(frozen=True)
class Layout:
    """Where a sample's pool, tool and ball lie: the tool on the ``side`` of the pushing line it was drawn to."""

    pool: IslandPool
    tool: ToolPlace
    length: int
    side: int
    ball: tuple[int, int]


def tool_length(span: int, extra: int) -> int:
    """The shortest tool_rect length at least ``span + extra`` metres (the longest when none is), never shorter
    than ``span``: the tool must push the ball across ``span`` metres of lava and island."""
    return next((length for length in RECT_LENGTHS if length >= span + extra), max(RECT_LENGTHS))


def _tool_place(placement: str, pool: IslandPool, width: float, length: float, drawn: Mapping[str, Any],
                side: int) -> ToolPlace:
    if placement == "aligned":
        return aligned(pool, width, length, drawn["tool.gap"], drawn["tool.offset"], side)
    if placement == "offset":
        return offset(pool, width, length, drawn["tool.gap"], drawn["tool.shift"], side)
    return offset_rotated(pool, width, length, drawn["tool.shift"], float(drawn["tool.turn"]), side)


def _rails(tool: ToolPlace, width: float, length: float, direction: str, ball: tuple[int, int],
           keys: list[str]) -> list[SceneObject]:
    rotation = along_rotation(direction)
    objects = []
    for key, (u, v, rail_length) in zip(keys, rails(tool, width, length), strict=True):
        x, z = to_world(u, v, direction)
        objects.append(structure_cube(f"guide_rail_{key}", (round(ball[0] + x, 3), RAIL_HEIGHT / 2,
                                                            round(ball[1] + z, 3)),
                                      (RAIL_THICKNESS, RAIL_HEIGHT, rail_length), RAIL_MATERIAL, rotation_y=rotation))
    return objects


def _rail_lane(tool: ToolPlace, width: float, length: float) -> tuple[float, float, float, float]:
    """Lane bounds of the rails and the corridor between them, where the performer must not start."""
    reach = width / 2 + RAIL_CLEARANCE + RAIL_THICKNESS
    return tool.u - reach, tool.v - length / 2, tool.u + reach, 0.0


def _shifted(bounds: tuple[float, float, float, float], ball: tuple[int, int]) -> tuple[float, float, float, float]:
    return bounds[0] + ball[0], bounds[1] + ball[1], bounds[2] + ball[0], bounds[3] + ball[1]

"""The Symmetric Tool family (MCS eval 7, "Tools - Symmetric Tool Use").

A soccer ball sits on an island in a pool of lava in an otherwise free room. A
rectangular tool at least as long as the lava and island it must span, pushed
straight, drives the ball out over the far edge. The tool lies in the pushing
line (between guide rails, or not), or beside it to be slid into it first, or
beside it and turned, to be turned and slid first.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

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
from scenegen.mcs.tools.evidence import GUIDE_RAIL_PREFIX, WAY_OUT
from scenegen.mcs.tools.kinds import RECT_LENGTHS
from scenegen.mcs.tools.lanes import TOLERANCE
from scenegen.mcs.tools.lava import IslandPool
from scenegen.mcs.tools.layout import (
    START_CLEARANCE,
    WALKWAY,
    along_rotation,
    ball_cells,
    bounds_to_world,
    performer_start,
    start_is_clear,
    to_world,
)
from scenegen.plugin.family import Evidence
from scenegen.plugin.values import below

RAIL_MATERIAL = "AI2-THOR/Materials/Wood/WoodGrain_Tan"


class SymmetricTool(McsTask):
    name = "symmetric_tool"
    description = "Symmetric Tool Use: push a rectangular tool so that it drives the ball out of the lava (MCS eval 7)."
    makes = ("Tools - Symmetric Tool Use",)
    about = ("MCS eval 7 Symmetric Tool Use: a ball on an island in a lava pool in a free room; a rectangular tool at "
             "least as long as the lava it spans, in the pushing line (between guide rails or not) along any of the "
             "four directions, or beside it (and turned) to be slid (and turned) in first")
    label_about = ("`target_id`, whether the ball lies on open floor (`ball_on_open_floor`: then no tool, no actions "
                   "and no direction), the `tool_ids` to use, the `actions` needed (`push`, `rotate`), the `direction` "
                   "the ball comes out, the tool's `placement`, whether there are `guide_rails`, the tool's type and "
                   "size")
    declaration = DECLARATION
    answers = ("direction",)
    cues = ("placement", "guide_rails")
    evidence: ClassVar[Mapping[str, Evidence]] = {"direction": WAY_OUT}

    lays_out = "a Symmetric Tool room"
    checks = "scenegen.families.symmetric_tool.checks:symmetric_tool_problems"
    ids = 4
    #: Draws redrawn where a fixed ball cell, start or open-floor pool offset does not fit them.
    attempts = 50

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.ball_cell = _fixed(config["ball"]["cell"])
        self.start = _fixed(config["performer"]["start"])
        self.open_floor_offset = _fixed(config["lava"]["open_floor_offset"])
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        """Where the pool, tool, rails and ball lie; None where a fixed ball cell, start or pool offset does not fit
        this draw."""
        pool = IslandPool(drawn["lava.island"], drawn["lava.near"], drawn["lava.far"], drawn["lava.side"])
        length = tool_length(pool.span, drawn["tool.extra_length"])
        side = 1 if rng.random() < 0.5 else -1
        tool = _tool_place(drawn["tool.placement"], pool, drawn["tool.width"], length, drawn, side)
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        direction = drawn["direction"]
        xs, zs = self._ball_cells(pool, tool, room, direction)
        if self.ball_cell is None:
            ball = (xs[below(rng, len(xs))], zs[below(rng, len(zs))])
        elif self.ball_cell[0] in xs and self.ball_cell[1] in zs:
            ball = (int(self.ball_cell[0]), int(self.ball_cell[1]))
        else:
            return None
        rails = drawn["tool.placement"] == "aligned" and bool(drawn["tool.guide_rails"])
        layout = Layout(pool, tool, length, side, ball, (0, 0), rails)
        if drawn["ball.open_floor"]:
            ball_bounds = (ball[0] - 0.5, ball[1] - 0.5, ball[0] + 0.5, ball[1] + 0.5)
            kept = np.array([ball_bounds, *layout.placed(direction)])
            offset = self._pool_offset(layout.pool_bounds(direction), kept, room, rng)
            if offset is None:
                return None
            layout = replace(layout, lava_offset=offset)
        if self.start is not None and not start_is_clear(room, layout.taken(direction), (self.start[0], self.start[1])):
            return None
        return layout

    def _ball_cells(self, pool: IslandPool, tool: ToolPlace, room: tuple[float, float],
                    direction: str) -> tuple[range, range]:
        """The cells the ball may take: where its layout fits whichever way the config lets the ball go out, so that
        where the ball lies in the room does not tell the way (issue 33: a probe read the way off the ball's place,
        near the wall it goes out toward); where the room cannot hold the layout every way from one cell, those
        where it fits going out ``direction``."""
        layout = layout_bounds(pool, tool)
        fits = [ball_cells(bounds_to_world(layout, way), room) for way in self.parameters.support("direction")]
        xs, zs = _shared([xs for xs, _ in fits]), _shared([zs for _, zs in fits])
        return (xs, zs) if xs and zs else ball_cells(bounds_to_world(layout, direction), room)

    def _pool_offset(self, pool: tuple[float, float, float, float], kept: np.ndarray, room: tuple[float, float],
                     rng: np.random.Generator) -> tuple[int, int] | None:
        """Whole cells to move an open-floor scene's pool by: the fixed offset, or one drawn among those that keep
        the pool inside the room and a walkway from the ball, the tool, the rails and the fixed start."""
        half = np.array(room) / 2
        low, high = np.array(pool[:2]), np.array(pool[2:])
        if self.open_floor_offset is not None:
            offsets = np.array([self.open_floor_offset], dtype=float)
        else:
            span = [np.arange(math.ceil(-h - lo), math.floor(h - hi) + 1)
                    for h, lo, hi in zip(half, low, high, strict=True)]
            offsets = np.stack(np.meshgrid(*span, indexing="ij"), axis=-1).reshape(-1, 2).astype(float)
        moved_low, moved_high = low + offsets, high + offsets
        inside = np.all((moved_low >= -half - TOLERANCE) & (moved_high <= half + TOLERANCE), axis=1)
        apart = np.minimum(moved_high[:, None, :] + WALKWAY - kept[None, :, :2],
                           kept[None, :, 2:] + WALKWAY - moved_low[:, None, :]).min(axis=2) <= 0
        fitting = inside & apart.all(axis=1)
        if self.start is not None:
            point = np.array(self.start[:2])
            fitting &= np.any((point < moved_low - START_CLEARANCE) | (point > moved_high + START_CLEARANCE), axis=1)
        choices = offsets[fitting]
        if not len(choices):
            return None
        dx, dz = choices[below(rng, len(choices))]
        return int(dx), int(dz)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        direction, placement, width = drawn["direction"], drawn["tool.placement"], drawn["tool.width"]
        pool, tool, length, ball = layout.pool, layout.tool, layout.length, layout.ball
        ball_key, tool_key, *rail_keys = ids
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        target = soccer_ball(ball_key, float(ball[0]), float(ball[1]), TARGET_BALL_SCALE)
        x, z = to_world(tool.u, tool.v, direction)
        # A rectangular tool looks the same turned half round: written as the evaluation writes it, under 180.
        rotation = (along_rotation(direction) + tool.turn * layout.side) % 180.0
        tool_object = rect_tool(f"tool_{tool_key}", width, length, round(ball[0] + x, 2), round(ball[1] + z, 2),
                                rotation, drawn["tool.material"])
        rail_objects = _rails(tool, width, length, direction, ball, rail_keys) if layout.rails else []
        lava = pool.cells((ball[0] + layout.lava_offset[0], ball[1] + layout.lava_offset[1]), direction)
        if self.start is None:
            start, facing = performer_start(room, layout.taken(direction), rng), float(below(rng, 360))
        else:
            start, facing = (self.start[0], self.start[1]), self.start[2]
        scene = self.frame(drawn, (start[0], 0.0, start[1]), [target, tool_object, *rail_objects], target.id,
                           facing=facing, lava=lava)
        on_foot = bool(drawn["ball.open_floor"])
        truth = {
            "target_id": target.id,
            "ball_on_open_floor": on_foot,
            "tool_ids": [] if on_foot else [tool_object.id],
            "actions": [] if on_foot else ["rotate", "push"] if placement == "offset_rotated" else ["push"],
            "direction": None if on_foot else direction,
            "placement": placement,
            "guide_rails": layout.rails,
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


def _shared(ranges: Sequence[range]) -> range:
    """The cells every one of ``ranges`` holds."""
    return range(max(cells.start for cells in ranges), min(cells.stop for cells in ranges))


@dataclass(frozen=True)
class Layout:
    """Where a sample's pool, tool and ball lie: the tool on the ``side`` of the pushing line it was drawn to, the
    pool moved by ``lava_offset`` cells from round the ball (an open-floor scene), guide rails or not."""

    pool: IslandPool
    tool: ToolPlace
    length: int
    side: int
    ball: tuple[int, int]
    lava_offset: tuple[int, int]
    rails: bool

    def pool_bounds(self, direction: str) -> tuple[float, float, float, float]:
        """The pool's room bounds where it lies."""
        return _shifted(bounds_to_world(self.pool.lane_bounds(), direction),
                        (self.ball[0] + self.lava_offset[0], self.ball[1] + self.lava_offset[1]))

    def placed(self, direction: str) -> list[tuple[float, float, float, float]]:
        """The room bounds of the tool, and of the rails and the corridor between them."""
        lanes = [self.tool.lane_bounds()]
        if self.rails:  # only an aligned tool has rails: its box is its width
            lanes.append(_rail_lane(self.tool, 2 * self.tool.half_across, self.length))
        return [_shifted(bounds_to_world(lane, direction), self.ball) for lane in lanes]

    def taken(self, direction: str) -> np.ndarray:
        """The room bounds (N, 4) the performer must not start in: the pool where it lies, the tool, the rails."""
        return np.array([self.pool_bounds(direction), *self.placed(direction)])


def _fixed(value: Any) -> tuple[float, ...] | None:
    """A fixed setting's numbers (None: drawn)."""
    return None if value is None else tuple(float(item) for item in value)


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
        place = (round(ball[0] + x, 3), RAIL_HEIGHT / 2, round(ball[1] + z, 3))
        objects.append(structure_cube(f"{GUIDE_RAIL_PREFIX}{key}", place, (RAIL_THICKNESS, RAIL_HEIGHT, rail_length),
                                      RAIL_MATERIAL, rotation_y=rotation))
    return objects


def _rail_lane(tool: ToolPlace, width: float, length: float) -> tuple[float, float, float, float]:
    """Lane bounds of the rails and the corridor between them, where the performer must not start."""
    reach = width / 2 + RAIL_CLEARANCE + RAIL_THICKNESS
    return tool.u - reach, tool.v - length / 2, tool.u + reach, 0.0


def _shifted(bounds: tuple[float, float, float, float], ball: tuple[int, int]) -> tuple[float, float, float, float]:
    return bounds[0] + ball[0], bounds[1] + ball[1], bounds[2] + ball[0], bounds[3] + ball[1]

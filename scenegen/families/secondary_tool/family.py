"""The Secondary Tool family (MCS eval 7, "Tools - Secondary Tool Use").

A soccer ball sits in lava filling a corner of the room, out of reach, where no
push can get it out (the lava reaches the corner's walls). An L-shaped tool lies
in a pool of its own, out of reach too. A rectangular tool lies on the floor: it
must push the L tool out of its lava; the L tool, laid with its hook behind the
ball, then pulls the ball out. Or, as in some of the evaluation's scenes, the ball
lies in a ring of lava that a tool alone pushes it out of, or a partial ring the
performer walks round to it: such a scene is labelled with that tool's plan or with
none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

import numpy as np

from scenegen.families.secondary_tool.declaration import DECLARATION
from scenegen.families.secondary_tool.layout import (
    BallPool,
    Bounds,
    HookPool,
    ball_cells,
    ball_pool,
    fits_at,
    fits_somewhere,
    hook_pool,
    placement,
    pull_lane,
    pull_ways,
)
from scenegen.mcs.export import to_document
from scenegen.mcs.model import Scene
from scenegen.mcs.objects import TARGET_BALL_SCALE, hooked_tool, rect_tool, soccer_ball
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.tools.checks import ball_centre, ball_radius, on_foot
from scenegen.mcs.tools.evidence import WAY_OUT_OF_THE_CORNER
from scenegen.mcs.tools.floor import ToolFloor
from scenegen.mcs.tools.hooks import hook_length
from scenegen.mcs.tools.kinds import tool_type
from scenegen.mcs.tools.lava import pool_cells
from scenegen.mcs.tools.layout import (
    START_CLEARANCE,
    WALKWAY,
    along_rotation,
    performer_start,
    start_is_clear,
    to_world,
)
from scenegen.mcs.tools.plans import PULL_GAP, carrying_plans, extracting_plans
from scenegen.plugin.family import Evidence
from scenegen.plugin.values import below


class SecondaryTool(McsTask):
    name = "secondary_tool"
    description = ("Secondary Tool Use: push a hooked tool out of its lava with a rectangular one, then pull the ball "
                   "out with the hooked tool (MCS eval 7).")
    makes = ("Tools - Secondary Tool Use",)
    about = ("MCS eval 7 Secondary Tool Use: a ball in lava filling a room corner, an L-shaped tool in a pool of its "
             "own out of reach, and a rectangular tool on the floor that must push the L tool out before the L tool "
             "pulls the ball out")
    label_about = ("`target_id`, the `ball_layout`, the `tool_ids` in order (rectangular, then L), `actions` (`push`, "
                   "`pull`), the `push_direction`, the ball's way out (`direction`), both tools' types and sizes; in a "
                   "ring of lava the one tool, its actions and way (no `push_direction`), in a partial ring none")
    declaration = DECLARATION
    answers = ("direction",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"direction": WAY_OUT_OF_THE_CORNER}
    cues = ("push_direction", "hook.shape")

    lays_out = "a Secondary Tool room"
    checks = "scenegen.families.secondary_tool.checks:secondary_tool_problems"
    ids = 3

    #: Draws redrawn where a fixed performer start or pool centre leaves the L tool's pool no room.
    attempts = 20

    def __init__(self, config: Mapping[str, Any]) -> None:
        # Kept as written: the evaluation writes its start in integers (docs/mcs_facts.md 10.6).
        self.start = config["performer"]["start"]
        self.hook_centre = config["hook"]["centre"]
        self.rect_places = config["rect"]["places"]
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Placed | None:
        """The pools and tools; None where a fixed start or pool centre leaves the L tool's pool no room (without
        them, never: the feasibility check tried the largest layouts)."""
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        side = 1 if rng.random() < 0.5 else -1
        # The drawn axis of the pull, or the other where the floor the ball is pulled onto leaves the pool no room.
        for axis in dict.fromkeys((drawn["ball.pull"], "z" if drawn["ball.pull"] == "x" else "x")):
            layout = _layout(drawn, room, side, axis)
            if layout is None:
                return None
            taken = layout[4] if self.start is None else [*layout[4], _start_box(self.start)]
            if self.hook_centre is None:
                centre = placement(room, layout[3].cells, layout[3].reserved, taken, rng)
            else:
                fixed = np.array(self.hook_centre, dtype=float)
                centre = fixed if fits_at(fixed, room, layout[3].cells, layout[3].reserved, taken) else None
            if centre is not None:
                return (*layout[:4], centre)
        return None

    def build(self, drawn: Mapping[str, Any], layout: Placed, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]] | None:
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        pool, way, length, hook, centre = layout
        hook_key, rect_key, ball_key = ids
        width, material = drawn["hook.width"], drawn["tool.material"]
        l_tool = hooked_tool(f"tool_{hook_key}", drawn["hook.shape"], width, length, float(centre[0]),
                             float(centre[1]), float(drawn["hook.rotation"]), material)
        push = drawn["rect.push"]
        x, z = to_world(hook.rect_u, hook.rect_v, push)
        turn = drawn["rect.turn"] * (1 if rng.random() < 0.5 else -1)
        pose = (round(float(centre[0] + x), 2), round(float(centre[1] + z), 2),
                float((along_rotation(push) + turn) % 360))
        if self.rect_places:
            x, z, rotation = (float(value) for value in self.rect_places[drawn["rect.place"]])
            pose = (x, z, rotation)
        rect = rect_tool(f"tool_{rect_key}", drawn["rect.width"], hook.rect_length, *pose, material)
        target = soccer_ball(ball_key, float(pool.ball[0]), float(pool.ball[1]), TARGET_BALL_SCALE)
        hook_cells = _hook_cells(hook, centre)
        lava = hook_cells + ball_cells(pool, drawn["ball.layout"], drawn["ball.corner"])
        taken = np.array([pool.bounds(), *(np.array(box) + np.tile(centre, 2) for box in hook.reserved)])
        if self.start is None:
            start, facing = performer_start(room, taken, rng), float(below(rng, 360))
        elif start_is_clear(room, taken, (self.start[0], self.start[1])):
            start, facing = (self.start[0], self.start[1]), self.start[2]
        else:
            return None
        scene = self.frame(drawn, (start[0], 0.0, start[1]), [l_tool, rect, target], target.id, facing=facing,
                           lava=lava)
        plan = {"tool_ids": [rect.id, l_tool.id], "actions": ["rotate", "push", "pull"] if turn else ["push", "pull"],
                "direction": way, "push_direction": push}
        if self.rect_places and drawn["ball.layout"] == "pool":
            freeing = _freeing_push(scene, rect.id, l_tool.id)
            if freeing is None:
                return None
            plan = {**plan, **freeing}
        if drawn["ball.layout"] != "pool":
            direct = _direct_plan(scene, target.id)
            if direct is None:
                return None
            plan = {**direct, "push_direction": None}
        truth = {
            "target_id": target.id,
            "ball_layout": drawn["ball.layout"],
            **plan,
            "hook": {"type": l_tool.type, "shape": drawn["hook.shape"], "width": width, "length": length},
            "rect": {"type": rect.type, "length": hook.rect_length},
        }
        return scene, truth

    @feasibility
    def _place_is_listed(self) -> Iterator[Refusal]:
        """rect.place names one of rect.places, where it lists any."""
        if self.rect_places and self.parameters.high("rect.place") >= len(self.rect_places):
            yield "rect.place", f"rect.places lists {len(self.rect_places)} places, numbered from 0"

    @feasibility
    def _largest_layout_fits_smallest_room(self) -> Iterator[Refusal]:
        """The largest pools and tools fit the smallest room, for any drawn corner and way."""
        drawn: dict[str, Any] = {path: self.parameters.high(path) for path in (
            "hook.width", "hook.extra_length", "hook.margin", "rect.width", "rect.gap", "rect.shift", "rect.turn")}
        room = (float(self.parameters.low("room.width")), float(self.parameters.low("room.depth")))
        # The ball's lava matters both ways: more lava takes more room, less brings the ball nearer the walls.
        pools = [{"ball.before": before, "ball.behind": behind, "ball.wall_gap": gap}
                 for before in {self.parameters.low("ball.before"), self.parameters.high("ball.before")}
                 for behind in {self.parameters.low("ball.behind"), self.parameters.high("ball.behind")}
                 for gap in {self.parameters.low("ball.wall_gap"), self.parameters.high("ball.wall_gap")}]
        for shape, pool in ((shape, pool) for shape in self.parameters.support("hook.shape") for pool in pools):
            for corner in self.parameters.support("ball.corner"):
                for axis in self.parameters.support("ball.pull"):
                    for push in self.parameters.support("rect.push"):
                        for rotation in self.parameters.support("hook.rotation"):
                            combo = {**drawn, **pool, "hook.shape": shape, "ball.corner": corner,
                                     "ball.pull": axis, "rect.push": push, "hook.rotation": rotation}
                            for side in (1, -1):
                                layout = _layout(combo, room, side, axis)
                                if layout is None or not fits_somewhere(room, layout[3].cells, layout[3].reserved,
                                                                        layout[4]):
                                    yield "room", (f"a {room[0]} x {room[1]} m room cannot hold the largest pools "
                                                   f"and tools (ball in the {corner} corner, pushed {push})")


#: A sample's layout: the ball's pool, its way out, the L tool's length, its pool and rectangular tool, and the
#: centre of the L tool's pool.
Placed = tuple[BallPool, str, int, HookPool, np.ndarray]


def _layout(drawn: Mapping[str, Any], room: tuple[float, float], side: int,
            axis: str) -> tuple[BallPool, str, int, HookPool, list[Bounds]] | None:
    """The ball's pool, its way out (along ``axis`` where it can be), the L tool's length, its pool and rectangular
    tool, and the room boxes the L tool's pool must keep clear of; None when no tool fits."""
    before = drawn["ball.before"]
    pool = ball_pool(room, drawn["ball.corner"], before, drawn["ball.behind"], drawn["ball.wall_gap"])
    length = hook_length(before, PULL_GAP, drawn["hook.width"], drawn["hook.extra_length"])
    if length is None:
        return None
    l_type = tool_type(drawn["hook.shape"], drawn["hook.width"], length)
    ways = pull_ways(l_type, pool, room)
    if not ways:
        return None
    # The axis asked, unless the tool laid to pull that way would not fit the room (its long arm toward a wall).
    way = next((way for way in ways if way[1] == axis), ways[0])
    hook = hook_pool(l_type, float(drawn["hook.rotation"]), drawn["hook.margin"], drawn["rect.push"],
                     drawn["rect.width"], drawn["rect.gap"], drawn["rect.shift"], bool(drawn["rect.turn"]), side)
    if hook is None:
        return None
    x0, z0, x1, z1 = pool.bounds()
    taken = [(x0 - WALKWAY, z0 - WALKWAY, x1 + WALKWAY, z1 + WALKWAY), pull_lane(l_type, pool, way, before)]
    return pool, way, length, hook, taken


def _freeing_push(scene: Scene, rect_id: str, hook_id: str) -> dict[str, Any] | None:
    """The actions and way of one of the simplest pushes by which the rectangular tool, where it lies, frees the L
    tool, as the checks find them (a rectangular tool at a fixed place); None where none does."""
    document = to_document(scene, "layout")
    objects = {item["id"]: item for item in document["objects"]}
    plans = carrying_plans(objects[rect_id], objects[hook_id], ToolFloor(document))
    if not plans:
        return None
    return {"actions": [*plans[0].kinds, "pull"], "push_direction": plans[0].final.direction}


def _direct_plan(scene: Scene, target_id: str) -> dict[str, Any] | None:
    """The label of a scene whose ball one tool alone gets out of its ring of lava, or the performer walks up to:
    the tool, actions and way of one of its simplest plans as the checks find them, or no tool; None where
    neither."""
    document = to_document(scene, "layout")
    floor = ToolFloor(document)
    ball = next(item for item in document["objects"] if item["id"] == target_id)
    if on_foot(ball, floor):
        return {"tool_ids": [], "actions": [], "direction": None}
    plans = extracting_plans(document["objects"], ball_centre(ball), ball_radius(ball), floor)
    if not plans:
        return None
    return {"tool_ids": [plans[0].tool_id], "actions": plans[0].kinds, "direction": plans[0].final.direction}


def _start_box(start: list[float]) -> Bounds:
    """The floor a fixed start keeps clear round it."""
    x, z = start[0], start[1]
    return (x - START_CLEARANCE, z - START_CLEARANCE, x + START_CLEARANCE, z + START_CLEARANCE)


def _hook_cells(hook: HookPool, centre: np.ndarray) -> tuple[tuple[int, int], ...]:
    """The cells of the L tool's pool, centred on ``centre``."""
    low = [round(float(c) - (n - 1) / 2) for c, n in zip(centre, hook.cells, strict=True)]
    return pool_cells((low[0], low[1]), (low[0] + hook.cells[0] - 1, low[1] + hook.cells[1] - 1))

"""The Secondary Tool family (MCS eval 7, "Tools - Secondary Tool Use").

A soccer ball sits in lava filling a corner of the room, out of reach, where no
push can get it out (the lava reaches the corner's walls). An L-shaped tool lies
in a pool of its own, out of reach too. A rectangular tool lies on the floor: it
must push the L tool out of its lava; the L tool, laid with its hook behind the
ball, then pulls the ball out.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import numpy as np

from scenegen.families.secondary_tool.declaration import DECLARATION
from scenegen.families.secondary_tool.layout import (
    BallPool,
    Bounds,
    HookPool,
    ball_pool,
    fits_somewhere,
    hook_pool,
    placement,
    pull_lane,
    pull_ways,
)
from scenegen.mcs.model import Scene
from scenegen.mcs.objects import TARGET_BALL_SCALE, hooked_tool, rect_tool, soccer_ball
from scenegen.mcs.task import McsTask, Refusal, feasibility
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
from scenegen.mcs.tools.plans import PULL_GAP
from scenegen.plugin.values import below


class SecondaryTool(McsTask):
    name = "secondary_tool"
    description = ("Secondary Tool Use: push a hooked tool out of its lava with a rectangular one, then pull the ball "
                   "out with the hooked tool (MCS eval 7).")
    makes = ("Tools - Secondary Tool Use",)
    about = ("MCS eval 7 Secondary Tool Use: a ball in lava filling a room corner, an L-shaped tool in a pool of its "
             "own out of reach, and a rectangular tool on the floor that must push the L tool out before the L tool "
             "pulls the ball out")
    label_about = ("`target_id`, the `tool_ids` in order (rectangular, then L), `actions` (`push`, `pull`), the "
                   "`push_direction`, the ball's way out (`direction`), both tools' types and sizes")
    declaration = DECLARATION
    answers = ("direction",)
    cues = ("push_direction", "hook.shape")

    lays_out = "a Secondary Tool room"
    checks = "scenegen.families.secondary_tool.checks:secondary_tool_problems"
    ids = 3

    #: Draws redrawn where a fixed performer start leaves the L tool's pool no room.
    attempts = 20

    def __init__(self, config: Mapping[str, Any]) -> None:
        # Kept as written: the evaluation writes its start in integers (docs/mcs_facts.md 10.6).
        self.start = config["performer"]["start"]
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Placed | None:
        """The pools and tools; None where a fixed start leaves the L tool's pool no room (without one, never: the
        feasibility check tried the largest layouts)."""
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        layout = _layout(drawn, room, 1 if rng.random() < 0.5 else -1)
        if layout is None:
            return None
        taken = layout[4] if self.start is None else [*layout[4], _start_box(self.start)]
        centre = placement(room, layout[3].cells, layout[3].reserved, taken, rng)
        return None if centre is None else (*layout[:4], centre)

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
        rect = rect_tool(f"tool_{rect_key}", drawn["rect.width"], hook.rect_length, round(float(centre[0] + x), 2),
                         round(float(centre[1] + z), 2), float((along_rotation(push) + turn) % 360), material)
        target = soccer_ball(ball_key, float(pool.ball[0]), float(pool.ball[1]), TARGET_BALL_SCALE)
        hook_cells = _hook_cells(hook, centre)
        lava = hook_cells + pool_cells(pool.low, pool.high, frozenset({pool.ball}))
        taken = np.array([pool.bounds(), *(np.array(box) + np.tile(centre, 2) for box in hook.reserved)])
        if self.start is None:
            start, facing = performer_start(room, taken, rng), float(below(rng, 360))
        elif start_is_clear(room, taken, (self.start[0], self.start[1])):
            start, facing = (self.start[0], self.start[1]), self.start[2]
        else:
            return None
        scene = self.frame(drawn, (start[0], 0.0, start[1]), [l_tool, rect, target], target.id, facing=facing,
                           lava=lava)
        truth = {
            "target_id": target.id,
            "tool_ids": [rect.id, l_tool.id],
            "actions": ["rotate", "push", "pull"] if turn else ["push", "pull"],
            "direction": way,
            "push_direction": push,
            "hook": {"type": l_tool.type, "shape": drawn["hook.shape"], "width": width, "length": length},
            "rect": {"type": rect.type, "length": hook.rect_length},
        }
        return scene, truth

    @feasibility
    def _largest_layout_fits_smallest_room(self) -> Iterator[Refusal]:
        """The largest pools and tools fit the smallest room, for any drawn corner and way."""
        drawn: dict[str, Any] = {path: self.parameters.high(path) for path in (
            "hook.width", "hook.extra_length", "hook.margin", "rect.width", "rect.gap", "rect.shift", "rect.turn")}
        room = (float(self.parameters.low("room.width")), float(self.parameters.low("room.depth")))
        # The ball's lava matters both ways: more lava takes more room, less brings the ball nearer the walls.
        pools = [{"ball.before": before, "ball.behind": behind}
                 for before in {self.parameters.low("ball.before"), self.parameters.high("ball.before")}
                 for behind in {self.parameters.low("ball.behind"), self.parameters.high("ball.behind")}]
        for shape, pool in ((shape, pool) for shape in self.parameters.support("hook.shape") for pool in pools):
            for corner in self.parameters.support("ball.corner"):
                for axis in self.parameters.support("ball.pull"):
                    for push in self.parameters.support("rect.push"):
                        for rotation in self.parameters.support("hook.rotation"):
                            combo = {**drawn, **pool, "hook.shape": shape, "ball.corner": corner,
                                     "ball.pull": axis, "rect.push": push, "hook.rotation": rotation}
                            for side in (1, -1):
                                layout = _layout(combo, room, side)
                                if layout is None or not fits_somewhere(room, layout[3].cells, layout[3].reserved,
                                                                        layout[4]):
                                    yield "room", (f"a {room[0]} x {room[1]} m room cannot hold the largest pools "
                                                   f"and tools (ball in the {corner} corner, pushed {push})")


#: A sample's layout: the ball's pool, its way out, the L tool's length, its pool and rectangular tool, and the
#: centre of the L tool's pool.
Placed = tuple[BallPool, str, int, HookPool, np.ndarray]


def _layout(drawn: Mapping[str, Any], room: tuple[float, float],
            side: int) -> tuple[BallPool, str, int, HookPool, list[Bounds]] | None:
    """The ball's pool, its way out, the L tool's length, its pool and rectangular tool, and the room boxes the L
    tool's pool must keep clear of; None when no tool fits."""
    before = drawn["ball.before"]
    pool = ball_pool(room, drawn["ball.corner"], before, drawn["ball.behind"])
    length = hook_length(before, PULL_GAP, drawn["hook.width"], drawn["hook.extra_length"])
    if length is None:
        return None
    l_type = tool_type(drawn["hook.shape"], drawn["hook.width"], length)
    ways = pull_ways(l_type, pool, room)
    if not ways:
        return None
    # The drawn axis, unless the tool laid to pull that way would not fit the room (its long arm toward a wall).
    way = next((way for way in ways if way[1] == drawn["ball.pull"]), ways[0])
    hook = hook_pool(l_type, float(drawn["hook.rotation"]), drawn["hook.margin"], drawn["rect.push"],
                     drawn["rect.width"], drawn["rect.gap"], drawn["rect.shift"], bool(drawn["rect.turn"]), side)
    if hook is None:
        return None
    x0, z0, x1, z1 = pool.bounds()
    taken = [(x0 - WALKWAY, z0 - WALKWAY, x1 + WALKWAY, z1 + WALKWAY), pull_lane(l_type, pool, way, before)]
    return pool, way, length, hook, taken


def _start_box(start: list[float]) -> Bounds:
    """The floor a fixed start keeps clear round it."""
    x, z = start[0], start[1]
    return (x - START_CLEARANCE, z - START_CLEARANCE, x + START_CLEARANCE, z + START_CLEARANCE)


def _hook_cells(hook: HookPool, centre: np.ndarray) -> tuple[tuple[int, int], ...]:
    """The cells of the L tool's pool, centred on ``centre``."""
    low = [round(float(c) - (n - 1) / 2) for c, n in zip(centre, hook.cells, strict=True)]
    return pool_cells((low[0], low[1]), (low[0] + hook.cells[0] - 1, low[1] + hook.cells[1] - 1))

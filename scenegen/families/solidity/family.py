"""The Solidity family (MCS eval 7): a ball let go behind the occluding wall falls onto the platform's extension or
the floor beside the platform; the label is where it comes to rest and the door that leads there.

The model (``docs/fidelity/solidity.md``): a ball let go falls straight down onto whatever lies under it and stays
on that side of the platform, which is taller than it and runs the room's whole depth; the extension's lips keep a
ball on it. Only clear cases are laid out: the ball's whole disc over the extension, or over the floor, with
:data:`MARGIN` to spare from every edge and wall.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.solidity.declaration import DECLARATION
from scenegen.mcs.actions import passes
from scenegen.mcs.doors import (
    GRIP,
    ROOM_HEIGHT,
    WHERE_IT_HANGS,
    DoorWall,
    Phases,
    door_id,
    door_wall,
    holder,
    lips,
    platform,
    wall_refusals,
)
from scenegen.mcs.model import Motion, Scene, SceneObject, Show, Vec3
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.timeline import SPEED
from scenegen.plugin.family import Evidence

#: How far a ball's disc keeps from the edges of what it falls onto (or past) and from the walls.
MARGIN = 0.05
#: The placer's half length and width (a ``cylinder``: its length is twice its scale y).
PLACER_HALF = 2.85
PLACER_WIDTH = 0.09
#: The ball's centre when lowering starts: hanging just under the placer's end, which is at the ceiling.
BALL_START = round(ROOM_HEIGHT - GRIP - TARGET_BALL_RADIUS, 4)
#: How many places a ball is drawn at before the whole sample is drawn again.
TRIES = 50
#: The parameters whose ends and middles the feasibility probe tries.
PROBED = ("ball.floor_gap", "ball.offset", "ball.z")


@dataclass(frozen=True)
class Layout:
    door: str
    #: The ball's place (x, z), where it hangs and falls.
    ball: tuple[float, float]
    release_y: float
    rest_y: float
    #: The extension's centre and size, and the sign of its side (-1 left, 1 right).
    extension: tuple[Vec3, Vec3]
    side: int
    wall: DoorWall
    phases: Phases


class Solidity(McsTask):
    name = "solidity"
    description = "Solidity: find the ball that fell behind the door wall, through one of three doors (MCS eval 7)."
    makes = ("Solidity",)
    about = ("MCS eval 7 Solidity: the performer on a platform the room's whole depth watches a placer lower a "
             "soccer ball over the platform's extension or the floor beside it while a wall with three doors comes "
             "down, then let it go; only the door to where the ball lies leads to it")
    label_about = ("`target_id`, the `door` (`left`, `middle`, `right`) and its `door_id`, what the ball `rests_on` "
                   "(`platform`: the extension, or `floor`), the `side` of the room it lies on, the `extension_side`, "
                   "and where it is let go (`release`) and comes to rest (`rest`)")
    declaration = DECLARATION
    answers = ("door", "side")
    evidence: ClassVar[Mapping[str, Evidence]] = {"door": WHERE_IT_HANGS, "side": WHERE_IT_HANGS}
    cues = ("extension_side",)
    lays_out = "a Solidity room"
    checks = "scenegen.families.solidity.checks:solidity_problems"
    ids = 10
    attempts = 100
    layout_blame = ("ball", f"a ball that would not clear every edge by {MARGIN} m, or the room's wall, is drawn again")

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        half, ledge = float(drawn["platform.width"]) / 2, float(drawn["extension.width"])
        side = -1 if drawn["extension.side"] == "left" else 1
        front, lift = float(drawn["extension.front"]), float(drawn["extension.height"])
        extension = ((round(side * (half + ledge / 2), 4), lift / 2, round((front + depth / 2) / 2, 4)),
                     (ledge, lift, round(depth / 2 - front, 4)))
        door, r = drawn["ball.door"], TARGET_BALL_RADIUS
        x = self._ball_x(drawn, extension[0][0], side, rng)
        z = float(drawn["ball.z"])
        wall = DoorWall(width, 2 * half, float(drawn["platform.height"]), float(drawn["occluder.top"]))
        if x is None or not front + r + MARGIN <= z <= depth / 2 - r - MARGIN or not wall.leaves_open(half + ledge):
            return None
        phases = Phases(drawn["timing.order"] == "ball_first", int(drawn["ball.descent"]))
        return Layout(door, (round(x, 4), round(z, 4)), round(BALL_START - SPEED * phases.descent, 4),
                      round(r + (lift if door == "middle" else 0.0), 4), extension, side, wall, phases)

    def _ball_x(self, drawn: Mapping[str, Any], centre: float, side: int, rng: np.random.Generator) -> float | None:
        """Where along x the ball hangs: ``ball.offset`` off the extension's centre line ``centre`` (outward when
        positive), or over the floor on the door's side ``ball.floor_gap`` out from the platform's or the
        extension's side. An offset that would not keep the ball's disc on the extension, or a gap that would not
        keep it off the room's wall, is drawn again (the door drawn stays, so that redraws favour no door); None
        after :data:`TRIES` draws."""
        r, half, ledge = TARGET_BALL_RADIUS, float(drawn["platform.width"]) / 2, float(drawn["extension.width"])
        if drawn["ball.door"] == "middle":
            path, sign, start, limit = "ball.offset", side, centre, ledge / 2 - r - MARGIN + 1e-9
        else:
            sign = -1 if drawn["ball.door"] == "left" else 1
            path, start = "ball.floor_gap", sign * (half + (ledge if sign == side else 0.0) + r)
            limit = float(drawn["room.width"]) / 2 - r - MARGIN - abs(start)
        value = float(drawn[path])
        for _ in range(TRIES):
            if abs(value) <= limit:
                return start + sign * value
            value = float(self.parameters.values[path].sample(rng))
        return None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        depth, phases = float(drawn["room.depth"]), layout.phases
        x, z = layout.ball
        ball = SceneObject(ids[0], "soccer_ball", [Show((x, BALL_START, z), scale=(TARGET_BALL_SCALE,) * 3)],
                           mass=TARGET_BALL_SCALE, salient_materials=["rubber"], moveable=True, pickupable=True,
                           kinematic=True, moves=(Motion(*phases.load, (0.0, -SPEED, 0.0)),),
                           toggle_physics=(phases.release,))
        walls = door_wall(ids[3:9], layout.wall, phases, drawn["occluder.material"], drawn["occluder.door_material"])
        placer = holder(ids[9], x, z, BALL_START + TARGET_BALL_RADIUS, PLACER_HALF, PLACER_WIDTH, phases)
        objects = [ball, *self._platforms(drawn, layout, ids[1:3]), *walls, placer]
        height = layout.wall.sill
        scene = self.frame(drawn, (0.0, height, round(-depth / 2 + drawn["performer.margin"], 4)), objects, ball.id,
                           actions=passes(phases.passes), height=ROOM_HEIGHT, restrict_open_doors=True)
        rest_side = "left" if (x if layout.door != "middle" else layout.side) < 0 else "right"
        return scene, {
            "target_id": ball.id, "door": layout.door, "door_id": door_id(ids[3:9], layout.door),
            "rests_on": "platform" if layout.door == "middle" else "floor", "side": rest_side,
            "extension_side": drawn["extension.side"],
            "release": {"x": x, "y": layout.release_y, "z": z}, "rest": {"x": x, "y": layout.rest_y, "z": z},
        }

    def _platforms(self, drawn: Mapping[str, Any], layout: Layout, keys: list[str]) -> list[SceneObject]:
        """The platform, rimmed along its far half but where the extension joins it, and the extension, rimmed
        but where it joins the platform."""
        depth, height = float(drawn["room.depth"]), layout.wall.sill
        (centre, size), joined = layout.extension, "left" if layout.side < 0 else "right"
        other = "right" if joined == "left" else "left"
        joins = round((centre[2] - size[2] / 2 + depth / 2) / depth, 4)
        rim = lips(("left", "right"), gaps={joined: [(0, 0.5), (joins, 1.0)], other: [(0, 0.5)]})
        ledge = lips(("front", "back", joined))  # its outer edge, named as the platform's
        material = drawn["platform.material"]
        return [platform(keys[0], (0, height / 2, 0), (float(drawn["platform.width"]), height, depth), material, rim),
                platform(keys[1], centre, size, material, ledge)]

    # --- refusals --------------------------------------------------------------------------

    @feasibility
    def _wall_fits(self) -> Iterator[Refusal]:
        """The occluding wall fits the room, the platform and the performer's start."""
        yield from wall_refusals(self.parameters)

    @feasibility
    def _extension_fits(self) -> Iterator[Refusal]:
        """The extension reaches the back wall, is no higher than the platform, and a ball fits on it and beside it
        (it begins behind the wall: ``extension.front`` is at least 0.1)."""
        low, high, reach = self.parameters.low, self.parameters.high, 2 * (TARGET_BALL_RADIUS + MARGIN)
        if low("room.depth") / 2 - high("extension.front") < reach:
            yield "extension.front", f"the extension must reach {reach} m (a ball and margins) to the back wall"
        if high("extension.height") > low("platform.height"):
            yield "extension.height", "the extension may be no higher than the platform"
        if low("extension.width") < reach:
            yield "extension.width", f"a ball on the extension needs it {reach} m wide"
        if high("platform.width") / 2 + high("extension.width") + reach > low("room.width") / 2:
            yield "extension.width", "a ball on the floor needs room beside the extension"
        wall = DoorWall(high("room.width"), low("platform.width"), 0.0, 0.0)
        if not wall.leaves_open(low("platform.width") / 2 + low("extension.width")):
            yield "extension.width", "the extension reaches into the side door's opening"

    @feasibility
    def _ball_hidden_and_clear(self) -> Iterator[Refusal]:
        """The ball stops above the platform and the extension, below the wall's top."""
        low, high, r = self.parameters.low, self.parameters.high, TARGET_BALL_RADIUS
        if BALL_START - SPEED * high("ball.descent") - r < high("platform.height") + MARGIN - 1e-9:
            yield "ball.descent", "the ball must stop clear above the platform and its extension"
        if BALL_START - SPEED * low("ball.descent") + r > low("occluder.top"):
            yield "ball.descent", "the ball must stop below the occluding wall's top, hidden by it"

    @feasibility
    def _some_layout(self) -> Iterator[Refusal]:
        """Each door drawn has some ball place (at the ends and middles of its ranges) that lays out a scene in the
        roomiest room drawn (the widest and deepest, round the narrowest platform and extension)."""
        low, high, rng = self.parameters.low, self.parameters.high, np.random.default_rng(0)
        drawn = {**self.draw(rng), "room.width": high("room.width"), "room.depth": high("room.depth"),
                 "extension.width": low("extension.width"), "extension.front": low("extension.front"),
                 "platform.width": low("platform.width")}
        for door in self.parameters.values["ball.door"].support():
            for side in self.parameters.values["extension.side"].support():
                tries = [{path: self.parameters.values[path].at(unit) for path in PROBED}
                         for unit in (0.0, 0.5, 0.9999)]
                if all(self.lay_out({**drawn, **values, "ball.door": door, "extension.side": side}, rng) is None
                       for values in tries):
                    yield "ball.floor_gap" if door != "middle" else "ball.offset", (
                        f"no ball drawn over the {door} door's part of the room clears every edge by {MARGIN} m "
                        f"(extension on the {side})")
                    return

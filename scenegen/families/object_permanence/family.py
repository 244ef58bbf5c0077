"""The Object Permanence (interactive) family (MCS eval 7): a ball thrown from a device high on a side wall lands
behind an occluder, on the device's side or, thrown hard, across the platform that splits the room; the label is
the side it ends on (:mod:`scenegen.mcs.launch` states the flight model)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.object_permanence.declaration import DECLARATION
from scenegen.mcs.launch import (
    GRAVITY,
    SLOWEST_FLIGHT,
    THE_THROW,
    THROWER_INSET,
    flight_height,
    highest_rebound,
    landing,
    launch_direction,
    launch_speed,
    launched_ball,
    thrower,
)
from scenegen.mcs.model import NULL, Scene, SceneObject, Show
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: The performer's start height on the 1 m platform, as the evaluation writes it.
PERFORMER_Y = 2.25
#: The platform's, the side walls' and the tall front walls' height; a low front wall's.
WALL_HEIGHT = 1.0
LOW_HEIGHT = 0.25
#: The side walls' thickness along x, the front walls' depth along z.
SIDE_THICKNESS = 0.25
FRONT_DEPTH = 1.0
#: The masses the evaluation writes on its front and side walls (not the structural rule's).
FRONT_MASS = 125
SIDE_MASS = 62
#: The desk_3 standing in for a front wall: 1.5 m wide at scale 1, 0.3 m nearer the performer than the wall would
#: be, and its mass as the evaluation writes it.
DESK_WIDTH = 1.5
DESK_SHIFT = 0.3
DESK_MASS = 19.0002
#: The black step on the platform 2.5 m ahead of the start, 0.25 m high and deep.
STEP_AHEAD = 2.5
STEP_SIZE = 0.25
STEP_MATERIAL = "Custom/Materials/Black"
#: How much lower than its device the ball starts.
BALL_DROP = 0.025
#: How many steps the devices' states run (past the last step, as the evaluation writes them).
DEVICE_STEPS = 2500
#: How far clear (m) of the platform and its walls the model wants a ball, landing or flying over.
MARGIN = 0.1
PROBES = 64
MIN_SHARE = 0.25
SIGN = {"left": -1.0, "right": 1.0}


@dataclass(frozen=True)
class Layout:
    """The throw (device x, ball height, direction's turn and tilt, speed) and where the ball ends up."""

    device_x: float
    height: float
    turn: float
    speed: float
    side: str
    landing: tuple[float, float]
    hits_wall: bool


class ObjectPermanence(McsTask):
    name = "object_permanence"
    description = ("Object Permanence (interactive): a ball thrown from a side wall lands hidden behind an occluder, "
                   "on one side of the platform; jump down on that side (MCS eval 7).")
    makes = ("Object Permanence (Interactive)",)
    about = ("MCS eval 7 Object Permanence (interactive): the performer stands on a platform splitting the room; a "
             "soccer ball is thrown from one of two devices high on the side walls, weakly (it lands on the "
             "device's side) or hard (across the platform), behind one side's occluder (a desk_3, a tall or a low "
             "wall, and a wall beside the platform)")
    label_about = ("`target_id`, `thrower_id`, the `side` the ball ends on (`left`: -x), whether it `crosses` the "
                   "platform, the `landing` x range of its first touch of the floor (slowest and fastest flight), "
                   "whether the fastest `hits_wall` first, and the `occluder` (side wall) it hides behind")
    declaration = DECLARATION
    answers = ("side",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"side": THE_THROW}
    lays_out = "an Object Permanence room"
    checks = "scenegen.families.object_permanence.checks:object_permanence_problems"
    ids = 9
    attempts = 200

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        planned = self._plan(drawn)
        return planned if isinstance(planned, Layout) else None

    def _plan(self, drawn: Mapping[str, Any]) -> Layout | Refusal:
        """The throw and the side it surely ends on, or what leaves the side uncertain under the flight model."""
        width, height = float(drawn["room.width"]), float(drawn["room.height"])
        sign = SIGN[drawn["launch.side"]]
        device_x = sign * (width / 2 - THROWER_INSET)
        turn = 0.0 if sign < 0 else 180.0
        tilt = float(drawn["launch.tilt"])
        rise = launch_direction(turn, tilt)[1]
        start = float(drawn["launch.height"]) - BALL_DROP
        speed = launch_speed(float(drawn["launch.impulse"]), TARGET_BALL_SCALE)
        r, top = TARGET_BALL_RADIUS, WALL_HEIGHT
        divider = float(drawn["occluder.wall_x"]) + SIDE_THICKNESS / 2  # |x| of the side walls' outer faces
        near, far = abs(device_x) - divider - r, abs(device_x) + divider + r  # from the device, along the throw
        if start + (speed * max(rise, 0.0)) ** 2 / (2 * GRAVITY) > height - r:
            return "launch.tilt", "the ball would fly into the ceiling"
        if highest_rebound(start, speed, rise, r) > top + r - MARGIN:
            return "launch.height", "a bounce might lift the ball back over the platform"
        fastest, slowest = landing(start, speed, rise, r), landing(start, SLOWEST_FLIGHT * speed, rise, r)
        if fastest < near - MARGIN:
            side, crosses = drawn["launch.side"], False
        # The path is concave: its lowest over the platform and its walls is at their near or far face.
        elif min(flight_height(distance, start, SLOWEST_FLIGHT * speed, rise) for distance in (near, far)) \
                > top + r + MARGIN:
            side, crosses = ("left" if sign > 0 else "right"), True
        else:
            return "launch.impulse", "the ball might come down on the platform or its walls"
        if crosses and slowest < far:
            return "launch.impulse", "the ball might come down on the platform or its walls"
        reach = abs(device_x) + width / 2 - r  # the far wall, from the device
        hits_wall = fastest > reach
        landed = (device_x - sign * min(slowest, reach), device_x - sign * min(fastest, reach))
        return Layout(device_x, start, turn, speed, side, (round(landed[0], 4), round(landed[1], 4)), hits_wall)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        step, z, height = int(drawn["launch.step"]), float(drawn["launch.z"]), float(drawn["launch.height"])
        ball = launched_ball(ids[0], (layout.device_x, layout.height, z),
                             (0.0, layout.turn, float(drawn["launch.tilt"])), float(drawn["launch.impulse"]), step)
        # The other device never lets go: its release would come after its last state.
        devices = {side: thrower(f"{side}_{key}", (SIGN[side] * (width / 2 - THROWER_INSET), height, z),
                                 0.0 if side == "left" else 180.0,
                                 step if side == drawn["launch.side"] else DEVICE_STEPS + 1, DEVICE_STEPS)
                   for side, key in (("left", ids[1]), ("right", ids[2]))}
        occluders = {side: self._occluders(drawn, SIGN[side], key) for side, key in (("left", ids[3]),
                                                                                    ("right", ids[4]))}
        platform_width, start_z = float(drawn["platform.width"]), float(drawn["performer.z"])
        platform = structure_cube(f"platform_{ids[5]}", (0.0, WALL_HEIGHT / 2, 0.0),
                                  (platform_width, WALL_HEIGHT, depth), drawn["platform.material"], lips=True)
        marker = structure_cube(f"wall_{ids[6]}{ids[7]}", (0.0, WALL_HEIGHT + STEP_SIZE / 2, start_z + STEP_AHEAD),
                                (platform_width, STEP_SIZE, STEP_SIZE), STEP_MATERIAL)
        desks = [_desk(drawn, SIGN[side], f"{ids[8]}_{side}") for side in ("left", "right")] \
            if drawn["occluder.front"] == "desk" else []
        objects = [ball, devices["left"], devices["right"], *occluders["left"], *occluders["right"], platform, marker,
                   *desks]
        scene = self.frame(drawn, (0.0, PERFORMER_Y, start_z), objects, ball.id)
        hideout = occluders[layout.side][-1].id
        return scene, {
            "target_id": ball.id, "thrower_id": devices[drawn["launch.side"]].id, "side": layout.side,
            "crosses": layout.side != drawn["launch.side"], "landing": list(layout.landing),
            "hits_wall": layout.hits_wall, "occluder": hideout,
        }

    def _occluders(self, drawn: Mapping[str, Any], sign: float, key: str) -> list[SceneObject]:
        """One side's front wall (unless a desk stands there) and its side wall, beside the platform."""
        material, front_z = drawn["occluder.material"], float(drawn["occluder.z"])
        wall_depth = float(drawn["occluder.wall_depth"])
        side = structure_cube(f"occluder_side_{key}", (sign * float(drawn["occluder.wall_x"]), WALL_HEIGHT / 2,
                                                       front_z + FRONT_DEPTH / 2 + wall_depth / 2),
                              (SIDE_THICKNESS, WALL_HEIGHT, wall_depth), material)
        side.mass = SIDE_MASS
        if drawn["occluder.front"] == "desk":
            return [side]
        tall = WALL_HEIGHT if drawn["occluder.front"] == "tall" else LOW_HEIGHT
        front = structure_cube(f"occluder_front_{key}", (sign * float(drawn["occluder.x"]), tall / 2, front_z),
                               (float(drawn["occluder.width"]), tall, FRONT_DEPTH), material)
        front.mass = FRONT_MASS
        return [front, side]

    @feasibility
    def _hiding_places(self) -> Iterator[Refusal]:
        """Each side's front piece lies between its side wall and the room's wall; the ball's line lies behind the
        front wall and beside the side wall."""
        low, high = self.parameters.low, self.parameters.high
        inner = low("occluder.wall_x") - SIDE_THICKNESS / 2
        if high("occluder.x") + high("occluder.width") / 2 > low("room.width") / 2 or \
                low("occluder.x") - high("occluder.width") / 2 < inner - 1e-9:
            yield "occluder.x", "a front piece drawn there reaches past the room's wall or its side wall"
        if high("platform.width") / 2 > inner:
            yield "platform.width", "the platform drawn reaches into the side walls"
        behind = high("occluder.z") + FRONT_DEPTH / 2 + TARGET_BALL_RADIUS
        beside = low("occluder.z") + FRONT_DEPTH / 2 + low("occluder.wall_depth")
        if low("launch.z") < behind or high("launch.z") > beside:
            yield "launch.z", ("a ball thrown along that line would not come down behind the front walls, beside "
                               "the side walls")
        half_depth = low("room.depth") / 2
        if high("launch.z") > half_depth - TARGET_BALL_RADIUS or beside > half_depth:
            yield "launch.z", "the throw or the side walls drawn reach beyond the room's back wall"
        if high("performer.z") + STEP_AHEAD > half_depth or low("performer.z") < -half_depth:
            yield "performer.z", "the start drawn lies beyond the room's walls"

    @feasibility
    def _launch_before_end(self) -> Iterator[Refusal]:
        if self.parameters.high("launch.step") >= self.last_step:
            yield "launch.step", f"a throw on step {self.parameters.high('launch.step')} comes after the last step"

    @feasibility
    def _mostly_laid_out(self) -> Iterator[Refusal]:
        """Most throws drawn end on a side the flight model is sure of (else the commonest reason is given)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((self._plan(self.draw(rng)) for _ in range(PROBES)), MIN_SHARE)


def _desk(drawn: Mapping[str, Any], sign: float, key: str) -> SceneObject:
    """The desk_3 hiding one side's place from the front, scaled to the front wall's width."""
    position = (sign * float(drawn["occluder.x"]), 0.0, float(drawn["occluder.z"]) - DESK_SHIFT)
    return SceneObject(key, "desk_3", [Show(position, scale=(round(float(drawn["occluder.width"]) / DESK_WIDTH, 4),
                                                             1.0, 1.0))],
                       materials=[drawn["occluder.desk_material"]], mass=DESK_MASS, salient_materials=NULL,
                       moveable=True, receptacle=True)


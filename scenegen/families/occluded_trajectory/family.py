"""Occluded Trajectory and Collisions (interactive, MCS eval 7), one task in two variants sharing the room: a strip
of lava splits it along its depth, the performer stands on a platform in the strip at the front, and a wall with
two doors comes down across the room while a ball rolls behind it. In Occluded Trajectory the soccer ball itself is
launched from a throwing device at the back; in Collision a green (or magenta) ball is launched at the soccer ball
resting on the floor, and strikes it head-on or misses it. The label is the side of the lava the soccer ball ends on
and the door on that side; :mod:`.paths` states the model it is decided by, and a draw whose outcome the model is not
sure of is drawn again.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.occluded_trajectory.declaration import COLLISION, TRAJECTORY
from scenegen.families.occluded_trajectory.paths import (
    MARGIN,
    Point,
    Room,
    Strike,
    rolled_side,
    strike,
    struck_side,
)
from scenegen.mcs.actions import passes
from scenegen.mcs.doors import (
    DOOR_HEIGHT,
    WALL_THICKNESS,
    DoorWall,
    descending_doors,
    door_id,
)
from scenegen.mcs.launch import (
    THE_THROW,
    THROWER_SCALE,
    heading,
    launch_speed,
    launched_ball,
    sure_reach,
    thrower,
)
from scenegen.mcs.model import Force, PhysicsProperties, Scene, SceneObject, Show
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, soccer_ball, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence

#: The performer's platform (at x 0 in the lava strip) and the performer's eye above what it stands on.
PLATFORM_SIZE = (1.0, 1.5, 1.0)
PERFORMER_HEIGHT = 0.762
#: The throwing device: how far in from the back wall it stands, its length (scale y), and the height of the ball
#: in it.
DEVICE_INSET = 0.265
DEVICE_LENGTH = 1.0
LAUNCH_Y = 0.25
#: The least distance from the device's centre to a resting ball's: the striker leaves the tube first.
DEVICE_CLEAR = 1.0
#: The ball launched at the soccer ball (a rubber sphere): scale, mass (kg) and physics, as the evaluation writes it.
STRIKER_SCALE = 0.44
STRIKER_MASS = 2
STRIKER_PHYSICS = PhysicsProperties(enable=True, angular_drag=0.5, bounciness=0.75, drag=0.25, dynamic_friction=0.25,
                                    static_friction=0.25)
#: The doors of the two-door occluder, left first, and their types in each variant.
TRAJECTORY_DOORS = {"left": "door_4", "right": "door_4b"}
COLLISION_DOORS = {"left": "door_4b", "right": "door_4b"}
#: How many times a missed ball's shift along z is drawn before the whole sample is drawn again.
TRIES = 20
#: How many draws the feasibility probe lays out, and the share of them that must lay out.
PROBES = 64
MIN_SHARE = 0.2


@dataclass(frozen=True)
class Layout:
    """The device's place (x, z) and turn (rotation y), the resting ball's place (Collision), where the soccer ball
    ends (``side``), whether it crosses the lava, and the strike (Collision)."""

    launch: Point
    rotation: float
    side: str
    crosses: bool
    target: Point | None = None
    struck: Strike | None = None


class _TwoDoorRoom(McsTask):
    """What both variants share: the room, its lava strip, the platform, the occluder, the device's aim."""

    makes = ("Occluded Trajectory and Collisions (Interactive)",)
    answers = ("side",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"side": THE_THROW}
    cues: ClassVar[tuple[str, ...]] = ("crosses",)
    attempts = 300
    #: The doors' types, left first.
    doors: ClassVar[dict[str, str]]

    def room(self, drawn: Mapping[str, Any], radius: float) -> Room:
        """Where a ball of ``radius`` meets the occluder, the front wall and the side walls."""
        depth = float(drawn["room.depth"])
        return Room(round(self.wall_z(drawn) + WALL_THICKNESS / 2 + radius, 4), -depth / 2 + radius,
                    float(drawn["room.width"]) / 2 - radius - MARGIN)

    @staticmethod
    def wall_z(drawn: Mapping[str, Any]) -> float:
        return round(-float(drawn["room.depth"]) / 2 + float(drawn["occluder.distance"]), 4)

    @staticmethod
    def aim(drawn: Mapping[str, Any]) -> tuple[Point, float]:
        """The device's place and its rotation y: straight at the front wall (90) turned toward the lava by
        ``launch.turn`` (a device on the centre line turns toward -x)."""
        x = float(drawn["launch.x"])
        toward = 1.0 if x >= 0 else -1.0  # a heading of rotation above 90 runs toward -x
        return (x, round(float(drawn["room.depth"]) / 2 - DEVICE_INSET, 4)), round(90 + toward * float(
            drawn["launch.turn"]), 4)

    def scene(self, drawn: Mapping[str, Any], objects: list[SceneObject], target: str, keys: list[str]) -> Scene:
        """The room round ``objects``: the platform, the occluder (``keys``: a platform's id and four of the
        wall's), the lava strip, the performer, held by Passes until the occluder is down."""
        depth, start, descent = float(drawn["room.depth"]), int(drawn["occluder.start"]), int(drawn["occluder.descent"])
        z = round(-depth / 2 + float(drawn["performer.margin"]), 4)
        platform = structure_cube(f"platform_{keys[0]}", (0.0, PLATFORM_SIZE[1] / 2, z), PLATFORM_SIZE,
                                  drawn["platform.material"], lips=True)
        wall = DoorWall(float(drawn["room.width"]), 0.0, 0.0, float(drawn["room.height"]), self.wall_z(drawn))
        walls = descending_doors(keys[1:5], wall, self.doors, (start, start + descent - 1),
                                 (drawn["occluder.material"], drawn["occluder.door_material"]))
        half = int(depth // 2)
        scene = self.frame(drawn, (0.0, PLATFORM_SIZE[1] + PERFORMER_HEIGHT, z), [*objects, platform, *walls], target,
                           actions=passes(start + descent), lava=tuple((0, cell) for cell in range(-half, half + 1)))
        scene.performer_rotation = (float(drawn["performer.tilt"]), 0.0, 0.0)
        return scene

    def door(self, keys: list[str], side: str) -> str:
        return door_id(keys[1:5], side, tuple(self.doors))

    # --- refusals --------------------------------------------------------------------------

    @feasibility
    def _in_room(self) -> Iterator[Refusal]:
        """The occluder stands between the performer and the device and is as tall as its doors, and the device
        stands in the room (the narrowest room the schema allows, 6 m, holds a door and its posts in each
        half)."""
        low, high = self.parameters.low, self.parameters.high
        if high("performer.margin") + PLATFORM_SIZE[2] / 2 + MARGIN > low("occluder.distance"):
            yield "occluder.distance", "the occluder must come down in front of the performer's platform"
        if high("occluder.distance") + 2 > low("room.depth") - DEVICE_INSET - DEVICE_LENGTH:
            yield "occluder.distance", "the occluder must leave 2 m of room before the device"
        if max(abs(low("launch.x")), abs(high("launch.x"))) > low("room.width") / 2 - DEVICE_LENGTH / 2:
            yield "launch.x", "the device must stand in the room"
        if low("room.height") < DOOR_HEIGHT + MARGIN:
            yield "room.height", f"the occluder's doors are {DOOR_HEIGHT:g} m tall"

    @feasibility
    def _launch_before_end(self) -> Iterator[Refusal]:
        high = self.parameters.high
        if max(high("launch.step"), high("occluder.start") + high("occluder.descent")) >= self.last_step:
            yield "launch.step", "the launch and the occluder's descent must come before the last step"

    def mostly_laid_out(self) -> Iterator[Refusal]:
        """Most draws have an outcome the model is sure of (each variant's last feasibility check)."""
        rng = np.random.default_rng(0)
        laid = sum(self.lay_out(self.draw(rng), rng) is not None for _ in range(PROBES))
        if laid < MIN_SHARE * PROBES:
            yield "launch.turn", (f"only {laid} of {PROBES} scenes drawn have a sure outcome (the ball may stop on "
                                  "the lava, reach a side wall, or strike the soccer ball neither head-on nor clear)")


class OccludedTrajectory(_TwoDoorRoom):
    name = "occluded_trajectory"
    description = ("Occluded Trajectory: find the ball launched behind a descending wall, through the door on the side "
                   "of the lava it rolled to (MCS eval 7).")
    about = ("MCS eval 7 Occluded Trajectory (interactive): from a platform in a strip of lava that splits the room, "
             "the performer watches a soccer ball launched from a throwing device at the back roll toward it, "
             "straight or turned toward the lava, while a wall with two doors comes down and hides where it ends")
    label_about = ("`target_id`, `thrower_id`, the `side` of the lava the ball ends on (`left`, `right`), the `door` "
                   "on that side and its `door_id`, and whether the ball `crosses` the lava")
    declaration = TRAJECTORY
    lays_out = "an Occluded Trajectory room"
    checks = "scenegen.families.occluded_trajectory.checks:trajectory_problems"
    ids = 7
    doors = TRAJECTORY_DOORS

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        launch, rotation = self.aim(drawn)
        speed = launch_speed(float(drawn["launch.impulse"]), TARGET_BALL_SCALE)
        ends = rolled_side(launch, heading(rotation), sure_reach(speed), self.room(drawn, TARGET_BALL_RADIUS),
                           TARGET_BALL_RADIUS)
        return None if ends is None else Layout(launch, rotation, *ends)

    @feasibility
    def _sure_outcomes(self) -> Iterator[Refusal]:
        yield from self.mostly_laid_out()

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        (x, z), rotation = layout.launch, layout.rotation
        ball = launched_ball(ids[0], (x, LAUNCH_Y, z), (0.0, rotation, 0.0), float(drawn["launch.impulse"]),
                             int(drawn["launch.step"]))
        device = thrower(ids[1], (x, THROWER_SCALE / 2, z), rotation, 1, 1, DEVICE_LENGTH)
        scene = self.scene(drawn, [ball, device], ball.id, ids[2:])
        return scene, {"target_id": ball.id, "thrower_id": device.id, "side": layout.side, "door": layout.side,
                       "door_id": self.door(ids[2:], layout.side), "crosses": layout.crosses}


class Collision(_TwoDoorRoom):
    name = "collision"
    description = ("Collision: find the soccer ball a launched ball struck or missed behind a descending wall, through "
                   "the door on its side of the lava (MCS eval 7).")
    about = ("MCS eval 7 Interactive Collision: from a platform in a strip of lava that splits the room, the performer "
             "watches a green (or magenta) ball launched from a throwing device at the back strike a resting soccer "
             "ball head-on, or miss it, while a wall with two doors comes down and hides where the soccer ball ends")
    label_about = ("`target_id`, `striker_id`, `thrower_id`, the `side` of the lava the soccer ball ends on (`left`, "
                   "`right`), the `door` on that side and its `door_id`, the `outcome` (`hit`, `miss`), the `contact` "
                   "(where the striker's centre is when the balls touch; null for a miss) and whether the soccer ball "
                   "`crosses` the lava")
    declaration = COLLISION
    lays_out = "a Collision room"
    checks = "scenegen.families.occluded_trajectory.checks:collision_problems"
    ids = 8
    doors = COLLISION_DOORS

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        launch, rotation = self.aim(drawn)
        direction = heading(rotation)
        target = self._target(drawn, launch, direction, rng)
        if target is None:
            return None
        speed = launch_speed(float(drawn["launch.impulse"]), STRIKER_MASS)
        room = self.room(drawn, TARGET_BALL_RADIUS)
        found = strike(launch, direction, speed, target, TARGET_BALL_RADIUS + STRIKER_SCALE / 2, room)
        if found is None or (found[0].contact is None) != (drawn["target.outcome"] == "miss"):
            return None
        ends = struck_side(target, found[0], found[1], room, TARGET_BALL_RADIUS)
        return None if ends is None else Layout(launch, rotation, *ends, target=target, struck=found[0])

    def _target(self, drawn: Mapping[str, Any], launch: Point, direction: Point,
                rng: np.random.Generator) -> Point | None:
        """Where the soccer ball rests: on the striker's line at ``target.x``, shifted along z by
        ``target.miss_shift`` for a miss (drawn again, the outcome kept, until it lies between
        ``target.nearest`` and ``target.farthest``); None if it cannot lie there, behind the occluder and clear of
        the device."""
        x = float(drawn["target.x"])
        if abs(direction[0]) < 1e-9:
            return None
        on_line = launch[1] + direction[1] * (x - launch[0]) / direction[0]
        shift = float(drawn["target.miss_shift"])
        low, high = self._band(drawn)
        for _ in range(TRIES if drawn["target.outcome"] == "miss" else 1):
            z = on_line + (shift if drawn["target.outcome"] == "miss" else 0.0)
            if low <= z <= high:
                place = (round(x, 4), round(z, 4))
                far = np.hypot(place[0] - launch[0], place[1] - launch[1]) >= DEVICE_CLEAR
                return place if far else None
            shift = float(self.parameters.values["target.miss_shift"].sample(rng))
        return None

    def _band(self, drawn: Mapping[str, Any]) -> tuple[float, float]:
        """The stretch of z a resting ball may lie in: the drawn one, behind the occluder, before the back wall."""
        behind = self.wall_z(drawn) + WALL_THICKNESS / 2 + TARGET_BALL_RADIUS + MARGIN
        back = float(drawn["room.depth"]) / 2 - TARGET_BALL_RADIUS - MARGIN
        return max(float(drawn["target.nearest"]), behind), min(float(drawn["target.farthest"]), back)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        (x, z), rotation = layout.launch, layout.rotation
        assert layout.target is not None and layout.struck is not None
        ball = soccer_ball(ids[0], *layout.target, scale=TARGET_BALL_SCALE)
        impulse, step = float(drawn["launch.impulse"]), int(drawn["launch.step"])
        striker = SceneObject(ids[1], "sphere", [Show((x, LAUNCH_Y, z), (0.0, rotation, 0.0), (STRIKER_SCALE,) * 3)],
                              materials=[drawn["striker.material"]], mass=STRIKER_MASS, salient_materials=["rubber"],
                              physics=True, moveable=True, pickupable=True, physics_properties=STRIKER_PHYSICS,
                              forces=[Force(step, step, (impulse, 0.0, 0.0), impulse=True, relative=True)])
        device = thrower(ids[2], (x, THROWER_SCALE / 2, z), rotation, 1, 1, DEVICE_LENGTH)
        scene = self.scene(drawn, [ball, striker, device], ball.id, ids[3:])
        contact = layout.struck.contact
        return scene, {"target_id": ball.id, "striker_id": striker.id, "thrower_id": device.id, "side": layout.side,
                       "door": layout.side, "door_id": self.door(ids[3:], layout.side),
                       "outcome": "miss" if contact is None else "hit", "crosses": layout.crosses,
                       "contact": None if contact is None else {"x": round(contact[0], 4), "z": round(contact[1], 4)}}

    @feasibility
    def _band_fits(self) -> Iterator[Refusal]:
        low, high = self.parameters.low, self.parameters.high
        if high("target.nearest") > low("target.farthest"):
            yield "target.nearest", "the resting ball's stretch of z is empty"

    @feasibility
    def _sure_outcomes(self) -> Iterator[Refusal]:
        yield from self.mostly_laid_out()

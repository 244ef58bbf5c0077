"""The Moving Target Prediction family (MCS eval 7): a ball launched across the floor, through the safe zone between
two strips of lava, to be caught before it is lost in the far one. The label is where the ball's path passes
nearest the performer inside the stretch it surely rolls through, and the steps it may pass there
(:mod:`scenegen.mcs.launch` states the rolling model)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.families.moving_target.declaration import DECLARATION
from scenegen.mcs.actions import look_around
from scenegen.mcs.launch import (
    THROWER_INSET,
    THROWER_SCALE,
    heading,
    launch_speed,
    launched_ball,
    passing_steps,
    sure_reach,
    thrower,
)
from scenegen.mcs.model import PartitionFloor, Scene
from scenegen.mcs.objects import TARGET_BALL_RADIUS, TARGET_BALL_SCALE, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out

#: The performer's start height on its 1 m platform, as the evaluation writes it.
PERFORMER_Y = 2.0
PLATFORM_HEIGHT = 1.0
#: The shortest stretch of safe floor (m) the ball must surely roll through to make a scene.
MIN_STRETCH = 0.5
#: How many draws the feasibility probe lays out, and the share of them that must lay out: a config whose draws
#: mostly cannot is refused; one that passes lays a sample out within its attempts all but surely.
PROBES = 64
MIN_SHARE = 0.25

Point = tuple[float, float]


@dataclass(frozen=True)
class Layout:
    """The ball's launch (its place, rotation y and speed), the lava's share, and the stretch of safe floor it surely
    rolls through, as distances along its path from ``entry`` to ``end``."""

    launch: Point
    rotation: float
    speed: float
    share: float
    entry: float
    end: float

    @property
    def lost(self) -> bool:
        """Whether the ball is lost in the far lava if it is not caught (no lava: it stays on the floor)."""
        return bool(self.share)


class MovingTarget(McsTask):
    name = "moving_target"
    description = ("Moving Target Prediction: catch a ball launched across the floor before it rolls into the lava "
                   "(MCS eval 7).")
    makes = ("Moving Target Prediction",)
    about = ("MCS eval 7 Moving Target Prediction: from a platform, after a full look round, the performer sees a "
             "soccer ball launched from a throwing device on a side wall, straight or angled, across a safe zone "
             "between two strips of lava (partitionFloor; or no lava), toward the far side")
    label_about = ("`target_id`, `thrower_id`, the launch `side`, the ball's `speed` and `lava_share`; the `entry` and "
                   "`exit` of the stretch of safe floor the ball surely rolls through (`lost`: into the far lava), "
                   "the `intercept` (the point of that stretch nearest the performer's start) with its "
                   "`intercept_distance` and `intercept_steps` (first and last step the ball may pass it), and the "
                   "`window` of steps the ball may be caught in")
    declaration = DECLARATION
    answers = ()
    cues = ("side",)
    lays_out = "a Moving Target Prediction room"
    checks = "scenegen.families.moving_target.checks:moving_target_problems"
    ids = 3
    attempts = 200

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        planned = self._plan(drawn)
        return planned if isinstance(planned, Layout) else None

    def _plan(self, drawn: Mapping[str, Any]) -> Layout | Refusal:
        """The scene's launch and the stretch of safe floor the ball surely rolls through, or what makes its outcome
        uncertain under the rolling model (the key to blame and why)."""
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        toward = 1.0 if drawn["launch.side"] == "left" else -1.0  # the way the ball rolls along x
        offset = float(drawn["launch.offset"])
        turn = float(drawn["launch.angle"]) * float(np.sign(offset))  # toward the line the launches are set about
        rotation = round(turn if toward > 0 else 180.0 - turn, 4)
        launch = (round(-toward * (width / 2 - THROWER_INSET), 4), round(float(drawn["launch.z"]) + offset, 4))
        direction = heading(rotation)
        share = round(float(drawn["lava.share"]), 4)
        half_safe = (1 - share) * width / 2
        entry = max(0.0, (-toward * half_safe - launch[0]) / direction[0])
        far = (toward * (half_safe if share else width / 2 - TARGET_BALL_RADIUS) - launch[0]) / direction[0]
        wall = (math.copysign(depth / 2 - TARGET_BALL_RADIUS, direction[1]) - launch[1]) / direction[1] \
            if direction[1] else math.inf
        speed = launch_speed(float(drawn["launch.impulse"]), TARGET_BALL_SCALE)
        if share and wall < far:
            return "launch.angle", "the ball would reach a side wall before the far lava"
        exit_ = min(far, wall)  # without lava, the stretch ends where the ball first touches a wall
        end = min(exit_, sure_reach(speed))
        if share and end < exit_:
            return "launch.impulse", "the ball might stop before it reaches the far lava"
        if end - entry < MIN_STRETCH:
            return "lava.share", f"the ball surely rolls through less than {MIN_STRETCH} m of safe floor"
        platform = (float(drawn["platform.width"]) / 2, float(drawn["performer.z"]),
                    float(drawn["platform.depth"]) / 2)
        if _crosses_platform(launch, direction, exit_, platform):
            return "performer.z", "the ball would roll into the platform"
        return Layout(launch, rotation, speed, share, entry, end)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        step, start_z = int(drawn["launch.step"]), float(drawn["performer.z"])
        position = (layout.launch[0], THROWER_SCALE / 2, layout.launch[1])
        ball = launched_ball(ids[0], position, (0.0, layout.rotation, 0.0), float(drawn["launch.impulse"]), step)
        device = thrower(ids[1], position, layout.rotation, step, self.last_step)
        platform = structure_cube(f"platform_{ids[2]}", (0.0, PLATFORM_HEIGHT / 2, start_z),
                                  (float(drawn["platform.width"]), PLATFORM_HEIGHT, float(drawn["platform.depth"])),
                                  drawn["platform.material"], lips=True)
        partition = PartitionFloor(layout.share, layout.share) if layout.share else None
        scene = self.frame(drawn, (0.0, PERFORMER_Y, start_z), [ball, platform, device], ball.id,
                           facing=float(drawn["performer.facing"]), actions=look_around(), partition_floor=partition)
        # The evaluation starts the view tilted down at the floor the ball will cross.
        scene.performer_rotation = (float(drawn["performer.tilt"]), float(drawn["performer.facing"]), 0.0)
        return scene, self._truth(layout, (0.0, start_z), step, ball.id, device.id, drawn["launch.side"])

    def _truth(self, layout: Layout, start: Point, step: int, ball: str, device: str, side: str) -> dict[str, Any]:
        direction = heading(layout.rotation)
        along = (start[0] - layout.launch[0]) * direction[0] + (start[1] - layout.launch[1]) * direction[1]
        nearest = min(max(along, layout.entry), layout.end)
        intercept = _at(layout.launch, direction, nearest)
        last = passing_steps(layout.end, layout.speed, step)[1] if layout.lost else self.last_step
        return {
            "target_id": ball, "thrower_id": device, "side": side, "speed": round(layout.speed, 4),
            "lava_share": layout.share, "lost": layout.lost,
            "entry": _xz(_at(layout.launch, direction, layout.entry)), "exit": _xz(_at(layout.launch, direction,
                                                                                      layout.end)),
            "intercept": _xz(intercept), "intercept_distance": round(math.dist(start, intercept), 4),
            "intercept_steps": list(passing_steps(nearest, layout.speed, step)),
            "window": [passing_steps(layout.entry, layout.speed, step)[0], last],
        }

    @feasibility
    def _platform_in_safe_zone(self) -> Iterator[Refusal]:
        """The platform stands on safe floor in the narrowest safe zone drawn."""
        low, high = self.parameters.low, self.parameters.high
        half_safe = (1 - high("lava.share")) * low("room.width") / 2
        if high("lava.share") > 0 and high("platform.width") / 2 > half_safe:
            yield "lava.share", (f"a share of {high('lava.share')} leaves a safe zone {2 * half_safe:.2f} m wide, "
                                 f"narrower than a {high('platform.width')} m platform")

    @feasibility
    def _in_room(self) -> Iterator[Refusal]:
        """The platform and every device drawn stand in the smallest room."""
        low, high = self.parameters.low, self.parameters.high
        half_depth = low("room.depth") / 2
        if max(abs(low("performer.z")), abs(high("performer.z"))) + high("platform.depth") / 2 > half_depth:
            yield "performer.z", f"a platform drawn there reaches beyond the walls of a {2 * half_depth} m room"
        devices = [low("launch.z") + low("launch.offset"), high("launch.z") + high("launch.offset")]
        if max(map(abs, devices)) > half_depth - THROWER_SCALE / 2:
            yield "launch.offset", f"a device drawn there stands beyond the walls of a {2 * half_depth} m room"

    @feasibility
    def _launch_before_end(self) -> Iterator[Refusal]:
        if self.parameters.high("launch.step") >= self.last_step:
            yield "launch.step", f"a launch on step {self.parameters.high('launch.step')} comes after the last step"

    @feasibility
    def _mostly_laid_out(self) -> Iterator[Refusal]:
        """Most launches drawn have an outcome the rolling model is sure of (else the commonest reason is given)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((self._plan(self.draw(rng)) for _ in range(PROBES)), MIN_SHARE)


def _at(launch: Point, direction: Point, distance: float) -> Point:
    return launch[0] + direction[0] * distance, launch[1] + direction[1] * distance


def _xz(point: Point) -> dict[str, float]:
    return {"x": round(point[0], 4), "z": round(point[1], 4)}


def _crosses_platform(launch: Point, direction: Point, length: float, platform: tuple[float, float, float]) -> bool:
    """Whether the ball, rolling ``length`` metres from ``launch``, touches the platform (half width, centre z, half
    depth at x 0), grown by the ball's radius (a box: the rounded corners count as platform, which is safe)."""
    half_x, centre_z, half_z = platform
    low, high = 0.0, length
    for origin, step, lo, hi in ((launch[0], direction[0], -half_x, half_x),
                                 (launch[1], direction[1], centre_z - half_z, centre_z + half_z)):
        lo, hi = lo - TARGET_BALL_RADIUS, hi + TARGET_BALL_RADIUS
        if abs(step) < 1e-12:
            if not lo <= origin <= hi:
                return False
            continue
        first, second = sorted(((lo - origin) / step, (hi - origin) / step))
        low, high = max(low, first), min(high, second)
    return low <= high

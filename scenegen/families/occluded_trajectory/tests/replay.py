"""Occluded Trajectory and Collision scenes replayed independently of the generator and of the family's checks, from
the JSON alone: the lava strip as the union of its floor cells, the occluder where its pieces end up, each ball's
path as a sequence of discs a centimetre apart along its heading (shapely), the strike from the two balls' places
and the striker's line, and the door on the side the soccer ball ends on.

The model replayed is the family's (``docs/fidelity/occluded_trajectory.md``): a ball rolls straight until it meets
a wall, slowed at most 2 m/s^2 (so it surely rolls v^2 / 4 less 5 cm), and nothing after a rebound carries it back
over the lava; a head-on strike sends the soccer ball along the striker's line at half the striker's slowest speed
at contact or more.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
from shapely import points
from shapely.geometry import LineString, Point, box
from shapely.ops import unary_union

from tests.kit.door_rooms import settled

Scene = dict[str, Any]
#: The model's strongest deceleration (m/s^2), its margin short of the slowest stop, and its margin along a path.
SLOWEST = 2.0
REACH_MARGIN = 0.05
MARGIN = 0.05
#: The sizes at scale 1 of the balls (the MCS object table): a soccer ball's and a sphere's diameter.
DIAMETER = {"soccer_ball": 0.22, "sphere": 1.0}
#: How far apart the discs of a replayed path are (m), and the file's rounding allowed.
STRIDE = 0.01
ROUNDING = 2e-3


def radius(item: Scene) -> float:
    return DIAMETER[item["type"]] * item["shows"][0]["scale"]["x"] / 2


def target(scene: Scene) -> Scene:
    key = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == key)


def place(item: Scene) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return position["x"], position["z"]


def lava(scene: Scene) -> Any:
    """The lava strip: the union of its 1 m floor cells."""
    return unary_union([box(cell["x"] - 0.5, cell["z"] - 0.5, cell["x"] + 0.5, cell["z"] + 0.5)
                        for cell in scene["lava"]])


def occluder_face(scene: Scene) -> float:
    """The z of the occluder's far face (toward the back wall), where it ends up."""
    pieces = [item for item in scene["objects"] if item["id"].startswith("wall_")]
    return max(settled(item)[2] + item["shows"][0]["scale"]["z"] / 2 for item in pieces)


def direction(item: Scene) -> tuple[float, float]:
    """A launched ball's heading: its own x turned by its rotation y (Unity turns +x toward -z)."""
    turn = math.radians(item["shows"][0]["rotation"]["y"])
    return math.cos(turn), -math.sin(turn)


def speed(item: Scene) -> float:
    return item["forces"][0]["vector"]["x"] / item["mass"]


def discs(start: tuple[float, float], heading: tuple[float, float], length: float) -> np.ndarray:
    """The centres of a ball's discs along its path, :data:`STRIDE` apart, from ``start`` for ``length`` m."""
    along = np.arange(0.0, max(length, 0.0) + STRIDE, STRIDE)
    return np.column_stack([start[0] + heading[0] * along, start[1] + heading[1] * along])


def ends(scene: Scene, start: tuple[float, float], heading: tuple[float, float], reach: float,
         ball_radius: float) -> tuple[str, bool]:
    """Where a ball rolling from ``start`` ends (side, crossed): the replay asserts its outcome is sure."""
    strip, half_depth = lava(scene), scene["roomDimensions"]["z"] / 2
    to_front = (start[1] + half_depth - ball_radius) / -heading[1]
    to_face = (start[1] - occluder_face(scene) - ball_radius) / -heading[1]
    centres = discs(start, heading, to_front)
    touching = strip.buffer(ball_radius).intersects(points(centres))
    first_side = "left" if start[0] < 0 else "right"
    assert not touching[0], "the ball starts on the lava"
    if not touching.any():
        return first_side, False
    entered = int(np.argmax(touching))
    left_at = entered + int(np.argmax(~touching[entered:])) if not touching[entered:].all() else len(touching)
    cleared = left_at * STRIDE
    assert left_at < len(touching) and cleared + MARGIN <= min(to_face, reach) + ROUNDING, \
        "the ball may stop on the lava, or cross it only after it may have met the occluder"
    assert not touching[left_at:].any()
    return ("left" if centres[left_at][0] < 0 else "right"), True


def door_on(scene: Scene, side: str) -> Scene:
    (door,) = [item for item in scene["objects"] if item["type"].startswith("door_")
               and (settled(item)[0] < 0) == (side == "left")]
    return door


def _reach(ball_speed: float) -> float:
    return ball_speed * ball_speed / (2 * SLOWEST) - REACH_MARGIN


def trajectory_outcome(scene: Scene) -> tuple[str, bool]:
    ball = target(scene)
    return ends(scene, place(ball), direction(ball), _reach(speed(ball)), radius(ball))


def collision_outcome(scene: Scene, striker: Scene) -> tuple[str, bool, bool]:
    """The soccer ball's side, whether it crossed the lava, and whether it was struck."""
    ball = target(scene)
    start, heading, radii = place(striker), direction(striker), radius(striker) + radius(ball)
    line = LineString([start, (start[0] + heading[0] * 100, start[1] + heading[1] * 100)])
    off = line.distance(Point(place(ball)))
    if off >= radii + 0.5 - ROUNDING:
        _assert_passes_before_a_side_wall(scene, striker, place(ball), radii)
        return ("left" if place(ball)[0] < 0 else "right"), False, False
    assert off <= 0.01 + ROUNDING, "the strike is neither head-on nor a clear miss"
    travel = line.project(Point(place(ball))) - math.sqrt(radii * radii - off * off)
    to_face = (start[1] - occluder_face(scene) - radius(striker)) / -heading[1]
    assert travel + MARGIN <= min(to_face, _reach(speed(striker))) + ROUNDING, "the strike may not happen in sight"
    struck = math.sqrt(max(speed(striker) ** 2 - 2 * SLOWEST * travel, 0.0)) / 2
    spread = math.asin(min(off / radii, 1.0))
    angle = math.atan2(heading[1], heading[0])
    outcomes = {ends(scene, place(ball), (math.cos(angle + turn), math.sin(angle + turn)), _reach(struck), radius(ball))
                for turn in (-spread, spread)}
    assert len(outcomes) == 1, "the struck ball's side depends on how it leaves"
    side, crossed = outcomes.pop()
    return side, crossed, True


def _assert_passes_before_a_side_wall(scene: Scene, striker: Scene, rest: tuple[float, float], radii: float) -> None:
    """A striker that meets a side wall turns off it still moving toward the front: it must have passed the
    resting ball by then."""
    start, heading = place(striker), direction(striker)
    half_width, half_depth = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    centres = discs(start, heading, (start[1] + half_depth) / -heading[1])
    beyond = np.abs(centres[:, 0]) > half_width - radius(striker) - MARGIN + ROUNDING
    if beyond.any():
        assert rest[1] >= centres[int(np.argmax(beyond))][1] + radii - ROUNDING, \
            "the striker may turn off a side wall into the resting ball"


def replay(scene: Scene, truth: dict[str, Any]) -> None:
    """The label agrees with the replay: the side, the door on it, whether the ball crossed the lava (and, in a
    Collision scene, whether it was struck)."""
    striker = next((item for item in scene["objects"] if item["type"] == "sphere"), None)
    if striker is None:
        side, crossed = trajectory_outcome(scene)
    else:
        side, crossed, hit = collision_outcome(scene, striker)
        assert truth["outcome"] == ("hit" if hit else "miss") and truth["striker_id"] == striker["id"]
    assert (truth["side"], truth["door"], truth["crosses"]) == (side, side, crossed)
    assert truth["door_id"] == door_on(scene, side)["id"]

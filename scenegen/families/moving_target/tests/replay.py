"""Moving Target Prediction scenes replayed independently of the generator and of the family's checks, from the
JSON alone: the ball's line of launch from its show (place and rotation) and its force (impulse over mass), the
safe floor from ``partitionFloor`` and the room, the platform as a shapely box grown (round) by the ball's radius,
and the ball's distance after each whole step counted from the kinematics of the rolling model (its two constants
are the kit's: :mod:`scenegen.mcs.launch`). ``test_moving_target.py`` holds the tests that use it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import pytest
from shapely.geometry import LineString, Point, box

from scenegen.mcs.launch import MAX_DECELERATION, REACH_MARGIN, STEP_SECONDS

#: The scale-2 soccer ball's radius (0.22 m across at scale 1).
RADIUS = 0.22
TOLERANCE = 2e-3


def _target(scene: dict[str, Any]) -> dict[str, Any]:
    target = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == target)


def _platform(scene: dict[str, Any]):
    item = next(item for item in scene["objects"] if item["id"].startswith("platform_"))
    show = item["shows"][0]
    half_x, half_z = show["scale"]["x"] / 2, show["scale"]["z"] / 2
    x, z = show["position"]["x"], show["position"]["z"]
    return box(x - half_x, z - half_z, x + half_x, z + half_z)


def launch(scene: dict[str, Any]) -> tuple[Point, tuple[float, float], float, int]:
    """Where the ball starts, the unit direction it rolls in, its speed and its launch step."""
    ball = _target(scene)
    show, (force,) = ball["shows"][0], ball["forces"]
    assert force["impulse"] and force["relative"] and force["stepBegin"] == force["stepEnd"]
    assert force["vector"]["y"] == 0 and force["vector"]["z"] == 0
    # Unity turns the ball's own +x by rotation y: clockwise seen from above, +x toward -z.
    turn = math.radians(show["rotation"]["y"])
    direction = (math.cos(turn), -math.sin(turn))
    return (Point(show["position"]["x"], show["position"]["z"]), direction, force["vector"]["x"] / ball["mass"],
            force["stepBegin"])


def stretch(scene: dict[str, Any]) -> tuple[LineString, bool]:
    """The part of the ball's line on safe floor, from where it leaves the near lava (or its device) to where it
    reaches the far lava (or, on a floor without lava, first touches a wall), and whether there is lava."""
    start, (dx, dz), _, _ = launch(scene)
    width, depth = scene["roomDimensions"]["x"], scene["roomDimensions"]["z"]
    share = scene.get("partitionFloor", {}).get("leftHalf", 0)
    assert share == scene.get("partitionFloor", {}).get("rightHalf", 0)
    far = 2 * (width + depth)
    line = LineString([(start.x, start.y), (start.x + dx * far, start.y + dz * far)])
    inner_x, inner_z = width / 2 - RADIUS, depth / 2 - RADIUS
    floor = box(-inner_x, -inner_z, inner_x, inner_z) if not share else box(-(1 - share) * width / 2, -depth,
                                                                            (1 - share) * width / 2, depth)
    part = line.intersection(floor)
    assert isinstance(part, LineString) and not part.is_empty
    return part, bool(share)


def distance_after(steps: int, speed: float, slowing: float) -> float:
    """How far the ball has rolled ``steps`` whole steps after its launch, slowed by ``slowing`` m/s^2."""
    seconds = steps * STEP_SECONDS
    if slowing and seconds > speed / slowing:
        return speed * speed / (2 * slowing)
    return speed * seconds - slowing * seconds * seconds / 2


#: Metres within which the ball reaching a distance at a step's end counts as reaching it on that step.
TIE = 1e-6


def steps_to(distance: float, speed: float, launch_step: int) -> tuple[int, int]:
    """The first and last step the ball may pass ``distance``: counted step by step, at full speed and slowed most."""
    first = 0  # a distance reached exactly at a step's end (to a micrometre) is passed on that step
    while distance_after(first + 1, speed, 0.0) <= distance + TIE:
        first += 1
    last = 0
    while distance_after(last, speed, MAX_DECELERATION) < distance - TIE:
        last += 1
        assert last < 10_000, "the ball never gets there"
    return launch_step + first, launch_step + last


def replay(scene: dict[str, Any], truth: Mapping[str, Any]) -> None:
    """The label agrees with the scene: its stretch, intercept and steps, and the launch is unambiguous."""
    start, (dx, dz), speed, launch_step = launch(scene)
    part, lava = stretch(scene)
    entry, exit_ = Point(part.coords[0]), Point(part.coords[-1])
    reach = speed * speed / (2 * MAX_DECELERATION) - REACH_MARGIN
    to_exit = start.distance(exit_)
    assert not lava or reach >= to_exit - TOLERANCE, "the ball might stop short of the far lava"
    end = min(to_exit, reach)
    end_point = Point(start.x + dx * end, start.y + dz * end)
    rolled = LineString([(start.x, start.y), (exit_.x, exit_.y)])
    depth = scene["roomDimensions"]["z"]
    assert abs(exit_.y) <= depth / 2 - RADIUS + TOLERANCE, "the ball reaches a side wall first"
    assert rolled.distance(_platform(scene)) > RADIUS - TOLERANCE, "the ball touches the platform"
    assert truth["lost"] == lava and truth["speed"] == pytest.approx(speed, abs=1e-4)
    for name, point in (("entry", entry), ("exit", end_point)):
        assert Point(truth[name]["x"], truth[name]["z"]).distance(point) < TOLERANCE, name
    safe = LineString([(entry.x, entry.y), (end_point.x, end_point.y)])
    performer = scene["performerStart"]["position"]
    nearest = safe.interpolate(safe.project(Point(performer["x"], performer["z"])))
    assert Point(truth["intercept"]["x"], truth["intercept"]["z"]).distance(nearest) < TOLERANCE
    assert truth["intercept_distance"] == pytest.approx(nearest.distance(Point(performer["x"], performer["z"])),
                                                        abs=TOLERANCE)
    assert tuple(truth["intercept_steps"]) == steps_to(start.distance(nearest), speed, launch_step)
    last = steps_to(end, speed, launch_step)[1] if lava else scene["goal"]["last_step"]
    assert truth["window"] == [steps_to(start.distance(entry), speed, launch_step)[0], last]


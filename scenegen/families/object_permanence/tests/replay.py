"""Object Permanence (interactive) scenes replayed independently of the generator and of the family's checks, from
the JSON alone: the throw's direction from the ball's rotation (Unity's z-then-y turn, as rotation matrices), its
speed from its force (impulse over mass), the divider (the platform and the walls beside it) from their shows, and
the flight integrated in small time steps at the slowest and the fastest speed the flight model allows (its
constants are the kit's: :mod:`scenegen.mcs.launch`). ``test_object_permanence.py`` holds the tests that use it."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.mcs.launch import GRAVITY, MAX_RESTITUTION, SLOWEST_FLIGHT

RADIUS = 0.22
#: The top of the platform and of the walls beside it.
TOP = 1.0
#: The integration's time step (s).
DT = 1e-4


def _rotated_x(rotation: Mapping[str, float]) -> np.ndarray:
    """The ball's own x axis in the room: turned about z, then about y (Unity's order, left-handed)."""
    z, y = math.radians(rotation["z"]), math.radians(rotation["y"])
    about_z = np.array([[math.cos(z), -math.sin(z), 0], [math.sin(z), math.cos(z), 0], [0, 0, 1]])
    about_y = np.array([[math.cos(y), 0, math.sin(y)], [0, 1, 0], [-math.sin(y), 0, math.cos(y)]])
    return about_y @ about_z @ np.array([1.0, 0.0, 0.0])


def throw(scene: dict[str, Any]) -> tuple[np.ndarray, np.ndarray, int]:
    """The ball's start (x, y) and its launch velocity (x, y), and its launch step; the throw runs along x."""
    target = scene["goal"]["metadata"]["target"]["id"]
    ball = next(item for item in scene["objects"] if item["id"] == target)
    show, (force,) = ball["shows"][0], ball["forces"]
    assert force["impulse"] and force["relative"] and force["vector"]["y"] == 0 and force["vector"]["z"] == 0
    direction = _rotated_x(show["rotation"])
    assert abs(direction[2]) < 1e-9, "the throw leaves its line along x"
    speed = force["vector"]["x"] / ball["mass"]
    start = np.array([show["position"]["x"], show["position"]["y"]])
    return start, speed * direction[:2], force["stepBegin"]


def divider(scene: dict[str, Any]) -> float:
    """|x| of the outer faces of what splits the room: the platform and the walls beside it."""
    return max(abs(item["shows"][0]["position"]["x"]) + item["shows"][0]["scale"]["x"] / 2
               for item in scene["objects"]
               if item["id"].startswith(("platform_", "occluder_side_")))


def first_touch(start: np.ndarray, velocity: np.ndarray, half_width: float, split: float) -> tuple[float, bool]:
    """Where the ball first touches the floor or the far wall (its x), and whether it flew over the divider clear
    of its top, stepping the flight ``DT`` at a time."""
    position, speed = start.astype(float).copy(), velocity.astype(float).copy()
    over = False
    while True:
        speed[1] -= GRAVITY * DT
        position += speed * DT
        if abs(position[0]) <= split + RADIUS:
            assert position[1] > TOP + RADIUS, "the ball comes down on the divider"
            over = True
        if position[1] <= RADIUS or abs(position[0]) >= half_width - RADIUS:
            return float(position[0]), over


def replay(scene: dict[str, Any], truth: Mapping[str, Any]) -> None:
    """The label's side is where the slowest and the fastest throw both end, and no bounce can lift the ball back
    over the divider."""
    start, velocity, _ = throw(scene)
    half_width, split = scene["roomDimensions"]["x"] / 2, divider(scene)
    ends = [first_touch(start, velocity * share, half_width, split) for share in (SLOWEST_FLIGHT, 1.0)]
    sides = {"left" if x < 0 else "right" for x, _ in ends}
    assert sides == {truth["side"]}, (ends, truth["side"])
    assert all(abs(x) > split + RADIUS for x, _ in ends), "the ball comes down against the divider"
    crossing = {over for _, over in ends}
    assert crossing == {truth["crosses"]}
    assert truth["crosses"] == (start[0] * (1 if truth["side"] == "left" else -1) > 0)
    falling = velocity[1] ** 2 + 2 * GRAVITY * (start[1] - RADIUS)
    assert RADIUS + MAX_RESTITUTION ** 2 * falling / (2 * GRAVITY) < TOP + RADIUS, "a bounce might cross back"
    for (x, _), labelled in zip(ends, truth["landing"], strict=True):
        assert abs(x - labelled) < 0.01, (x, labelled)

"""Semantic checks of an Occluded Trajectory or Collision scene from the MCS document alone: the launched ball's
place, turn and impulse, the resting ball's place, the room and the occluder's place give, under the model of
:mod:`.paths`, the side the soccer ball ends on; the label's side and door must be that side's."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.occluded_trajectory.paths import MARGIN, Point, Room, rolled_side, strike, struck_side
from scenegen.mcs.doors import WALL_THICKNESS, settled
from scenegen.mcs.launch import heading, launch_speed, sure_reach
from scenegen.mcs.objects import SOCCER_BALL_SIZE


def _launch(item: Mapping[str, Any]) -> tuple[Point, Point, float]:
    """A launched ball's place (x, z), heading and speed."""
    show = item["shows"][0]
    return ((show["position"]["x"], show["position"]["z"]), heading(show["rotation"]["y"]),
            launch_speed(item["forces"][0]["vector"]["x"], item["mass"]))


def _room(document: Mapping[str, Any], radius: float) -> Room:
    door = next(item for item in document["objects"] if item["type"].startswith("door_"))
    size = document["roomDimensions"]
    return Room(settled(door)[2] + WALL_THICKNESS / 2 + radius, -size["z"] / 2 + radius,
                size["x"] / 2 - radius - MARGIN)


def _door_problems(document: Mapping[str, Any], truth: Mapping[str, Any], ends: tuple[str, bool] | None
                   ) -> list[Problem]:
    if ends is None:
        return [Problem("$.objects", "the model is not sure which side of the lava the soccer ball ends on")]
    door = next((item for item in document["objects"] if item["id"] == truth["door_id"]), None)
    if door is None or not door["type"].startswith("door_"):
        return [Problem("$.objects", "the label's door_id names no door")]
    side = "left" if settled(door)[0] < 0 else "right"
    if (truth["side"], truth["door"], side, truth["crosses"]) != (ends[0], ends[0], ends[0], ends[1]):
        return [Problem("$.objects", "the label's side or door is not where the soccer ball ends")]
    return []


def _target(document: Mapping[str, Any]) -> Mapping[str, Any]:
    key = document["goal"]["metadata"]["target"]["id"]
    return next(item for item in document["objects"] if item["id"] == key)


def trajectory_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Occluded Trajectory scene's label."""
    if truth is None:
        return []
    ball = _target(document)
    radius = SOCCER_BALL_SIZE * ball["shows"][0]["scale"]["x"] / 2
    start, direction, speed = _launch(ball)
    return _door_problems(document, truth, rolled_side(start, direction, sure_reach(speed), _room(document, radius),
                                                        radius))


def collision_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Collision scene's label."""
    if truth is None:
        return []
    ball = _target(document)
    striker = next(item for item in document["objects"] if item["id"] == truth["striker_id"])
    radius = SOCCER_BALL_SIZE * ball["shows"][0]["scale"]["x"] / 2
    place = (ball["shows"][0]["position"]["x"], ball["shows"][0]["position"]["z"])
    start, direction, speed = _launch(striker)
    room = _room(document, radius)
    found = strike(start, direction, speed, place, radius + striker["shows"][0]["scale"]["x"] / 2, room)
    if found is None:
        return [Problem("$.objects", "the launched ball strikes the soccer ball neither head-on nor clear of it")]
    if (found[0].contact is None) != (truth["outcome"] == "miss"):
        return [Problem("$.objects", "the label's outcome is not the strike's")]
    return _door_problems(document, truth, struck_side(place, found[0], found[1], room, radius))

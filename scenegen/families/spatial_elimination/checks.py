"""Semantic checks of a Spatial Elimination scene from the MCS document alone: the label's ball is the goal's
target, lies on the floor on the label's side, off the platform; a ball the label puts behind its wall is hidden
from the start (:func:`scenegen.mcs.forced_choice.sphere_hidden`), and whatever stands on the other side is then too
low or too narrow to hide a ball."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.forced_choice import PLATFORM_WIDTH, other_side, side_of, sphere_hidden
from scenegen.mcs.objects import SOCCER_BALL_SIZE


def spatial_elimination_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Spatial Elimination scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item for item in document["objects"] if item["id"] == target), None)
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    show = ball["shows"][0]
    centre, radius = show["position"], SOCCER_BALL_SIZE * show["scale"]["x"] / 2
    problems = []
    if truth["target_id"] != target or side_of(centre["x"]) != truth["side"]:
        problems.append(Problem("$.goal.metadata.target", "the target is not the label's ball on its side"))
    if abs(centre["x"]) - radius < PLATFORM_WIDTH / 2:
        problems.append(Problem("$.objects", "the ball touches the platform"))
    walls = {side_of(item["shows"][0]["position"]["x"]): _box(item["shows"][0]) for item in document["objects"]
             if item["id"].startswith("wall_") and item["shows"][0]["position"]["x"] != 0}
    if truth["place"] == "behind":
        other = walls.get(other_side(truth["side"]))
        if other is not None and min(other[0][1] - other[0][0], other[1][1]) >= 2 * radius:
            problems.append(Problem("$.objects", "the other side of a hidden ball holds a wall that could hide one"))
        eye = document["performerStart"]["position"]
        wall = walls.get(truth["side"])
        if wall is None or not sphere_hidden((eye["x"], eye["y"], eye["z"]), (centre["x"], centre["y"], centre["z"]),
                                             radius, wall):
            problems.append(Problem("$.objects", "the label's hidden ball is in sight from the start"))
    return problems


def _box(show: Mapping[str, Any]) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """A cube's extents (x, y, z), low to high, from its show (unturned, as every wall here is)."""
    position, scale = show["position"], show["scale"]
    return tuple((position[a] - scale[a] / 2, position[a] + scale[a] / 2) for a in "xyz")  # type: ignore[return-value]

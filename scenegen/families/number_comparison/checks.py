"""Semantic checks of a Number Comparison scene from the MCS document alone: the label's counts are the balls on
each side, its side the one with more (``either`` on a tie), the goal's targets every ball of that side (every
ball on a tie); where the label says the balls end occluded, each side's occluder wall, moved by its ``moves``,
stands on the floor before the performer may act and hides every ball of its side from the start
(:func:`scenegen.mcs.forced_choice.sphere_hidden`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.forced_choice import side_of, sphere_hidden
from scenegen.mcs.objects import SOCCER_BALL_SIZE

#: How far a lowered wall may end from the floor.
TOLERANCE = 1e-6


def number_comparison_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Number Comparison scene's label."""
    if truth is None:
        return []
    balls = [item for item in document["objects"] if item["type"] == "soccer_ball"]
    sides = {side: [item for item in balls if side_of(item["shows"][0]["position"]["x"]) == side]
             for side in ("left", "right")}
    counts = {side: len(items) for side, items in sides.items()}
    answer = "either" if counts["left"] == counts["right"] else max(counts, key=counts.__getitem__)
    problems = []
    if truth["counts"] != counts or truth["side"] != answer:
        problems.append(Problem("$.objects", f"the balls are {counts} ({answer}), not the label's"))
    expected = {item["id"] for side, items in sides.items() if answer in (side, "either") for item in items}
    targets = [target["id"] for target in document["goal"]["metadata"]["targets"]]
    if set(targets) != expected or len(targets) != len(expected) or set(truth["target_ids"]) != expected:
        problems.append(Problem("$.goal.metadata.targets", "are not every ball of the side with more"))
    if document["goal"]["metadata"].get("pickup_number") != (counts["left"] if answer == "either" else None):
        problems.append(Problem("$.goal.metadata.pickup_number", "is not a side's count on a tie (and only then)"))
    if truth["occluded"]:
        problems += _occlusion_problems(document, sides)
    return problems


def _occlusion_problems(document: Mapping[str, Any], sides: Mapping[str, list[Mapping[str, Any]]]) -> list[Problem]:
    walls = {side_of(item["shows"][0]["position"]["x"]): item for item in document["objects"]
             if item["id"].startswith("occluder_wall_")}
    start = document["performerStart"]["position"]
    eye = (start["x"], start["y"], start["z"])
    problems = []
    for side, items in sides.items():
        wall = walls.get(side)
        if wall is None:
            problems.append(Problem("$.objects", f"no occluder over the {side} side"))
            continue
        box, lowered = _lowered(wall)
        if abs(box[1][0]) > TOLERANCE or lowered > len(document["goal"]["action_list"]):
            problems.append(Problem("$.objects", f"the {side} occluder is not on the floor before the performer acts"))
        for item in items:
            centre = item["shows"][0]["position"]
            radius = SOCCER_BALL_SIZE * item["shows"][0]["scale"]["x"] / 2
            if not sphere_hidden(eye, (centre["x"], centre["y"], centre["z"]), radius, box):
                problems.append(Problem("$.objects", f"ball {item['id']} shows past the {side} occluder"))
    return problems


Box = tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


def _lowered(wall: Mapping[str, Any]) -> tuple[Box, int]:
    """An occluder wall's extents (x, y, z) once its moves are done, and the step they end."""
    show = wall["shows"][0]
    drop = sum(move["vector"]["y"] * (move["stepEnd"] - move["stepBegin"] + 1) for move in wall["moves"])
    position, scale = dict(show["position"]), show["scale"]
    position["y"] += drop
    x, y, z = ((position[a] - scale[a] / 2, position[a] + scale[a] / 2) for a in "xyz")
    return (x, y, z), max(move["stepEnd"] for move in wall["moves"])

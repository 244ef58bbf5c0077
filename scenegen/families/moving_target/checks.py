"""Semantic checks of a Moving Target Prediction scene from the MCS document alone: the label names the ball and its
device, its intercept lies on the ball's line of launch (from the ball's show and rotation), on safe floor (the
``partitionFloor``) between the stretch's entry and exit, and its steps fall in the window, after the launch."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem

TOLERANCE = 0.01


def moving_target_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Moving Target Prediction scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item for item in document["objects"] if item["id"] == target), None)
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    problems = []
    if truth["target_id"] != target or not any(item["id"] == truth["thrower_id"] for item in document["objects"]):
        problems.append(Problem("$.objects", "the label's ball or device is not in the scene"))
    show = ball["shows"][0]
    angle = math.radians(show["rotation"]["y"])
    origin, direction = (show["position"]["x"], show["position"]["z"]), (math.cos(angle), -math.sin(angle))
    along = [(point["x"] - origin[0]) * direction[0] + (point["z"] - origin[1]) * direction[1]
             for point in (truth["entry"], truth["intercept"], truth["exit"])]
    for name, distance in zip(("entry", "intercept", "exit"), along, strict=True):
        point = (origin[0] + direction[0] * distance, origin[1] + direction[1] * distance)
        if math.dist(point, (truth[name]["x"], truth[name]["z"])) > TOLERANCE:
            problems.append(Problem("$.objects", f"the label's {name} is off the ball's line of launch"))
    if not along[0] - TOLERANCE <= along[1] <= along[2] + TOLERANCE:
        problems.append(Problem("$.objects", "the label's intercept is not between the stretch's entry and exit"))
    share = document.get("partitionFloor", {}).get("leftHalf", 0)
    if abs(truth["intercept"]["x"]) > (1 - share) * document["roomDimensions"]["x"] / 2 + TOLERANCE:
        problems.append(Problem("$.partitionFloor", "the label's intercept is on lava"))
    launch = ball["forces"][0]["stepBegin"]
    first, last = truth["intercept_steps"]
    if not launch <= truth["window"][0] <= first <= last <= truth["window"][1]:
        problems.append(Problem("$.objects", "the label's steps are not in order after the launch"))
    return problems

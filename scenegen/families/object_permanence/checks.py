"""Semantic checks of an Object Permanence (interactive) scene from the MCS document alone: the label names the ball,
its device (the one it starts in) and a side wall on the label's side; its landing range lies on that side, in the
room, and the side is across the platform exactly when the label says the ball crosses."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem

TOLERANCE = 0.01


def object_permanence_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Object Permanence scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    objects = {item["id"]: item for item in document["objects"]}
    if target not in objects or truth is None:
        return [] if target in objects else [Problem("$.goal.metadata.target.id", "names no object")]
    problems = []
    device = objects.get(truth["thrower_id"])
    ball = objects[target]["shows"][0]["position"]
    if truth["target_id"] != target or device is None or \
            abs(device["shows"][0]["position"]["x"] - ball["x"]) > TOLERANCE:
        problems.append(Problem("$.objects", "the label's ball or its device is not the scene's"))
    sign = -1 if truth["side"] == "left" else 1
    occluder = objects.get(truth["occluder"])
    if occluder is None or occluder["shows"][0]["position"]["x"] * sign <= 0:
        problems.append(Problem("$.objects", "the label's occluder is not on its side"))
    half = document["roomDimensions"]["x"] / 2
    if any(x * sign <= 0 or abs(x) > half for x in truth["landing"]):
        problems.append(Problem("$.objects", "the label's landing is not on its side of the room"))
    if truth["crosses"] != (ball["x"] * sign < 0):
        problems.append(Problem("$.objects", "the label's crossing disagrees with its side and the device's"))
    return problems

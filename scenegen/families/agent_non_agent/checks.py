"""Semantic checks of one Agent / Non-Agent scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action
list, keyframe order and bounds, a blob that stays on the floor, and the blob
ending the test trial against the object the ground truth names. Sizes come from
the object catalogue.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names
from scenegen.mcs.geometry import object_size
from scenegen.mcs.gridworld.trial_checks import action_problems, keyframe_problems, trial_ends

#: How far short of touching the blob may stop (its contact gap and rounding to 0.1 mm).
CONTACT_SLACK = 5e-3


def agent_non_agent_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    goal = document["goal"]
    actions = names(goal["action_list"])
    ends = trial_ends(actions)
    problems = action_problems(goal, actions, ends)
    objects = document["objects"]
    for i, item in enumerate(objects):
        problems += keyframe_problems(i, item, goal["last_step"])
    blobs = [item for item in objects if item["id"].startswith("agent_")]
    goals = {item["id"]: item for item in objects if item["id"].startswith("object_")}
    if len(blobs) != 1 or len(goals) != 2:
        return [*problems, Problem("$.objects", "an Agent / Non-Agent scene has one blob and two goal objects")]
    if len({show["position"]["y"] for show in blobs[0]["shows"]}) != 1:
        problems.append(Problem("$.objects", "the blob leaves the floor (its y changes)"))
    if truth is not None and ends:
        problems += _approach_problems(blobs[0], goals[truth["approaches"]], ends[-1])
    return problems


def _approach_problems(blob: Mapping[str, Any], goal: Mapping[str, Any], test_start: int) -> list[Problem]:
    """Whether the blob's last keyframe touches ``goal`` where it stands in the test trial."""
    end = blob["shows"][-1]["position"]
    place = next(show for show in reversed(goal["shows"]) if show["stepBegin"] <= test_start)["position"]
    reach = [_half(blob, axis) + _half(goal, axis) for axis in ("x", "z")]
    gaps = [abs(end[axis] - place[axis]) - limit for axis, limit in zip(("x", "z"), reach, strict=True)]
    if not (max(gaps) >= -1e-6 and max(gaps) <= CONTACT_SLACK):
        return [Problem("$.objects", f"the blob ends the test trial {max(gaps):.4f} m from the object it approaches")]
    return []


def _half(item: Mapping[str, Any], axis: str) -> float:
    """Half an object's footprint along ``axis`` (its box turned by its rotation, as an axis-aligned box)."""
    first = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    sx, sz = size_x * first["scale"]["x"] / 2, size_z * first["scale"]["z"] / 2
    turn = math.radians(first["rotation"]["y"])
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    return sx * cos + sz * sin if axis == "x" else sx * sin + sz * cos

"""Semantic checks of one Inaccessible Goal scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action list, keyframe order and bounds,
one agent, one goal, one key and one wall that stay on the floor, the wall off the grid for the test trial, and
the agent ending every trial touching the goal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.gridworld.contact_checks import box_half, position_at, touched
from scenegen.mcs.gridworld.trial_checks import grounded_trial_problems

PREFIXES = ("agent_", "object_", "key_", "occluder_")


def inaccessible_goal_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    ends, problems = grounded_trial_problems(document)
    objects = document["objects"]
    found = {prefix: [o for o in objects if o["id"].startswith(prefix)] for prefix in PREFIXES}
    if any(len(items) != 1 for items in found.values()):
        return [*problems, Problem("$.objects", "an Inaccessible Goal scene has one agent (agent_), one goal "
                                                "(object_), one key (key_) and one wall (occluder_)")]
    if not ends:
        return problems
    agent, target, _, wall = (items[0] for items in found.values())
    inner = next(o for o in objects if o["id"] == "wall_grid_right")["shows"][0]["position"]["x"] - 0.25
    if max(abs(c) for c in position_at(wall, ends[-1])) <= inner:
        problems.append(Problem(f"$.objects[{objects.index(wall)}].shows", "the wall must be off the grid for the "
                                                                           "test trial"))
    for step in [end - 1 for end in ends] + [document["goal"]["last_step"]]:
        if not touched((position_at(agent, step), box_half(agent)),
                       [(target["id"], position_at(target, step), box_half(target))]):
            problems.append(Problem("$.objects", f"the agent ends the trial before step {step + 1} away from the "
                                                 "goal"))
    return problems

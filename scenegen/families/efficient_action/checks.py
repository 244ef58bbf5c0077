"""Semantic checks of one Efficient Action scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action list, keyframe order and bounds,
one agent, one goal and one barrier that stay on the floor, the barrier gone for the test trial, and the agent
ending every trial touching the goal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.gridworld.contact_checks import box_half, position_at, touched
from scenegen.mcs.gridworld.trial_checks import grounded_trial_problems


def efficient_action_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    ends, problems = grounded_trial_problems(document)
    objects = document["objects"]
    found = {prefix: [o for o in objects if o["id"].startswith(prefix)] for prefix in ("agent_", "object_",
                                                                                       "occluder_")}
    if any(len(items) != 1 for items in found.values()):
        return [*problems, Problem("$.objects", "an Efficient Action scene has one agent (agent_), one goal "
                                                "(object_) and one barrier (occluder_)")]
    if not ends:
        return problems
    agent, target, barrier = (items[0] for items in found.values())
    if [hide["stepBegin"] for hide in barrier.get("hides", ())] != [ends[-1]]:
        problems.append(Problem(f"$.objects[{objects.index(barrier)}].hides", "the barrier must go at the test "
                                                                              "trial's first step"))
    for step in [end - 1 for end in ends] + [document["goal"]["last_step"]]:
        if not touched((position_at(agent, step), box_half(agent)),
                       [(target["id"], position_at(target, step), box_half(target))]):
            problems.append(Problem("$.objects", f"the agent ends the trial before step {step + 1} away from the "
                                                 "goal"))
    return problems


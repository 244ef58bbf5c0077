"""Semantic checks of one Object Preference scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action list, keyframe order and bounds,
one agent and two goal objects that stay on the floor, and the agent ending every trial touching an object: the
same one in every familiarisation trial, and in the test trial the one the ground truth names. Sizes come from the
object catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.gridworld.contact_checks import box_half, position_at, touched
from scenegen.mcs.gridworld.trial_checks import grounded_trial_problems


def object_preference_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    ends, problems = grounded_trial_problems(document)
    objects = document["objects"]
    agents = [o for o in objects if o["id"].startswith("agent_")]
    goals = [o for o in objects if o["id"].startswith("object_")]
    if len(agents) != 1 or len(goals) != 2:
        return [*problems, Problem("$.objects", "an Object Preference scene has one agent (agent_) and two goal "
                                                "objects (object_)")]
    if not ends:
        return problems
    touched = [_touched(agents[0], goals, end - 1) for end in ends]
    if len(set(touched)) != 1 or touched[0] is None:
        problems.append(Problem("$.objects", f"the agent ends its familiarisation trials touching {touched}, not one "
                                             "and the same object"))
    if truth is not None and _touched(agents[0], goals, document["goal"]["last_step"]) != truth["approached_id"]:
        problems.append(Problem("$.objects", f"the agent ends the test trial away from {truth['approached_id']}"))
    return problems


def _touched(agent: Mapping[str, Any], goals: list[Mapping[str, Any]], step: int) -> str | None:
    """The id of the goal object the agent touches at ``step``, if one."""
    found = touched((position_at(agent, step), box_half(agent)),
                    ((str(item["id"]), position_at(item, step), box_half(item)) for item in goals))
    return found[0] if len(found) == 1 else None


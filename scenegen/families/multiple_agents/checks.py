"""Semantic checks of one Multiple Agents scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action list, keyframe order and bounds,
two agents and two goal objects that stay on the floor, each familiarisation trial ending with one agent touching
one object (each agent always the same object, the two agents different ones), and the test trial ending with the
agent the ground truth names touching the object it names. Sizes come from the object catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.gridworld.contact_checks import goal_touched
from scenegen.mcs.gridworld.trial_checks import grounded_trial_problems


def multiple_agents_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    ends, problems = grounded_trial_problems(document)
    objects = document["objects"]
    agents = [o for o in objects if o["id"].startswith("agent_")]
    goals = [o for o in objects if o["id"].startswith("object_")]
    if len(agents) != 2 or len(goals) != 2:
        return [*problems, Problem("$.objects", "a Multiple Agents scene has two agents (agent_) and two goal "
                                                "objects (object_)")]
    preferences: dict[str, set[str]] = {}
    for end in ends:
        contacts = [(agent["id"], goal_touched(agent, goals, end - 1)) for agent in agents]
        made = [(agent, reached) for agent, reached in contacts if reached is not None]
        if len(made) != 1:
            problems.append(Problem("$.objects", f"familiarisation trial ending at {end} ends with {made}, not one "
                                                 "agent touching one object"))
        for agent, reached in made:
            preferences.setdefault(agent, set()).add(reached)
    if any(len(reached) != 1 for reached in preferences.values()) or \
            len(set().union(*preferences.values())) != len(preferences):
        problems.append(Problem("$.objects", f"the agents' familiarisation walks end at {preferences}, not each "
                                             "agent at its own object"))
    if truth is not None:
        walker = next(agent for agent in agents if agent["id"] == truth["walker_id"])
        if goal_touched(walker, goals, document["goal"]["last_step"]) != truth["approached_id"]:
            problems.append(Problem("$.objects", f"{truth['walker_id']} ends the test trial away from "
                                                 f"{truth['approached_id']}"))
    return problems

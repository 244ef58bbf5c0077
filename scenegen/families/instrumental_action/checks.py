"""Semantic checks of one Instrumental Action scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action list, keyframe order and bounds,
one agent and two goal objects that stay on the floor, wall cells that stand still within a trial, and the agent
ending every trial touching an object: the same one in every familiarisation trial, and in the test trial the one
the ground truth names. Sizes come from the object catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.gridworld.contact_checks import one_preference_problems
from scenegen.mcs.gridworld.trial_checks import grounded_trial_problems


def instrumental_action_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    ends, problems = grounded_trial_problems(document)
    objects = document["objects"]
    agents = [o for o in objects if o["id"].startswith("agent_")]
    goals = [o for o in objects if o["id"].startswith("object_")]
    if len(agents) != 1 or len(goals) != 2:
        return [*problems, Problem("$.objects", "an Instrumental Action scene has one agent (agent_) and two goal "
                                                "objects (object_)")]
    if not ends:
        return problems
    for i, item in enumerate(objects):
        moves = [show["stepBegin"] for show in item["shows"][1:]]
        if item["id"].startswith("wall_") and not item["id"].startswith("wall_grid") and moves not in ([], ends[-1:]):
            problems.append(Problem(f"$.objects[{i}].shows", "a wall cell moves only as the test trial begins"))
    return [*problems, *one_preference_problems(agents[0], goals, ends, truth, document["goal"]["last_step"])]

"""Checks every passive-agent scene of familiarisation trials passes, whatever its task: the action list
(``Pass``, with ``EndHabituation`` closing each trial) and the keyframes of each moving object."""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names


def trial_ends(actions: Sequence[str]) -> list[int]:
    """The first step of every trial after the first: the step after each ``EndHabituation``."""
    return [i + 1 for i, action in enumerate(actions) if action == "EndHabituation"]


def grounded_trial_problems(document: Mapping[str, Any]) -> tuple[list[int], list[Problem]]:
    """The trial ends of a scene whose objects all stay on the floor, and what is wrong with its action list,
    the keyframes of each object, or an object leaving the floor."""
    goal = document["goal"]
    actions = names(goal["action_list"])
    ends = trial_ends(actions)
    problems = action_problems(goal, actions, ends)
    for i, item in enumerate(document["objects"]):
        problems += keyframe_problems(i, item, goal["last_step"])
        if len({show["position"]["y"] for show in item["shows"]}) != 1:
            problems.append(Problem(f"$.objects[{i}].shows", "the object leaves the floor (its y changes)"))
    return ends, problems


def action_problems(goal: Mapping[str, Any], actions: Sequence[str], ends: Sequence[int]) -> list[Problem]:
    """What is wrong with ``actions`` (one name per step) given the steps ``ends`` that end a trial."""
    problems = []
    if len(actions) != goal["last_step"]:
        problems.append(Problem("$.goal.action_list", f"{len(actions)} actions for last_step {goal['last_step']}"))
    if actions.count("Pass") + len(ends) != len(actions):
        problems.append(Problem("$.goal.action_list", "only Pass and EndHabituation are allowed"))
    if len(ends) != goal.get("habituation_total"):
        problems.append(Problem("$.goal.habituation_total",
                                f"{goal.get('habituation_total')} but the action list ends {len(ends)} trials"))
    return problems


def keyframe_problems(i: int, item: Mapping[str, Any], last_step: int) -> list[Problem]:
    """What is wrong with the keyframes of ``objects[i]``: steps that do not strictly increase or pass
    ``last_step``, or a scale anywhere but on the first."""
    shows = item["shows"]
    steps = [show["stepBegin"] for show in shows]
    problems = []
    if not all(map(operator.lt, steps, steps[1:])):
        problems.append(Problem(f"$.objects[{i}].shows", "keyframe steps must strictly increase"))
    if steps[-1] > last_step:
        problems.append(Problem(f"$.objects[{i}].shows", f"a keyframe at step {steps[-1]} after last_step"))
    if "scale" not in shows[0] or any("scale" in show for show in shows[1:]):
        problems.append(Problem(f"$.objects[{i}].shows", "only the first keyframe carries the scale"))
    return problems

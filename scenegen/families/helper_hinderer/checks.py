"""Semantic checks of one Helper/Hinderer scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action
list, keyframe order and bounds, agents that stay on the floor, the goal object
and occluder gone for the test trial, and the primary agent ending the test trial
against the agent the ground truth names (from any direction). Sizes come from
the object catalogue.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names
from scenegen.mcs.geometry import object_size
from scenegen.mcs.gridworld.trial_checks import action_problems, keyframe_problems, trial_ends

_TOLERANCE = 1e-6
#: How far short of touching the primary agent may stop (rounding to 0.1 mm).
_CONTACT_SLACK = 1e-3


def helper_hinderer_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    goal = document["goal"]
    last_step, actions = goal["last_step"], names(goal["action_list"])
    ends = trial_ends(actions)
    problems = action_problems(goal, actions, ends)
    objects = document["objects"]
    for i, item in enumerate(objects):
        problems += _timeline_problems(i, item, last_step)
    main = [o for o in objects if o["id"].startswith("agent_")]
    others = [o for o in objects if o["id"].startswith("other_agents_")]
    props = [o for o in objects if o["id"].startswith(("object_", "occluder_"))]
    if len(main) != 1 or len(others) != 2 or len(props) != 2:
        problems.append(Problem("$.objects", "a Helper/Hinderer scene has one primary agent (agent_), two other "
                                "agents (other_agents_), one goal object (object_) and one occluder (occluder_)"))
        return problems
    if not ends:
        return problems
    test_start = ends[-1]
    for item in props:
        problems += _hidden_for_test(objects.index(item), item, test_start)
    if truth is not None:
        problems += _approach_problems(main[0], others, test_start, truth)
    return problems


def _timeline_problems(i: int, item: Mapping[str, Any], last_step: int) -> list[Problem]:
    shows = item["shows"]
    problems = keyframe_problems(i, item, last_step)
    if len(shows) > 1 and len({show["position"]["y"] for show in shows}) != 1:
        problems.append(Problem(f"$.objects[{i}].shows", "the object leaves the floor (its y changes)"))
    problems.extend(Problem(f"$.objects[{i}].{key}", "an event after last_step") for key in ("hides", "changeMaterials")
                    if any(event["stepBegin"] > last_step for event in item.get(key, ())))
    return problems


def _hidden_for_test(i: int, item: Mapping[str, Any], test_start: int) -> list[Problem]:
    problems = []
    if item.get("hides") != [{"stepBegin": test_start}]:
        problems.append(Problem(f"$.objects[{i}].hides", f"must hide at the test trial's first step {test_start}"))
    late = [event["stepBegin"] for key in ("shows", "changeMaterials") for event in item.get(key, ())
            if event["stepBegin"] >= test_start]
    if late:
        problems.append(Problem(f"$.objects[{i}]", f"acts at step {late[0]}, in the test trial it is hidden for"))
    return problems


def _approach_problems(main: Mapping[str, Any], others: Sequence[Mapping[str, Any]], test_start: int,
                       truth: Mapping[str, Any]) -> list[Problem]:
    by_id = {item["id"]: item for item in others}
    target = by_id.get(truth.get("approached_id"))
    if target is None or set(by_id) != {truth.get("helper_id"), truth.get("hinderer_id")}:
        return [Problem("$.objects", "the truth's helper, hinderer and approached agent are not the scene's agents")]
    problems = []
    if truth.get("expected") != (target["id"] == truth["helper_id"]):
        problems.append(Problem("$.objects", "expected must mean approaching the helper"))
    last = main["shows"][-1]
    if last["stepBegin"] <= test_start:
        return [*problems, Problem("$.objects[0].shows", "the primary agent does not move in the test trial")]
    rest = [show for show in target["shows"] if show["stepBegin"] <= test_start][-1]
    dx = abs(last["position"]["x"] - rest["position"]["x"])
    dz = abs(last["position"]["z"] - rest["position"]["z"])
    (main_x, main_z), (target_x, target_z) = _half(main), _half(target)
    # Two axis-aligned footprints touch when the larger of the gaps along x and along z is zero. The walk stops
    # where it would touch the larger of the two agents (the two walks mirror each other), so short of the
    # smaller one by the difference.
    larger_x, larger_z = (max(half[axis] for half in map(_half, others)) for axis in (0, 1))
    gap = max(dx - main_x - larger_x, dz - main_z - larger_z)
    overlap = max(dx - main_x - target_x, dz - main_z - target_z) < -_TOLERANCE
    if overlap or not -_TOLERANCE <= gap <= _CONTACT_SLACK:
        problems.append(Problem("$.objects[0].shows", f"the primary agent ends the test trial at ({dx:.4f}, "
                                f"{dz:.4f}) from {target['id']}, not where it would touch the larger agent"))
    return problems


def _half(item: Mapping[str, Any]) -> tuple[float, float]:
    """Half the footprint of an agent along x and z (its rotation is a multiple of 90 degrees)."""
    size_x, _, size_z = object_size(item["type"])
    scale = item["shows"][0]["scale"]["x"]
    if item["shows"][0]["rotation"]["y"] % 180:
        size_x, size_z = size_z, size_x
    return size_x * scale / 2, size_z * scale / 2

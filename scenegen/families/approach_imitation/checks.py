"""Semantic checks of one Approach or Imitation scene, from the MCS document alone.

Light enough to run on every document: the trial structure read from the action
list, the cast (one ``agent_``, two ``other_agents_``, one goal ``object_``),
keyframe order and bounds, agents that stay on the floor and move at most a short
step from one step to the next within a trial, and a goal whose colour changes
alternate between red and its own. Given the ground truth, also: the kind follows
from what the truth says happened, the goal turns red only on steps the main
agent touches it, in the trial the task says, and (Imitation) the main agent ends
the test trial against the agent (or the goal object) it picks.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names
from scenegen.mcs.geometry import footprint
from scenegen.mcs.gridworld.trial_checks import action_problems, keyframe_problems, trial_ends

RED = "Custom/Materials/Red"
#: Longest move from one step to the next within a trial (the evaluation's: up to 0.18 m).
MAX_STEP = 0.2
#: How far apart two footprints may be and still count as touching (positions are rounded to 0.1 mm).
CONTACT_SLACK = 1e-3


def preference_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None, task: str) -> list[Problem]:
    goal = document["goal"]
    actions = names(goal["action_list"])
    ends = trial_ends(actions)
    problems = action_problems(goal, actions, ends)
    objects = document["objects"]
    for i, item in enumerate(objects):
        problems += _timeline_problems(i, item, goal["last_step"], ends)
    main = [o for o in objects if o["id"].startswith("agent_")]
    others = [o for o in objects if o["id"].startswith("other_agents_")]
    props = [o for o in objects if o["id"].startswith("object_")]
    if len(main) != 1 or len(others) != 2 or len(props) != 1:
        problems.append(Problem("$.objects", "an Approach or Imitation scene has one agent_, two other_agents_ and "
                                "one goal object_"))
        return problems
    goal_object = props[0]
    problems += _colour_problems(objects.index(goal_object), goal_object)
    if truth is not None and ends:
        problems += _truth_problems(main[0], others, goal_object, ends[-1], truth, task)
    return problems


def _timeline_problems(i: int, item: Mapping[str, Any], last_step: int, ends: Sequence[int]) -> list[Problem]:
    shows = item["shows"]
    problems = keyframe_problems(i, item, last_step)
    if len({show["position"]["y"] for show in shows}) != 1:
        problems.append(Problem(f"$.objects[{i}].shows", "the object leaves the floor (its y changes)"))
    for a, b in itertools.pairwise(shows):
        same_trial = bisect.bisect_right(ends, a["stepBegin"]) == bisect.bisect_right(ends, b["stepBegin"])
        if same_trial and b["stepBegin"] == a["stepBegin"] + 1 and _distance(a, b) > MAX_STEP:
            problems.append(Problem(f"$.objects[{i}].shows", f"a jump of {_distance(a, b):.3f} m at step "
                                    f"{b['stepBegin']}"))
            break
    return problems


def _colour_problems(i: int, item: Mapping[str, Any]) -> list[Problem]:
    """The goal's colour changes alternate: red, its own colour, red..."""
    own = item["materials"]
    wanted = [[RED] if k % 2 == 0 else own for k in range(len(item.get("changeMaterials", ())))]
    if [change["materials"] for change in item.get("changeMaterials", ())] != wanted:
        return [Problem(f"$.objects[{i}].changeMaterials", "colour changes must alternate: red, then its own colour")]
    return []


def _truth_problems(main: Mapping[str, Any], others: Sequence[Mapping[str, Any]], goal: Mapping[str, Any],
                    test_start: int, truth: Mapping[str, Any], task: str) -> list[Problem]:
    by_id = {item["id"]: item for item in others}
    if set(by_id) != {truth.get("preferred_id"), truth.get("other_id")} or \
            truth.get("choice_id") not in {*by_id, goal["id"]}:
        return [Problem("$.objects", "the truth's agents are not the scene's")]
    problems = []
    touched, prefers = truth["goal_touched"], truth["choice_id"] == truth["preferred_id"]
    kind = "no_expectation" if touched else "expected" if prefers else "unexpected"
    if truth["kind"] != kind:
        problems.append(Problem("$.objects", f"the truth says {truth['kind']!r}, but what it says happened makes "
                                f"{kind!r}"))
    turns = [change["stepBegin"] for change in goal.get("changeMaterials", ()) if change["materials"] == [RED]]
    # As in the evaluation, the goal also turns red (off show) as the main agent reaches an agent.
    problems += [Problem("$.objects", f"the goal turns red at step {step}, untouched")
                 for step in turns if min(_gap(main, item, step) for item in (goal, *others)) > CONTACT_SLACK]
    # Approach: the goal is touched in the test trial; Imitation: in the familiarisation trials.
    seen = any((step >= test_start) == (task == "approach") for step in turns)
    if seen != touched:
        problems.append(Problem("$.objects", f"goal_touched is {touched}, but the goal turns red in the "
                                f"{'test' if task == 'approach' else 'familiarisation'} trials: {seen}"))
    if task == "imitation":
        target = by_id.get(truth["choice_id"], goal)
        if _gap(main, target, main["shows"][-1]["stepBegin"]) > CONTACT_SLACK:
            problems.append(Problem("$.objects", f"the agent ends the test trial away from {target['id']}"))
    return problems


def _distance(a: Mapping[str, Any], b: Mapping[str, Any]) -> float:
    dx = a["position"]["x"] - b["position"]["x"]
    dz = a["position"]["z"] - b["position"]["z"]
    return float((dx * dx + dz * dz) ** 0.5)


def _at(item: Mapping[str, Any], step: int) -> tuple[float, float]:
    shows = item["shows"]
    k = bisect.bisect_right([show["stepBegin"] for show in shows], step) - 1
    position = shows[max(k, 0)]["position"]
    return position["x"], position["z"]


def _gap(a: Mapping[str, Any], b: Mapping[str, Any], step: int) -> float:
    """The larger of the gaps along x and along z between two footprints at ``step`` (zero when touching)."""
    (ax, az), (bx, bz) = _at(a, step), _at(b, step)
    (a_half_x, a_half_z), (b_half_x, b_half_z) = _half(a), _half(b)
    return max(abs(ax - bx) - a_half_x - b_half_x, abs(az - bz) - a_half_z - b_half_z)


def _half(item: Mapping[str, Any]) -> tuple[float, float]:
    """Half an object's footprint (its bounding box, rotation applied) along x and z, from its type's catalogue
    shape."""
    first = item["shows"][0]
    scale = tuple(first["scale"][k] for k in "xyz")
    low_x, low_z, high_x, high_z = footprint(item["type"], (0.0, 0.0, 0.0), first["rotation"]["y"],
                                             scale).total_bounds()
    return float(max(-low_x, high_x)), float(max(-low_z, high_z))

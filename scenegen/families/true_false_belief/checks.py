"""Semantic checks of one True/False Belief scene, from the MCS document alone.

Light enough to run on every document, and true of the evaluation pair as well:
the trial structure read from the action list, keyframe order and bounds, agents
and props that stay on the floor, the secondary agent absent until the test
trial, the object behind an occluder (one standing between it and the primary
agent's place) where it starts the test trial and where it ends it. With the
ground truth: the named agents and object are the scene's, the object moves in
the test trial while the primary agent is on the grid (true belief) or off it
(false belief), and the primary agent ends on the old place or touching the
object at the new one, as the truth says. Sizes come from the object catalogue.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import names
from scenegen.mcs.geometry import object_size
from scenegen.mcs.gridworld.trial_checks import action_problems, keyframe_problems, trial_ends

#: How far the primary agent may stop from the old place, or from touching the object (the evaluation pair's
#: walks overlap it by 1.1 mm).
_REACH_SLACK = 2e-3
_ON_PLACE = 0.05


def true_false_belief_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    goal = document["goal"]
    last_step, actions = goal["last_step"], names(goal["action_list"])
    ends = trial_ends(actions)
    problems = action_problems(goal, actions, ends)
    objects = document["objects"]
    for i, item in enumerate(objects):
        problems += _timeline_problems(i, item, last_step)
    groups = {prefix: [o for o in objects if o["id"].startswith(prefix)]
              for prefix in ("agent_", "other_agent", "object_", "occluder_")}
    if [len(groups[prefix]) for prefix in groups] != [1, 1, 1, 2]:
        problems.append(Problem("$.objects", "a True/False Belief scene has one primary agent (agent_), one "
                                "secondary agent (other_agent_), one goal object (object_) and two occluders"))
        return problems
    if not ends:
        return problems
    test_start = ends[-1]
    (main,), (other,), (goal_object,) = groups["agent_"], groups["other_agent"], groups["object_"]
    if other["shows"][0]["stepBegin"] <= test_start:
        problems.append(Problem(f"$.objects[{objects.index(other)}].shows",
                                "the secondary agent shows before the test trial"))
    floor = goal_object["shows"][0]["position"]["y"]
    if any(show["position"]["y"] != floor and _position(other, show["stepBegin"]) != _xz(show)
           for show in goal_object["shows"]):
        problems.append(Problem(f"$.objects[{objects.index(goal_object)}].shows",
                                "the object is off the floor but not on the secondary agent"))
    home = _position(main, 0)
    for when, step in (("starts", test_start), ("ends", last_step)):
        if not _behind_occluder(_position(goal_object, step), home, groups["occluder_"], step):
            problems.append(Problem(f"$.objects[{objects.index(goal_object)}].shows",
                                    f"the object {when} the test trial behind no occluder"))
    if truth is not None:
        problems += _truth_problems(objects, main, other, goal_object, test_start, truth)
    return problems


def _timeline_problems(i: int, item: Mapping[str, Any], last_step: int) -> list[Problem]:
    shows = item["shows"]
    problems = keyframe_problems(i, item, last_step)
    # Only the goal object leaves the floor: carried, it rides on top of the secondary agent.
    if len({show["position"]["y"] for show in shows}) > (2 if item["id"].startswith("object_") else 1):
        problems.append(Problem(f"$.objects[{i}].shows", "the object leaves the floor (its y changes)"))
    return problems


def _behind_occluder(place: tuple[float, float], home: tuple[float, float], occluders: Sequence[Mapping[str, Any]],
                     step: int) -> bool:
    """Whether an occluder stands across the object's z, between it and the primary agent's place in x."""
    for occluder in occluders:
        x, z = _position(occluder, step)
        depth = _half(occluder)[1]
        if abs(place[1] - z) <= depth and (x - place[0]) * (home[0] - x) > 0:
            return True
    return False


def _truth_problems(objects: Sequence[Mapping[str, Any]], main: Mapping[str, Any], other: Mapping[str, Any],
                    goal_object: Mapping[str, Any], test_start: int, truth: Mapping[str, Any]) -> list[Problem]:
    named = (truth.get("primary_id"), truth.get("secondary_id"), truth.get("object_id"))
    if named != (main["id"], other["id"], goal_object["id"]):
        return [Problem("$.objects", "the truth's primary agent, secondary agent and object are not the scene's")]
    problems = []
    moving = _moving_steps(goal_object, test_start)
    if not moving:
        return [Problem("$.objects", "the object does not move in the test trial")]
    bounds = _grid_bounds(objects)
    hidden = [event["stepBegin"] for event in main.get("hides", ())]
    present = {_inside(_position(main, step), bounds) and not _hidden(main, hidden, step)
               for step in range(moving[0] - 1, moving[-1] + 1)}
    if present != {truth.get("belief") == "true"}:
        problems.append(Problem("$.objects", f"belief {truth.get('belief')!r} but the primary agent is "
                                f"{'on' if present == {True} else 'off' if present == {False} else 'on and off'} "
                                "the grid while the object moves"))
    old, new = _position(goal_object, test_start), _position(goal_object, moving[-1])
    end = _position(main, main["shows"][-1]["stepBegin"])
    if truth.get("approaches") == "old":
        if math.dist(end, old) > _ON_PLACE:
            problems.append(Problem("$.objects", f"the primary agent ends at {end}, not on the old place {old}"))
    else:
        reach = [a + b for a, b in zip(_half(main), _half(goal_object), strict=True)]
        gap = max(abs(end[0] - new[0]) - reach[0], abs(end[1] - new[1]) - reach[1])
        if not -_REACH_SLACK <= gap <= _REACH_SLACK:
            problems.append(Problem("$.objects", f"the primary agent ends {gap:.4f} m from touching the object"))
    expected = (truth.get("approaches") == "new") == (truth.get("belief") == "true")
    if truth.get("expected") != expected:
        problems.append(Problem("$.objects", "expected must mean the new place under true belief, the old one "
                                "under false belief"))
    return problems


def _hidden(item: Mapping[str, Any], hides: Sequence[int], step: int) -> bool:
    """Whether ``item`` is hidden at ``step``: hidden since a step no keyframe has followed yet."""
    last_hide = max((hide for hide in hides if hide <= step), default=None)
    return last_hide is not None and not any(last_hide < show["stepBegin"] <= step for show in item["shows"])


def _moving_steps(item: Mapping[str, Any], after: int) -> list[int]:
    """The steps from ``after`` on at which the item's position changes."""
    steps = []
    before = _position(item, after)
    for show in item["shows"]:
        here = (show["position"]["x"], show["position"]["z"])
        if show["stepBegin"] > after and here != before:
            steps.append(show["stepBegin"])
        if show["stepBegin"] >= after:
            before = here
    return steps


def _grid_bounds(objects: Sequence[Mapping[str, Any]]) -> tuple[float, float, float, float]:
    """The box (x low, z low, x high, z high) that the walls' footprints span."""
    boxes = []
    for item in objects:
        if item["id"].startswith("wall_"):
            (x, z), (hx, hz) = _position(item, 0), _half(item)
            boxes.append((x - hx, z - hz, x + hx, z + hz))
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _inside(point: tuple[float, float], bounds: tuple[float, float, float, float]) -> bool:
    return bounds[0] < point[0] < bounds[2] and bounds[1] < point[1] < bounds[3]


def _xz(show: Mapping[str, Any]) -> tuple[float, float]:
    return show["position"]["x"], show["position"]["z"]


def _position(item: Mapping[str, Any], step: int) -> tuple[float, float]:
    """Where the item stands at ``step`` (its first keyframe before it shows)."""
    shows = item["shows"]
    index = max(bisect.bisect_right([show["stepBegin"] for show in shows], step) - 1, 0)
    position = shows[index]["position"]
    return position["x"], position["z"]


def _half(item: Mapping[str, Any]) -> tuple[float, float]:
    """Half the footprint of an object's bounding box along x and z, turned by its rotation about y."""
    size_x, _, size_z = object_size(item["type"])
    show = item["shows"][0]
    width, depth = size_x * show["scale"]["x"], size_z * show["scale"]["z"]
    angle = math.radians(show["rotation"]["y"])
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    return (cos * width + sin * depth) / 2, (sin * width + cos * depth) / 2

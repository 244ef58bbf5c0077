"""Checks every tool scene passes, computed from the MCS document alone.

They share nothing with the generators but the object catalogue and this
package's geometry: ids resolve, everything stands on the floor inside the
room without overlapping, lava is whole floor cells inside the room, the
performer starts on free floor, and the target ball is out of the performer's
reach: only a tool gets it out of the lava.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.geometry import footprints, overlap_matrix, resting_y
from scenegen.mcs.tools.floor import ToolFloor, pose_of
from scenegen.mcs.tools.plans import Plan

#: How far from its centre the performer is taken to pick the ball up: a ball farther than this from every
#: floor cell it walks to needs a tool (an assumption, not a measured MCS figure: ``docs/mcs_facts.md`` 10.7).
ARM_REACH = 1.0
#: The target's type (``docs/mcs_facts.md`` 10.2).
TARGET_TYPE = "soccer_ball"
_TOLERANCE = 1e-6


def target_of(document: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
    """(index, object) of the goal's target, or None when its id names no object."""
    target_id = document["goal"]["metadata"]["target"]["id"]
    return next(((i, item) for i, item in enumerate(document["objects"]) if item["id"] == target_id), None)


def ball_centre(ball: Mapping[str, Any]) -> np.ndarray:
    position = ball["shows"][0]["position"]
    return np.array([position["x"], position["z"]], dtype=float)


def ball_radius(ball: Mapping[str, Any]) -> float:
    """Half the ball's footprint (its type's size at its scale)."""
    return float(footprints([pose_of(ball)]).boxes.half.max())


def scene_problems(document: Mapping[str, Any], floor: ToolFloor, *, tool_needed: bool = True) -> list[Problem]:
    """What is wrong with any tool scene: ids, room, floor, overlaps, lava, start, and (where ``tool_needed``: a
    scene whose label names a tool) a target reached on foot."""
    objects = document["objects"]
    problems = _id_problems(objects)
    world = footprints([pose_of(item) for item in objects])
    half = np.array([document["roomDimensions"]["x"], document["roomDimensions"]["z"]]) / 2 + _TOLERANCE
    outside = world.any_of(np.any(np.abs(world.boxes.corners()) > half, axis=(1, 2)))
    problems += [Problem(f"$.objects[{i}]", f"{objects[i]['id']} reaches outside the room")
                 for i in np.flatnonzero(outside).tolist()]
    rows, columns = np.nonzero(overlap_matrix(world.boxes, world.boxes))
    pairs = sorted({(a, b) for a, b in zip(world.owner[rows].tolist(), world.owner[columns].tolist(), strict=True)
                    if a < b})
    problems += [Problem(f"$.objects[{a}]", f"{objects[a]['id']} overlaps {objects[b]['id']}") for a, b in pairs]
    problems += [Problem(f"$.objects[{i}].shows[0].position.y", f"{item['id']} does not rest on the floor")
                 for i, item in enumerate(objects) if not _rests(item)]
    problems += _lava_problems(document, half)
    if not floor.start_is_free():
        problems.append(Problem("$.performerStart.position", "the performer starts on lava, a structure or a wall"))
    target = target_of(document)
    if target is None:
        return [*problems, Problem("$.goal.metadata.target.id", "names no object")]
    index, ball = target
    if ball["type"] != TARGET_TYPE:
        problems.append(Problem(f"$.objects[{index}]", f"the target is a {ball['type']}, not a {TARGET_TYPE}"))
    elif tool_needed and on_foot(ball, floor):
        problems.append(Problem(f"$.objects[{index}]", "the performer can walk up to the target: no tool is needed"))
    return problems


def on_foot(ball: Mapping[str, Any], floor: ToolFloor) -> bool:
    """Whether the performer walks up to ``ball`` and picks it up without a tool."""
    return floor.nearest_walk(ball_centre(ball)) <= ARM_REACH


def _id_problems(objects: Sequence[Mapping[str, Any]]) -> list[Problem]:
    seen: set[str] = set()
    problems = []
    for i, item in enumerate(objects):
        if item["id"] in seen:
            problems.append(Problem(f"$.objects[{i}].id", f"{item['id']} is used twice"))
        seen.add(item["id"])
    return problems


def _rests(item: Mapping[str, Any]) -> bool:
    object_type, position, _, scale = pose_of(item)
    return abs(position["y"] - resting_y(object_type, scale)) < 1e-3


def _lava_problems(document: Mapping[str, Any], half: np.ndarray) -> list[Problem]:
    problems = []
    cells = [(cell["x"], cell["z"]) for cell in document["lava"]]
    if len(set(cells)) != len(cells):
        problems.append(Problem("$.lava", "a lava cell is listed twice"))
    for i, (x, z) in enumerate(cells):
        if x != int(x) or z != int(z) or abs(x) + 0.5 > half[0] or abs(z) + 0.5 > half[1]:
            problems.append(Problem(f"$.lava[{i}]", "not a whole floor cell inside the room"))
    return problems


def plan_problems(plans: Sequence[Plan], truth: Mapping[str, Any]) -> list[Problem]:
    """What is wrong with the label when none of the scene's simplest ``plans`` has its ``tool_ids``, ``actions``
    and ``direction``."""
    labelled = (list(truth.get("tool_ids", ())), list(truth.get("actions", ())), truth.get("direction"))
    if any(([plan.tool_id], plan.kinds, plan.final.direction) == labelled for plan in plans):
        return []
    found = "; ".join(f"{plan.tool_id} by {plan.kinds} along {plan.final.direction}" for plan in plans)
    return [Problem("$", f"the manifest's tools, actions and direction are none of the simplest plans ({found})")]

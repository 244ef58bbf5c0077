"""Semantic checks of a Navigation - Ramps scene from the MCS document alone: every ramp rises to a platform's side
through a gap in its lips, at most 45 degrees; the performer, the ball (or its holder) and the blob stand on a
surface; and the label's path runs from the start to the goal in straight legs clear of every edge, lip and
object by the performer's radius, joined by the ramps it names, which are those the kit's walk over the document
takes (:func:`scenegen.mcs.ramps.walk`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.geometry.catalog import object_size, resting_y
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.objects import HUMAN_AGENT_SIZE
from scenegen.mcs.ramps import FLOOR, TOLERANCE, Bounds, Point, Ramp, Storeys, Walk, read_storeys, walk

#: The steepest ramp MCS lets the performer climb, degrees.
STEEPEST = 45.0


@dataclass(frozen=True)
class Read:
    """What a document says the walk is over: its storeys (with the goal's and the blob's footprints as things, the
    goal's first), where it starts and ends (surface, point), and the ids of its surfaces and ramps by number."""

    storeys: Storeys
    start: tuple[int, Point]
    goal: tuple[int, Point]
    surface_ids: dict[int, str]
    ramp_ids: dict[int, str]

    def walk(self) -> Walk | None:
        """The kit's walk over the document (:func:`scenegen.mcs.ramps.walk`)."""
        return walk(self.storeys, self.start, self.goal, self.storeys.things[0][1])


def read_scene(document: Mapping[str, Any]) -> tuple[Read | None, list[Problem]]:
    """The walk's setting of a Navigation - Ramps document and what is wrong with it (None when it cannot be read:
    a ramp off its platform or a thing standing on no surface)."""
    storeys, platform_ids, ramp_ids, wrong = read_storeys(document)
    problems = [Problem("$.objects", message) for message in wrong]
    problems += [Problem("$.objects", f"a ramp rises {math.degrees(math.atan2(r.top - r.base, r.length)):.1f} "
                                      f"degrees, more than {STEEPEST:g}") for r in storeys.ramps
                 if math.atan2(r.top - r.base, r.length) > math.radians(STEEPEST) + 1e-3]
    by_id = {item["id"]: item for item in document["objects"]}
    target = by_id.get(document["goal"]["metadata"]["target"]["id"])
    if target is None or target["type"] != "soccer_ball":
        return None, [*problems, Problem("$.goal.metadata.target.id", "the target is not a soccer ball of the scene")]
    goal_item = by_id.get(target.get("associatedWithAgent", ""), target)
    things: list[tuple[int, Bounds]] = []
    for item in (goal_item, *(item for item in document["objects"] if item["type"].startswith("blob_"))):
        surface = _surface(storeys, item["shows"][0]["position"], _rest(item))
        if surface is None:
            problems.append(Problem("$.objects", f"{item['id']} stands on no surface"))
            continue
        things.append((surface, _footprint(item)))
    start = document["performerStart"]["position"]
    start_on = _surface(storeys, start, 0.0)
    if start_on is None:
        problems.append(Problem("$.performerStart.position", "the performer starts on no surface"))
    if problems or start_on is None:
        return None, problems
    goal = goal_item["shows"][0]["position"]
    read = Read(Storeys(storeys.room, storeys.platforms, storeys.ramps, tuple(things)),
                (start_on, (start["x"], start["z"])), (things[0][0], (goal["x"], goal["z"])),
                {FLOOR: "floor", **{k: key for key, k in platform_ids.items()}},
                {k: key for key, k in ramp_ids.items()})
    return read, []


def ramps_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Navigation - Ramps scene and its label."""
    read, problems = read_scene(document)
    if read is None:
        return problems
    found = read.walk()
    if found is None:
        return [Problem("$.objects", "no walk of straight legs round what stands in the way reaches the goal")]
    if truth is None:
        return []
    if (truth["start_surface"], truth["goal_surface"]) != (read.surface_ids[read.start[0]],
                                                           read.surface_ids[read.goal[0]]):
        problems.append(Problem("$.performerStart", "the label's surfaces are not the start's and the goal's"))
    if [read.ramp_ids[k] for k in found.ramps] != truth["ramps"]:
        problems.append(Problem("$.objects", "the label's ramps are not those a walk over the scene takes"))
    return problems + _path_problems(read, truth)


def _path_problems(read: Read, truth: Mapping[str, Any]) -> list[Problem]:
    """The label's path: from the start to the goal, its length, each leg on a surface and clear, or a ramp."""
    storeys, goal_box = read.storeys, read.storeys.things[0][1]
    path = np.array(truth["path"], dtype=float)
    problems = []
    if np.abs(path[[0, -1]][:, [0, 2]] - [read.start[1], read.goal[1]]).max() > TOLERANCE:
        problems.append(Problem("$.performerStart", "the label's path does not run from the start to the goal"))
    if abs(float(np.linalg.norm(np.diff(path, axis=0), axis=1).sum()) - truth["path_length"]) > TOLERANCE:
        problems.append(Problem("$.objects", "the label's path_length is not its path's"))
    climbs = []
    for a, b in itertools.pairwise(path):
        if abs(a[1] - b[1]) < TOLERANCE:
            surface = _surface(storeys, {"x": a[0], "y": a[1], "z": a[2]}, 0.0)
            points = np.linspace(a[[0, 2]], b[[0, 2]], max(2, math.ceil(math.dist(a, b) / 0.05) + 1))
            if surface is None or not storeys.free(points, surface, PERFORMER_RADIUS - TOLERANCE, goal_box).all():
                problems.append(Problem("$.objects", f"the label's leg from {a.tolist()} to {b.tolist()} is not "
                                                     "clear of edges, lips and objects by the performer's radius"))
            continue
        ramp = next((k for k, r in enumerate(storeys.ramps) if _joins(r, a, b) or _joins(r, b, a)), None)
        if ramp is None:
            problems.append(Problem("$.objects", f"the label's step from {a.tolist()} to {b.tolist()} is on no ramp"))
            continue
        climbs.append((ramp, "up" if b[1] > a[1] else "down"))
    if [(read.ramp_ids[k], d) for k, d in climbs] != list(zip(truth["ramps"], truth["directions"], strict=True)):
        problems.append(Problem("$.objects", "the label's ramps and directions are not its path's"))
    return problems


def _joins(ramp: Ramp, low: np.ndarray, high: np.ndarray) -> bool:
    """Whether a step from ``low`` to ``high`` (x, y, z) climbs ``ramp`` from its foot to its head."""
    ends = np.array([(ramp.foot[0], ramp.base, ramp.foot[1]), (ramp.head[0], ramp.top, ramp.head[1])])
    return bool(np.abs(ends - [low, high]).max() < TOLERANCE)


def _rest(item: Mapping[str, Any]) -> float:
    """How far above its surface an object's position is: a ball's radius, a blob's pivot, an agent's nothing."""
    scale = item["shows"][0].get("scale", {"y": 1.0})["y"]
    return 0.0 if item["type"].startswith("agent_") else resting_y(item["type"], scale)


def _surface(storeys: Storeys, position: Mapping[str, float], rest: float) -> int | None:
    """The surface a point at ``position`` (``rest`` above its surface) is on: the highest platform top at its
    height holding it, or the floor."""
    y = position["y"] - rest
    for k, platform in enumerate(storeys.platforms):
        x0, x1, z0, z1 = platform.bounds
        if abs(platform.top - y) < TOLERANCE and x0 <= position["x"] <= x1 and z0 <= position["z"] <= z1:
            return k
    return FLOOR if abs(y) < TOLERANCE else None


def _footprint(item: Mapping[str, Any]) -> Bounds:
    show = item["shows"][0]
    size = HUMAN_AGENT_SIZE if item["type"].startswith("agent_") else object_size(item["type"])
    sx, sz = size[0] * show["scale"]["x"], size[2] * show["scale"]["z"]
    if round(show["rotation"]["y"]) % 180:
        sx, sz = sz, sx
    x, z = show["position"]["x"], show["position"]["z"]
    return (x - sx / 2, x + sx / 2, z - sz / 2, z + sz / 2)


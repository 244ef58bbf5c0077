"""Reading a written grid-world scene for its checks: where an object stands at a step, its footprint's box, and
which objects an agent touches (Object Preference, Efficient Action)."""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.geometry import object_size

#: How far short of touching a walk may stop and still touch (0.2 mm short, then rounded to 0.1 mm).
CONTACT_SLACK = 1e-3
_OVERLAP = 1e-6


def position_at(item: Mapping[str, Any], step: int) -> tuple[float, float]:
    """Where ``item`` stands at ``step``: its last keyframe at or before it."""
    shows = item["shows"]
    show = shows[bisect.bisect_right([s["stepBegin"] for s in shows], step) - 1]
    return show["position"]["x"], show["position"]["z"]


def box_half(item: Mapping[str, Any]) -> tuple[float, float]:
    """Half extents along x and z of an object's box: its catalogue size as its first keyframe scales and turns
    it."""
    first = item["shows"][0]
    angle = math.radians(first["rotation"]["y"])
    size_x, _, size_z = object_size(item["type"])
    w, d = size_x * first["scale"]["x"], size_z * first["scale"]["z"]
    return ((abs(math.cos(angle)) * w + abs(math.sin(angle)) * d) / 2,
            (abs(math.sin(angle)) * w + abs(math.cos(angle)) * d) / 2)


def touched(agent: tuple[tuple[float, float], tuple[float, float]],
            others: Iterable[tuple[str, tuple[float, float], tuple[float, float]]]) -> list[str]:
    """The ids of ``others`` (id, position, half extents) the agent (position, half extents) touches: their boxes
    apart by no more than :data:`CONTACT_SLACK`, and not overlapping."""
    (x, z), (ax, az) = agent
    return [key for key, (ox, oz), (hx, hz) in others
            if -_OVERLAP <= max(abs(ox - x) - ax - hx, abs(oz - z) - az - hz) <= CONTACT_SLACK]


def goal_touched(agent: Mapping[str, Any], goals: Sequence[Mapping[str, Any]], step: int) -> str | None:
    """The id of the one goal object of a scene's ``goals`` the agent touches at ``step``, if exactly one."""
    found = touched((position_at(agent, step), box_half(agent)),
                    ((str(item["id"]), position_at(item, step), box_half(item)) for item in goals))
    return found[0] if len(found) == 1 else None


def one_preference_problems(agent: Mapping[str, Any], goals: Sequence[Mapping[str, Any]], ends: Sequence[int],
                            truth: Mapping[str, Any] | None, last_step: int) -> list[Problem]:
    """What is wrong with a lone agent's preference: it ends every familiarisation trial (each ending the step
    before one of ``ends``) touching one and the same goal object, and the test trial at the truth's
    ``approached_id``."""
    problems = []
    reached = [goal_touched(agent, goals, end - 1) for end in ends]
    if len(set(reached)) != 1 or reached[0] is None:
        problems.append(Problem("$.objects", f"the agent ends its familiarisation trials touching {reached}, not one "
                                             "and the same object"))
    if truth is not None and goal_touched(agent, goals, last_step) != truth["approached_id"]:
        problems.append(Problem("$.objects", f"the agent ends the test trial away from {truth['approached_id']}"))
    return problems

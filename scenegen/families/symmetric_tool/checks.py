"""Semantic checks of a Symmetric Tool scene, computed from the MCS document alone.

Beyond what every tool scene passes (:mod:`scenegen.mcs.tools.checks`): every tool
is rectangular, and one of them, turned in free space if need be and slid along a
free lane into line, drives the ball out of the lava by a straight push. The
manifest must name one of the simplest such plans: the tool, the actions, the way out;
or, naming no tool, say the ball lies on open floor, where the performer walks up to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.tools.checks import ball_centre, ball_radius, on_foot, plan_problems, scene_problems, target_of
from scenegen.mcs.tools.floor import ToolFloor
from scenegen.mcs.tools.kinds import tool_kind
from scenegen.mcs.tools.plans import extracting_plans


def symmetric_tool_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Symmetric Tool scene: layout, a push that gets the target out (or, where the label
    says the ball lies on open floor, a walk up to it), the label."""
    floor = ToolFloor(document)
    open_floor = truth is not None and not truth.get("tool_ids")
    problems = scene_problems(document, floor, tool_needed=not open_floor)
    objects = document["objects"]
    kinds = {i: tool_kind(item["type"]) for i, item in enumerate(objects) if item["type"].startswith("tool_")}
    problems += [Problem(f"$.objects[{i}]", f"{objects[i]['id']} is not a rectangular tool")
                 for i, kind in kinds.items() if kind is None or kind.shape != "rect"]
    target = target_of(document)
    if target is None or not kinds:
        return problems if kinds else [*problems, Problem("$.objects", "a Symmetric Tool scene has a tool")]
    index, ball = target
    if open_floor:
        if not on_foot(ball, floor):
            problems.append(Problem(f"$.objects[{index}]", "the label says the ball lies on open floor, but the "
                                                           "performer cannot walk up to it"))
        return problems
    plans = extracting_plans(objects, ball_centre(ball), ball_radius(ball), floor, kinds=("push",))
    if not plans:
        return [*problems, Problem(f"$.objects[{index}]", "no tool can push the target out of the lava")]
    if truth is not None:
        problems += plan_problems(plans, truth)
        if truth.get("target_id") != ball["id"]:
            problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    return problems

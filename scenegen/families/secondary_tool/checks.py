"""Semantic checks of a Secondary Tool scene, computed from the MCS document alone.

Beyond what every tool scene passes (:mod:`scenegen.mcs.tools.checks`): there is a
rectangular tool and an L-shaped one; the performer cannot reach the L tool; no
tool as it lies (pushed or pulled, turned and slid first if need be) gets the ball
out, so the rectangular tool alone is useless; the rectangular tool pushes the L
tool until the performer reaches it; and the L tool, laid with its hook behind the
ball, pulls the ball out. How the performer takes the L tool from its pool to the
ball's is not replayed (it walks it over free floor). The manifest must name the
tools in that order, the push's way and a way the ball comes out. A manifest that
names one tool (the ball in a ring of lava) must name one of the simplest plans by
which that tool alone gets the ball out; one that names none (a partial ring), a
ball the performer walks up to.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.tools.checks import ball_centre, ball_radius, on_foot, plan_problems, scene_problems, target_of
from scenegen.mcs.tools.floor import ToolFloor, object_boxes
from scenegen.mcs.tools.kinds import tool_kind
from scenegen.mcs.tools.plans import carrying_plans, extracting_plans, pull_directions


def secondary_tool_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Secondary Tool scene: layout, the two tools' parts, the label."""
    floor = ToolFloor(document)
    if truth is not None and len(truth.get("tool_ids", ())) < 2:
        return _direct_problems(document, truth, floor)
    problems = scene_problems(document, floor)
    objects = document["objects"]
    kinds = {item["id"]: tool_kind(item["type"]) for item in objects}
    rects = [item for item in objects if (kind := kinds[item["id"]]) is not None and kind.shape == "rect"]
    hooks = [item for item in objects if (kind := kinds[item["id"]]) is not None and kind.hooked]
    target = target_of(document)
    if not rects or not hooks or target is None:
        return [*problems, Problem("$.objects", "a Secondary Tool scene has a rectangular and an L-shaped tool")]
    index, ball = target
    centre, radius = ball_centre(ball), ball_radius(ball)
    for item in hooks:
        if floor.reaches(object_boxes(item)):
            problems.append(Problem("$.objects", f"the performer can walk up to the L-shaped tool {item['id']}"))
    alone = extracting_plans(objects, centre, radius, floor)
    if alone:
        problems.append(Problem(f"$.objects[{index}]", f"{alone[0].tool_id} alone gets the target out"))
    # (rect id, L id, push way) of every push that frees an L tool, and the ways each freed L tool pulls the ball out.
    freeing = [(rect["id"], item["id"], plan.final.direction, plan.kinds) for rect in rects for item in hooks
               for plan in carrying_plans(rect, item, floor)]
    pulls = {item["id"]: pull_directions(item["type"], centre, radius, floor.world) for item in hooks}
    solutions = [(rect_id, hook_id, push, kinds_, way) for rect_id, hook_id, push, kinds_ in freeing
                 for way in pulls[hook_id]]
    if not solutions:
        return [*problems, Problem(f"$.objects[{index}]", "no rectangular tool frees an L-shaped tool that pulls the "
                                   "target out")]
    if truth is not None:
        labelled = (list(truth.get("tool_ids", ())), list(truth.get("actions", ())), truth.get("push_direction"),
                    truth.get("direction"))
        if not any(([rect_id, hook_id], [*kinds_, "pull"], push, way) == labelled
                   for rect_id, hook_id, push, kinds_, way in solutions):
            problems.append(Problem("$", "the manifest's tools, actions and directions are none of the scene's "
                                         f"solutions {solutions}"))
        if truth.get("target_id") != ball["id"]:
            problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    return problems


def _direct_problems(document: Mapping[str, Any], truth: Mapping[str, Any], floor: ToolFloor) -> list[Problem]:
    """What is wrong with a scene labelled with one tool (that tool alone gets the ball out) or none (the performer
    walks up to the ball)."""
    open_floor = not truth.get("tool_ids")
    problems = scene_problems(document, floor, tool_needed=not open_floor)
    target = target_of(document)
    if target is None:
        return problems
    index, ball = target
    if truth.get("target_id") != ball["id"]:
        problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    if open_floor:
        if not on_foot(ball, floor):
            problems.append(Problem(f"$.objects[{index}]", "the label names no tool, but the performer cannot walk "
                                                           "up to the target"))
        return problems
    plans = extracting_plans(document["objects"], ball_centre(ball), ball_radius(ball), floor)
    if not plans:
        return [*problems, Problem(f"$.objects[{index}]", "the label names one tool, but no tool alone gets the "
                                                          "target out")]
    return problems + plan_problems(plans, truth)

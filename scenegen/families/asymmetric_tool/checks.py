"""Semantic checks of an Asymmetric Tool scene, computed from the MCS document alone.

Beyond what every tool scene passes (:mod:`scenegen.mcs.tools.checks`): there is an
L-shaped tool; the lava around the ball reaches three of the room's walls; no
straight push of any tool gets the ball out; and a tool pulled straight (turned
first, if need be, where the disc it sweeps is clear of walls and structures and
no part of it comes over the ball: it may turn over lava; or, laid across the
ball's side, slid aside over the lava to turn and slid back into line,
:mod:`scenegen.mcs.tools.turning`) does. The manifest must name one of the
simplest such plans; or, naming no tool, say the ball lies on open floor (the band along a side wall), where
the performer walks up to it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.tools.checks import ball_centre, ball_radius, on_foot, plan_problems, scene_problems, target_of
from scenegen.mcs.tools.floor import ToolFloor
from scenegen.mcs.tools.kinds import tool_kind
from scenegen.mcs.tools.plans import extracting_plans
from scenegen.mcs.tools.turning import over_lava, over_lava_slides


def asymmetric_tool_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Asymmetric Tool scene: layout, walls the lava reaches, push and pull, the label."""
    floor = ToolFloor(document)
    open_floor = truth is not None and not truth.get("tool_ids")
    problems = scene_problems(document, floor, tool_needed=not open_floor)
    objects = document["objects"]
    kinds = [tool_kind(item["type"]) for item in objects]
    if not any(kind is not None and kind.hooked for kind in kinds):
        problems.append(Problem("$.objects", "an Asymmetric Tool scene has an L-shaped (hooked) tool"))
    walls = walls_reached(document)
    if walls < 3:
        problems.append(Problem("$.lava", f"the lava reaches {walls} of the room's walls, not three"))
    target = target_of(document)
    if target is None:
        return problems
    index, ball = target
    if open_floor:
        if not on_foot(ball, floor):
            problems.append(Problem(f"$.objects[{index}]", "the label says the ball lies on open floor, but the "
                                                           "performer cannot walk up to it"))
        return problems
    centre, radius = ball_centre(ball), ball_radius(ball)
    may_turn, may_slide = over_lava(centre, radius), over_lava_slides(centre, radius)
    pushes = extracting_plans(objects, centre, radius, floor, ("push",), may_turn, may_slide)
    if pushes:
        problems.append(Problem(f"$.objects[{index}]", f"a straight push of {pushes[0].tool_id} gets the target out"))
    pulls = extracting_plans(objects, centre, radius, floor, ("pull",), may_turn, may_slide)
    if not pulls:
        return [*problems, Problem(f"$.objects[{index}]", "no tool can pull the target out of the lava")]
    if truth is not None:
        problems += plan_problems(pulls, truth)
        if truth.get("target_id") != ball["id"]:
            problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    return problems


def walls_reached(document: Mapping[str, Any]) -> int:
    """How many of the room's four walls some lava cell touches."""
    cells = np.array([(cell["x"], cell["z"]) for cell in document["lava"]], dtype=float).reshape(-1, 2)
    half = np.array([document["roomDimensions"]["x"], document["roomDimensions"]["z"]]) / 2
    if not len(cells):
        return 0
    return int(np.sum(cells.max(axis=0) + 0.5 >= half - 1e-6) + np.sum(cells.min(axis=0) - 0.5 <= -half + 1e-6))

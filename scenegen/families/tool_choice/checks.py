"""Semantic checks of a Tool Choice scene, computed from the MCS document alone.

They share nothing with the generator but the object catalogue: they re-derive
each pool's extent from the lava cells, each tool's size from its type name, and
decide from that geometry which ball a tool can push out of the lava.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from ...errors import Problem
from ...geometry import Boxes, Footprints, footprints, overlap_matrix

_RECT_TOOL = re.compile(r"tool_rect_(\d+)_(\d+)_x_(\d+)_(\d+)")
_TOLERANCE = 1e-6


def tool_choice_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Tool Choice scene: layout, target, and agreement with ``truth``."""
    objects = document["objects"]
    world = footprints([_pose(item) for item in objects])
    problems = _outside_room(objects, world, document["roomDimensions"]) + _overlaps(objects, world)
    balls = [i for i, item in enumerate(objects) if item["type"] == "soccer_ball"]
    target_id = document["goal"]["metadata"]["target"]["id"]
    if len(balls) != 2 or sum(objects[i]["id"] == target_id for i in balls) != 1:
        return [*problems, Problem("$.objects", "a Tool Choice scene has two soccer balls, one of them the target")]
    lava = {(cell["x"], cell["z"]) for cell in document["lava"]}
    walls = [world.object(i) for i, item in enumerate(objects)
             if item["type"] == "cube" and not item["id"].startswith("platform_")]
    for i in balls:
        ball = objects[i]
        lava_span = lava_under(lava, ball)
        pushers = [item["id"] for item in objects
                   if item["type"].startswith("tool_rect_") and pushes_out(item, ball, lava_span, walls)]
        is_target = ball["id"] == target_id
        if is_target and not pushers:
            problems.append(Problem(f"$.objects[{i}]", "no tool can push the target ball out of the lava"))
        if not is_target and pushers:
            problems.append(Problem(f"$.objects[{i}]", f"tool {pushers[0]} can push the non-target ball out too"))
    if truth is not None:
        problems += _truth_problems(document, truth)
    return problems


def lava_under(lava: set[tuple[int, int]], ball: Mapping[str, Any]) -> tuple[float, float] | None:
    """(near, far) z edges of the lava in the ball's column of cells, or None when there is none."""
    column_x = round(ball["shows"][0]["position"]["x"])
    column = [z for x, z in lava if x == column_x]
    return (min(column) - 0.5, max(column) + 0.5) if column else None


def pushes_out(tool: Mapping[str, Any], ball: Mapping[str, Any], lava_span: tuple[float, float] | None,
               walls: Sequence[Boxes]) -> bool:
    """Whether pushing ``tool`` straight along +z drives ``ball`` out over the far edge of its lava.

    The tool must be a rectangular tool lying along z in front of the pool, off the
    lava, with the ball's centre inside its width, at least as long as the lava and
    island it spans (``lava_span``: see :func:`lava_under`), with no wall in the lane it sweeps.
    """
    size = rect_tool_size(tool["type"])
    if size is None:
        return False
    width, length = size
    show = tool["shows"][0]
    tool_x, tool_z = show["position"]["x"], show["position"]["z"]
    ball_x, ball_z = ball["shows"][0]["position"]["x"], ball["shows"][0]["position"]["z"]
    if lava_span is None or show["rotation"]["y"] % 180 > _TOLERANCE or abs(tool_x - ball_x) >= width / 2:
        return False
    near, far = lava_span
    tool_far_end = tool_z + length / 2
    if not (tool_far_end <= near + _TOLERANCE and near < ball_z < far and length >= far - near - _TOLERANCE):
        return False
    lane = Boxes.from_size([(tool_x, (tool_z - length / 2 + far) / 2)], [width, far - (tool_z - length / 2)])
    return not any(overlap_matrix(lane, wall).any() for wall in walls)


def rect_tool_size(object_type: str) -> tuple[float, float] | None:
    """(width, length) of a ``tool_rect_W_x_L`` type, read from its name; None for other types."""
    match = _RECT_TOOL.fullmatch(object_type)
    if match is None:
        return None
    w_int, w_frac, l_int, l_frac = match.groups()
    return float(f"{w_int}.{w_frac}"), float(f"{l_int}.{l_frac}")


def _pose(item: Mapping[str, Any]) -> tuple[str, Mapping[str, float], float, Mapping[str, float]]:
    show = item["shows"][0]
    return item["type"], show["position"], show["rotation"]["y"], show.get("scale", {"x": 1, "y": 1, "z": 1})


def _outside_room(objects: Sequence[Mapping[str, Any]], world: Footprints,
                  room: Mapping[str, float]) -> list[Problem]:
    half = np.array([room["x"], room["z"]]) / 2 + _TOLERANCE
    outside = world.any_of(np.any(np.abs(world.boxes.corners()) > half, axis=(1, 2)))
    return [Problem(f"$.objects[{i}]", f"{objects[i]['id']} reaches outside the room")
            for i in np.flatnonzero(outside).tolist()]


def _overlaps(objects: Sequence[Mapping[str, Any]], world: Footprints) -> list[Problem]:
    rows, columns = np.nonzero(overlap_matrix(world.boxes, world.boxes))
    owners = zip(world.owner[rows].tolist(), world.owner[columns].tolist(), strict=True)
    pairs = sorted({(a, b) for a, b in owners if a < b})
    return [Problem(f"$.objects[{a}]", f"{objects[a]['id']} overlaps {objects[b]['id']}") for a, b in pairs]


def _truth_problems(document: Mapping[str, Any], truth: Mapping[str, Any]) -> list[Problem]:
    target_id = document["goal"]["metadata"]["target"]["id"]
    target = next(item for item in document["objects"] if item["id"] == target_id)
    side = "left" if target["shows"][0]["position"]["x"] < 0 else "right"
    problems = []
    if truth.get("target_id") != target_id:
        problems.append(Problem("$.goal.metadata.target.id", "differs from the manifest's target_id"))
    if truth.get("correct_side") != side:
        problems.append(Problem("$.goal.metadata.target.id", f"target is on the {side}; the manifest says otherwise"))
    return problems

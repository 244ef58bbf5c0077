"""Semantic checks of a Lava or Holes scene, computed from the MCS document alone.

They hold of the evaluation's own scenes as of scenegen's: the dangerous cells lie
on the room's 1 m floor grid; what stands on the floor stands inside the room, on
it (not floating), off the dangerous cells and off each other; the performer starts
on a platform; the ball is the target, held by a human agent or lying on the floor;
and a safe walk leads from the platform to it, replayed point by point with the
performer's body. Given a label, they check it: its measures of the walk, whether
the field cuts the straight way (swept by the performer's body), and, where it
does, that the safe walk is longer than the straight way.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.floor_field import FloorField, body_crosses, cell_of, clearance, open_distance, polyline_points
from scenegen.mcs.geometry import Boxes, cell_boxes, overlap_matrix
from scenegen.mcs.geometry.catalog import object_size, resting_y
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.objects import HUMAN_AGENT_SIZE

#: How far off its resting height an object may stand (the evaluation's blobs stand up to 3.3 mm off theirs).
_REST_TOLERANCE = 0.01
_TOLERANCE = 1e-6
_KINDS = ("lava", "holes")


def navigation_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None, danger: str) -> list[Problem]:
    """Everything wrong with a navigation scene over ``danger`` cells ("lava" or "holes")."""
    problems = _cell_problems(document, danger)
    objects = document["objects"]
    by_id = {item["id"]: item for item in objects}
    target = by_id.get(document["goal"]["metadata"]["target"]["id"])
    if target is None or target["type"] != "soccer_ball":
        return [*problems, Problem("$.goal.metadata.target.id", "the target is not a soccer ball of the scene")]
    holder = by_id.get(target.get("associatedWithAgent", ""))
    if "associatedWithAgent" in target and (holder is None or not holder["type"].startswith("agent_")):
        return [*problems, Problem("$.goal.metadata.target.id", "the ball's holder is not a human agent of the scene")]
    if holder is not None and target["shows"][0]["scale"] != {"x": 1, "y": 1, "z": 1}:
        problems.append(Problem("$.goal.metadata.target.id", "a held ball must have scale 1 (MCS)"))
    cells = np.array([(cell["x"], cell["z"]) for cell in document[danger]], dtype=float).reshape(-1, 2)
    standing = [i for i, item in enumerate(objects) if "associatedWithAgent" not in item]
    problems += _standing_problems(document, standing, cells)
    problems += _start_problems(document)
    goal = _floor_point(holder if holder is not None else target)
    problems += _walk_problems(document, cells, goal)
    if truth is not None:
        problems += _truth_problems(document, truth, cells, target, holder, goal, danger)
    return problems


def _cell_problems(document: Mapping[str, Any], danger: str) -> list[Problem]:
    problems = [Problem(f"$.{kind}", f"a {danger} scene has no {kind} cells")
                for kind in _KINDS if kind != danger and document[kind]]
    if not document[danger]:
        problems.append(Problem(f"$.{danger}", "the scene has no dangerous cells"))
    half_x, half_z = document["roomDimensions"]["x"] / 2, document["roomDimensions"]["z"] / 2
    problems += [Problem(f"$.{danger}[{i}]", f"cell ({cell['x']}, {cell['z']}) is off the room's floor grid")
                 for i, cell in enumerate(document[danger])
                 if abs(cell["x"]) > half_x + _TOLERANCE or abs(cell["z"]) > half_z + _TOLERANCE]
    return problems


def _size(item: Mapping[str, Any]) -> tuple[float, float, float]:
    # Human agents are not in the object catalogue: their size is the builder's.
    return HUMAN_AGENT_SIZE if item["type"].startswith("agent_") else object_size(item["type"])


def _floor_point(item: Mapping[str, Any]) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return float(position["x"]), float(position["z"])


def _footprints(items: Sequence[Mapping[str, Any]]) -> Boxes:
    centres, sizes, angles = [], [], []
    for item in items:
        show = item["shows"][0]
        scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
        size_x, _, size_z = _size(item)
        centres.append(_floor_point(item))
        sizes.append((size_x * scale["x"], size_z * scale["z"]))
        angles.append(show["rotation"]["y"])
    return Boxes.from_size(np.array(centres).reshape(-1, 2), np.array(sizes).reshape(-1, 2), angles)


def _standing_problems(document: Mapping[str, Any], standing: list[int], cells: np.ndarray) -> list[Problem]:
    """Objects on the floor: inside the room, resting on it, off the dangerous cells and off each other."""
    objects = document["objects"]
    items = [objects[i] for i in standing]
    boxes = _footprints(items)
    room = np.array([document["roomDimensions"]["x"], document["roomDimensions"]["z"]]) / 2 + _TOLERANCE
    outside = np.any(np.abs(boxes.corners()) > room, axis=(1, 2))
    on_cells: np.ndarray = np.zeros(len(items), dtype=bool)
    if len(cells):
        on_cells = np.asarray(overlap_matrix(boxes, cell_boxes(cells)).any(axis=1))
    problems = []
    for k, (i, item) in enumerate(zip(standing, items, strict=True)):
        if outside[k]:
            problems.append(Problem(f"$.objects[{i}]", f"{item['id']} reaches outside the room"))
        if on_cells[k]:
            problems.append(Problem(f"$.objects[{i}]", f"{item['id']} stands on a dangerous cell"))
        show = item["shows"][0]
        rest = 0.0 if item["type"].startswith("agent_") else resting_y(item["type"], show.get("scale", 1.0))
        if abs(show["position"]["y"] - rest) > _REST_TOLERANCE:
            problems.append(Problem(f"$.objects[{i}].shows[0].position.y",
                                    f"{item['id']} is not resting on the floor (y {rest:g})"))
    rows, columns = np.nonzero(np.triu(overlap_matrix(boxes, boxes), 1))
    problems += [Problem(f"$.objects[{standing[a]}]", f"{items[a]['id']} overlaps {items[b]['id']}")
                 for a, b in zip(rows.tolist(), columns.tolist(), strict=True)]
    return problems


def _start_problems(document: Mapping[str, Any]) -> list[Problem]:
    """The performer starts on top of a platform."""
    start = document["performerStart"]["position"]
    for item in document["objects"]:
        if item["id"].startswith("platform_") and item["type"] == "cube":
            show = item["shows"][0]
            position, scale = show["position"], show["scale"]
            top = position["y"] + scale["y"] / 2
            inside = (abs(start["x"] - position["x"]) <= scale["x"] / 2 + _TOLERANCE
                      and abs(start["z"] - position["z"]) <= scale["z"] / 2 + _TOLERANCE)
            if inside and abs(start["y"] - top) <= _TOLERANCE:
                return []
    return [Problem("$.performerStart.position", "the performer does not start on top of a platform")]


def _walk_problems(document: Mapping[str, Any], cells: np.ndarray, goal: tuple[float, float]) -> list[Problem]:
    """A safe walk leads from the platform to the goal's cell; replayed with the performer's body, it keeps off
    every dangerous cell and inside the room."""
    room = (float(document["roomDimensions"]["x"]), float(document["roomDimensions"]["z"]))
    start = (float(document["performerStart"]["position"]["x"]), float(document["performerStart"]["position"]["z"]))
    walk = FloorField(*room, cells.astype(int)).walk(cell_of(*start), cell_of(*goal))
    if walk is None:
        return [Problem("$.performerStart", "no safe walk leads from the platform to the ball")]
    points = polyline_points([start, *walk.cells])
    problems = []
    if clearance(points, cells) < PERFORMER_RADIUS - _TOLERANCE:
        problems.append(Problem("$.performerStart", "the shortest safe walk, replayed, brings the performer's body "
                                                    "onto a dangerous cell"))
    if np.any(np.abs(points) + PERFORMER_RADIUS > np.array(room) / 2 + _TOLERANCE):
        problems.append(Problem("$.performerStart", "the shortest safe walk leaves the room"))
    return problems


def _truth_problems(document: Mapping[str, Any], truth: Mapping[str, Any], cells: np.ndarray,
                    target: Mapping[str, Any], holder: Mapping[str, Any] | None, goal: tuple[float, float],
                    danger: str) -> list[Problem]:
    """The label agrees with the scene, and a field that cuts the straight way leaves a safe walk longer than it."""
    room = (float(document["roomDimensions"]["x"]), float(document["roomDimensions"]["z"]))
    start = (float(document["performerStart"]["position"]["x"]), float(document["performerStart"]["position"]["z"]))
    length = FloorField(*room, cells.astype(int)).distance(cell_of(*start), cell_of(*goal))
    expected = {
        "kind": danger,
        "target_id": target["id"],
        "holder_id": None if holder is None else holder["id"],
        "interact_with_agent": holder is not None,
        "cells": len(cells),
        "path_length": length,
        "open_path_length": open_distance(cell_of(*start), cell_of(*goal)),
        "straight_way_cut": body_crosses(start, goal, cells),
    }
    problems = [Problem("$", f"the label's {key} is {truth.get(key)!r}; the scene says {value!r}")
                for key, value in expected.items() if truth.get(key) != value]
    if length is not None and truth.get("detour") != length - expected["open_path_length"]:
        problems.append(Problem("$", "the label's detour is not the walk's length less the open room's"))
    if expected["straight_way_cut"] and (length is None or not length > math.dist(start, goal)):
        problems.append(Problem("$", "the field cuts the straight way, yet the safe walk is no longer than it"))
    return problems

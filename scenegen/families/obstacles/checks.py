"""Semantic checks of a Retrieval - Obstacles scene from the MCS document alone: the label's path runs from the
start to the ball (its ``shows``), keeps the performer's radius from every footprint (show and catalogue size) and
wall, and is no longer than an 8-connected search on a 0.1 m grid finds (:func:`.walks.grid_walk` of the kit).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.geometry.catalog import footprint
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import concat
from scenegen.mcs.geometry.walks import clearance, grid_walk

TOLERANCE = 0.01
#: How much shorter than the label the grid's walk may be (its start and end snapped to cell centres).
SLACK = 0.1


def obstacles_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Retrieval - Obstacles scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item["shows"][0]["position"] for item in document["objects"] if item["id"] == target), None)
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    start = document["performerStart"]["position"]
    path = np.array(truth["path"], dtype=float)
    problems = []
    if truth["target_id"] != target or truth["ball"] != {"x": ball["x"], "z": ball["z"]}:
        problems.append(Problem("$.goal.metadata.target", "differs from the label's ball"))
    if np.abs(path[[0, -1]] - [(start["x"], start["z"]), (ball["x"], ball["z"])]).max() > TOLERANCE:
        problems.append(Problem("$.performerStart", "the label's path does not run from the start to the ball"))
    walked = float(np.linalg.norm(np.diff(path, axis=0), axis=1).sum())
    if abs(walked - truth["path_length"]) > TOLERANCE:
        problems.append(Problem("$.objects", f"the label's path is {walked:.3f} m long, not {truth['path_length']}"))
    room = (document["roomDimensions"]["x"], document["roomDimensions"]["z"])
    boxes = concat([footprint(item["type"], show["position"], show["rotation"]["y"], show.get("scale", 1.0))
                    for item in document["objects"] if item["id"] != target for show in item["shows"][:1]])
    samples = np.concatenate([np.linspace(a, b, max(2, math.ceil(math.dist(a, b) / 0.01)))
                              for a, b in itertools.pairwise(path)])
    if clearance(samples, boxes, room).min() < PERFORMER_RADIUS - TOLERANCE:
        problems.append(Problem("$.objects", "the label's path passes closer than the performer's radius to an "
                                             "object or a wall"))
    found = grid_walk(boxes, room, (start["x"], start["z"]), (ball["x"], ball["z"]))
    if walked > found + SLACK:
        problems.append(Problem("$.objects", f"a grid search finds a walk of {found:.3f} m, shorter than the "
                                             f"label's {walked:.3f} m"))
    return problems

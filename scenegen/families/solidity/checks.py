"""Semantic checks of a Solidity scene from the MCS document alone: the ball, let go where its placer's moves
leave it, falls straight down onto the highest platform under it or onto the floor; its whole disc must lie over
one of them clear of every edge (or the outcome is not certain), and the label's door must be the one that leads
there: the middle door (on the platform) to a platform, the floor door on the ball's side to the floor.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.doors import settled
from scenegen.mcs.objects import SOCCER_BALL_SIZE

#: How far inside (or outside) an edge the ball's disc must keep, less a little for the file's rounding.
CLEAR = 0.04


def _under(platforms: list[Mapping[str, Any]], x: float, z: float, radius: float) -> tuple[str | None, float]:
    """What the ball's disc falls onto: the highest platform it lies wholly over (its id and top), the floor
    (None, 0), or ("", 0) when it straddles an edge."""
    best: tuple[str | None, float] = (None, 0.0)
    for item in platforms:
        (cx, cy, cz), scale = settled(item), item["shows"][0]["scale"]
        gap_x, gap_z = abs(x - cx) - scale["x"] / 2, abs(z - cz) - scale["z"] / 2
        if min(-gap_x, -gap_z) >= radius + CLEAR:
            top = cy + scale["y"] / 2
            best = (item["id"], top) if top > best[1] else best
        elif math.hypot(max(gap_x, 0.0), max(gap_z, 0.0)) < radius + CLEAR:
            return "", 0.0
    return best


def solidity_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Solidity scene's label."""
    objects = {item["id"]: item for item in document["objects"]}
    ball = objects.get(document["goal"]["metadata"]["target"]["id"])
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    x, y, z = settled(ball)
    radius = SOCCER_BALL_SIZE / 2 * ball["shows"][0]["scale"]["x"]
    onto, top = _under([item for item in document["objects"] if item["id"].startswith("platform_")], x, z, radius)
    if onto == "":
        return [Problem("$.objects", "the ball is let go over an edge: where it comes to rest is not certain")]
    problems = []
    if y - radius <= top:
        problems.append(Problem("$.objects", "the ball is let go inside what it should fall onto"))
    door = objects.get(truth["door_id"], {})
    if not door.get("type", "").startswith("door_"):
        return [*problems, Problem("$.objects", "the label's door_id names no door")]
    dx, dy, _ = settled(door)
    leads = "platform" if dy > 0 else "floor"
    if leads != truth["rests_on"] or (onto is None) != (leads == "floor") or (leads == "floor" and dx * x <= 0):
        problems.append(Problem("$.objects", "the label's door does not lead to where the ball comes to rest"))
    if abs(truth["rest"]["y"] - (top + radius)) > 1e-3 or (truth["rest"]["x"], truth["rest"]["z"]) != (x, z):
        problems.append(Problem("$.objects", "the label's rest place is not under where the ball is let go"))
    return problems

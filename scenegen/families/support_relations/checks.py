"""Semantic checks of a Support Relations scene from the MCS document alone: where the placers leave the container,
how much of its footprint lies over the platform beside it, and whether the centre of mass of container and ball
(the container's anywhere over its footprint, the ball's at its centre) is certainly over the platform or certainly
not; the label's door must lead there: the middle door (on the near platform) to the platform, the floor door on
the container's side to the floor.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.doors import settled
from scenegen.mcs.geometry.catalog import object_size

#: How far the footprint, or the reach of the centre of mass, keeps from the edge, less the file's rounding.
CLEAR = 0.015


def _stays(document: Mapping[str, Any], container: Mapping[str, Any], ball_mass: float) -> bool | None:
    """Whether the container stays on the platform under it; None when that is not certain."""
    x, y, z = settled(container)
    half = object_size(container["type"])[0] * container["shows"][0]["scale"]["x"] / 2
    reach = half * container["mass"] / (container["mass"] + ball_mass)
    for item in document["objects"]:
        (cx, cy, cz), scale = settled(item), item["shows"][0]["scale"]
        if item["id"].startswith("platform_") and abs(z - cz) < scale["z"] / 2 and abs(cy + scale["y"] / 2 - y) < 1e-6:
            inset = scale["x"] / 2 - abs(x - cx)
            if abs(inset) >= half + CLEAR or reach + CLEAR <= abs(inset) < half:
                return inset > 0
            return None
    return False


def support_relations_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Support Relations scene's label."""
    objects = {item["id"]: item for item in document["objects"]}
    ball = objects.get(document["goal"]["metadata"]["target"]["id"])
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    container = objects.get(ball.get("locationParent", ""))
    if container is None or container["id"] != truth["container_id"]:
        return [Problem("$.objects", "the ball is not in the label's container")]
    stays = _stays(document, container, ball["mass"])
    if stays is None:
        return [Problem("$.objects", "the container is let go where whether it stays is not certain")]
    door = objects.get(truth["door_id"], {})
    if not door.get("type", "").startswith("door_"):
        return [Problem("$.objects", "the label's door_id names no door")]
    on_platform = settled(door)[1] > 0
    problems = []
    if on_platform != stays or truth["rests_on"] != ("platform" if stays else "floor"):
        problems.append(Problem("$.objects", "the label's door does not lead to where the ball comes to rest"))
    if not stays and settled(door)[0] * settled(container)[0] <= 0:
        problems.append(Problem("$.objects", "the label's floor door is on the other side from the container"))
    return problems

"""Semantic checks of a Spatial Reorientation scene from the MCS document alone: where the ball comes to rest (its
show and moves), the container under it, where the performer starts and where EndHabituation puts it down, the
side of the ball's container as it sees it then, and the landmarks present, each against the label."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.actions import kidnapped_to
from scenegen.mcs.geometry.catalog import object_size

TOLERANCE = 1e-6


def reorientation_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything in the label that the scene itself does not say."""
    if truth is None:
        return []
    said = replayed(document)
    if said is None:
        return [Problem("$.goal.action_list", "no EndHabituation puts the performer down")]
    return [Problem("$.label", f"{key} is {truth[key]!r}; the scene says {value!r}")
            for key, value in said.items() if truth.get(key) != value]


def replayed(document: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the scene says of its label's fields; None when no EndHabituation moves the performer."""
    objects = {item["id"]: item for item in document["objects"]}
    target = document["goal"]["metadata"]["target"]["id"]
    ball = _rest(objects[target])
    put_down = next(filter(None, (kidnapped_to(entry[0]) for entry in document["goal"]["action_list"])), None)
    if put_down is None:
        return None
    start = {"x": document["performerStart"]["position"]["x"], "z": document["performerStart"]["position"]["z"],
             "facing": document["performerStart"]["rotation"]["y"]}
    end = dict(zip(("x", "z", "facing"), put_down, strict=True))
    holding = [key for key, item in objects.items() if item.get("receptacle") and key != target
               and _under(item, ball)]
    chairs = [item for item in objects.values() if item["type"] == "folding_chair"]
    materials = set((document.get("roomMaterials") or {}).values())
    landmarks = [name for name, present in (
        ("trapezoid", any(key.startswith("trapezoidal_wall_") for key in objects)),
        ("coloured_wall", len(materials) > 1),
        ("furniture", bool(chairs))) if present]
    return {"target_id": target, "container_id": holding[0] if len(holding) == 1 else None, "start": start,
            "end": end, "moved": (start["z"] > 0) != (end["z"] > 0), "side_at_start": _side(ball[0], start),
            "side_after": _side(ball[0], end), "landmarks": landmarks,
            "furniture_moved": any(len(chair["shows"]) > 1 for chair in chairs)}


def _rest(item: Mapping[str, Any]) -> tuple[float, float, float]:
    """Where an object ends its moves: its first show's position plus each move's vector once a step."""
    position = item["shows"][0]["position"]
    x, y, z = position["x"], position["y"], position["z"]
    for move in item.get("moves", ()):
        steps = move["stepEnd"] - move["stepBegin"] + 1
        x, y, z = (x + steps * move["vector"]["x"], y + steps * move["vector"]["y"], z + steps * move["vector"]["z"])
    return x, y, z


def _under(item: Mapping[str, Any], ball: tuple[float, float, float]) -> bool:
    """Whether ``ball`` rests within the container's footprint, no higher than its rim allows a dropped ball."""
    show = item["shows"][0]
    size = object_size(item["type"])
    scale = show.get("scale") or {"x": 1.0, "y": 1.0, "z": 1.0}
    half_x, half_z = size[0] * scale["x"] / 2, size[2] * scale["z"] / 2
    within = abs(ball[0] - show["position"]["x"]) < half_x and abs(ball[2] - show["position"]["z"]) < half_z
    return within and ball[1] < show["position"]["y"] + size[1] * scale["y"] + 0.05


def _side(x: float, pose: Mapping[str, float]) -> str:
    # facing +z (rotation 0), the performer's right hand points along +x; facing -z, along -x
    right = math.cos(math.radians(pose["facing"]))
    return "right" if (x - pose["x"]) * right > TOLERANCE else "left"

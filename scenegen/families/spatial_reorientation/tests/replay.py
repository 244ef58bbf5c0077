"""An independent replay of a Spatial Reorientation scene, from its JSON alone (no family code): where the dropped
ball comes to rest, the container holding it (sizes written here), where the performer stands facing which way
after EndHabituation puts it down, and on which of its hands the ball's container then is."""

from __future__ import annotations

import math
from typing import Any

#: Footprints (x, z) at scale 1 of the containers the scenes use (the MCS object table).
CONTAINERS = {"bowl_4_static": (0.209, 0.206)}


def label(scene: dict[str, Any]) -> dict[str, Any]:
    """The label's answer fields as the scene says them."""
    ball = next(item for item in scene["objects"] if item["id"] == scene["goal"]["metadata"]["target"]["id"])
    x, z = ball["shows"][0]["position"]["x"], ball["shows"][0]["position"]["z"]
    drop = sum(move["vector"]["y"] * (move["stepEnd"] - move["stepBegin"] + 1) for move in ball["moves"])
    rest_y = ball["shows"][0]["position"]["y"] + drop
    holders = [item["id"] for item in scene["objects"] if item["type"] in CONTAINERS and _within(item, x, z)]
    entry = next(action[0] for action in scene["goal"]["action_list"] if action[0].startswith("EndHabituation,"))
    put = {key: float(value) for key, value in (part.split("=") for part in entry.split(",")[1:])}
    start = scene["performerStart"]
    facing_before, facing_after = start["rotation"]["y"], put["yRotation"]
    return {"container_id": holders[0] if len(holders) == 1 else None, "rest_y": rest_y,
            "moved": math.copysign(1, start["position"]["z"]) != math.copysign(1, put["zPosition"]),
            "side_at_start": hand(x - start["position"]["x"], facing_before),
            "side_after": hand(x - put["xPosition"], facing_after)}


def _within(item: dict[str, Any], x: float, z: float) -> bool:
    """Whether (x, z) lies within a container's footprint."""
    show = item["shows"][0]
    size_x, size_z = CONTAINERS[item["type"]]
    return (abs(show["position"]["x"] - x) < size_x * show["scale"]["x"] / 2
            and abs(show["position"]["z"] - z) < size_z * show["scale"]["z"] / 2)


def hand(dx: float, facing: float) -> str:
    """Which hand an object ``dx`` metres along x is on, for a viewer facing ``facing`` degrees (clockwise from +z,
    seen from above, as Unity turns about y): facing +z the right hand points to +x, facing -z to -x."""
    forward = (math.sin(math.radians(facing)), math.cos(math.radians(facing)))
    # seen from above with x to the right and z up, the right hand is the forward direction turned clockwise
    right = (forward[1], -forward[0])
    return "right" if dx * right[0] > 0 else "left"

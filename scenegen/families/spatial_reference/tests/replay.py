"""Spatial Reference scenes replayed from their JSON alone, independently of the generator and of the family's
checks: each pointer (the agent, the blob) is carried round by the turntable it stands on (``rotates``: degrees a
step about the turntable's centre, clockwise seen from above for a positive y), then the agent walks its leg and
faces the way it walked; which chest a pointer faces is the one whose bearing from it is nearest its facing."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

#: How near a pointer's facing its chest must lie, and how far off the other chest (degrees).
NEAR, FAR = 3.0, 15.0
#: The steps the evaluation leaves for a walk of one leg before the agent points.
LEG_STEPS = 36

Scene = dict[str, Any]


def _position(item: Scene) -> tuple[float, float]:
    show = item["shows"][0]["position"]
    return show["x"], show["z"]


def _bearing(origin: tuple[float, float], to: tuple[float, float]) -> float:
    """Degrees from +z toward +x."""
    return math.degrees(math.atan2(to[0] - origin[0], to[1] - origin[1]))


def _off(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def turned_by(scene: Scene, item: Scene, step: int) -> tuple[tuple[float, float], float, Scene | None]:
    """Where ``item`` stands and faces at ``step``, carried by the turntable under it (None: it stands on none)."""
    place, facing = _position(item), item["shows"][0]["rotation"]["y"]
    under = next((table for table in scene["objects"] if table["type"] == "rotating_cog"
                  and math.dist(_position(table), place) <= table["shows"][0]["scale"]["x"] / 2), None)
    if under is None:
        return place, facing, None
    angle = sum(turn["vector"]["y"] * max(0, min(step, turn["stepEnd"]) - turn["stepBegin"] + 1)
                for turn in under.get("rotates", []))
    centre = _position(under)
    radius, bearing = math.dist(centre, place), math.radians(_bearing(centre, place) + angle)
    return (centre[0] + radius * math.sin(bearing), centre[1] + radius * math.cos(bearing)), facing + angle, under


def faced_chest(scene: Scene, place: tuple[float, float], facing: float) -> str | None:
    """The id of the chest ``facing`` from ``place`` plainly points at (None: neither, or both)."""
    off = {item["id"]: _off(_bearing(place, _position(item)), facing) for item in scene["objects"]
           if item["type"] == "chest_1"}
    best = min(off, key=off.__getitem__)
    return best if off[best] <= NEAR and all(value >= FAR for key, value in off.items() if key != best) else None


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: the ball's chest; the agent's pose when it points and the chest it points at; the
    chest the blob faces at the end; and the steps of the turn, the walk and the point."""
    objects = {item["id"]: item for item in scene["objects"]}
    ball = objects[scene["goal"]["metadata"]["target"]["id"]]
    last = len(scene["goal"]["action_list"])
    seen: dict[str, Any] = {"ball_chest": ball["locationParent"],
                            "side": "left" if _position(objects[ball["locationParent"]])[0] < 0 else "right",
                            "agent_chest": None, "blob_chest": None, "point_step": None}
    for item in scene["objects"]:
        if item["type"] == "blob_13_nose":
            place, facing, _ = turned_by(scene, item, last)
            seen["blob_chest"] = faced_chest(scene, place, facing)
        if "agentSettings" in item:
            point = item["actions"][0]["stepBegin"]
            place, facing, under = turned_by(scene, item, point)
            walk = item.get("agentMovement")
            if walk is not None:
                end = (walk["sequence"][-1]["endPoint"]["x"], walk["sequence"][-1]["endPoint"]["z"])
                place, facing = end, _bearing(place, end)
                seen["walk_step"] = walk["stepBegin"]
            seen.update(agent_chest=faced_chest(scene, place, facing), point_step=point,
                        agent_turned=bool(under and under.get("rotates")))
    seen["turn_end"] = max((turn["stepEnd"] for item in scene["objects"] for turn in item.get("rotates", [])),
                           default=0)
    return seen


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the ball in the label's chest, which the agent (if any) points at when
    it points, after every turn and its walk are done; the blob faces the label's side's chest at the end; the
    action list lasts to the end of the point or the turn."""
    seen = replayed(scene)
    assert (seen["ball_chest"], seen["side"]) == (truth["container_id"], truth["container"])
    sides = {item["id"]: "left" if _position(item)[0] < 0 else "right" for item in scene["objects"]
             if item["type"] == "chest_1"}
    assert (sides.get(seen["blob_chest"]) if truth["blob_id"] else None) == truth["blob_faces"]
    if truth["agent_id"] is None:
        assert seen["point_step"] is None and len(scene["goal"]["action_list"]) == seen["turn_end"]
        return
    assert seen["agent_chest"] == truth["container_id"] and not seen["agent_turned"]
    assert seen["point_step"] == truth["point_step"] > seen["turn_end"]
    if "walk_step" in seen:
        assert seen["walk_step"] > seen["turn_end"] and seen["walk_step"] + LEG_STEPS <= seen["point_step"]
    assert len(scene["goal"]["action_list"]) >= seen["point_step"]

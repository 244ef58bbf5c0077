"""Retrieval - Containers scenes replayed independently of the generator and of the family's own checks, from
the JSON alone: every object on the floor a shapely box from its type's outer size (written here), a hidden
ball carried to the room by its ``locationParent`` (the container's place and turn, plus its own offset), held
by a container only when it lies wholly inside that container's inside (sizes written here), a ball on the floor
resting on it outside every box. ``test_containers.py`` holds the tests that use them."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

from shapely import affinity
from shapely.geometry import Point, Polygon, box

BALL_RADIUS = 0.11
#: Outer (x, z) at scale 1: the MCS documentation's sizes, a chest's and a case's with its lid open.
OUTER = {"toolbox_8": (0.134, 0.12), "circular_container": (0.25, 0.36), "military_case_5": (1.3, 1.04),
         "chest_7": (0.59, 0.78), "military_case_4": (0.86, 0.68), "military_case_2": (0.8, 0.7),
         "bowl_6": (0.198, 0.201), "cup_6": (0.106, 0.106), "block_blank_wood_cylinder": (0.1, 0.1),
         "train_1": (0.16, 0.23), "dog_on_wheels_2": (0.5, 1.44), "truck_4": (0.25, 0.4),
         "crayon_pink": (0.01, 0.01), "soccer_ball": (0.22, 0.22)}
#: Each container's inside at scale 1: (x, y, z) and its floor's height above the container's bottom.
INSIDE = {"toolbox_8": ((0.11, 0.12, 0.1), 0.004), "circular_container": ((0.2, 0.36, 0.3), 0.02),
          "military_case_5": ((1.1, 0.9, 0.8), 0.05), "chest_7": ((0.38, 0.34, 0.26), 0.015),
          "military_case_4": ((0.76, 0.24, 0.48), 0.02), "military_case_2": ((0.72, 0.26, 0.36), 0.03)}
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def polygon(item: dict[str, Any]) -> Polygon:
    """An object's footprint in the room."""
    show = item["shows"][0]
    size_x, size_z = OUTER[item["type"]]
    half_x, half_z = size_x * show["scale"]["x"] / 2, size_z * show["scale"]["z"] / 2
    # MCS rotation y turns +z toward +x: clockwise in the (x, z) plane, hence the minus.
    shape = affinity.rotate(box(-half_x, -half_z, half_x, half_z), -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def the_ball(scene: dict[str, Any]) -> dict[str, Any]:
    target = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == target)


def containers(scene: dict[str, Any]) -> list[dict[str, Any]]:
    """The objects that open and may hold the target, in the scene's order."""
    return [item for item in scene["objects"] if item.get("openable") and item.get("canContainTarget")]


def ball_in_room(scene: dict[str, Any]) -> tuple[float, float, float]:
    """The ball's centre in the room: its own place, or its place in its parent carried by the parent's pose."""
    ball = the_ball(scene)["shows"][0]["position"]
    parent = the_ball(scene).get("locationParent")
    if parent is None:
        return ball["x"], ball["y"], ball["z"]
    show = next(item for item in scene["objects"] if item["id"] == parent)["shows"][0]
    turn = math.radians(show["rotation"]["y"])
    x = show["position"]["x"] + ball["x"] * math.cos(turn) + ball["z"] * math.sin(turn)
    z = show["position"]["z"] - ball["x"] * math.sin(turn) + ball["z"] * math.cos(turn)
    return x, show["position"]["y"] + ball["y"], z


def holds(item: dict[str, Any], ball: tuple[float, float, float]) -> bool:
    """Whether the ball's sphere lies wholly inside a container's inside."""
    (inside_x, inside_y, inside_z), floor = INSIDE[item["type"]]
    show = item["shows"][0]
    scale = show["scale"]
    half_x, half_z = inside_x * scale["x"] / 2, inside_z * scale["z"] / 2
    room = affinity.translate(affinity.rotate(box(-half_x, -half_z, half_x, half_z), -show["rotation"]["y"],
                                              origin=(0, 0)), show["position"]["x"], show["position"]["z"])
    bottom = show["position"]["y"] + floor * scale["y"]
    # The file writes places to 1e-4 m.
    return (room.buffer(-BALL_RADIUS + 1e-4).contains(Point(ball[0], ball[2]))
            and bottom - 1e-4 <= ball[1] - BALL_RADIUS and ball[1] + BALL_RADIUS <= bottom + inside_y * scale["y"])


def replay(scene: dict[str, Any], truth: Mapping[str, Any]) -> None:
    """The label says where the ball is and which container holds it, as the scene alone shows."""
    ball, where = the_ball(scene), ball_in_room(scene)
    holders = [item for item in containers(scene) if holds(item, where)]
    assert truth["target_id"] == ball["id"]
    assert truth["container_ids"] == [item["id"] for item in containers(scene)]
    assert all(abs(truth["ball"][axis] - value) < 1e-3 for axis, value in zip("xyz", where, strict=True))
    if "locationParent" not in ball:
        assert truth["hidden"] is False and truth["container"] is None and holders == []
        assert abs(where[1] - BALL_RADIUS) < 1e-3  # resting on the floor
        assert not any(polygon(item).contains(Point(where[0], where[2])) for item in scene["objects"]
                       if item is not ball)
        return
    (holder,) = holders
    assert holder["id"] == ball["locationParent"]
    assert truth["hidden"] is True
    assert truth["container"] == {"id": holder["id"], "type": holder["type"],
                                  "order": ORDINALS[containers(scene).index(holder)]}


def assert_laid_out(scene: dict[str, Any]) -> None:
    """Everything on the floor lies in the room, and no two footprints meet."""
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    room = box(-half_x, -half_z, half_x, half_z)
    shapes = {item["id"]: polygon(item) for item in scene["objects"] if "locationParent" not in item}
    for key, shape in shapes.items():
        assert room.contains(shape), key
    for a, b in itertools.combinations(shapes, 2):
        assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)
    start = scene["performerStart"]["position"]
    assert all(shape.distance(Point(start["x"], start["z"])) > 0.25 for shape in shapes.values())

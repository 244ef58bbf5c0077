"""Retrieval - Occluders scenes replayed independently of the generator, its catalogue and its line-of-sight code:
footprints are shapely polygons from sizes written here (the MCS generator's), sight lines are segments from the
performer's start to points round the ball's rim.

The model (``docs/mcs_facts.md``, Retrieval - Occluders): the performer's camera is lower than every piece of
furniture, so furniture hides what lies wholly behind it in plan view. A ball is hidden by a piece when every
sight line to the ball, grown by 5 cm, crosses that piece's solid core (its footprint 10 cm inside each face)
before reaching the ball, and nothing else touches a sight line; a ball is in view when no footprint at all
touches the region the sight lines to the grown ball sweep.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, Polygon, box

#: Footprint x, z and height at scale 1.
SIZES = {"sofa_chair_10": (0.96, 0.76, 0.89), "antique_armchair_2": (1.4, 1.4, 1.7),
         "antique_armchair_3": (1.3, 1.6, 1.7), "sofa_2": (2.55, 0.95, 1.25), "bed_14": (2.0, 3.5, 2.2),
         "truck_1": (0.2, 0.25, 0.18), "truck_3": (0.33, 0.61, 0.345), "apple_1": (0.111, 0.122, 0.12),
         "block_blank_wood_cube": (0.1, 0.1, 0.1), "soccer_ball": (0.22, 0.22, 0.22)}
FURNITURE = ("sofa_chair_10", "antique_armchair_2", "antique_armchair_3", "sofa_2", "bed_14")
#: The performer's camera height when standing (MCS), below every piece of furniture's top.
CAMERA = 0.4625
CORE, GROWN, RADIUS = 0.1, 0.05, 0.11
#: Sight lines drawn to the grown ball's rim (and one to its centre).
RAYS = 90


def footprint(item: dict[str, Any]) -> Polygon:
    show = item["shows"][0]
    size_x, size_z, _ = SIZES[item["type"]]
    half_x, half_z = size_x * show["scale"]["x"] / 2, size_z * show["scale"]["z"] / 2
    shape = affinity.rotate(box(-half_x, -half_z, half_x, half_z), -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def eye_and_ball(scene: dict[str, Any]) -> tuple[Point, Point]:
    start = scene["performerStart"]["position"]
    target = scene["goal"]["metadata"]["target"]["id"]
    ball = next(item for item in scene["objects"] if item["id"] == target)["shows"][0]["position"]
    return Point(start["x"], start["z"]), Point(ball["x"], ball["z"])


def sight_lines(eye: Point, ball: Point) -> list[LineString]:
    rim = [(ball.x + (RADIUS + GROWN) * math.cos(2 * math.pi * k / RAYS),
            ball.y + (RADIUS + GROWN) * math.sin(2 * math.pi * k / RAYS)) for k in range(RAYS)]
    return [LineString([(eye.x, eye.y), point]) for point in [*rim, (ball.x, ball.y)]]


def swept(eye: Point, ball: Point) -> Any:
    """The region every sight line to the grown ball sweeps: the hull of the eye and the grown ball."""
    return MultiPoint([eye]).union(ball.buffer(RADIUS + GROWN, 64)).convex_hull


def hiders(scene: dict[str, Any]) -> list[str]:
    """The furniture that hides the ball: every sight line crosses its core, short of the ball."""
    eye, ball = eye_and_ball(scene)
    lines = sight_lines(eye, ball)
    found = []
    for item in scene["objects"]:
        if item["type"] not in FURNITURE:
            continue
        core = footprint(item).buffer(-CORE, join_style="mitre")
        if SIZES[item["type"]][2] > CAMERA and not core.is_empty and all(line.intersects(core) for line in lines) \
                and core.distance(ball) > RADIUS and core.distance(eye) < eye.distance(ball):
            found.append(item["id"])
    return found


def touching(scene: dict[str, Any]) -> list[str]:
    """The objects other than the ball whose footprint touches a sight line to the grown ball."""
    eye, ball = eye_and_ball(scene)
    region = swept(eye, ball)
    target = scene["goal"]["metadata"]["target"]["id"]
    return [item["id"] for item in scene["objects"] if item["id"] != target and footprint(item).intersects(region)]


def replay(scene: dict[str, Any], truth: Mapping[str, Any]) -> None:
    """The label's ball is the scene's; a hidden ball has exactly one object on its sight lines, the label's
    occluder, which hides it; a ball in view has none."""
    _, ball = eye_and_ball(scene)
    assert truth["ball"] == {"x": ball.x, "z": ball.y}
    on_lines = touching(scene)
    if truth["hidden"]:
        assert on_lines == [truth["occluder_id"]]
        assert hiders(scene) == [truth["occluder_id"]]
    else:
        assert truth["occluder_id"] is None
        assert on_lines == [] and hiders(scene) == []

"""Support Relations scenes replayed independently of the generator and of the family's checks, from the JSON alone:
the container's footprint where its placers leave it (a shapely box), the part of it over the platform it is let go
on, the centre of mass of container and ball bounded (the container's mass anywhere over its footprint, the ball
at its centre), and the door that leads to where the ball comes to rest."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Point, Polygon, box

from tests.kit.door_rooms import settled

Scene = dict[str, Any]
#: container_asymmetric_01's width and height at scale 1 (the MCS generator's object table).
CONTAINER_SIZE = (1.0, 0.6)
#: How far the footprint, or the reach of the centre of mass, must keep from the edge for the outcome to be certain.
CLEAR = 0.015


def footprint(item: Scene, width: float | None = None) -> Polygon:
    """An object's footprint once moved, ``width`` wide (or its cube's scale) and as deep."""
    x, _, z = settled(item)
    scale = item["shows"][0]["scale"]
    half_x = width / 2 if width else scale["x"] / 2
    half_z = width / 2 if width else scale["z"] / 2
    return box(x - half_x, z - half_z, x + half_x, z + half_z)


def parts(scene: Scene) -> tuple[Scene, Scene, Scene]:
    """The ball, its container and the platform the container is let go at the height of."""
    objects = {item["id"]: item for item in scene["objects"]}
    ball = objects[scene["goal"]["metadata"]["target"]["id"]]
    container = objects[ball["locationParent"]]
    height = settled(container)[1]
    (platform,) = [item for item in scene["objects"] if item["id"].startswith("platform_")
                   and abs(settled(item)[1] + item["shows"][0]["scale"]["y"] / 2 - height) < 1e-3]
    return ball, container, platform


def outcome(scene: Scene) -> bool:
    """Whether the container (and the ball in it) stays on the platform; fails when that is not certain."""
    ball, container, platform = parts(scene)
    width = CONTAINER_SIZE[0] * container["shows"][0]["scale"]["x"]
    shape, under = footprint(container, width), footprint(platform)
    if under.buffer(-CLEAR).contains(shape):
        return True
    if under.distance(shape) >= CLEAR:
        return False
    # Partly over: the centre of mass lies within `reach` of the container's centre, along x.
    reach = width / 2 * container["mass"] / (container["mass"] + ball["mass"])
    x, _, z = settled(container)
    band = box(x - reach - CLEAR, z - 1e-3, x + reach + CLEAR, z + 1e-3)
    if under.contains(band):
        return True
    assert not under.intersects(band), "the centre of mass may lie over the edge: the outcome is not certain"
    return False


def door_to(scene: Scene, stays: bool) -> Scene:
    """The door to where the ball lies: on the platform, the door whose sill is the performer's platform's top;
    on the floor, the floor door on the container's side."""
    start = scene["performerStart"]["position"]
    walkway = next(item for item in scene["objects"] if item["id"].startswith("platform_")
                   and footprint(item).contains(Point(start["x"], start["z"])))
    doors = [item for item in scene["objects"] if item["type"].startswith("door_")]
    if stays:
        sill = settled(walkway)[1] + walkway["shows"][0]["scale"]["y"] / 2
        (door,) = [item for item in doors if abs(settled(item)[1] - sill) < 1e-6]
        return door
    side = settled(parts(scene)[1])[0]
    (door,) = [item for item in doors if settled(item)[1] < 1e-6 and settled(item)[0] * side > 0]
    return door


def replay(scene: Scene, truth: dict[str, Any]) -> None:
    """The label agrees with the replay; the container lands on the platform's height, behind the wall once it is
    down, below its top, and the ball goes down with it and is let go with it."""
    ball, container, _ = parts(scene)  # which fails unless the container comes down to a platform's top
    stays = outcome(scene)
    door = door_to(scene, stays)
    assert truth["door_id"] == door["id"] and truth["container_id"] == container["id"]
    assert truth["rests_on"] == ("platform" if stays else "floor")
    assert truth["door"] == ("middle" if settled(door)[1] > 0 else "left" if settled(door)[0] < 0 else "right")
    assert ball["moves"] == container["moves"] and ball["togglePhysics"] == container["togglePhysics"]
    released = container["togglePhysics"][0]["stepBegin"]
    assert released >= max(item["moves"][0]["stepEnd"] for item in scene["objects"] if item["type"].startswith("door_"))
    wall_top = min(settled(item)[1] + item["shows"][0]["scale"]["y"] / 2 for item in scene["objects"]
                   if item["id"].startswith("wall_top_"))
    _, y, z = settled(container)
    assert y + CONTAINER_SIZE[1] * container["shows"][0]["scale"]["y"] < wall_top and z > settled(door)[2]
    placers = [item for item in scene["objects"] if item["id"].startswith("placer_")]
    assert len(placers) == 2 and all(item["changeMaterials"][0]["stepBegin"] == released for item in placers)
    assert all(abs(item["shows"][0]["position"]["z"] - z) < 1e-6 for item in placers)

"""Solidity scenes replayed independently of the generator and of the family's checks, from the JSON alone: every
object's place once its moves are done, footprints as shapely shapes, the ball's fall straight down onto the
highest platform wholly under it (or the floor), and the door that leads to where it lies."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Point, Polygon, box

from tests.kit.door_rooms import settled

Scene = dict[str, Any]
#: The soccer ball's diameter at scale 1 (the MCS object table).
BALL_SIZE = 0.22
#: How far the ball's disc must lie inside or outside every edge for its fall to be certain (the family's margin,
#: less the file's rounding).
CLEAR = 0.04


def footprint(item: Scene) -> Polygon:
    """A cube's footprint once moved (no cube here is turned)."""
    x, _, z = settled(item)
    scale = item["shows"][0]["scale"]
    return box(x - scale["x"] / 2, z - scale["z"] / 2, x + scale["x"] / 2, z + scale["z"] / 2)


def top(item: Scene) -> float:
    return settled(item)[1] + item["shows"][0]["scale"]["y"] / 2


def target(scene: Scene) -> Scene:
    key = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == key)


def radius(ball: Scene) -> float:
    return BALL_SIZE * ball["shows"][0]["scale"]["x"] / 2


def landing(scene: Scene) -> tuple[Scene | None, float]:
    """What the ball falls onto (a platform, or None: the floor) and the height of its centre there."""
    ball = target(scene)
    x, _, z = settled(ball)
    disc = Point(x, z).buffer(radius(ball), 64)
    under = []
    for item in scene["objects"]:
        if not item["id"].startswith("platform_"):
            continue
        shape = footprint(item)
        if shape.buffer(-CLEAR).contains(disc):
            under.append(item)
        else:
            assert shape.distance(disc) >= CLEAR, f"the ball is let go over {item['id']}'s edge"
    onto = max(under, key=top, default=None)
    return onto, (top(onto) if onto else 0.0) + radius(ball)


def door_to(scene: Scene, onto: Scene | None) -> Scene:
    """The door that leads to where the ball lies: onto a platform, the door on the performer's platform (the
    one whose sill is its top); onto the floor, the floor's door on the ball's side of that platform."""
    start = scene["performerStart"]["position"]
    walkway = next(item for item in scene["objects"] if item["id"].startswith("platform_")
                   and footprint(item).contains(Point(start["x"], start["z"])))
    doors = [item for item in scene["objects"] if item["type"].startswith("door_")]
    if onto is not None:
        (door,) = [item for item in doors if abs(settled(item)[1] - top(walkway)) < 1e-6]
        return door
    middle = settled(walkway)[0]
    side = settled(target(scene))[0] - middle
    (door,) = [item for item in doors if settled(item)[1] < 1e-6 and (settled(item)[0] - middle) * side > 0]
    return door


def replay(scene: Scene, truth: dict[str, Any]) -> None:
    """The label agrees with the replay: where the ball comes to rest, what on, which side, through which door;
    and the ball is let go behind the wall once the wall is down, below its top."""
    ball = target(scene)
    onto, rest_y = landing(scene)
    door = door_to(scene, onto)
    x, y, z = settled(ball)
    assert truth["door_id"] == door["id"]
    assert truth["rests_on"] == ("platform" if onto else "floor")
    assert truth["door"] == ("middle" if settled(door)[1] > 0 else "left" if settled(door)[0] < 0 else "right")
    assert truth["side"] == ("left" if (x if onto is None else settled(onto)[0]) < 0 else "right")
    assert (truth["rest"]["x"], truth["rest"]["z"]) == (x, z) and abs(truth["rest"]["y"] - rest_y) < 1e-3
    assert y - radius(ball) > (top(onto) if onto else 0.0), "the ball is let go inside what it falls onto"
    released = ball["togglePhysics"][0]["stepBegin"]
    assert released >= max(item["moves"][0]["stepEnd"] for item in scene["objects"] if item["type"].startswith("door_"))
    assert released > ball["moves"][-1]["stepEnd"]
    wall_top = min(top(item) for item in scene["objects"] if item["id"].startswith("wall_top_"))
    assert y + radius(ball) < wall_top and z > settled(door)[2], "the ball is not hidden behind the wall"

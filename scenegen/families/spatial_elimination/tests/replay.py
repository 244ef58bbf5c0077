"""Spatial Elimination scenes replayed from their JSON alone, independently of the generator and of the family's
checks: every cube an axis-aligned box from its show, the ball a sphere from its scale, and whether a wall hides
the ball from the performer's start found by casting rays at points on the ball's surface
(:func:`tests.kit.sight.hidden`; the family's checks use tangent wedges instead)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tests.kit.sight import hidden

#: The soccer ball's diameter at scale 1.
BALL_SIZE = 0.22

Scene = dict[str, Any]
Box = tuple[np.ndarray, np.ndarray]


def target(scene: Scene) -> Scene:
    """The goal's target, the ball."""
    key = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == key)


def centre_radius(ball: Scene) -> tuple[np.ndarray, float]:
    """A ball's centre (x, y, z) and radius."""
    show = ball["shows"][0]
    return np.array([show["position"][a] for a in "xyz"]), BALL_SIZE * show["scale"]["x"] / 2


def box(item: Scene) -> Box:
    """A cube's low and high corners (x, y, z)."""
    show = item["shows"][0]
    centre = np.array([show["position"][a] for a in "xyz"], dtype=float)
    half = np.array([show["scale"][a] for a in "xyz"], dtype=float) / 2
    return centre - half, centre + half


def side_walls(scene: Scene) -> dict[str, Box]:
    """The wall standing on each side (off the platform's centre line), by side."""
    return {("left" if item["shows"][0]["position"]["x"] < 0 else "right"): box(item)
            for item in scene["objects"] if item["id"].startswith("wall_") and item["shows"][0]["position"]["x"] != 0}


def kind(wall: Box | None, diameter: float) -> str:
    """What a wall is: ``cover`` (wide and tall enough to hide the ball), ``lying``, ``standing`` or ``none``."""
    if wall is None:
        return "none"
    width, height = wall[1][0] - wall[0][0], wall[1][1] - wall[0][1]
    if min(width, height) >= diameter:
        return "cover"
    return "lying" if width > height else "standing"


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: the ball's side, its place against its wall, what stands on each side, whether the
    ball is hidden from the start and whether the other side could hide a ball."""
    centre, radius = centre_radius(target(scene))
    side = "left" if centre[0] < 0 else "right"
    other = "right" if side == "left" else "left"
    walls = side_walls(scene)
    start = scene["performerStart"]["position"]
    eye = np.array([start["x"], start["y"], start["z"]])
    own = walls.get(side)
    return {
        "side": side,
        "place": "behind" if own is not None and centre[2] > own[1][2] else "front",
        "walls": {key: kind(walls.get(key), 2 * radius) for key in ("left", "right")},
        "hidden": own is not None and hidden(eye, centre, radius, *own),
        "other_could_hide": kind(walls.get(other), 2 * radius) == "cover",
    }


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the ball's side, place and walls; a ball behind its wall is hidden from
    the start and the other side then holds nothing that could hide one; a ball in front is in sight."""
    seen = replayed(scene)
    assert truth["target_id"] == target(scene)["id"]
    assert (truth["side"], truth["place"], truth["walls"]) == (seen["side"], seen["place"], seen["walls"])
    assert seen["hidden"] == (truth["place"] == "behind")
    if truth["place"] == "behind":
        assert not seen["other_could_hide"]

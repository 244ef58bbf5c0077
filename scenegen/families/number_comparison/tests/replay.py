"""Number Comparison scenes replayed from their JSON alone, independently of the generator and of the family's
checks: the balls counted by side from their x, every moving object stepped through its ``moves`` one step at a
time until the performer may act, and whether each lowered occluder hides its side's balls from the start found
by casting rays (:func:`tests.kit.sight.hidden`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tests.kit.sight import hidden

BALL_SIZE = 0.22

Scene = dict[str, Any]


def _side(x: float) -> str:
    return "left" if x < 0 else "right"


def position_at(item: Scene, step: int) -> np.ndarray:
    """An object's position after ``step`` steps, its moves applied one step at a time (both ends of a range
    count), each move's vector in the object's own frame: turned by its rotation about z (the poles lie turned
    90 degrees, so that their own x is the room's y; nothing here is turned about x or y)."""
    show = item["shows"][0]
    assert show["rotation"]["x"] == show["rotation"]["y"] == 0
    turn = np.radians(show["rotation"]["z"])
    frame = np.array([[np.cos(turn), -np.sin(turn), 0], [np.sin(turn), np.cos(turn), 0], [0, 0, 1]])
    position = np.array([show["position"][a] for a in "xyz"], dtype=float)
    for now in range(1, step + 1):
        for move in item.get("moves", []):
            if move["stepBegin"] <= now <= move["stepEnd"]:
                position += frame @ np.array([move["vector"][a] for a in "xyz"], dtype=float)
    return position


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: each side's balls, the side with more, and whether every ball is hidden behind its
    side's occluder once the performer may act (after the Pass steps of its action list)."""
    balls = [item for item in scene["objects"] if item["type"] == "soccer_ball"]
    counts = {side: sum(_side(item["shows"][0]["position"]["x"]) == side for item in balls)
              for side in ("left", "right")}
    side = "either" if counts["left"] == counts["right"] else max(counts, key=counts.__getitem__)
    acting = len(scene["goal"]["action_list"])
    start = scene["performerStart"]["position"]
    eye = np.array([start["x"], start["y"], start["z"]])
    walls = {}
    for item in scene["objects"]:
        if item["id"].startswith("occluder_wall_"):
            centre, half = position_at(item, acting), np.array([item["shows"][0]["scale"][a] for a in "xyz"]) / 2
            walls[_side(centre[0])] = (centre - half, centre + half)
    occluded = bool(walls) and all(
        _side(item["shows"][0]["position"]["x"]) in walls
        and hidden(eye, position_at(item, 0), BALL_SIZE * item["shows"][0]["scale"]["x"] / 2,
                   *walls[_side(item["shows"][0]["position"]["x"])]) for item in balls)
    in_sight_first = all(position_at(item, 0)[1] - item["shows"][0]["scale"]["y"] / 2 >= eye[1]
                         for item in scene["objects"] if item["id"].startswith("occluder_wall_"))
    targets = {item["id"] for item in balls if side in ("either", _side(item["shows"][0]["position"]["x"]))}
    return {"counts": counts, "side": side, "targets": targets, "occluded": occluded,
            "seen_first": in_sight_first, "walls": walls}


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the counts, the side with more, the goal's targets every ball of it;
    a scene the label calls occluded has both occluders on the floor, hiding every ball, when the performer may
    first act, and they started above its eye (the balls were seen)."""
    seen = replayed(scene)
    assert truth["counts"] == seen["counts"]
    assert truth["side"] == seen["side"]
    goal = [target["id"] for target in scene["goal"]["metadata"]["targets"]]
    assert sorted(goal) == sorted(seen["targets"]) == sorted(truth["target_ids"])
    tie = seen["counts"]["left"] if seen["side"] == "either" else None
    assert scene["goal"]["metadata"].get("pickup_number") == tie
    if tie is not None:  # one whole side marked target, the other non target
        sides = {item["id"]: _side(item["shows"][0]["position"]["x"]) for item in scene["objects"]}
        marks = {(sides[t["id"]], t["info"][-1]) for t in scene["goal"]["metadata"]["targets"]}
        assert len(marks) == 2 and {mark for _, mark in marks} == {"target", "non target"}
    assert seen["seen_first"]
    assert truth["occluded"] == bool(seen["walls"])
    if truth["occluded"]:
        assert seen["occluded"]
        assert all(abs(low[1]) < 1e-6 for low, _ in seen["walls"].values())

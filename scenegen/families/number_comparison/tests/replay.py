"""Number Comparison and Arithmetic scenes replayed from their JSON alone, independently of the generator and of
the family's checks: every moving object stepped through its ``moves`` one step at a time (the occluders until
the performer may act, the balls and placers until every move is done), the balls resting on the floor at the
end counted by side from their x, a placer's load followed step by step, and whether each lowered occluder hides
its side's balls from the start found by casting rays (:func:`tests.kit.sight.hidden`)."""

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


def last_step(scene: Scene) -> int:
    """The step every move of the scene is done by."""
    return max((move["stepEnd"] for item in scene["objects"] for move in item.get("moves", [])), default=0)


def on_floor(item: Scene, step: int) -> bool:
    """Whether a ball rests on the floor after ``step`` steps."""
    return abs(position_at(item, step)[1] - BALL_SIZE * item["shows"][0]["scale"]["y"] / 2) < 1e-6


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: each side's balls at the start and resting at the end, the side with more, and
    whether every ball resting at the end is hidden behind its side's occluder once the performer may act (after
    the Pass steps of its action list)."""
    every = [item for item in scene["objects"] if item["type"] == "soccer_ball"]
    end = last_step(scene)
    balls = [item for item in every if on_floor(item, end)]
    counts = {side: sum(_side(item["shows"][0]["position"]["x"]) == side for item in balls)
              for side in ("left", "right")}
    before = {side: sum(_side(item["shows"][0]["position"]["x"]) == side and on_floor(item, 0) for item in every)
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
        and hidden(eye, position_at(item, end), BALL_SIZE * item["shows"][0]["scale"]["x"] / 2,
                   *walls[_side(item["shows"][0]["position"]["x"])]) for item in balls)
    in_sight_first = all(position_at(item, 0)[1] - item["shows"][0]["scale"]["y"] / 2 >= eye[1]
                         for item in scene["objects"] if item["id"].startswith("occluder_wall_"))
    targets = {item["id"] for item in (every if side == "either" else balls)
               if side in ("either", _side(item["shows"][0]["position"]["x"]))}
    return {"counts": counts, "start": before, "side": side, "targets": targets, "occluded": occluded,
            "seen_first": in_sight_first, "walls": walls}


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the counts, the side with more, the goal's targets every ball of it;
    a scene the label calls occluded has both occluders on the floor, hiding every ball, when the performer may
    first act, and they started above its eye (the balls were seen)."""
    seen = replayed(scene)
    assert truth["counts"] == seen["counts"]
    assert truth.get("start_counts", seen["start"]) == seen["start"]
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


def assert_placers_carry(scene: Scene) -> None:
    """Every ball that moves is carried by a placer over it: one set down is held against the placer's bottom
    until it rests on the floor, and only then given physics; one lifted away rests on the floor until the
    placer's bottom reaches its top, then rises with it. The performer watches (passes) until every ball is set
    down or gripped. An empty placer carries nothing."""
    placers = [item for item in scene["objects"] if item["id"].startswith("placer_")]
    balls = [item for item in scene["objects"] if item["type"] == "soccer_ball" and item.get("moves")]
    assert len(placers) == max(1, len(balls))
    watched = len(scene["goal"]["action_list"])
    for ball in balls:
        (pole,) = [item for item in placers if np.allclose(position_at(item, 0)[[0, 2]], position_at(ball, 0)[[0, 2]])]
        radius = BALL_SIZE * ball["shows"][0]["scale"]["y"] / 2
        bottom = [position_at(pole, step)[1] - pole["shows"][0]["scale"]["y"] for step in range(last_step(scene) + 1)]
        height = [position_at(ball, step)[1] for step in range(last_step(scene) + 1)]
        if ball.get("kinematic"):  # set down
            released = ball["togglePhysics"][0]["stepBegin"]
            assert all(abs(height[step] + radius - bottom[step]) < 1e-6 for step in range(released))
            assert abs(height[released - 1] - radius) < 1e-6 and released - 1 <= watched
        else:  # lifted away
            rising = min(move["stepBegin"] for move in ball["moves"])
            assert all(abs(height[step] - radius) < 1e-6 for step in range(rising))
            assert abs(bottom[rising - 1] - 2 * radius) < 1e-6 and rising - 1 <= watched + 10
            assert all(abs(height[step] + radius - bottom[step]) < 1e-6 for step in range(rising, len(height)))

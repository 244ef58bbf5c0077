"""Interactive Imitation scenes replayed from their JSON alone, independently of the generator and of the family's
checks.

The agent walks its legs (``agentMovement``) in order, facing the way it walks, and turns on the spot by its
``rotates`` (degrees a step over an inclusive step range); a chest it opens is one whose ``openClose`` opens it
while the agent jumps (a ``TPE_jump`` action's steps), standing at the end of the leg it walked to it, near that
chest and no other, facing it. The sequence is the chests so opened, by step, before the reset: the step of the
action list's last entry, EndHabituation, whose parameters put the performer (kidnapped elsewhere, or where it
started). At the reset the opened chests close, and the ball and its placer are shown again; a row the reset moves
keeps its chests' order and spacing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise
from typing import Any

#: How far from the chest it opens the agent stands at most, and how much farther every other chest is at least.
REACH, MARGIN = 0.6, 0.3
#: How near its facing the opened chest lies (degrees): the evaluation's quarter turn is 9 degrees a step over the
#: eleven steps of its range, ending 9 degrees past facing the chest.
FACING_TOLERANCE = 10.0

Scene = dict[str, Any]
Point = tuple[float, float]


def _place(show: Mapping[str, Any]) -> Point:
    return show["position"]["x"], show["position"]["z"]


def _heading(origin: Point, to: Point) -> float:
    """Degrees from +z toward +x."""
    return math.degrees(math.atan2(to[0] - origin[0], to[1] - origin[1]))


def _off(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def _turned(agent: Scene, step: int) -> float:
    """How far the agent's ``rotates`` have turned it by ``step``."""
    return sum(turn["vector"]["y"] * max(0, min(step, turn["stepEnd"]) - turn["stepBegin"] + 1)
               for turn in agent.get("rotates", []))


def kidnap_place(entry: str) -> tuple[float, float, float]:
    """Where EndHabituation's parameters put the performer: x, z, facing."""
    values = dict(part.split("=") for part in entry.split(",")[1:])
    return float(values["xPosition"]), float(values["zPosition"]), float(values["yRotation"])


def opened_by_agent(scene: Scene) -> list[str]:
    """The chests the agent opens, in order, each checked to be the one it stands at and faces while jumping."""
    agent = next(item for item in scene["objects"] if "agentSettings" in item)
    chests = {item["id"]: item for item in scene["objects"] if item["type"] == "chest_1"}
    reset = len(scene["goal"]["action_list"])
    opens = sorted((entry["step"], key) for key, item in chests.items() for entry in item.get("openClose", [])
                   if entry["open"] and entry["step"] < reset)
    jumps = [(action["stepBegin"], action["stepEnd"]) for action in agent["actions"] if action["id"] == "TPE_jump"]
    legs = [(leg["endPoint"]["x"], leg["endPoint"]["z"]) for leg in agent["agentMovement"]["sequence"]]
    points = [_place(agent["shows"][0]), *legs]
    sequence = []
    for k, (step, key) in enumerate(opens):
        assert any(begin <= step <= end for begin, end in jumps), f"a chest opens at {step} with no jump"
        here, walked_from = points[k + 1], points[k]
        distances = {other: math.dist(here, _place(item["shows"][0])) for other, item in chests.items()}
        assert distances[key] <= REACH and all(d >= distances[key] + MARGIN for o, d in distances.items()
                                               if o != key), "the agent stands at no one chest"
        facing = _heading(walked_from, here) + _turned(agent, step)
        assert _off(facing, _heading(here, _place(chests[key]["shows"][0]))) <= FACING_TOLERANCE
        sequence.append(key)
    return sequence


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: the sequence, the reset step, whether the performer and the row are moved."""
    actions = scene["goal"]["action_list"]
    reset, last = len(actions), actions[-1][0]
    assert last.startswith("EndHabituation") and all(entry == ["Pass"] for entry in actions[:-1])
    start = scene["performerStart"]["position"]
    performer = kidnap_place(last)
    chests = [item for item in scene["objects"] if item["type"] == "chest_1"]
    moved = [item for item in chests if len(item["shows"]) > 1]
    assert len(moved) in (0, len(chests)) and all(item["shows"][1]["stepBegin"] == reset for item in moved)
    return {"sequence_ids": opened_by_agent(scene), "reset_step": reset,
            "performer_moved": (performer[0], performer[1]) != (start["x"], start["z"]),
            "containers_moved": bool(moved)}


def _row_kept(chests: list[Scene]) -> bool:
    """Whether the chests after the reset stand in a line in their order, as far apart as before."""
    before = [_place(item["shows"][0]) for item in chests]
    after = [_place(item["shows"][-1]) for item in chests]
    gaps = [math.dist(a, b) for a, b in pairwise(before)]
    moved_gaps = [math.dist(a, b) for a, b in pairwise(after)]
    return all(abs(a - b) < 2e-4 for a, b in zip(gaps, moved_gaps, strict=True)) and \
        abs(sum(moved_gaps) - math.dist(after[0], after[-1])) < 2e-4


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the chests the agent opens in order are the label's and the goal's trigger
    sequence; the reset comes on the label's step, after the last chest opens, closing every opened chest and
    showing the ball and its placer again; it moves the performer or the row as the label's reset says."""
    seen = replayed(scene)
    goal = scene["goal"]
    assert seen["sequence_ids"] == truth["sequence_ids"] == goal["triggeredByTargetSequence"]
    assert len(truth["sequence_ids"]) == truth["length"]
    start = scene["performerStart"]["position"]
    chests = sorted((item for item in scene["objects"] if item["type"] == "chest_1"),
                    key=lambda item: math.dist((start["x"], start["z"]), _place(item["shows"][0])))
    by_name = dict(zip(("near", "middle", "far"), (item["id"] for item in chests), strict=True))
    assert [by_name[name] for name in truth["sequence"].split("_")] == seen["sequence_ids"]
    assert seen["reset_step"] == truth["reset_step"]
    assert (seen["performer_moved"], seen["containers_moved"]) == {
        "stay": (False, False), "performer": (True, False), "containers": (False, True)}[truth["reset"]]
    for item in chests:
        closes = [entry["step"] for entry in item.get("openClose", []) if not entry["open"]]
        assert closes == ([seen["reset_step"]] if item["id"] in seen["sequence_ids"] else [])
    assert _row_kept(chests)
    for item in scene["objects"]:
        if item.get("triggeredBy"):
            assert item["shows"][-1]["stepBegin"] == seen["reset_step"]

"""Knowledgeable Agents scenes replayed from their JSON alone, independently of the generator and of the family's
checks.

An agent's heading at a step is its start's y rotation turned by each ``rotates`` entry over the steps it covers up
to then, from step 1 (the first the simulator plays; step 0 is the scene as loaded). An agent sees the hiding when,
over every step a placer moves, both containers lie ahead of it (less than :data:`SEES` degrees off its heading),
and is blind to it when both lie behind it. The ball ends where its ``moves`` carry it (x and z), and falls
into the container whose footprint holds that point once it is given physics after its last move. An agent points
at the container nearest its heading at the step it starts to point, the other at least :data:`APART` farther off.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

#: Both containers less than this off an agent's heading (ahead of it): it sees them; both more (behind it): it
#: does not (degrees).
SEES = BLIND = 90.0
#: The container an agent points at lies within NEAR degrees of its heading, the other APART degrees farther.
NEAR, APART = 20.0, 30.0

Scene = dict[str, Any]


def _xz(item: Scene) -> tuple[float, float]:
    place = item["shows"][0]["position"]
    return float(place["x"]), float(place["z"])


def _off(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def heading(agent: Scene, step: int) -> float:
    """The agent's heading once ``step`` has played."""
    turned = sum(turn["vector"]["y"] * max(0, min(step, turn["stepEnd"]) - max(1, turn["stepBegin"]) + 1)
                 for turn in agent.get("rotates", []))
    return float(agent["shows"][0]["rotation"]["y"]) + turned


def bearings(scene: Scene, place: tuple[float, float]) -> dict[str, float]:
    """Each container's bearing from ``place`` (degrees from +z toward +x), by id."""
    return {item["id"]: math.degrees(math.atan2(_xz(item)[0] - place[0], _xz(item)[1] - place[1]))
            for item in scene["objects"] if item["type"] == "separate_container"}


def hiding_steps(scene: Scene) -> range:
    """The steps any placer (not a lid placer) moves."""
    moves = [move for item in scene["objects"] if item["id"].startswith("placer_") for move in item["moves"]]
    return range(min(move["stepBegin"] for move in moves), max(move["stepEnd"] for move in moves) + 1)


def sight(scene: Scene, agent: Scene) -> str | None:
    """Whether the agent ``sees`` the hiding, is ``blind`` to it, or neither (None)."""
    offs = [_off(bearing, heading(agent, step)) for step in hiding_steps(scene)
            for bearing in bearings(scene, _xz(agent)).values()]
    return "sees" if max(offs) < SEES else "blind" if min(offs) > BLIND else None


def ball_rest(scene: Scene) -> tuple[str | None, Scene | None]:
    """The id of the container the ball falls into (None: none holds it) and the placer carrying it there (the one
    whose sideways move runs one step ahead of the ball's, by the same vector)."""
    objects = {item["id"]: item for item in scene["objects"]}
    ball = objects[scene["goal"]["metadata"]["target"]["id"]]
    x, z = _xz(ball)
    moves = [move for move in ball.get("moves", []) if move["stepEnd"] >= move["stepBegin"]]  # the rest do nothing
    for move in moves:
        steps = move["stepEnd"] - move["stepBegin"] + 1
        x, z = x + move["vector"]["x"] * steps, z + move["vector"]["z"] * steps
    if not moves or not ball.get("togglePhysics") or ball["togglePhysics"][0]["stepBegin"] <= moves[-1]["stepEnd"]:
        return None, None
    held = next((key for key, item in objects.items() if item["type"] == "separate_container"
                 and all(abs(a - b) < item["shows"][0]["scale"]["x"] / 2 for a, b in zip((x, z), _xz(item),
                                                                                           strict=True))), None)
    carry = moves[-1]
    carrier = next((item for item in scene["objects"] if item["id"].startswith("placer_") and any(
        move["stepBegin"] == carry["stepBegin"] - 1 and move["vector"] == carry["vector"] for move in item["moves"])),
        None)
    return held, carrier


def pointed(scene: Scene, agent: Scene) -> str | None:
    """The id of the container the agent points at (None: neither plainly)."""
    step = agent["actions"][0]["stepBegin"]
    offs = {key: _off(bearing, heading(agent, step)) for key, bearing in bearings(scene, _xz(agent)).items()}
    best = min(offs, key=offs.__getitem__)
    rest = [value for key, value in offs.items() if key != best]
    return best if offs[best] <= NEAR and all(value - offs[best] >= APART for value in rest) else None


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: each agent's sight of the hiding and the container it points at, the ball's
    container and the placer carrying it there (first or second to come down)."""
    agents = [item for item in scene["objects"] if "agentSettings" in item]
    container, carrier = ball_rest(scene)
    placers = sorted((item for item in scene["objects"] if item["id"].startswith("placer_")),
                     key=lambda item: item["moves"][0]["stepBegin"])
    return {"sight": {item["id"]: sight(scene, item) for item in agents},
            "points": {item["id"]: pointed(scene, item) for item in agents},
            "places": {item["id"]: "platform" if item["shows"][0]["position"]["y"] > 0.25 else "pit"
                       for item in agents},
            "container": container,
            "ball_placer": None if carrier is None else ("first", "second")[placers.index(carrier)]}


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: exactly one agent sees the hiding, the label's knowledgeable one, and the
    other is blind to it; the ball falls into the label's container, which the knowledgeable agent points at; the
    ignorant agent points plainly at one container; the action list lasts until both hold their point."""
    seen = replayed(scene)
    knower, ignorant = truth["knower_id"], truth["ignorant_id"]
    assert seen["sight"] == {knower: "sees", ignorant: "blind"}
    assert seen["container"] == truth["container_id"] == seen["points"][knower]
    sides = {item["id"]: "left" if _xz(item)[0] < 0 else "right" for item in scene["objects"]
             if item["type"] == "separate_container"}
    assert sides[seen["container"]] == truth["container"]
    assert (seen["points"][ignorant] == seen["container"]) == (truth["ignorant_points"] == "same")
    assert seen["points"][ignorant] is not None
    assert seen["places"][knower] == truth["knower_place"] != seen["places"][ignorant]
    assert seen["ball_placer"] == truth["ball_placer"]
    holds = max(action["stepBegin"] for item in scene["objects"] for action in item.get("actions", []))
    assert len(scene["goal"]["action_list"]) == holds

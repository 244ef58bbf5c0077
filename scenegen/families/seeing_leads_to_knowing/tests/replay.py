"""Seeing Leads to Knowing scenes replayed independently of the generator and of the family's checks, from the JSON
alone. The man's heading is the way from his start to the first end point of his walk (the middle); the cups he
sees from there are those ahead of him along it. The ball's cup is the cup under it once its moves are done (it
only moves down). The rule: if the ball's cup is one he sees, he must walk to it; if not, to a cup he does not
see. The walk breaking it is the event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

#: How near (m, on the floor) a place counts as a cup's.
NEAR = 1e-6


def _place(item: Mapping[str, Any]) -> np.ndarray:
    position = item["shows"][0]["position"]
    return np.array([position["x"], position["z"]], dtype=float)


def _ball_rest(ball: Mapping[str, Any]) -> np.ndarray:
    """Where on the floor the ball is once its scripted moves are over."""
    moved = sum((np.array([move["vector"]["x"], move["vector"]["z"]]) * (move["stepEnd"] - move["stepBegin"] + 1)
                 for move in ball.get("moves", [])), np.zeros(2))
    return _place(ball) + moved


def replay(scene: Mapping[str, Any]) -> dict[str, Any]:
    """The man's id, the ball's cup and the cup he walks to (ids), whether he saw the ball fall, the event
    (``none``, ``ignored_what_it_saw``, ``knew_what_it_did_not_see``) and so the kind."""
    cups = [item for item in scene["objects"] if item.get("receptacle")]
    ball = next(item for item in scene["objects"] if item["type"] == "soccer_ball")
    agent = next(item for item in scene["objects"] if "agentMovement" in item)
    points = [np.array([leg["endPoint"]["x"], leg["endPoint"]["z"]], dtype=float)
              for leg in agent["agentMovement"]["sequence"]]
    vantage, heading = points[0], points[0] - _place(agent)
    places = np.array([_place(cup) for cup in cups])
    seen = (places - vantage) @ heading > 0
    assert seen.sum() == 2, "the man does not see exactly two cups"

    def cup_at(point: np.ndarray) -> int:
        distances = np.linalg.norm(places - point, axis=1)
        assert distances.min() < NEAR, "not at a cup"
        return int(distances.argmin())

    ball_cup, walked = cup_at(_ball_rest(ball)), cup_at(points[-1])
    if seen[ball_cup]:
        event = "none" if walked == ball_cup else "ignored_what_it_saw"
    else:
        event = "knew_what_it_did_not_see" if seen[walked] else "none"
    return {"agent_id": agent["id"], "ball_cup": cups[ball_cup]["id"], "approached": cups[walked]["id"],
            "ball_seen": bool(seen[ball_cup]), "event": event, "kind": "expected" if event == "none" else "unexpected"}

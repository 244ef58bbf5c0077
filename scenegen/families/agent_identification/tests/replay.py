"""Agent Identification scenes replayed from their JSON alone, independently of the generator and of the family's
checks: the agent is the object with a face (a human ``agent_`` type with ``agentSettings``) that holds the goal's
ball; where it is at every moment is followed along its walk's legs (points every 5 cm, the walk repeated from its
start), its body a disc round its footprint; the non-agent's footprint is its catalogue box turned by its show."""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.mcs.geometry.catalog import object_size

#: A human agent's footprint at scale 1 (x, z) and so the disc its body sweeps turned any way.
AGENT_FOOTPRINT = (0.5, 0.5)
AGENT_REACH = math.hypot(*AGENT_FOOTPRINT) / 2
#: Where the walk is sampled along each leg.
STEP = 0.05

Scene = dict[str, Any]


def target(scene: Scene) -> Scene:
    """The goal's target, the held ball."""
    key = scene["goal"]["metadata"]["target"]["id"]
    return next(item for item in scene["objects"] if item["id"] == key)


def agent_of(scene: Scene) -> Scene:
    """The one object with a face."""
    (agent,) = [item for item in scene["objects"] if item["type"].startswith("agent_") and "agentSettings" in item]
    return agent


def path_of(agent: Scene) -> np.ndarray:
    """Every place (x, z) the agent stands at over its walk: its start, and points along each leg in turn."""
    start = agent["shows"][0]["position"]
    corners = [(start["x"], start["z"])] + [(leg["endPoint"]["x"], leg["endPoint"]["z"])
                                           for leg in agent.get("agentMovement", {}).get("sequence", [])]
    points = [np.array(corners[:1], dtype=float)]
    for a, b in itertools.pairwise(corners):
        count = max(2, math.ceil(math.dist(a, b) / STEP) + 1)
        points.append(np.linspace(a, b, count))
    return np.concatenate(points)


def footprint_box(item: Scene) -> tuple[np.ndarray, np.ndarray]:
    """An object's footprint's low and high corners (x, z): its catalogue box scaled and turned by its show."""
    show = item["shows"][0]
    size = np.array(object_size(item["type"]))[[0, 2]] * np.array([show["scale"]["x"], show["scale"]["z"]]) / 2
    angle = math.radians(show["rotation"]["y"])
    cos, sin = abs(math.cos(angle)), abs(math.sin(angle))
    half = np.array([size[0] * cos + size[1] * sin, size[0] * sin + size[1] * cos])
    centre = np.array([show["position"]["x"], show["position"]["z"]])
    return centre - half, centre + half


def replayed(scene: Scene) -> dict[str, Any]:
    """What the scene shows: the agent (its id, side, whether it moves by itself, whether the goal's ball is the
    one it holds), its reach over its whole walk, and the non-agent's id, side and whether anything moves it."""
    agent = agent_of(scene)
    path = path_of(agent)
    sides = {"left" if x < 0 else "right" for x in path[:, 0]}
    (other,) = [item for item in scene["objects"] if item["id"] not in (agent["id"], target(scene)["id"])
                and not item["id"].startswith("platform_")]
    low, high = footprint_box(other)
    return {
        "agent_id": agent["id"],
        "side": sides.pop() if len(sides) == 1 else "both",
        "holds_the_ball": target(scene).get("associatedWithAgent") == agent["id"],
        "walks": bool(agent.get("agentMovement", {}).get("sequence")),
        "breathes": any(action["id"] == "TPM_freeze" and action["isLoopAnimation"] for action in agent["actions"]),
        "agent_span": (path.min(axis=0) - AGENT_REACH, path.max(axis=0) + AGENT_REACH),
        "non_agent_id": other["id"],
        "non_agent_side": "left" if high[0] < 0 else "right" if low[0] > 0 else "both",
        "non_agent_span": (low, high),
        "non_agent_moves": any(key in other for key in ("actions", "agentMovement", "moves", "forces")),
    }


def assert_label_agrees(scene: Scene, truth: Mapping[str, Any]) -> None:
    """The label is what the scene shows: the agent holding the goal's ball is the label's, on the label's side
    over its whole walk, standing still breathing or walking as the label says; the non-agent stands still on the
    other side."""
    seen = replayed(scene)
    assert truth["target_id"] == target(scene)["id"] and seen["holds_the_ball"]
    assert (truth["agent_id"], truth["side"]) == (seen["agent_id"], seen["side"])
    assert truth["agent_walks"] == seen["walks"] != seen["breathes"]
    assert truth["non_agent_id"] == seen["non_agent_id"] and not seen["non_agent_moves"]
    assert {seen["side"], seen["non_agent_side"]} == {"left", "right"}

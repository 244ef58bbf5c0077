"""Semantic checks of a Spatial Reference scene from the MCS document alone: the goal's ball lies in the label's
chest, and the label's agent, when there is one, ends facing that chest (its pose at the step it points: its
start, or the end of its walk, facing the way it walked) within a few degrees, the other chest well off."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.spatial_reference.family import AIM_SEPARATION, AIM_TOLERANCE


def spatial_reference_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Spatial Reference scene's label."""
    objects = {item["id"]: item for item in document["objects"]}
    ball = objects.get(document["goal"]["metadata"]["target"]["id"])
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    chests = {item["id"]: item["shows"][0]["position"] for item in document["objects"] if item["type"] == "chest_1"}
    if ball.get("locationParent") != truth["container_id"] or truth["container_id"] not in chests:
        return [Problem("$.objects", "the ball is not in the label's chest")]
    if (chests[truth["container_id"]]["x"] < 0) != (truth["container"] == "left"):
        return [Problem("$.objects", "the label's chest is not on the label's side")]
    agent = objects.get(truth["agent_id"]) if truth["agent_id"] else None
    if agent is None:
        return [] if truth["agent_id"] is None else [Problem("$.objects", "the label's agent is missing")]
    (x, z), facing = _pointing_pose(agent)
    off = {key: abs((math.degrees(math.atan2(place["x"] - x, place["z"] - z)) - facing + 180) % 360 - 180)
           for key, place in chests.items()}
    aimed = off.pop(truth["container_id"])
    if aimed > AIM_TOLERANCE or min(off.values()) < AIM_SEPARATION:
        return [Problem("$.objects", f"the agent points {aimed:.1f} degrees off the label's chest")]
    return []


def _pointing_pose(agent: Mapping[str, Any]) -> tuple[tuple[float, float], float]:
    """Where the agent stands and faces when it points: the end of its walk, facing the way it walked, or its start."""
    show = agent["shows"][0]
    start = (show["position"]["x"], show["position"]["z"])
    legs = agent.get("agentMovement", {}).get("sequence", [])
    if not legs:
        return start, show["rotation"]["y"]
    end = (legs[-1]["endPoint"]["x"], legs[-1]["endPoint"]["z"])
    return end, math.degrees(math.atan2(end[0] - start[0], end[1] - start[1]))

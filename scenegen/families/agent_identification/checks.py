"""Semantic checks of an Agent Identification scene from the MCS document alone: the goal's ball is held by the
label's agent, the one object with a face (``agentSettings``), which starts and walks wholly on the label's side,
clear of the platform; the non-agent (no face, no actions, no walk) stands on the other side."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.mcs.agent_acts import AGENT_REACH
from scenegen.mcs.forced_choice import PLATFORM_WIDTH, other_side, side_of


def agent_identification_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Agent Identification scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item for item in document["objects"] if item["id"] == target), None)
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    faces = [item for item in document["objects"] if "agentSettings" in item]
    if [item["id"] for item in faces] != [truth["agent_id"]] or ball.get("associatedWithAgent") != truth["agent_id"]:
        return [Problem("$.objects", "the label's agent is not the one agent, holding the goal's ball")]
    agent = faces[0]
    start = agent["shows"][0]["position"]
    points = [(start["x"], start["z"])] + [(leg["endPoint"]["x"], leg["endPoint"]["z"])
                                          for leg in agent.get("agentMovement", {}).get("sequence", [])]
    problems = []
    if any(side_of(x) != truth["side"] or abs(x) - AGENT_REACH < PLATFORM_WIDTH / 2 for x, _ in points):
        problems.append(Problem("$.objects", "the agent does not keep to the label's side, clear of the platform"))
    other = next((item for item in document["objects"] if item["id"] == truth["non_agent_id"]), None)
    if other is None or "actions" in other or "agentMovement" in other or \
            side_of(other["shows"][0]["position"]["x"]) != other_side(truth["side"]):
        problems.append(Problem("$.objects", "the label's non-agent is not a still object on the other side"))
    return problems

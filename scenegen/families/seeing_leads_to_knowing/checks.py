"""Semantic checks of a Seeing Leads to Knowing scene from the MCS document alone: the label's cups are the scene's,
the man walks to the cup the label says, the ball falls into the cup it says, and the kind follows the event."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def _place(item: Mapping[str, Any]) -> tuple[float, float]:
    position = item["shows"][0]["position"]
    return float(position["x"]), float(position["z"])


def seeing_leads_to_knowing_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Seeing Leads to Knowing scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    agent, ball = objects.get(truth["agent_id"]), next((item for item in objects.values()
                                                        if item["type"] == "soccer_ball"), None)
    ball_cup, approached = objects.get(truth["ball_cup"]), objects.get(truth["approached"])
    if agent is None or ball is None or ball_cup is None or approached is None:
        return [Problem("$.objects", "the label's man, ball or cups are not the scene's")]
    problems = []
    end = agent["agentMovement"]["sequence"][-1]["endPoint"]
    if (end["x"], end["z"]) != _place(approached):
        problems.append(Problem("$.objects", "the man does not walk to the cup the label says"))
    if _place(ball) != _place(ball_cup):
        problems.append(Problem("$.objects", "the ball does not fall into the cup the label says"))
    if (truth["event"] == "none") != (truth["kind"] == "expected"):
        problems.append(Problem("$.objects", f"a {truth['kind']} scene with event {truth['event']}"))
    return problems

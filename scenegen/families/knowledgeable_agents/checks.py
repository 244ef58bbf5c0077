"""Semantic checks of a Knowledgeable Agents scene from the MCS document alone: the ball is carried over the
label's container; the label's knowledgeable agent faces the containers while the placers move and the other agent
faces away; the knowledgeable agent ends its turn to point heading for the label's container."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.knowledgeable_agents.family import AIM_SEPARATION, AIM_TOLERANCE, PLACER_STARTS, TOWARD


def knowledgeable_agents_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Knowledgeable Agents scene's label."""
    objects = {item["id"]: item for item in document["objects"]}
    ball = objects.get(document["goal"]["metadata"]["target"]["id"])
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    box = objects.get(truth["container_id"])
    if box is None or abs(_x(ball) + sum(_travel(move) for move in ball["moves"]) - _x(box)) > 0.01:
        return [Problem("$.objects", "the ball is not carried over the label's container")]
    knower, ignorant = objects.get(truth["knower_id"]), objects.get(truth["ignorant_id"])
    if knower is None or ignorant is None:
        return [Problem("$.objects", "the label's agents are missing")]
    if _off(_facing(knower, PLACER_STARTS[0]), TOWARD) > 1 or _off(_facing(ignorant, PLACER_STARTS[0]), 0) > 1:
        return [Problem("$.objects", "the label's knowledgeable agent does not face the containers alone")]
    point = knower["actions"][0]["stepBegin"]
    place = knower["shows"][0]["position"]
    off = {key: _off(math.degrees(math.atan2(_x(item) - place["x"], item["shows"][0]["position"]["z"] - place["z"])),
                     _facing(knower, point))
           for key, item in objects.items() if item["type"] == "separate_container"}
    aimed = off.pop(truth["container_id"])
    if aimed > AIM_TOLERANCE or min(off.values()) - aimed < AIM_SEPARATION:
        return [Problem("$.objects", f"the knowledgeable agent points {aimed:.1f} degrees off the label's container")]
    return []


def _x(item: Mapping[str, Any]) -> float:
    return float(item["shows"][0]["position"]["x"])


def _travel(move: Mapping[str, Any]) -> float:
    return float(move["vector"]["x"]) * (move["stepEnd"] - move["stepBegin"] + 1)


def _facing(agent: Mapping[str, Any], step: int) -> float:
    """The agent's heading before ``step``: its start turned by every step from 1 (the first played) to step - 1."""
    turned = sum(turn["vector"]["y"] * max(0, min(step - 1, turn["stepEnd"]) - max(1, turn["stepBegin"]) + 1)
                 for turn in agent.get("rotates", []))
    return float(agent["shows"][0]["rotation"]["y"]) + turned


def _off(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)

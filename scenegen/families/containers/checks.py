"""Semantic checks of a Retrieval - Containers scene from the MCS document alone: a hidden ball's ``locationParent``
names a closed container that may hold it, whose inside it fits, resting on the inside's floor at its middle; a
ball on the floor rests on it outside every footprint; and the label says where the ball is and which container
holds it (its id, type and place in the scene's list of containers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.containers.family import ORDINALS
from scenegen.mcs.containers import CONTAINERS, fits, rest_height
from scenegen.mcs.geometry.catalog import footprint
from scenegen.mcs.objects import SOCCER_BALL_RADIUS

TOLERANCE = 1e-3


def containers_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Retrieval - Containers scene's ball and label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item for item in document["objects"] if item["id"] == target), None)
    if ball is None:
        return [Problem("$.goal.metadata.target.id", "names no object")]
    boxes = [item for item in document["objects"] if item["type"] in CONTAINERS]
    parent = next((item for item in boxes if item["id"] == ball.get("locationParent")), None)
    problems = _hidden_problems(ball, parent) if "locationParent" in ball else _floor_problems(ball, document)
    if truth is not None:
        problems += _label_problems(truth, ball, parent, boxes)
    return problems


def _hidden_problems(ball: Mapping[str, Any], parent: Mapping[str, Any] | None) -> list[Problem]:
    if parent is None or not (parent.get("openable") and parent.get("canContainTarget")):
        return [Problem("$.objects", "the ball's locationParent is not a container that may hold it")]
    show, scale = ball["shows"][0]["position"], parent["shows"][0]["scale"]["x"]
    problems = []
    if not fits(parent["type"], scale):
        problems.append(Problem("$.objects", f"the ball does not fit in a {parent['type']} at scale {scale}"))
    if abs(show["x"]) + abs(show["z"]) > TOLERANCE or abs(show["y"] - rest_height(parent["type"], scale)) > TOLERANCE:
        problems.append(Problem("$.objects", "the hidden ball does not rest at the middle of its container's floor"))
    return problems


def _floor_problems(ball: Mapping[str, Any], document: Mapping[str, Any]) -> list[Problem]:
    position = ball["shows"][0]["position"]
    if abs(position["y"] - SOCCER_BALL_RADIUS) > TOLERANCE:
        return [Problem("$.objects", "the ball on the floor does not rest on it")]
    for item in document["objects"]:
        show = item["shows"][0]
        if item is ball or "locationParent" in item:
            continue
        bounds = footprint(item["type"], show["position"], show["rotation"]["y"], show["scale"]).bounds()
        inside = ((bounds[:, 0] < position["x"]) & (position["x"] < bounds[:, 2])
                  & (bounds[:, 1] < position["z"]) & (position["z"] < bounds[:, 3]))
        if inside.any():
            return [Problem("$.objects", f"the ball on the floor lies under the {item['type']} {item['id']}")]
    return []


def _label_problems(truth: Mapping[str, Any], ball: Mapping[str, Any], parent: Mapping[str, Any] | None,
                    boxes: list[Mapping[str, Any]]) -> list[Problem]:
    problems = []
    if truth["target_id"] != ball["id"] or truth["container_ids"] != [item["id"] for item in boxes]:
        problems.append(Problem("$.objects", "the label's ball or containers are not the scene's"))
    held = truth["container"]
    if (parent is None) != (held is None) or truth["hidden"] != (parent is not None):
        return [*problems, Problem("$.objects", "the label says the ball is hidden where the scene does not")]
    if parent is not None and held != {"id": parent["id"], "type": parent["type"],
                                       "order": ORDINALS[boxes.index(parent)]}:
        problems.append(Problem("$.objects", "the label's container is not the one holding the ball"))
    where = (parent or ball)["shows"][0]["position"]
    height = ball["shows"][0]["position"]["y"]
    if max(abs(truth["ball"]["x"] - where["x"]), abs(truth["ball"]["z"] - where["z"]),
           abs(truth["ball"]["y"] - height)) > TOLERANCE:
        problems.append(Problem("$.objects", "the label's ball is not where the scene puts it"))
    return problems

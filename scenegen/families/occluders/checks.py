"""Semantic checks of a Retrieval - Occluders scene from the MCS document alone: the label's occluder hides the
ball from the performer's start (:func:`scenegen.mcs.cover.hides`, its core as the family models it) and nothing
else touches a sight line to the ball; a ball labelled in view has every sight line clear."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem
from scenegen.families.occluders.family import INSET, MARGIN
from scenegen.mcs.cover import clear, hides
from scenegen.mcs.geometry.catalog import footprint
from scenegen.mcs.geometry.shapes import concat
from scenegen.mcs.objects import SOCCER_BALL_RADIUS

#: How much narrower than the family's margin a check may find the clearance (positions rounded to 0.1 mm).
ROUNDING = 1e-3


def occluders_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Retrieval - Occluders scene's label."""
    target = document["goal"]["metadata"]["target"]["id"]
    ball = next((item["shows"][0]["position"] for item in document["objects"] if item["id"] == target), None)
    if ball is None or truth is None:
        return [] if ball else [Problem("$.goal.metadata.target.id", "names no object")]
    start = document["performerStart"]["position"]
    view = ((start["x"], start["z"]), (ball["x"], ball["z"]))
    others = [item for item in document["objects"] if item["id"] not in (target, truth["occluder_id"])]
    boxes = concat([footprint(item["type"], show["position"], show["rotation"]["y"], show["scale"])
                    for item in others for show in item["shows"][:1]])
    problems = []
    if truth["target_id"] != target or truth["ball"] != {"x": ball["x"], "z": ball["z"]}:
        problems.append(Problem("$.goal.metadata.target", "differs from the label's ball"))
    if truth["hidden"] != (truth["occluder_id"] is not None):
        problems.append(Problem("$.objects", "the label says the ball is hidden by nothing, or in view behind "
                                             "something"))
    hider = next((item for item in document["objects"] if item["id"] == truth["occluder_id"]), None)
    if hider is not None:
        show = hider["shows"][0]
        shape = footprint(hider["type"], show["position"], show["rotation"]["y"], show["scale"])
        if not hides(*view, SOCCER_BALL_RADIUS + MARGIN - ROUNDING, shape, inset=INSET)[0]:
            problems.append(Problem("$.objects", f"the label's occluder {hider['id']} does not hide the ball"))
    if len(boxes) and not clear(*view, SOCCER_BALL_RADIUS, boxes, margin=MARGIN - ROUNDING).all():
        problems.append(Problem("$.objects", "an object the label does not name touches a sight line to the ball"))
    return problems

"""Semantic checks of one Shape Constancy scene from the MCS document alone: every toy the label says changes is
hidden at the change step, while the occluders are down, and a toy of another type named as its stand-in is first
shown standing on its place then; no other toy is hidden or appears."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def shape_constancy_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Shape Constancy scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    wall = next(item for item in document["objects"] if item.get("rotates"))
    down, up = wall["moves"][1]["stepEnd"], wall["moves"][2]["stepBegin"]
    step = truth["change_step"]
    problems = []
    if not down < step < up:
        problems.append(Problem("$.objects", f"the change at step {step} is not while the occluders are down"))
    hidden = {key for key, item in objects.items() if item.get("hides")}
    if hidden != {change["toy_id"] for change in truth["changes"]} or truth["expected"] == bool(hidden):
        problems.append(Problem("$.objects", "the hidden toys are not the label's changes"))
    for change in truth["changes"]:
        before, after = objects.get(change["toy_id"]), objects.get(change["stand_in_id"])
        if before is None or after is None or before["type"] == after["type"] or \
                before["hides"] != [{"stepBegin": step}] or after["shows"][0]["stepBegin"] != step:
            problems.append(Problem("$.objects", f"the {change['side']} toy's change is not as labelled"))
    return problems

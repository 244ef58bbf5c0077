"""Semantic checks of one Object Permanence (Passive) scene from the MCS document alone: the label's toy and
occluder are the scene's, the toy is hidden or shown again only at the event step, while the occluder is down,
and whether the reveal shows it agrees with the label."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def object_permanence_passive_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Object Permanence (Passive) scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    toy, wall = objects.get(truth["object_id"]), objects.get(truth["occluder_id"])
    if toy is None or wall is None:
        return [Problem("$.objects", "the label's toy or occluder is not in the scene")]
    down, up = wall["moves"][1]["stepEnd"], wall["moves"][2]["stepBegin"]
    events = [entry["stepBegin"] for entry in toy.get("hides", [])] + [s["stepBegin"] for s in toy["shows"][1:]]
    problems = []
    if any(not down < step < up or step != truth["event_step"] for step in events):
        problems.append(Problem("$.objects", "the toy vanishes or appears other than at the event, occluded"))
    on_floor = toy["shows"][-1]["position"]["y"] < document["roomDimensions"]["y"]
    visible = on_floor and not toy.get("hides")
    if visible != truth["visible_at_reveal"] or truth["expected"] != (not events):
        problems.append(Problem("$.objects", "the label disagrees with what the reveal shows"))
    return problems

"""Semantic checks of one Object Permanence (Passive) scene from the MCS document alone: the label's toy and
occluder are the scene's, the toy vanishes (``hides``) or first stands on the floor unseen only at the event step
while the occluder is down, and the label's expectation and reveal agree with that."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem

#: A first show lower than this above the floor is standing there (a dropped toy starts metres up).
STANDING = 0.5


def object_permanence_passive_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Object Permanence (Passive) scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    toy, wall = objects.get(truth["object_id"]), objects.get(truth["occluder_id"])
    if toy is None or wall is None:
        return [Problem("$.objects", "the label's toy or occluder is not in the scene")]
    down, up = wall["moves"][1]["stepEnd"], wall["moves"][2]["stepBegin"]
    first = toy["shows"][0]
    unseen = first["stepBegin"] > 0 and first["position"]["y"] < STANDING and not toy.get("forces")
    events = [entry["stepBegin"] for entry in toy.get("hides", [])] + ([first["stepBegin"]] if unseen else [])
    problems = []
    if any(not down < step < up or step != truth["event_step"] for step in events):
        problems.append(Problem("$.objects", "the toy vanishes or appears other than at the event, occluded"))
    if truth["visible_at_reveal"] == bool(toy.get("hides")) or truth["expected"] != (not events):
        problems.append(Problem("$.objects", "the label disagrees with what the toy does"))
    return problems

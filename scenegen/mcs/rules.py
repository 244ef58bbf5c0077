"""The rules every MCS scene must follow that its JSON Schema cannot express."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem

#: The bundled JSON Schema every MCS scene passes (``schema/mcs_scene.schema.json``) before these rules.
SCENE_SCHEMA = "mcs_scene"


def mcs_problems(document: Mapping[str, Any]) -> list[Problem]:
    """Checks every MCS scene must pass that its schema cannot express.

    No two objects with one id are in the scene at once (an object may hand its id
    to one shown as it is hidden, as the real Shape Constancy scenes do when an
    object turns into another); every step range ends at or after its start, or
    just before it (an empty range: the real Knowledgeable Agents scenes write
    such zero-step moves); the goal's target and every lid attachment name an
    object of the scene.
    """
    problems: list[Problem] = []
    objects = document.get("objects", [])
    seen: dict[str, list[Mapping[str, Any]]] = {}
    for i, item in enumerate(objects):
        namesakes = seen.setdefault(item["id"], [])
        if any(_together(item, other) for other in namesakes):
            problems.append(Problem(f"$.objects[{i}].id", f"duplicate object id {item['id']!r}"))
        namesakes.append(item)
        for key in ("moves", "rotates", "forces", "torques", "resizes"):
            for j, step_range in enumerate(item.get(key, ())):
                if step_range["stepEnd"] < step_range["stepBegin"] - 1:
                    problems.append(Problem(f"$.objects[{i}].{key}[{j}]", "stepEnd is before stepBegin"))
        attachment = item.get("lidAttachment")
        if attachment and attachment["lidAttachmentObjId"] not in {o["id"] for o in objects}:
            problems.append(Problem(f"$.objects[{i}].lidAttachment",
                                    "lid attaches to an object that is not in the scene"))
    target = document.get("goal", {}).get("metadata", {}).get("target")
    if target is not None and target["id"] not in seen:
        problems.append(Problem("$.goal.metadata.target.id", f"target {target['id']!r} is not an object of the scene"))
    return problems


def _together(item: Mapping[str, Any], other: Mapping[str, Any]) -> bool:
    """Whether the two objects are ever in the scene at the same step."""
    (first, last), (other_first, other_last) = _present(item), _present(other)
    return first < other_last and other_first < last


def _present(item: Mapping[str, Any]) -> tuple[float, float]:
    """The steps from the object's first show to the hide that follows its last show (or forever), end excluded."""
    shown = [show["stepBegin"] for show in item.get("shows", ())]
    if not shown:
        return math.inf, math.inf
    hidden = [hide["stepBegin"] for hide in item.get("hides", ()) if hide["stepBegin"] >= max(shown)]
    return min(shown), min(hidden, default=math.inf)

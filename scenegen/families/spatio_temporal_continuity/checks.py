"""Semantic checks of one Spatio-Temporal Continuity scene from the MCS document alone: the label's toy is the
scene's, it is shown a second time (teleported) in the unexpected document only and at the label's event step, and
the label's cover is what the scene has: two occluders, else a shroud over the event step, else none."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def _cover(document: Mapping[str, Any], item: Mapping[str, Any], step: int) -> str:
    """What hides a teleport at ``step``: the occluders where they stand, else the toy's shroud, else nothing."""
    if any(other.get("structure") for other in document["objects"]):
        return "occluders"
    shrouded = any(entry["stepBegin"] <= step <= entry["stepEnd"] for entry in item.get("shrouds", ()))
    return "shroud" if shrouded else "in_view"


def spatio_temporal_continuity_problems(document: Mapping[str, Any],
                                        truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Spatio-Temporal Continuity scene's label."""
    if truth is None:
        return []
    item = next((thing for thing in document["objects"] if thing["id"] == truth["object_id"]), None)
    if item is None:
        return [Problem("$.objects", "the label's toy is not in the scene")]
    problems = []
    later = [show["stepBegin"] for show in item["shows"][1:]]
    if later != ([] if truth["expected"] else [truth["event_step"]]):
        problems.append(Problem("$.objects", "the toy is shown again other than once, at the event, in the "
                                             "unexpected document"))
    if _cover(document, item, truth["event_step"]) != truth["cover"]:
        problems.append(Problem("$.objects", f"the label's cover {truth['cover']} is not the scene's"))
    return problems

"""Semantic checks of an Interactive Imitation scene from the MCS document alone: the goal's trigger sequence is the
label's, the label's chests open in its order before the reset and close at it, no other chest opens, and the reset
(EndHabituation) ends the action list on the label's step."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def imitation_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with an Interactive Imitation scene's label."""
    goal = document["goal"]
    if truth is None:
        return []
    if goal.get("triggeredByTargetSequence") != truth["sequence_ids"]:
        return [Problem("$.goal.triggeredByTargetSequence", "is not the label's sequence")]
    actions = goal["action_list"]
    if len(actions) != truth["reset_step"] or not actions[-1][0].startswith("EndHabituation"):
        return [Problem("$.goal.action_list", "does not end with the reset at the label's step")]
    opened = sorted((entry["step"], item["id"]) for item in document["objects"]
                    for entry in item.get("openClose", []) if entry["open"])
    if [key for _, key in opened] != truth["sequence_ids"] or opened[-1][0] >= truth["reset_step"]:
        return [Problem("$.objects", "the chests do not open in the label's order before the reset")]
    closed = {item["id"] for item in document["objects"] for entry in item.get("openClose", [])
              if not entry["open"] and entry["step"] == truth["reset_step"]}
    if closed != set(truth["sequence_ids"]):
        return [Problem("$.objects", "the opened chests do not close at the reset")]
    return []

"""Semantic checks of a Collisions (passive) scene from the MCS document alone: the label names the two blocks, the
mover sets off first, and its event is what the block struck does (no move at all where it is not moved)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def collisions_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Collisions scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    mover, struck = objects.get(truth["mover_id"]), objects.get(truth["struck_id"])
    if mover is None or struck is None or not mover.get("moves"):
        return [Problem("$.objects", "the label's blocks are not the scene's")]
    problems = []
    first = mover["moves"][0]["stepBegin"]
    if struck.get("moves") and struck["moves"][0]["stepBegin"] <= first:
        problems.append(Problem("$.objects", "the block struck moves before the mover sets off"))
    if (truth["event"] == "not_moved") == bool(struck.get("moves")):
        problems.append(Problem("$.objects", f"a {truth['event']} scene whose struck block "
                                             f"{'moves' if struck.get('moves') else 'never moves'}"))
    if (truth["event"] == "none") != (truth["kind"] == "expected"):
        problems.append(Problem("$.objects", f"a {truth['kind']} scene with event {truth['event']}"))
    return problems

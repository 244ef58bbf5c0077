"""Semantic checks of a Gravity Support (passive) scene from the MCS document alone: the label names the released
object (the one let go) and the support, and its trick is what the scene holds (a shrouded support, a moved centre
of mass, or neither)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.errors import Problem


def gravity_support_problems(document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
    """Everything wrong with a Gravity Support scene's label."""
    if truth is None:
        return []
    objects = {item["id"]: item for item in document["objects"]}
    released, support = objects.get(truth["released_id"]), objects.get(truth["support_id"])
    problems = []
    if released is None or not released.get("togglePhysics") or support is None or support.get("shrouds"):
        problems.append(Problem("$.objects", "the label's released object or support is not the scene's"))
        return problems
    found = "hidden_support" if any(item.get("shrouds") for item in objects.values()) else \
        "center_of_mass" if "centerOfMass" in released else "none"
    if found != truth["trick"]:
        problems.append(Problem("$.objects", f"the label's trick is {truth['trick']}; the scene holds {found}"))
    if (found == "none") != (truth["kind"] == "expected"):
        problems.append(Problem("$.objects", f"a {truth['kind']} scene with trick {found}"))
    return problems

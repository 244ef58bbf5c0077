"""The roles a picture names objects by, read from the scene itself and from its label when there is one.

The scene says which object is the goal's target and which objects an agent holds (``associatedWithAgent``).
A passive-agent scene (goal category ``agents``) names its agents by id as the evaluation's scenes do:
``agent_...`` is the main agent, ``other_agents_...`` the others, ``object_...`` the goal object. A label (the
line of a run's manifest) names objects by its keys ending ``_id`` or ``_ids``: ``helper_id`` holds the helper's
id. An object the label does not name, of the type of one it names (the target aside), is a decoy: a shell game's
other containers, a tool choice's walled-off twin. Nothing here knows a family.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

#: Roles of a passive-agent scene's objects by the start of their ids.
_PASSIVE_PREFIXES = (("agent_", "main agent"), ("other_agents_", "other agent"), ("object_", "goal object"))
#: Label keys (less ``_id``) whose role is not their words: the passive families call the main agent these.
_KEY_ROLES = {"main": "main agent", "primary": "main agent"}
TARGET, HELD, DECOY = "target", "held", "decoy"


def roles(document: Mapping[str, Any], label: Mapping[str, Any] | None = None) -> dict[str, tuple[str, ...]]:
    """The roles of the objects of ``document`` that have any, by id, the target's first."""
    objects = {item["id"]: item for item in document["objects"]}
    named: dict[str, list[str]] = {}

    def name(object_id: str, role: str) -> None:
        if object_id in objects and role not in named.setdefault(object_id, []):
            named[object_id].append(role)

    target = document.get("goal", {}).get("metadata", {}).get("target", {}).get("id")
    if isinstance(target, str):
        name(target, TARGET)
    for role, object_id in _label_roles(label or {}):
        name(object_id, role)
    labelled_types = {objects[object_id]["type"] for object_id, given in named.items()
                      if any(role != TARGET for role in given)}
    for object_id, item in objects.items():
        if object_id not in named and item["type"] in labelled_types and not item.get("structure"):
            name(object_id, DECOY)
    if document.get("goal", {}).get("category") == "agents":
        for object_id in objects:
            prefixed = next((role for prefix, role in _PASSIVE_PREFIXES if object_id.startswith(prefix)), None)
            if prefixed is not None and object_id not in named:
                name(object_id, prefixed)
    for object_id, item in objects.items():
        if item.get("associatedWithAgent") in objects:
            name(object_id, HELD)
    return {object_id: tuple(given) for object_id, given in named.items()}


def _label_roles(label: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """``(role, id)`` for each id a key ``<role>_id`` or ``<role>_ids`` of ``label`` holds."""
    for key, value in label.items():
        stem = key.removesuffix("_ids") if key.endswith("_ids") else key.removesuffix("_id")
        if stem == key or not stem:
            continue
        role = _KEY_ROLES.get(stem, stem.replace("_", " "))
        for object_id in value if isinstance(value, list) else [value]:
            if isinstance(object_id, str):
                yield role, object_id

"""What a set of scenes writes, part by part, so that a family's test can hold its scenes' keys and object types
to those of the real files of its task."""

from __future__ import annotations

from typing import Any


def written_keys(scenes: list[dict[str, Any]]) -> dict[str, set[Any]]:
    """The top-level keys, goal keys, goal target keys (multi-retrieval), object types, object keys and show keys
    that ``scenes`` write."""
    targets = [target for scene in scenes for target in scene["goal"]["metadata"].get("targets", [])]
    objects = [item for scene in scenes for item in scene["objects"]]
    return {"top": {key for scene in scenes for key in scene}, "goal": {key for s in scenes for key in s["goal"]},
            "metadata": {key for s in scenes for key in s["goal"]["metadata"]},
            "targets": {key for target in targets for key in target},
            "types": {item["type"] for item in objects}, "object": {key for item in objects for key in item},
            "show": {key for item in objects for show in item["shows"] for key in show}}

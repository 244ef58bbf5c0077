"""What a set of scenes writes, part by part, so that a family's test can hold its scenes' keys and object types
to those of the real files of its task."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.family import Family
from scenegen.plugin.resources import load_yaml
from tests.kit.support import checked_sample, configured


def record_shape(node: dict[str, Any]) -> tuple[str, ...]:
    """A record's keys (a scene's, its goal's, an object's), an empty list marked (``hides=[]``): how a file writes
    it."""
    return tuple(sorted(f"{key}=[]" if node[key] == [] else key for key in node))


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


def assert_writes_what_the_real_files_write(family_class: type[Family], templates: Sequence[str],
                                            real: Sequence[Path], scenes: int = 60) -> None:
    """Every top-level, goal and show key, object type and object key that ``scenes`` single scenes of each of the
    bundled ``templates`` write is one the ``real`` files of the task write."""
    theirs = written_keys([json.loads(path.read_text()) for path in real])
    for name in templates:
        family = configured(family_class, **load_yaml(bundled_templates()[name].read_text()))
        ours = written_keys([checked_sample(family, 2, "conformance_", index)[1][""] for index in range(scenes)])
        for part, found in ours.items():
            assert found <= theirs[part], (name, part, found - theirs[part])


def assert_shaped_as_the_real_files(family_class: type[Family], template: str, real: Sequence[Path],
                                    samples: int) -> None:
    """Every scene of ``samples`` samples of a bundled ``template`` has the top-level and goal keys of one of the
    ``real`` files, and each of its objects a type with the keys some real object of that type has."""
    scenes = [json.loads(path.read_text()) for path in real]
    tops, goals = {record_shape(scene) for scene in scenes}, {record_shape(scene["goal"]) for scene in scenes}
    objects = {(item["type"], record_shape(item)) for scene in scenes for item in scene["objects"]}
    family = configured(family_class, **load_yaml(bundled_templates()[template].read_text()))
    for index in range(samples):
        for scene in checked_sample(family, 8, "conformance_", index)[1].values():
            assert record_shape(scene) in tops and record_shape(scene["goal"]) in goals
            assert {(item["type"], record_shape(item)) for item in scene["objects"]} <= objects

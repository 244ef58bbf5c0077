"""Held-out conformance with the real MCS scenes: whole numbers are integers where MCS writes integers.

Which fields hold integers is learned from the released evaluation scenes in
``tests/fixtures/mcs_scenes`` (both folders), never from scenegen's own exporter:
every number those files write is sorted by its field and by how it is written
(``90`` or ``90.0``). A field is an *integer field* when the real files write at
least :data:`SHARE` of its whole values as JSON integers. The share tolerates a
writer's odd floats (the hidden Set Rotation tube writes four ``stepEnd`` values
as ``96.0``; the MCS generator's balls, containers and lids write a rotation of
``0.0``) while leaving out the fields the real files write either way (masses,
scales) or mostly as floats (positions, ``performerStart``, ``roomDimensions``).

Then a few documents of every MCS family go through the real pipeline and are
serialised as ``scenegen make`` writes them; in an integer field no whole number
may be written as a float, and where the real files never write a fraction
(steps, rotations, floor cells) no float at all.

A field is a path with list positions folded (``objects[].shows[].rotation``);
the components of an ``{x, y, z}`` (or ``{x, z}``) vector are pooled into one field.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from scenegen.factory.pipeline import Pipeline
from scenegen.folder.output_folder import dump_json
from scenegen.mcs.output import MCS_SCENES
from scenegen.plugin import resources
from scenegen.plugin.discovery import bundled_templates, family_named
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import record_shape
from tests.kit.support import load_family

FIXTURES: Path = REFERENCE_SCENES

#: Smallest share of a field's whole values the real files write as integers for it to be an integer field.
SHARE = 0.9

#: The bundled training templates of every family that writes MCS scenes (found, not listed: a new family's are
#: checked too).
TEMPLATES = sorted(path.stem for name, path in bundled_templates().items() if not name.startswith("eval7_")
                   if family_named(resources.load_yaml(path.read_text(encoding="utf-8"))["family"]).output
                   is MCS_SCENES)
SAMPLES = 4
SEED = 11

_AXES = ({"x", "y", "z"}, {"x", "z"})


class WrittenFloat(float):
    """A number written with a fraction or an exponent (``90.0``, ``0.25``), as JSON keeps it apart from ``90``."""


def read(text: str | bytes) -> Any:
    """Parse JSON keeping how each number was written: floats become :class:`WrittenFloat`, integers stay ``int``."""
    return json.loads(text, parse_float=WrittenFloat)


def numbers(node: Any, path: str = "") -> Iterator[tuple[str, int | float]]:
    """Every number under ``node`` with its field (list positions folded, a vector's components as the vector)."""
    if isinstance(node, dict):
        if set(node) in _AXES and all(_is_number(v) for v in node.values()):
            for value in node.values():
                yield path, value
            return
        for key, value in node.items():
            yield from numbers(value, f"{path}.{key}" if path else key)
    elif isinstance(node, list):
        for value in node:
            yield from numbers(value, f"{path}[]")
    elif _is_number(node):
        yield path, node


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


@dataclass
class Usage:
    """How the real files write one field's numbers."""

    integers: int = 0  # whole values written as integers
    whole_floats: int = 0  # whole values written as floats (90.0)
    fractions: int = 0  # values with a fraction (0.25)

    def add(self, value: int | float) -> None:
        if not isinstance(value, WrittenFloat):
            self.integers += 1
        elif value.is_integer():
            self.whole_floats += 1
        else:
            self.fractions += 1

    @property
    def integer_field(self) -> bool:
        return self.integers > 0 and self.integers >= SHARE * (self.integers + self.whole_floats)


def reference_files() -> list[Path]:
    return sorted(FIXTURES.rglob("*.json"))


@cache
def learned() -> dict[str, Usage]:
    """How the reference scenes write each field."""
    files = reference_files()
    if not files:
        pytest.fail(f"no reference scenes in {FIXTURES}: the conformance check needs the real MCS scene files there")
    usage: dict[str, Usage] = {}
    for path in files:
        for field, value in numbers(read(path.read_bytes())):
            usage.setdefault(field, Usage()).add(value)
    return usage


def integer_fields() -> dict[str, Usage]:
    return {field: usage for field, usage in learned().items() if usage.integer_field}


def problems(document: dict[str, Any]) -> Counter[str]:
    """Where ``document``, serialised as ``scenegen make`` writes it, puts a float in an integer field."""
    fields = integer_fields()
    found: Counter[str] = Counter()
    for field, value in numbers(read(dump_json(document))):
        usage = fields.get(field)
        if usage is None or not isinstance(value, WrittenFloat):
            continue
        if value.is_integer():
            found[f"{field}: whole values written as floats (90.0 for 90); the real files write "
                  f"{usage.integers} of their {usage.integers + usage.whole_floats} as integers"] += 1
        elif usage.fractions == 0:
            found[f"{field}: fractions; the real files write only integers there"] += 1
    return found


def test_the_reference_scenes_teach_the_integer_fields():
    """The learned split matches what the real files are known to write, so the check below is not vacuous."""
    usage, fields = learned(), integer_fields()
    for field in ("objects[].shows[].rotation", "objects[].shows[].stepBegin", "goal.last_step", "version"):
        assert field in fields, field
    for field in ("roomDimensions", "performerStart.position", "performerStart.rotation",
                  "objects[].shows[].position"):
        assert field in usage and field not in fields, field


@pytest.mark.parametrize("template", TEMPLATES)
def test_generated_scenes_write_integers_where_mcs_does(template):
    _, family = load_family(template)
    pipeline = Pipeline(family, SEED, "x_")
    found: Counter[str] = Counter()
    for index in range(SAMPLES):
        _, documents = pipeline.produce(index)
        for document in documents.values():
            found += problems(document)
    assert not found, f"{template}: floats where the real MCS scenes write integers:\n  " + "\n  ".join(
        f"{count} x {problem}" for problem, count in found.most_common())


# --- The shape of a task's scenes: goal keys, and each object's keys (hides, changeMaterials...) -------------

#: Tasks whose every template is held to the real files' shapes: the real files' task name -> its templates.
TASK_TEMPLATES = {
    "interactive_shell_game": ("shell_game", "eval7_shell_game"),
    "interactive_set_rotation": ("set_rotation", "hidden_set_rotation", "eval7_set_rotation",
                                 "eval7_hidden_set_rotation"),
    "interactive_tool_choice": ("tool_choice", "eval7_tool_choice"),
    "interactive_symmetric_tool": ("symmetric_tool", "eval7_symmetric_tool"),
    "interactive_asymmetric_tool": ("asymmetric_tool", "eval7_asymmetric_tool"),
    "interactive_secondary_tool": ("secondary_tool", "eval7_secondary_tool"),
    "interactive_containers": ("containers", "eval7_containers"),
    "interactive_ramps": ("ramps", "eval7_ramps"),
    "interactive_occluded_trajectory": ("occluded_trajectory", "eval7_occluded_trajectory"),
    "interactive_collision": ("collision", "eval7_collision"),
}
SHAPE_SAMPLES = 12


def _kind(object_type: str) -> str:
    """What an object's shape is compared by: its type, or ``tool`` for any tool (the real files write every tool
    alike, ``docs/mcs_facts.md`` 10.1, and a template draws shapes and sizes a task's few real files lack)."""
    return "tool" if object_type.startswith("tool_") else object_type


@cache
def real_shapes(task: str) -> tuple[set[tuple[str, ...]], dict[str, set[tuple[str, ...]]]]:
    """The goal key sets and, per object type, the object shapes the real files of ``task`` write."""
    goals: set[tuple[str, ...]] = set()
    objects: dict[str, set[tuple[str, ...]]] = {}
    for path in FIXTURES.rglob(f"eval_7_{task}_*.json"):
        scene = json.loads(path.read_text(encoding="utf-8"))
        goals.add(tuple(sorted(scene["goal"])))
        for item in scene["objects"]:
            objects.setdefault(_kind(item["type"]), set()).add(record_shape(item))
    return goals, objects


@pytest.mark.parametrize(("task", "template"), [(task, template) for task, templates in TASK_TEMPLATES.items()
                                                for template in templates])
def test_scenes_are_shaped_as_the_real_files_write_them(task, template):
    """Every goal key, and every object's keys (``hides``, ``changeMaterials``, ``states``... present or not,
    empty or not), as some real file of the task writes them for an object of that type; and integers where the
    real files write integers."""
    goals, objects = real_shapes(task)
    assert goals, f"no real scenes of {task}"
    _, family = load_family(template)
    pipeline = Pipeline(family, SEED, "x_")
    wrong: Counter[str] = Counter()
    for index in range(SHAPE_SAMPLES):
        for document in pipeline.produce(index)[1].values():
            written = json.loads(dump_json(document))
            if tuple(sorted(written["goal"])) not in goals:
                wrong[f"goal keys {sorted(written['goal'])}; the real files write {sorted(goals)}"] += 1
            for item in written["objects"]:
                if record_shape(item) not in objects.get(_kind(item["type"]), set()):
                    wrong[f"a {item['type']} with keys {record_shape(item)}; the real files write "
                          f"{sorted(objects.get(_kind(item['type']), set()))}"] += 1
            wrong += problems(document)
    assert not wrong, f"{template}:\n  " + "\n  ".join(f"{count} x {problem}" for problem, count in wrong.most_common())

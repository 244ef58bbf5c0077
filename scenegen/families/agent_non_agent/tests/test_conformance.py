"""Agent / Non-Agent's scenes written as the real files write them: goal keys, every object's keys (``hides`` and
``changeMaterials`` present or not, empty or not) per role, integers where the real files write integers, and only
object types the real files use for each role (the training template's wider goal shapes and blobs aside: the
seed's)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
from tests.kit import REFERENCE_SCENES
from tests.kit.pairs import conformance_problems, role_of
from tests.kit.support import as_written, load_family


@pytest.mark.parametrize("template", ["agent_non_agent", "eval7_agent_non_agent"])
def test_scenes_are_written_as_the_real_files_write_them(template):
    found = conformance_problems("non_agent", template, 4)
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())


def _types(documents) -> dict[str, set[str]]:
    types: dict[str, set[str]] = {}
    for document in documents:
        for item in document["objects"]:
            types.setdefault(role_of(item), set()).add(item["type"])
    return types


def test_object_types_are_those_of_the_real_files():
    real = _types(json.loads(path.read_text())
                  for path in (REFERENCE_SCENES / "eval7").glob("eval_7_passive_agents_non_agent_*.json"))
    # The seed's goal shapes and the blobs of the passive-agent evaluation scenes, which the training template draws
    # from: the development half shows four shapes and two blobs.
    real["object"] |= set(OBJECT_TYPES)
    real["agent"] |= set(AGENT_TYPES)
    _, family = load_family("agent_non_agent.yaml")
    for index in range(5):
        sample = family.generate(index, np.random.default_rng(index))
        made = _types(as_written(document) for document in sample.documents.values())
        assert set(made) <= set(real)
        assert all(made[role] <= real[role] for role in made), made

"""Instrumental Action's scenes written as the real passive-agent files write theirs. No real Instrumental Action
file is in the development half; the Helper/Hinderer files write what this task has: one agent (``hides: []``),
black wall cells 0.125 m high (``wall_``, structures without ``hides``; here they move by a second keyframe as the
test begins), the pillar, the grid's border and the passive-agent goal; the two goal objects stay in view, as
the True/False Belief files write theirs (``changeMaterials``, ``hides: []``). Integers where the real files write
integers."""

from __future__ import annotations

import pytest

from scenegen.families.instrumental_action import InstrumentalAction
from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
from tests.kit.pairs import conformance_problems, real_shapes, role_of
from tests.kit.support import checked_sample, configured

#: The real files this family is written as, and those whose goal objects stay in view.
WRITTEN_AS, GOAL_IN_VIEW = "helper_hinderer", "true_false_belief"


@pytest.mark.parametrize("template", ["instrumental_action", "eval7_instrumental_action"])
def test_scenes_are_written_as_the_real_files_write_them(template):
    also = {"object": real_shapes(GOAL_IN_VIEW)[1]["object"]}
    found = conformance_problems(WRITTEN_AS, template, 6, also)
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())


@pytest.mark.parametrize("kind", ["blocking", "inconsequential", "none"])
def test_object_types_and_roles_are_those_of_the_real_passive_agent_files(kind):
    """Every role is one the real files have, and every object type one they use or the task list names; the wall
    cells are the real files' wall cells, black cubes 0.125 m high and a cell wide."""
    _, roles = real_shapes(WRITTEN_AS)
    _, documents, _ = checked_sample(configured(InstrumentalAction, barriers=kind), 1, "ia_", 0)
    for item in documents["expected"]["objects"]:
        assert role_of(item) in roles
        assert item["type"] in {"cube", *AGENT_TYPES, *OBJECT_TYPES}
        if role_of(item) == "wall":
            assert item["materials"] == ["Custom/Materials/Black"]
            assert item["shows"][0]["scale"] == {"x": 0.5, "y": 0.125, "z": 0.5}

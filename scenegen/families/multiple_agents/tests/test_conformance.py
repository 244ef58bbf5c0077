"""Multiple Agents' scenes written as the real passive-agent files write theirs. No real Multiple Agents file is
in the development half; the True/False Belief files write what this task has, as it does: agents that stay in view
(``hides: []``), goal objects that stay in view and change colour (``changeMaterials``, ``hides: []``), the
pillar and the grid's border, and the passive-agent goal. Integers where the real files write integers."""

from __future__ import annotations

import pytest

from tests.kit.pairs import conformance_problems, real_shapes, role_of

#: The real files this family is written as.
WRITTEN_AS = "true_false_belief"


@pytest.mark.parametrize("template", ["multiple_agents", "eval7_multiple_agents"])
def test_scenes_are_written_as_the_real_files_write_them(template):
    found = conformance_problems(WRITTEN_AS, template, 4)
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())


def test_object_types_and_roles_are_those_of_the_real_passive_agent_files():
    """Every role is one the real files have, and every object type one they use or the task list names (the goal
    shapes: the seed's spheres, cylinders, cubes, cones, pyramids and frustums)."""
    from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
    from tests.kit.support import checked_sample, load_family

    _, roles = real_shapes(WRITTEN_AS)
    _, documents, _ = checked_sample(load_family("multiple_agents.yaml")[1], 1, "ma_", 0)
    for item in documents["expected"]["objects"]:
        assert role_of(item) in roles
        assert item["type"] in {"cube", *AGENT_TYPES, *OBJECT_TYPES}

"""Inaccessible Goal's scenes written as the real passive-agent files write theirs. No real Inaccessible Goal file
is in the development half; the Helper/Hinderer files write what this task has: one agent (``hides: []``), a
structure block (their cyan occluder; here the green wall), the pillar, the grid's border and the passive-agent
goal. The goal object stays in view, as the True/False Belief files write theirs (``changeMaterials``, ``hides:
[]``), and like their occluders the wall leaves by a keyframe off the grid (no ``hides``). The key is the one
role no real file has (the task list names it): it is written as a goal object is, without ``changeMaterials``.
Integers where the real files write integers."""

from __future__ import annotations

import pytest

from tests.kit.pairs import conformance_problems, real_shapes, role_of

#: The real files this family is written as, and those whose goal objects stay in view.
WRITTEN_AS, GOAL_IN_VIEW = "helper_hinderer", "true_false_belief"


def _also() -> dict[str, set[tuple[str, ...]]]:
    shapes = real_shapes(GOAL_IN_VIEW)[1]
    key = {tuple(k for k in shape if k != "changeMaterials") for shape in shapes["object"]}
    return {"object": shapes["object"], "occluder": shapes["occluder"], "key": key}


@pytest.mark.parametrize("template", ["inaccessible_goal", "eval7_inaccessible_goal"])
def test_scenes_are_written_as_the_real_files_write_them(template):
    found = conformance_problems(WRITTEN_AS, template, 4, _also())
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())


def test_object_types_and_roles_are_those_of_the_real_passive_agent_files():
    """Every role but the key is one the real files have, and every object type one they use or the task list
    names."""
    from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
    from tests.kit.support import checked_sample, load_family

    _, roles = real_shapes(WRITTEN_AS)
    _, documents, _ = checked_sample(load_family("inaccessible_goal.yaml")[1], 1, "ig_", 0)
    for item in documents["expected"]["objects"]:
        assert role_of(item) in {*roles, "key"}
        assert item["type"] in {"cube", *AGENT_TYPES, *OBJECT_TYPES}

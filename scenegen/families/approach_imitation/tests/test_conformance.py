"""Approach's and Imitation's scenes written as the real files write them: goal keys, every object's keys
(``hides`` and ``changeMaterials`` present or not, empty or not) per role, and integers where the real files
write integers."""

from __future__ import annotations

import pytest

from tests.kit.pairs import conformance_problems

#: The seed's instrumental imitation training data (imitation.yaml's `trials.instrumental_test: goal`) keeps the
#: goal on show in the test, so hides nothing: an empty list, as Approach writes its goal's.
GOAL_ON_SHOW: dict[str, set[tuple[str, ...]]] = {
    "object": {("changeMaterials", "hides=[]", "id", "kinematic", "materials", "physics", "shows", "type")},
}


@pytest.mark.parametrize("task", ["approach", "imitation"])
@pytest.mark.parametrize("evaluation", [False, True])
def test_scenes_are_written_as_the_real_files_write_them(task, evaluation):
    also = GOAL_ON_SHOW if (task, evaluation) == ("imitation", False) else None
    found = conformance_problems(task, f"eval7_{task}" if evaluation else task, 4, also)
    assert not found, "\n".join(f"{count} x {problem}" for problem, count in found.most_common())

"""The eval7 templates of Occluded Trajectory and of Collision reproduce the evaluation's variety: every feature of
:mod:`.fidelity` within its tolerance of the development half, over a few hundred scenes of each."""

from __future__ import annotations

import pytest

from scenegen.families.occluded_trajectory.tests.fidelity import VARIANTS
from tests.kit.fidelity import compare, outside


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_eval7_template_matches_the_development_half(variant: str) -> None:
    task, template, features = VARIANTS[variant]
    rows, _ = compare(task, template, features, 300)
    assert outside(rows) == []

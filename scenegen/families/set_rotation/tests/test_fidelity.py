"""Set Rotation's eval7 templates reproduce the evaluation's variety: every feature of :mod:`.fidelity` within
its tolerance of the development half, over a few hundred scenes (half visible, half hidden)."""

from __future__ import annotations

from scenegen.families.set_rotation.tests.fidelity import FEATURES, TASK, TEMPLATES
from tests.kit.fidelity import compare, outside


def test_the_eval7_templates_match_the_development_half():
    rows, _ = compare(TASK, TEMPLATES, FEATURES, 300)
    assert outside(rows) == []

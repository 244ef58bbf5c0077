"""Secondary Tool's eval7 template reproduces the evaluation's variety: every feature of :mod:`.fidelity` within its
tolerance of the development half, over a hundred and twenty scenes."""

from __future__ import annotations

from scenegen.families.secondary_tool.tests.fidelity import FEATURES, TASK, TEMPLATE
from tests.kit.fidelity import compare, outside


def test_the_eval7_template_matches_the_development_half():
    rows, _ = compare(TASK, TEMPLATE, FEATURES, 120)  # its scenes take longest to make of the four tool tasks
    assert outside(rows) == []

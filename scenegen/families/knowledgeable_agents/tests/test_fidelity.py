"""Knowledgeable Agents' eval7 template reproduces the evaluation's variety: every feature of :mod:`.fidelity` within
its tolerance of the development half, over a few hundred scenes."""

from __future__ import annotations

from scenegen.families.knowledgeable_agents.tests.fidelity import FEATURES, TASK, TEMPLATE
from tests.kit.fidelity import compare, outside


def test_the_eval7_template_matches_the_development_half():
    rows, _ = compare(TASK, TEMPLATE, FEATURES, 300)
    assert outside(rows) == []

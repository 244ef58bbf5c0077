"""Agent / Non-Agent's eval7 template reproduces the evaluation's variety: every feature of :mod:`.fidelity` within
its tolerance of the development half, over a modest number of pairs."""

from __future__ import annotations

from tests.kit.fidelity import outside
from tests.kit.pairs import fidelity_rows

from .fidelity import FEATURES, TASK, TEMPLATE

PAIRS = 150


def test_the_eval7_template_matches_the_development_half():
    assert outside(fidelity_rows(TASK, TEMPLATE, FEATURES, PAIRS)) == []

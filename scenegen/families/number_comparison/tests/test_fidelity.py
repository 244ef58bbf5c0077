"""Number Comparison's and Arithmetic's eval7 templates reproduce the evaluation's variety: every feature of
:mod:`.fidelity` and :mod:`.fidelity_arithmetic` within its tolerance of the development half, over a few hundred
scenes."""

from __future__ import annotations

from scenegen.families.number_comparison.tests import fidelity_arithmetic
from scenegen.families.number_comparison.tests.fidelity import FEATURES, TASK, TEMPLATE
from tests.kit.fidelity import compare, outside


def test_the_eval7_template_matches_the_development_half():
    rows, _ = compare(TASK, TEMPLATE, FEATURES, 300)
    assert outside(rows) == []


def test_the_arithmetic_eval7_template_matches_the_development_half():
    rows, _ = compare(fidelity_arithmetic.TASK, fidelity_arithmetic.TEMPLATE, fidelity_arithmetic.FEATURES, 300)
    assert outside(rows) == []

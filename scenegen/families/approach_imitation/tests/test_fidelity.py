"""Approach's and Imitation's eval7 templates reproduce the evaluation's variety: every feature of
:mod:`.fidelity` within its tolerance of the development half, over a modest number of pairs."""

from __future__ import annotations

import pytest

from tests.kit.fidelity import outside
from tests.kit.pairs import fidelity_rows

from .fidelity import FEATURES, template

PAIRS = 40


@pytest.mark.parametrize("task", ["approach", "imitation"])
def test_the_eval7_template_matches_the_development_half(task):
    assert outside(fidelity_rows(task, template(task), FEATURES, PAIRS)) == []

"""Lava's eval7 template reproduces the evaluation's variety: every feature of
:mod:`.fidelity` within its tolerance of the development half, over a few hundred scenes."""

from __future__ import annotations

from tests.kit.fidelity import outside
from tests.kit.navigation_fidelity import compare


def test_the_eval7_template_matches_the_development_half():
    rows, _ = compare("lava", 300)
    assert outside(rows) == []

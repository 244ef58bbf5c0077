"""Spatio-Temporal Continuity's eval7 template reproduces the evaluation's variety: every feature of
:mod:`.fidelity` within its tolerance of the development half (or of the pairing's figures), over a modest number
of pairs."""

from __future__ import annotations

from tests.kit.fidelity import outside

from .fidelity import rows

PAIRS = 200


def test_the_eval7_template_matches_the_development_half():
    assert outside(rows(PAIRS)[0]) == []

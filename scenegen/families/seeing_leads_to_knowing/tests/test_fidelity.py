"""Seeing Leads to Knowing's eval7 template keeps the development half's shapes: every feature of :mod:`.fidelity`
within its tolerance, over a few hundred pairs."""

from __future__ import annotations

from scenegen.families.seeing_leads_to_knowing.tests.fidelity import rows
from tests.kit.fidelity import outside


def test_the_eval7_template_keeps_the_development_half_s_shapes():
    assert outside(rows(1000)) == []

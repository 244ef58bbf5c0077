"""Asymmetric Tool's eval7 template against the development half: every feature of :mod:`.fidelity` within its
tolerance over a few hundred scenes, but the known gaps, which must still be gaps (a closed one is taken off the
list)."""

from __future__ import annotations

from scenegen.families.asymmetric_tool.tests.fidelity import FEATURES, KNOWN_GAPS, TASK, TEMPLATE
from tests.kit.fidelity import compare


def test_the_eval7_template_matches_the_development_half_but_its_known_gaps():
    rows, _ = compare(TASK, TEMPLATE, FEATURES, 300)
    assert {row.feature for row in rows if not row.ok} == KNOWN_GAPS

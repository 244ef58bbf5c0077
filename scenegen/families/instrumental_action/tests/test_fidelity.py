"""Instrumental Action's eval7 template keeps the real passive-agent frame and the task list's three barrier
kinds: every feature of :mod:`.fidelity` within its tolerance, over a modest number of pairs."""

from __future__ import annotations

from tests.kit.fidelity import outside
from tests.kit.pairs import fidelity_rows

from .fidelity import FEATURES, TASK, TEMPLATE

PAIRS = 300


def test_the_eval7_template_keeps_the_passive_agent_frame():
    assert outside(fidelity_rows(TASK, TEMPLATE, FEATURES, PAIRS)) == []

"""Collisions (passive)'s eval7 template keeps the shapes of the evaluation's passive physics scenes: every feature of
:mod:`.fidelity` within its tolerance, over a few hundred pairs."""

from __future__ import annotations

from scenegen.families.collisions.tests.fidelity import rows
from tests.kit.fidelity import outside


def test_the_eval7_template_keeps_the_passive_physics_shapes():
    assert outside(rows(300)) == []

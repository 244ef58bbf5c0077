"""Gravity Support (passive)'s eval7 template reproduces the evaluation's variety: every feature of :mod:`.fidelity`
within its tolerance of the development half, over a few hundred pairs, and each type's form as the real files'."""

from __future__ import annotations

from scenegen.families.gravity_support.tests.fidelity import BY_TYPE, FEATURES, TASK, files, rows
from tests.kit.fidelity import outside, real_samples


def test_the_eval7_template_matches_the_development_half():
    assert outside(rows(300)) == []


def test_each_type_and_turn_has_the_form_the_real_files_give_it():
    measures = [feature for feature in FEATURES if feature.name in BY_TYPE]
    real = {(feature.name, feature.measure(sample)) for feature in measures for sample in real_samples(TASK)}
    made = {(feature.name, feature.measure(sample)) for feature in measures for sample in files(100)}
    assert made <= real

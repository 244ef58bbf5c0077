"""The training template teaches no shortcut: nothing but the change itself (a toy hidden, a stand-in of another
type first shown on its place) tells a pair's documents apart.

What is not a shortcut but the task itself: the change, while the occluders are down (the family's evidence, the
toys, left out by the probe). Everything else a learner could read (the occluders, the room, the lengths, the
toys' types, places, materials and drop) is the same in both documents of a pair, so a rule reading it is right on
exactly half of them; and the stand-ins are toys of the same pool as the toys, so a toy's type says nothing of
whether it is a stand-in.
"""

from __future__ import annotations

from collections import Counter

import pytest

from tests.kit.fidelity import Scene, generated_samples
from tests.kit.passive_replay import apart_from, toys

from .replay import changes

PAIRS = 500


@pytest.fixture(scope="module")
def training_pairs() -> list[dict[str, Scene]]:
    return list(generated_samples("shape_constancy", PAIRS, seed=3))


def test_the_documents_of_a_pair_differ_in_the_change_alone(training_pairs):
    for pair in training_pairs:
        (step,) = {step for _, _, step in changes(pair["unexpected"])}
        assert apart_from(pair["expected"], step) == apart_from(pair["unexpected"], step)


def test_a_toy_s_type_does_not_say_whether_it_stands_in(training_pairs):
    """Every type occurs both as a dropped toy and as a stand-in."""
    dropped: Counter[str] = Counter()
    stand_ins: Counter[str] = Counter()
    for pair in training_pairs:
        standing = {stand_in for _, stand_in, _ in changes(pair["unexpected"])}
        for item in toys(pair["unexpected"]):
            (stand_ins if item["id"] in standing else dropped)[item["type"]] += 1
    assert set(dropped) == set(stand_ins)

"""The training template teaches no shortcut: nothing but the event tells a pair's documents apart, and what the
reveal shows (the toy there or not) says nothing of which is the expected one.

What is not a shortcut but the task itself: the toy hidden, or shown again from out of sight, while the occluder
is down. Everything else a learner could read is the same in both documents of a pair, so any rule reading it is
right on exactly half the documents; the one rule that reads the outcome without the event ("the toy is there at
the end, so the scene is plausible") must be at chance too: 2,000 pairs, binomial spread 1.1 points, bound 4.5.
"""

from __future__ import annotations

import pytest

from tests.kit.fidelity import Scene, generated_samples

from .replay import replay, without_event

PAIRS = 2000
BOUND = 0.045


@pytest.fixture(scope="module")
def training_pairs() -> list[dict[str, Scene]]:
    return list(generated_samples("object_permanence_passive", PAIRS, seed=3))


def test_the_documents_of_a_pair_differ_in_the_event_alone(training_pairs):
    for pair in training_pairs[:300]:
        broken = replay(pair["unexpected"])
        step = min(broken.vanishes + broken.appears)
        assert without_event(pair["expected"], step) == without_event(pair["unexpected"], step)


def test_the_toy_there_at_the_reveal_does_not_say_which_is_expected(training_pairs):
    right = [replay(document).visible_at_reveal == (suffix == "expected")
             for pair in training_pairs for suffix, document in pair.items()]
    assert abs(sum(right) / len(right) - 0.5) < BOUND

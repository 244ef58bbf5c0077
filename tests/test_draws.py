"""The record families' draws (scenegen.plugin.draws.Draws) take the generator's uniforms in order, one each."""

from __future__ import annotations

import numpy as np

from scenegen.plugin.draws import BLOCK, Draws


def test_the_uniforms_are_the_generators_in_order_across_blocks():
    draws = Draws(np.random.default_rng(5))
    drawn = [draws.uniform() for _ in range(3 * BLOCK + 1)]
    assert drawn == np.random.default_rng(5).random(3 * BLOCK + 1).tolist()


def test_pick_below_and_chance_each_spend_one_uniform():
    draws = Draws(np.random.default_rng(9))
    expected = np.random.default_rng(9).random(4).tolist()
    items = ("a", "b", "c")
    assert draws.pick(items) == items[int(expected[0] * 3)]
    assert draws.below(7) == int(expected[1] * 7)
    assert draws.chance(0.5) == (expected[2] < 0.5)
    assert draws.uniform() == expected[3]

"""Movement patterns: the places a walk covers are the places its keyframes stand on."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from scenegen.mcs.gridworld.patterns import SHAPES, Pattern, covered, offsets, positions, turned

patterns = st.builds(
    lambda shape, heading, mirrored, steps, repeats: Pattern(
        turned(SHAPES[shape], heading, mirrored), tuple(steps[:len(SHAPES[shape])]), repeats),
    st.sampled_from(sorted(SHAPES)), st.integers(0, 3), st.booleans(),
    st.lists(st.integers(1, 20), min_size=3, max_size=3), st.integers(1, 3))


def _rounded_rows(array: np.ndarray) -> set[tuple[float, float]]:
    return {(round(float(x), 6) + 0.0, round(float(z), 6) + 0.0) for x, z in array}


@given(patterns)
def test_covered_is_every_place_the_walk_stands_on_the_start_included(pattern):
    """Placement tests the covered places only: the start too, where the agent stands before and after each trip
    (left out once, it let an agent start touching the goal it must not touch)."""
    walked = _rounded_rows(np.vstack([np.zeros((1, 2)), offsets(pattern)]))
    assert _rounded_rows(covered(pattern)) == walked
    assert tuple(covered(pattern)[0]) == (0.0, 0.0)


@given(patterns, st.tuples(st.integers(-80, 80), st.integers(-80, 80)))
def test_positions_are_the_offsets_from_the_start(pattern, lattice):
    start = (lattice[0] * 0.025, lattice[1] * 0.025)
    xs, zs = positions(start, pattern)
    expected = offsets(pattern) + np.asarray(start)
    assert len(xs) == len(zs) == len(expected)
    assert np.allclose(np.column_stack([xs, zs]), expected, atol=1e-4)

"""The vectorised separating-axis test against an exact polygon oracle."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import Boxes, Footprints, any_overlap, overlap_matrix, overlap_pairs, self_overlap
from scenegen.mcs.geometry.overlap import _PAIRS_PER_BLOCK
from tests.examples import examples

from .oracle import overlap_verdict, polygons

coordinates = st.floats(-4.0, 4.0, allow_nan=False)
half_sizes = st.floats(0.01, 3.0, allow_nan=False)
# Exact right angles and 45 degrees exercise rounding (cos 90 is 6e-17); the rest are arbitrary.
angles = st.one_of(st.sampled_from([0.0, 45.0, 90.0, 180.0, 270.0, -90.0]), st.floats(-360.0, 720.0))
margins = st.one_of(st.just(0.0), st.floats(0.0, 0.5))


@st.composite
def box_sets(draw, max_size: int = 6) -> Boxes:
    count = draw(st.integers(1, max_size))
    centre = [[draw(coordinates), draw(coordinates)] for _ in range(count)]
    half = [[draw(half_sizes), draw(half_sizes)] for _ in range(count)]
    return Boxes(centre, half, [draw(angles) for _ in range(count)])


@settings(max_examples=examples(500), deadline=None)
@given(box_sets(), box_sets(), margins)
def test_overlap_matrix_agrees_with_polygon_intersection(a, b, margin):
    matrix = overlap_matrix(a, b, margin)
    assert matrix.shape == (len(a), len(b))
    for i, poly_a in enumerate(polygons(a, margin)):
        for j, poly_b in enumerate(polygons(b, margin)):
            verdict = overlap_verdict(poly_a, poly_b)
            if verdict is not None:
                assert matrix[i, j] == verdict, (i, j)


@settings(max_examples=examples(100), deadline=None)
@given(box_sets(), box_sets(), margins)
def test_overlap_is_symmetric_and_pairs_match_the_matrix(a, b, margin):
    np.testing.assert_array_equal(overlap_matrix(a, b, margin), overlap_matrix(b, a, margin).T)
    count = min(len(a), len(b))
    diagonal = np.diagonal(overlap_matrix(a[:count], b[:count], margin))
    np.testing.assert_array_equal(overlap_pairs(a[:count], b[:count], margin), diagonal)


@settings(max_examples=examples(300), deadline=None)
@given(box_sets(max_size=12), box_sets(max_size=12), margins)
def test_any_and_self_overlap_agree_with_the_matrix(a, b, margin):
    # any_overlap settles deep overlaps without the exact test: it must still say what the matrix says.
    np.testing.assert_array_equal(any_overlap(a, b, margin), overlap_matrix(a, b, margin).any(axis=1))
    within = overlap_matrix(a, a, margin)
    np.fill_diagonal(within, False)
    np.testing.assert_array_equal(self_overlap(a, margin), within.any(axis=1))


# (centre a, half a, angle a, centre b, half b, angle b, margin, overlapping?)
EXACT_CASES = [
    ((0, 0), (0.5, 0.5), 0, (1, 0), (0.5, 0.5), 0, 0.0, False),  # shared edge
    ((0, 0), (0.5, 0.5), 0, (1, 1), (0.5, 0.5), 0, 0.0, False),  # shared corner
    ((0, 0), (0.5, 0.5), 0, (0.75, 0), (0.5, 0.5), 0, 0.0, True),  # half overlapping
    ((0, 0), (0.5, 1.0), 90, (1.5, 0), (0.5, 0.5), 0, 0.0, False),  # rotated, shared edge
    ((0, 0), (0.5, 1.0), 90, (1.25, 0), (0.5, 0.5), 0, 0.0, True),
    ((0, 0), (0.5, 0.5), 0, (1.5, 0), (0.5, 0.5), 0, 0.25, False),  # 0.5 apart, each grown 0.25: touch
    ((0, 0), (0.5, 0.5), 0, (1.5, 0), (0.5, 0.5), 0, 0.375, True),  # grown further: overlap
    ((0, 0), (2.0, 2.0), 30, (0.25, 0.5), (0.25, 0.25), 70, 0.0, True),  # nested
    ((0, 0), (1.0, 1.0), 0, (0, 0), (1.0, 1.0), 0, 0.0, True),  # identical
    ((0, 0), (1.0, 1.0), 0, (3, 0), (1.0, 1.0), 45, 0.0, False),  # apart
]


@pytest.mark.parametrize("ca, ha, aa, cb, hb, ab, margin, expected", EXACT_CASES)
def test_touching_nested_and_separated_cases(ca, ha, aa, cb, hb, ab, margin, expected):
    a, b = Boxes([ca], ha, aa), Boxes([cb], hb, ab)
    assert overlap_matrix(a, b, margin)[0, 0] == expected
    assert overlap_pairs(a, b, margin)[0] == expected
    assert any_overlap(a, b, margin)[0] == expected


def test_diamond_touching_a_square_at_a_corner_is_not_an_overlap():
    # A unit square turned 45 degrees has its right corner sqrt(2)/2 from its centre.
    diamond = Boxes([[0.0, 0.0]], 0.5, 45.0)
    square = Boxes([[np.sqrt(0.5) + 0.5, 0.0]], 0.5, 0.0)
    assert not overlap_matrix(diamond, square)[0, 0]
    nudged = Boxes([[np.sqrt(0.5) + 0.5 - 1e-6, 0.0]], 0.5, 0.0)
    assert overlap_matrix(diamond, nudged)[0, 0]


def test_large_inputs_are_blocked_but_give_the_same_answer():
    rng = np.random.default_rng(3)
    rows = _PAIRS_PER_BLOCK // 10 + 7  # more than one block of rows against 20 columns
    a = Boxes(rng.uniform(-5, 5, (rows, 2)), rng.uniform(0.1, 1, (rows, 2)), rng.uniform(0, 360, rows))
    b = Boxes(rng.uniform(-5, 5, (20, 2)), rng.uniform(0.1, 1, (20, 2)), rng.uniform(0, 360, 20))
    matrix = overlap_matrix(a, b)
    row_by_row = np.stack([overlap_pairs(a[[i] * 20], b) for i in range(rows)])
    np.testing.assert_array_equal(matrix, row_by_row)
    assert matrix.any() and not matrix.all()
    np.testing.assert_array_equal(any_overlap(a, b), matrix.any(axis=1))
    within = overlap_matrix(a, a)
    np.fill_diagonal(within, False)
    np.testing.assert_array_equal(self_overlap(a), within.any(axis=1))  # a set too large for one block of pairs


def test_empty_inputs_and_negative_margin():
    some = Boxes([[0, 0]], 0.5, 0.0)
    assert overlap_matrix(some, Boxes.empty()).shape == (1, 0)
    assert overlap_matrix(Boxes.empty(), some).shape == (0, 1)
    np.testing.assert_array_equal(any_overlap(some, Boxes.empty()), [False])
    with pytest.raises(ValueError, match="margin must be >= 0"):
        overlap_matrix(some, some, margin=-0.1)


def test_any_overlap_reduces_over_each_objects_boxes():
    # Object 0: two boxes, the second of which hits the obstacle; object 1: clear.
    boxes = Boxes([[0, 0], [3, 0], [0, 5]], 0.5, 0.0)
    candidates = Footprints(boxes, np.array([0, 0, 1]), 2)
    obstacle = Boxes([[3.5, 0]], 0.5, 0.0)
    np.testing.assert_array_equal(any_overlap(candidates, obstacle), [True, False])


def test_self_overlap_ignores_boxes_of_the_same_object():
    # Object 0 is two overlapping boxes (its own arms); object 1 touches nothing.
    boxes = Boxes([[0.0, 0.0], [0.5, 0], [5.0, 5.0]], 0.5, 0.0)
    grouped = Footprints(boxes, np.array([0, 0, 1]), 2)
    np.testing.assert_array_equal(self_overlap(grouped), [False, False])
    np.testing.assert_array_equal(self_overlap(boxes), [True, True, False])
    np.testing.assert_array_equal(self_overlap(boxes[[0, 2]], margin=2.0), [False, False])  # grown to touch
    np.testing.assert_array_equal(self_overlap(boxes[[0, 2]], margin=2.25), [True, True])

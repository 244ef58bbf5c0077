"""The spinning paddle against a blob's box (scenegen.mcs.gridworld.paddles): the separating-axis gap against
shapes sampled point by point, the way the face moves as the heading falls, and a pivot placed to push."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scenegen.mcs.gridworld.paddles import (
    HALF_LENGTH,
    HALF_WIDTH,
    TURN,
    arm,
    gaps,
    heading_sweeping,
    headings,
    pivots_pushing,
    sweep,
)

HALF = (0.15, 0.125)


def _paddle_points(pivot: tuple[float, float], heading: float, count: int = 60) -> np.ndarray:
    """Points filling the paddle's rectangle at ``heading``."""
    along, across = arm(heading), sweep(heading)
    u, v = np.meshgrid(np.linspace(-HALF_LENGTH, HALF_LENGTH, count), np.linspace(-HALF_WIDTH, HALF_WIDTH, count))
    return np.asarray(pivot) + u.reshape(-1, 1) * along + v.reshape(-1, 1) * across


@given(x=st.floats(-1.2, 1.2), z=st.floats(-1.2, 1.2), heading=st.integers(0, 359))
def test_the_gap_is_positive_exactly_when_no_point_of_the_paddle_is_in_the_box(x, z, heading):
    gap = gaps((0.0, 0.0), np.array([heading]), np.array([[x, z]]), HALF)[0]
    points = _paddle_points((0.0, 0.0), heading)
    inside = np.any((np.abs(points[:, 0] - x) <= HALF[0]) & (np.abs(points[:, 1] - z) <= HALF[1]))
    if abs(gap) > 0.01:  # the sampled points are 1.7 cm apart: near a touch they cannot tell
        assert inside == (gap < 0)


def test_the_face_moves_the_way_sweep_says_as_the_heading_falls():
    pivot, reach = np.zeros(2), HALF_LENGTH
    for heading in range(0, 360, 10):
        moved = (pivot + reach * arm(heading + TURN)) - (pivot + reach * arm(heading))
        assert math.degrees(math.acos(np.dot(moved / np.linalg.norm(moved), sweep(heading)))) < abs(TURN)


@pytest.mark.parametrize("angle", [5, 30, 60, 89])
def test_a_pivot_placed_to_push_touches_the_box_on_its_heading_and_not_the_step_before(angle):
    way = (math.cos(math.radians(angle)), math.sin(math.radians(angle)))
    heading = heading_sweeping(way)
    assert math.degrees(math.acos(np.clip(np.dot(sweep(heading), way), -1, 1))) <= 1.0 + 1e-9
    start = (-0.4, -0.225)
    (pivot,) = pivots_pushing(start, HALF, heading, np.array([0.35]), 0.002).tolist()
    gap_then, gap_before = gaps(pivot, np.array([heading, heading - TURN]), np.array([start, start]), HALF)
    assert 0.0 < gap_then <= 0.0025 and gap_before > 0.007


def test_headings_fall_four_degrees_a_step_round_the_circle():
    assert headings(6, 4).tolist() == [6, 2, 358, 354]

"""Reachability: the vectorised flood fill against a plain breadth-first search."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import Boxes, Grid, cell_boxes, concat, footprint, inflate, occupancy_grid, reachable
from scenegen.mcs.geometry.reach import flood
from tests.examples import examples

from .oracle import bfs_reached, reference_reachable


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 30), st.integers(1, 30), st.floats(0.0, 0.6))
def test_flood_fill_matches_breadth_first_search(seed, rows, cols, density):
    rng = np.random.default_rng(seed)
    free = rng.random((rows, cols)) >= density
    start = (int(rng.integers(rows)), int(rng.integers(cols)))
    free[start] = True
    seeds = np.zeros_like(free)
    seeds[start] = True
    expected = np.zeros_like(free)
    for cell in bfs_reached(free, start):
        expected[cell] = True
    np.testing.assert_array_equal(flood(free, seeds), expected)


@settings(max_examples=examples(150), deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(2, 25), st.integers(2, 25), st.floats(0.1, 0.6))
def test_reachable_matches_the_reference_rule(seed, rows, cols, density):
    rng = np.random.default_rng(seed)
    blocked = rng.random((rows, cols)) < density
    start = (int(rng.integers(rows)), int(rng.integers(cols)))
    goal = (int(rng.integers(rows)), int(rng.integers(cols)))
    blocked[start] = False
    grid = Grid(blocked, (-1.0, 2.0), 0.5)
    to_world = lambda cell: (-1.0 + 0.5 * cell[0] + 0.25, 2.0 + 0.5 * cell[1] + 0.25)  # noqa: E731
    assert reachable(grid, to_world(start), to_world(goal)) == reference_reachable(blocked, start, goal)


def test_serpentine_corridor_needs_many_turns():
    blocked = np.zeros((21, 21), dtype=bool)
    for row in range(1, 21, 2):  # walls with gaps at alternating ends
        blocked[row, :] = True
        blocked[row, 0 if row % 4 == 1 else -1] = False
    grid = Grid(blocked, (0.0, 0.0), 1.0)
    assert reachable(grid, (0.5, 0.5), (20.5, 20.5))
    blocked[19, :] = True
    assert not reachable(Grid(blocked, (0.0, 0.0), 1.0), (0.5, 0.5), (20.5, 20.5))


def _room_with_wall(gap: float) -> Grid:
    """A 10 x 10 room cut at x = 0 by a 0.1 m wall, with a doorway of ``gap`` metres at z = 0."""
    half_wall = (10.0 - gap) / 2
    walls = Boxes.from_size([[0.0, -5.0 + half_wall / 2], [0.0, 5.0 - half_wall / 2]], [[0.1, half_wall]] * 2)
    return inflate(occupancy_grid((10.0, 10.0), walls))


def test_a_low_wall_across_the_room_cuts_the_performer_off():
    assert not reachable(_room_with_wall(0.0), (-3.0, 0.0), (3.0, 0.0))
    assert reachable(_room_with_wall(0.0), (-3.0, 0.0), (-1.0, 4.0))


@pytest.mark.parametrize("gap, passable", [(0.8, True), (0.6, True), (0.4, False)])
def test_a_doorway_is_passable_when_wider_than_the_performer(gap, passable):
    assert reachable(_room_with_wall(gap), (-3.0, 0.0), (3.0, 0.0)) == passable


def test_a_blocked_goal_counts_when_the_performer_gets_next_to_it():
    tool = footprint("tool_rect_0_50_x_9_00", (2.0, 0.15, 0.0))
    grid = inflate(occupancy_grid((10.0, 10.0), tool))
    assert reachable(grid, (-3.0, 0.0), (2.0, 0.0))  # the tool's centre, inside the obstacle
    fenced = inflate(occupancy_grid((10.0, 10.0), Boxes.from_size([[2.0, 0.0], [0.5, 0.0]],
                                                                       [[0.5, 9.0], [0.1, 10.0]])))
    assert not reachable(fenced, (-3.0, 0.0), (2.0, 0.0))  # a wall between start and tool


def test_a_blocked_start_or_a_point_outside_is_an_error():
    grid = inflate(occupancy_grid((10.0, 10.0), Boxes.from_size([[0.0, 0.0]], [1.0, 1.0])))
    with pytest.raises(ValueError, match="cannot stand at its start"):
        reachable(grid, (0.0, 0.0), (3.0, 3.0))
    with pytest.raises(ValueError, match="outside the grid"):
        reachable(grid, (-3.0, 0.0), (30.0, 3.0))


def _lava_pool(ball_x: int, ball_z: int) -> list[tuple[int, int]]:
    """Tool Choice lava around a ball: a 7 x 9 block with a 3 x 3 island holding the ball."""
    return [(x, z) for x in range(ball_x - 3, ball_x + 4) for z in range(ball_z - 5, ball_z + 4)
            if not (abs(x - ball_x) <= 1 and abs(z - ball_z) <= 1)]


def test_tool_choice_diagonal_wall_cuts_off_only_the_right_tool():
    # Eval-7 Tool Choice scenes 10 and 13: lava on both sides, one diagonal low wall on the right.
    wall = footprint("cube", (10.3636, 0.125, 0.0), 36.0274, (0.1, 0.25, 28.6894))
    lava = cell_boxes(_lava_pool(-14, 7) + _lava_pool(14, 7))
    grid = inflate(occupancy_grid((59.0, 23.0), concat([lava, wall])))
    performer = (0.0, -11.0)
    assert reachable(grid, performer, (-14.0, -3.0))  # left tool
    assert not reachable(grid, performer, (14.0, -3.0))  # right tool, behind the wall
    assert not reachable(grid, performer, (-14.0, 7.0))  # the ball, on its island in the lava


def test_a_tool_against_the_room_wall_is_not_reached_through_the_wall_band():
    # The tool lies along the back wall behind a low wall across the room; inflated, the
    # tool merges with the band the room's walls block, which borders the performer's side too.
    tool = footprint("tool_rect_0_50_x_9_00", (0.0, 0.15, 4.6), 90.0)
    low_wall = Boxes.from_size([[0.0, 3.0]], [10.0, 0.1])
    grid = inflate(occupancy_grid((10.0, 10.0), concat([tool, low_wall])))
    assert not reachable(grid, (0.0, -3.0), (0.0, 4.6))
    open_grid = inflate(occupancy_grid((10.0, 10.0), tool))
    assert reachable(open_grid, (0.0, -3.0), (0.0, 4.6))

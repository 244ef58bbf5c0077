"""The navigation kit's walk across a field of dangerous cells (:mod:`scenegen.mcs.floor_field`), against plain
implementations: a queue-based search and shapely's geometry."""

from __future__ import annotations

import itertools

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, box
from shapely.ops import unary_union

from scenegen.mcs.floor_field import FloorField, body_crosses
from tests.examples import examples
from tests.kit.navigation_replay import shortest_walk


@settings(max_examples=examples(80), deadline=None)
@given(seed=st.integers(0, 2**31), width=st.integers(3, 21), depth=st.integers(3, 21),
       share=st.floats(0.0, 0.6))
def test_the_bitwise_search_agrees_with_a_plain_one(seed, width, depth, share):
    """The field's shortest walk, against a queue-based search over the same cells."""
    rng = np.random.default_rng(seed)
    half_x, half_z = width // 2, depth // 2
    cells = [(x, z) for x in range(-half_x, half_x + 1) for z in range(-half_z, half_z + 1) if rng.random() < share]
    start = (float(rng.integers(-half_x, half_x + 1)), float(rng.integers(-half_z, half_z + 1)))
    goal = (float(rng.integers(-half_x, half_x + 1)), float(rng.integers(-half_z, half_z + 1)))
    room = {"roomDimensions": {"x": float(width), "z": float(depth)}}
    plain = shortest_walk(room, cells, start, goal)
    field = FloorField(width, depth, np.array(cells, dtype=int).reshape(-1, 2))
    cell_start, cell_goal = (round(start[0]), round(start[1])), (round(goal[0]), round(goal[1]))
    walk = field.walk(cell_start, cell_goal)
    assert (walk is None) == (plain is None)
    if walk is not None:
        assert walk.length == len(plain) - 1 == field.distance(cell_start, cell_goal)
        assert walk.cells[0] == cell_start and walk.cells[-1] == cell_goal
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(walk.cells))
        assert not set(walk.cells) & set(cells)


@settings(max_examples=examples(80), deadline=None)
@given(ax=st.floats(-6, 6), az=st.floats(-6, 6), bx=st.floats(-6, 6), bz=st.floats(-6, 6),
       cells=st.lists(st.tuples(st.integers(-6, 6), st.integers(-6, 6)), min_size=1, max_size=12))
def test_the_straight_way_is_judged_as_shapely_sweeps_it(ax, az, bx, bz, cells):
    danger = unary_union([box(x - 0.5, z - 0.5, x + 0.5, z + 0.5) for x, z in cells])
    distance = LineString([(ax, az), (bx, bz)]).distance(danger) if (ax, az) != (bx, bz) else None
    if distance is None or abs(distance - 0.25) < 0.01:
        return  # a degenerate way, or one grazing the body's edge within the replay's 5 cm sampling
    assert body_crosses((ax, az), (bx, bz), np.array(cells)) == (distance < 0.25)

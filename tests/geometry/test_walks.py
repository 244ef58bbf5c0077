"""Shortest walks: round one convex obstacle exactly, and on a grid among footprints."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import LineString, Polygon

from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import Boxes
from scenegen.mcs.geometry.walks import clearance, grid_walk, grown, length, side, ways_round
from tests.examples import examples

ROOM = (12.0, 10.0)


def test_a_square_across_the_way_is_walked_round_either_side_alike() -> None:
    ways = ways_round((0.0, -3.0), (0.0, 3.0), grown((0.0, 0.0), 0.0, 0.5, 0.5, 0.0))
    assert len(ways) == 2
    assert [length(way) for way in ways] == pytest.approx([2 * math.hypot(0.5, 2.5) + 1] * 2)
    assert {side(way) for way in ways} == {"left", "right"}


def test_a_walk_past_the_obstacle_is_straight() -> None:
    assert ways_round((2.0, -3.0), (2.0, 3.0), grown((0.0, 0.0), 30.0, 0.5, 1.0, 0.25)) == [[(2.0, -3.0), (2.0, 3.0)]]
    assert side([(2.0, -3.0), (2.0, 3.0)]) == "straight"


def test_the_grown_polygon_holds_the_footprint_grown_by_the_radius() -> None:
    polygon = Polygon(grown((1.0, -1.0), 40.0, 0.3, 0.6, PERFORMER_RADIUS))
    footprint = Boxes((1.0, -1.0), (0.3, 0.6), 40.0)
    points = np.array(polygon.exterior.coords)
    assert clearance(points, footprint, (100.0, 100.0)) == pytest.approx(PERFORMER_RADIUS / math.cos(math.pi / 16),
                                                                         abs=0.03)
    assert clearance(points, footprint, (100.0, 100.0)).min() >= PERFORMER_RADIUS - 1e-9


@settings(max_examples=examples(25), deadline=None)
@given(x=st.floats(-2, 2), z=st.floats(-1, 1), heading=st.floats(0, 360), half=st.tuples(st.floats(0.1, 1.2),
                                                                                        st.floats(0.1, 1.2)))
def test_the_shortest_way_round_is_clear_and_no_grid_walk_is_shorter(x: float, z: float, heading: float,
                                                                     half: tuple[float, float]) -> None:
    start, goal = (-4.5, -3.5), (4.0, 3.5)
    box = Boxes((x, z), half, heading)
    ways = ways_round(start, goal, grown((x, z), heading, *half, PERFORMER_RADIUS))
    best = min(ways, key=length)
    samples = np.concatenate([np.linspace(a, b, 200) for a, b in itertools.pairwise(best)])
    assert clearance(samples, box, ROOM).min() >= PERFORMER_RADIUS - 1e-6
    assert LineString(best).length == pytest.approx(length(best))
    assert length(best) <= grid_walk(box, ROOM, start, goal) + 0.1
    assert length(best) >= math.dist(start, goal) - 1e-9

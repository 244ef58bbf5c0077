"""Constraints on candidate footprints, and candidate samplers."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import (
    AmongPoints,
    Boxes,
    Footprints,
    InRect,
    InsideBoxes,
    InsideDisc,
    InsideRoom,
    OnRing,
    OnSegment,
    OutsideBoxes,
    OutsideDisc,
    away_from_cells,
    footprint,
)
from tests.examples import examples

from .oracle import AMBIGUOUS, polygon, polygons


def test_inside_room_checks_every_corner_against_the_walls():
    room = InsideRoom((10.0, 8.0), wall_margin=0.5)
    boxes = Boxes([[0.0, 0.0], [4.0, 0], [4.01, 0], [0, 3.0], [0, 3.2]], 0.5, 0.0)
    np.testing.assert_array_equal(room(boxes), [True, True, False, True, False])
    turned = Boxes([[4.0, 0]], 0.5, 45.0)  # its corner reaches 4.707 > 4.5
    assert not room(turned)[0]


def test_inside_room_needs_every_box_of_an_object():
    tool = footprint("tool_hooked_0_50_x_4_00", (4.0, 0.15, 0.0))  # x from 3.25 to 4.75
    objects = Footprints(tool, np.array([0, 0]), 1)
    assert not InsideRoom((9.0, 9.0))(objects)[0]
    assert InsideRoom((9.5, 9.0))(objects)[0]


def test_inside_boxes_needs_containment_in_one_region_box():
    region = Boxes([[0, 0], [2, 0]], [1.0, 1.0], 0.0)  # two squares sharing an edge
    candidates = Boxes([[0.0, 0.0], [0.5, 0.5], [1.0, 0.0], [5.0, 5.0]], 0.5, 0.0)
    np.testing.assert_array_equal(InsideBoxes(region)(candidates), [True, True, False, False])
    rotated_region = Boxes([[0, 0]], [3.0, 0.5], 90.0)  # a strip along z
    np.testing.assert_array_equal(InsideBoxes(rotated_region)(Boxes([[0, 2.4], [2.4, 0]], 0.1, 0.0)),
                                  [True, False])


def test_away_from_cells_allows_touching_a_cell_but_not_entering_it():
    keep_out = away_from_cells([[2, 0], [3, 0]], name="lava")
    assert keep_out.name == "lava"
    candidates = Boxes([[1.0, 0.0], [1.05, 0.0], [2.5, 2.0], [2.5, 1.0]], 0.5, 0.0)
    np.testing.assert_array_equal(keep_out(candidates), [True, False, True, True])
    assert not away_from_cells([[2, 0]], margin=0.1)(Boxes([[0.9, 0]], 0.5, 0.0))[0]


def test_outside_boxes_is_the_overlap_test_negated():
    region = Boxes([[0, 0]], [2.0, 2.0], 0.0)
    np.testing.assert_array_equal(OutsideBoxes(region)(Boxes([[0.0, 0.0], [2.5, 0], [3.0, 0]], 0.5, 0.0)),
                                  [False, True, True])


discs = st.tuples(st.floats(-2, 2), st.floats(-2, 2), st.floats(0.2, 3))
boxes_strategy = st.tuples(st.floats(-4, 4), st.floats(-4, 4), st.floats(0.05, 1.5), st.floats(0.05, 1.5),
                           st.floats(0, 360))


@settings(max_examples=examples(200), deadline=None)
@given(discs, st.lists(boxes_strategy, min_size=1, max_size=5))
def test_disc_constraints_agree_with_polygons(disc, rows):
    cx, cz, radius = disc
    boxes = Boxes([r[:2] for r in rows], [r[2:4] for r in rows], [r[4] for r in rows])
    inside, outside = InsideDisc((cx, cz), radius)(boxes), OutsideDisc((cx, cz), radius)(boxes)
    for k, poly in enumerate(polygons(boxes)):
        # Polygonal circles are slightly small: compare with a band of slack.
        corners_out = max(shapely.Point(c).distance(shapely.Point(cx, cz)) for c in poly.exterior.coords) - radius
        if abs(corners_out) > 1e-3:
            assert inside[k] == (corners_out < 0)
        gap = poly.distance(shapely.Point(cx, cz)) - radius
        if abs(gap) > 1e-3:
            assert outside[k] == (gap > 0)


def test_disc_constraints_on_a_turntable():
    containers = footprint("separate_container", (1.62, 0.1, 1.0), 0, 0.4)
    turntable = InsideDisc((0.0, 1.0), 2.0, name="turntable top")
    assert turntable(containers)[0]
    assert not turntable(footprint("separate_container", (1.9, 0.1, 1.0), 0, 0.4))[0]
    assert OutsideDisc((0.0, 1.0), 2.0)(footprint("separate_container", (2.2, 0, 1.0), 0, 0.4))[0]
    assert not OutsideDisc((0.0, 1.0), 2.0)(containers)[0]


def test_samplers_draw_where_they_say():
    rng = np.random.default_rng(5)
    rect = InRect((-1.0, 2.0), (3.0, 4.0), rotation=None)(rng, 500)
    assert rect.centre.shape == (500, 2) and rect.angle.shape == (500,)
    assert np.all((rect.centre >= [-1, 2]) & (rect.centre <= [3, 4]))
    assert np.all((rect.angle >= 0) & (rect.angle < 360)) and rect.angle.std() > 50
    segment = OnSegment((0.0, 4.0), (2.0, 4.0), rotation=15.0)(rng, 200)
    assert np.all(segment.centre[:, 1] == 4.0) and np.all(segment.angle == 15.0)
    assert segment.centre[:, 0].min() >= 0 and segment.centre[:, 0].max() <= 2
    ring = OnRing((0.0, 1.0), 1.62, rotation=(0.0, 90.0))(rng, 200)
    np.testing.assert_allclose(np.hypot(ring.centre[:, 0], ring.centre[:, 1] - 1.0), 1.62)
    assert set(ring.angle) == {0.0, 90.0}
    slots = AmongPoints([(-0.75, 4.0), (0.0, 4.0), (0.75, 4.0)])(rng, 100)
    assert {tuple(p) for p in slots.centre} == {(-0.75, 4.0), (0.0, 4.0), (0.75, 4.0)}


@pytest.mark.parametrize("sampler", [InRect((-5, -5), (5, 5), None), OnSegment((0, 0), (1, 1)),
                                     OnRing((0, 0), 2.0, None), AmongPoints([(0, 0), (1, 1)], (0, 90))])
def test_samplers_are_deterministic_given_the_generator_state(sampler):
    first = sampler(np.random.default_rng(11), 32)
    second = sampler(np.random.default_rng(11), 32)
    np.testing.assert_array_equal(first.centre, second.centre)
    np.testing.assert_array_equal(first.angle, second.angle)


def test_polygon_oracle_uses_the_same_rotation_convention():
    # The oracle builds its rectangles with shapely, independently of Boxes.corners:
    # a strip along local z turned 30 degrees leans towards +x (Unity: +z turns to +x).
    strip = polygon((0.0, 0.0), (0.1, 1.0), 30.0)
    assert strip.contains(shapely.Point(0.45, 0.78)) and not strip.contains(shapely.Point(-0.45, 0.78))
    corners = Boxes([[0.0, 0.0]], [0.1, 1.0], 30.0).corners()[0]
    assert {tuple(np.round(c, 9)) for c in corners} == {tuple(np.round(c, 9)) for c in strip.exterior.coords[:4]}
    assert AMBIGUOUS < 1e-3

"""The kit's line-of-sight tests (scenegen/mcs/cover.py) against shapely: a box said to hide a disc crosses every
sight line drawn to it; a box said to be clear touches none of the region they sweep; a box that touches that
region is never said to be clear, and one that leaves a sight line open is never said to hide."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import LineString, MultiPoint, Point, box

from scenegen.mcs.cover import clear, distances, hides
from scenegen.mcs.geometry.shapes import Boxes
from tests.examples import examples

RAYS = 120
coordinate = st.floats(-6, 6)
half = st.floats(0.05, 1.5)


def _polygon(centre, halves, angle):
    shape = box(-halves[0], -halves[1], halves[0], halves[1])
    return affinity.translate(affinity.rotate(shape, -angle, origin=(0, 0)), *centre)


def _lines(eye, target, radius):
    turns = [2 * math.pi * k / RAYS for k in range(RAYS)]
    rim = [(target[0] + radius * math.cos(turn), target[1] + radius * math.sin(turn)) for turn in turns]
    return [LineString([eye, point]) for point in [*rim, target]]


def test_a_box_before_a_disc_hides_it_and_one_beside_behind_or_partly_over_it_does_not():
    eye, ball = (0.0, 0.0), (0.0, 5.0)
    boxes = Boxes([(0, 3), (0, 3), (2, 3), (0, 7), (0.45, 3), (0, -2)],
                  [(0.5, 0.3), (0.05, 0.3), (0.5, 0.3), (0.5, 0.3), (0.5, 0.3), (0.5, 0.3)], 0.0)
    assert hides(eye, ball, 0.11, boxes).tolist() == [True, False, False, False, False, False]
    assert clear(eye, ball, 0.11, boxes).tolist() == [False, False, True, True, False, True]
    turned = Boxes([(0, 3)], [(0.5, 0.3)], 30.0)
    assert hides(eye, ball, 0.11, turned).tolist() == [True]
    assert not hides(eye, ball, 0.11, turned, inset=0.45)[0]
    assert clear(eye, ball, 0.11, Boxes([(0, 0)], [(0.5, 0.5)], 0.0)).tolist() == [False]  # holds the eye


def test_distances_are_zero_inside_and_euclidean_outside():
    boxes = Boxes([(0, 0)], [(1.0, 0.5)], 90.0)  # turned: 1 m along z, 0.5 m along x
    found = distances(np.array([[0.0, 0.0], [0.5, 0.0], [1.5, 0.0], [1.5, 2.0]]), boxes)[:, 0]
    assert found == pytest.approx([0.0, 0.0, 1.0, math.hypot(1.0, 1.0)])


#: A box anywhere, or (to reach the boxes that hide) centred on the line from the eye to the target, a fraction
#: of the way along it and a little off it.
anywhere = st.tuples(coordinate, coordinate)
on_the_line = st.tuples(st.floats(0, 1.2), st.floats(-0.5, 0.5))


@settings(max_examples=examples(300), deadline=None)
@given(eye=st.tuples(coordinate, coordinate), target=st.tuples(coordinate, coordinate),
       radius=st.floats(0.05, 0.5), place=st.one_of(anywhere.map(lambda xz: ("at", xz)),
                                                    on_the_line.map(lambda tn: ("along", tn))),
       halves=st.tuples(half, half), angle=st.floats(0, 360))
def test_the_verdicts_agree_with_shapely(eye, target, radius, place, halves, angle):
    if math.dist(eye, target) < radius + 0.05:
        return
    kind, (a, b) = place
    if kind == "at":
        centre = (a, b)
    else:
        ahead = np.subtract(target, eye) / math.dist(eye, target)
        centre = tuple(np.add(eye, np.subtract(target, eye) * a) + b * np.array([ahead[1], -ahead[0]]))
    shape = _polygon(centre, halves, angle)
    boxes = Boxes([centre], [halves], angle)
    lines = _lines(eye, target, radius)
    disc = Point(target).buffer(radius, 64)
    swept = MultiPoint([eye]).union(disc).convex_hull
    hidden, free = bool(hides(eye, target, radius, boxes)[0]), bool(clear(eye, target, radius, boxes)[0])
    assert not (hidden and free)
    if hidden:
        assert all(line.intersects(shape) for line in lines) and shape.distance(Point(target)) > radius - 1e-9
    if free:
        assert not shape.buffer(-1e-9).intersects(swept)
    if shape.buffer(1e-6).intersects(swept.buffer(-1e-6)):
        assert not free
    if not all(line.intersects(shape.buffer(-1e-6)) for line in lines):
        assert not hidden

"""Scattering over empty floor: every object inside its rectangle, none within 2 * margin of another."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import Boxes, PlacementError, circumradius, pose, scatter, shape
from tests.examples import examples

from .oracle import AMBIGUOUS, polygons

SHAPES = ["tool_rect_0_50_x_1_00", "tool_rect_1_00_x_1_00", "tool_hooked_0_50_x_4_00", "soccer_ball", "blob_05"]


def assert_apart(poses, local: Boxes, margin: float) -> None:
    """No two objects' footprints, each grown by ``margin``, overlap (checked with shapely)."""
    footprints = pose(local, poses.centre, poses.angle)
    grown = [shapely.union_all(polygons(footprints.object(k), margin)) for k in range(footprints.count)]
    for i, a in enumerate(grown):
        for b in grown[i + 1:]:
            assert a.intersection(b).area < AMBIGUOUS


@settings(max_examples=examples(80), deadline=None)
@given(object_type=st.sampled_from(SHAPES), count=st.integers(1, 12), width=st.floats(0.0, 6.0),
       depth=st.floats(0.0, 9.0), margin=st.sampled_from([0.0, 0.05]), rotation=st.sampled_from([None, 0.0, 45.0]),
       seed=st.integers(0, 2**32 - 1))
def test_scattered_objects_stay_in_their_rectangle_and_apart(object_type, count, width, depth, margin, rotation, seed):
    local = shape(object_type)
    low, high = (2.0, -5.0), (2.0 + width, -5.0 + depth)
    try:
        poses = scatter(count, local, low, high, np.random.default_rng(seed), rotation=rotation, margin=margin)
    except PlacementError:
        event("no room")
        return
    assert poses.centre.shape == (count, 2) and poses.angle.shape == (count,)
    assert np.all(poses.centre >= np.subtract(low, 1e-9)) and np.all(poses.centre <= np.add(high, 1e-9))
    if rotation is not None:
        assert np.all(poses.angle == rotation)
    assert_apart(poses, local, margin)


def test_a_rectangle_with_a_cell_for_each_object_needs_no_rejection(monkeypatch):
    def refuse(*args, **kwargs):
        raise AssertionError("the grid had room: no fallback expected")

    monkeypatch.setattr("scenegen.mcs.geometry.apart.place_many", refuse)
    piece = shape("tool_rect_1_00_x_1_00")  # grown by the margin, circumradius 0.778: cells of 1.556 m
    poses = scatter(9, piece, (0.0, 0.0), (3.2, 3.2), np.random.default_rng(1), margin=0.05)
    centres = poses.centre
    distances = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    assert np.all(distances[~np.eye(9, dtype=bool)] >= 2 * circumradius(piece, 0.05) - 1e-9)


def test_a_tight_rectangle_falls_back_to_rejection_sampling():
    # 2 x 2 cells of 1.556 m; five pieces still fit when packed closer than their circles.
    piece = shape("tool_rect_1_00_x_1_00")
    poses = scatter(5, piece, (0.0, 0.0), (3.0, 3.0), np.random.default_rng(2), rotation=0.0, margin=0.05)
    assert len(poses.angle) == 5
    assert_apart(poses, piece, 0.05)


def test_too_many_objects_for_the_rectangle_is_a_placement_error():
    with pytest.raises(PlacementError, match=r"cannot place broken piece \d+ of 30"):
        scatter(30, shape("tool_rect_1_00_x_1_00"), (0.0, 0.0), (2.0, 2.0), np.random.default_rng(0),
                margin=0.05, name="broken piece")


def test_same_generator_state_same_scatter():
    def run(seed: int) -> list:
        poses = scatter(7, shape("tool_rect_0_50_x_1_00"), (10.0, -9.0), (14.0, 0.0), np.random.default_rng(seed))
        return [*poses.centre.tolist(), poses.angle.tolist()]

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_circumradius_holds_every_corner_about_the_pivot():
    for object_type in SHAPES:
        local = shape(object_type)
        for margin in (0.0, 0.05):
            grown = Boxes(local.centre, local.half + margin, local.angle)
            corners = grown.corners().reshape(-1, 2)
            assert circumradius(local, margin) >= np.hypot(corners[:, 0], corners[:, 1]).max() - 1e-9
    assert circumradius(Boxes.from_size([0.0, 0.0], [0.6, 0.8])) == pytest.approx(0.5)
    assert circumradius(Boxes.from_size([0.0, 0.0], [0.5, 0.7]), 0.05) == pytest.approx(0.5)

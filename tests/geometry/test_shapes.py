"""Boxes, footprints and the rotation convention."""

from __future__ import annotations

import numpy as np
import pytest

from scenegen.mcs.geometry import Boxes, Footprints, cell_boxes, concat, pose, rotate


def test_rotation_follows_unity_rotating_local_z_to_world_x_at_90_degrees():
    np.testing.assert_allclose(rotate([0.0, 1.0], 90.0), [1.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(rotate([1.0, 0.0], 90.0), [0.0, -1.0], atol=1e-12)
    np.testing.assert_allclose(rotate([0.0, 1.0], -90.0), [-1.0, 0.0], atol=1e-12)
    np.testing.assert_allclose(rotate([2.0, 3.0], 180.0), [-2.0, -3.0], atol=1e-12)


def test_rotate_broadcasts_vectors_against_angles():
    turned = rotate(np.array([[0.0, 1.0]]), np.array([0.0, 90.0, 180.0]))
    np.testing.assert_allclose(turned, [[0, 1], [1, 0], [0, -1]], atol=1e-12)


def test_corners_of_a_rotated_box():
    # A 2 x 4 box (x by z) turned 90 degrees lies along world x.
    box = Boxes.from_size([[1.0, 2.0]], [2.0, 4.0], 90.0)
    corners = box.corners()[0]
    assert corners.shape == (4, 2)
    np.testing.assert_allclose(np.sort(corners[:, 0]), [-1, -1, 3, 3], atol=1e-12)
    np.testing.assert_allclose(np.sort(corners[:, 1]), [1, 1, 3, 3], atol=1e-12)
    np.testing.assert_allclose(box.bounds(), [[-1, 1, 3, 3]], atol=1e-12)


def test_bounds_of_a_45_degree_square():
    box = Boxes([[0.0, 0.0]], [1.0, 1.0], 45.0)
    np.testing.assert_allclose(box.total_bounds(), [-np.sqrt(2)] * 2 + [np.sqrt(2)] * 2)


def test_construction_broadcasts_scalars_and_rejects_negative_sizes():
    boxes = Boxes([[0, 0], [1, 1], [2, 2]], 0.5, 0.0)
    assert len(boxes) == 3
    assert boxes.half.shape == (3, 2) and boxes.angle.shape == (3,)
    with pytest.raises(ValueError, match="half-sizes must be non-negative"):
        Boxes([[0, 0]], [-1.0, 1.0], 0.0)


def test_indexing_always_returns_boxes():
    boxes = Boxes([[0, 0], [1, 1], [2, 2]], [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]], [0, 10, 20], y=[[0, 1]] * 3)
    one = boxes[1]
    assert len(one) == 1 and one.angle[0] == 10 and one.y is not None and one.y.shape == (1, 2)
    picked = boxes[np.array([True, False, True])]
    np.testing.assert_array_equal(picked.centre, [[0, 0], [2, 2]])
    assert len(boxes[1:]) == 2


def test_concat_fills_a_missing_vertical_extent_with_everything():
    with_y = Boxes([[0, 0]], 0.5, 0.0, y=[[0.0, 1.0]])
    without_y = Boxes([[3, 3]], 0.5, 0.0)
    joined = concat([with_y, without_y])
    assert len(joined) == 2
    np.testing.assert_array_equal(joined.y, [[0.0, 1.0], [-np.inf, np.inf]])
    assert concat([without_y, without_y]).y is None
    assert len(concat([])) == 0


def test_cell_boxes_are_unit_squares_centred_on_integer_cells():
    cells = cell_boxes([[2, -3]])
    np.testing.assert_allclose(cells.bounds(), [[1.5, -3.5, 2.5, -2.5]])


def test_pose_swings_off_pivot_boxes_around_the_pivot():
    shape = Boxes([[0.0, 0.0], [0.0, 2.0]], 0.5, 0.0, y=[[-0.5, 0.5]] * 2)
    placed = pose(shape, [[10.0, 0.0], [0.0, 10.0]], [90.0, 0.0], [1.0, 2.0])
    assert placed.count == 2 and placed.parts == 2
    np.testing.assert_allclose(placed.boxes.centre, [[10, 0], [12, 0], [0, 10], [0, 12]], atol=1e-12)
    np.testing.assert_allclose(placed.boxes.angle, [90, 90, 0, 0])
    assert placed.boxes.y is not None
    np.testing.assert_allclose(placed.boxes.y, [[0.5, 1.5]] * 2 + [[1.5, 2.5]] * 2)
    np.testing.assert_array_equal(placed.owner, [0, 0, 1, 1])


def test_regular_and_irregular_footprint_reductions_agree():
    boxes = Boxes(np.zeros((6, 2)), 0.5, 0.0)
    regular = Footprints(boxes, np.repeat(np.arange(3), 2), 3, parts=2)
    irregular = Footprints(boxes, np.repeat(np.arange(3), 2), 3)
    mask = np.array([True, False, True, True, False, False])
    np.testing.assert_array_equal(regular.any_of(mask), irregular.any_of(mask))
    np.testing.assert_array_equal(regular.all_of(mask), irregular.all_of(mask))
    np.testing.assert_array_equal(regular.any_of(mask), [True, True, False])
    np.testing.assert_array_equal(regular.all_of(mask), [False, True, False])
    assert len(regular.object(1)) == len(irregular.object(1)) == 2

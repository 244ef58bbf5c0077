"""Object sizes, pivots and footprints from scenegen/mcs/data/objects.json."""

from __future__ import annotations

import numpy as np
import pytest

from scenegen.mcs.geometry import Boxes, footprint, object_facts, object_size, resting_y, shape
from scenegen.mcs.geometry.catalog import catalog


@pytest.mark.parametrize("object_type, size", [
    ("tool_rect_0_75_x_9_00", (0.75, 0.3, 9.0)),
    ("tool_rect_1_13_x_4_00", (1.13, 0.3, 4.0)),
    ("tool_rect_1_00_x_3_00", (1.0, 0.3, 3.0)),  # schema.rst's z = 4 here is a typo
    ("tool_big_0_50_x_33_00", (0.5, 0.3, 33.0)),
    ("tool_hooked_0_50_x_4_00", (1.5, 0.3, 4.0)),
    ("tool_isosceles_0_75_x_9_00", (9.0, 0.3, 9.0)),
    ("soccer_ball", (0.22, 0.22, 0.22)),
    ("separate_container", (1.0, 1.0, 1.0)),
    ("lid", (1.0, 0.08, 1.0)),
    ("blob_05", (0.38, 0.56, 0.38)),
])
def test_known_sizes(object_type, size):
    np.testing.assert_allclose(object_size(object_type), size)


def test_tool_families_expand_to_every_listed_type():
    names = catalog().keys()
    counts = {prefix: sum(name.startswith(prefix + "_") for name in names)
              for prefix in ("tool_rect", "tool_big", "tool_hooked", "tool_isosceles")}
    assert counts == {"tool_rect": 3 * 8 + 3 * 7, "tool_big": 9, "tool_hooked": 18, "tool_isosceles": 18}
    assert "tool_rect_0_63_x_3_00" not in names  # novel widths have no length 3


def test_unknown_type_is_a_clear_error():
    with pytest.raises(KeyError, match="unknown MCS object type 'teapot'"):
        object_size("teapot")


def test_hooked_tool_footprint_is_two_arms_within_its_bounds():
    boxes = footprint("tool_hooked_0_50_x_4_00", (0.0, 0.15, 0.0))
    assert len(boxes) == 2
    np.testing.assert_allclose(boxes.total_bounds(), [-0.75, -2.0, 0.75, 2.0])
    # Long arm 0.5 wide along the whole length on -x; short arm 0.5 deep across the +z end.
    np.testing.assert_allclose(boxes.bounds(), [[-0.75, -2.0, -0.25, 2.0], [-0.25, 1.5, 0.75, 2.0]])


def test_isosceles_tool_has_equal_arms():
    boxes = footprint("tool_isosceles_1_00_x_5_00", (0.0, 0.15, 0.0))
    np.testing.assert_allclose(boxes.total_bounds(), [-2.5, -2.5, 2.5, 2.5])
    sizes = 2 * boxes.half
    np.testing.assert_allclose(sizes, [[1.0, 5.0], [4.0, 1.0]])


def test_rotation_90_puts_a_tool_along_x_and_the_hook_at_plus_x():
    rect = footprint("tool_rect_0_50_x_9_00", (-14.0, 0.15, -3.0), 90.0)
    np.testing.assert_allclose(rect.total_bounds(), [-18.5, -3.25, -9.5, -2.75], atol=1e-12)
    hooked = footprint("tool_hooked_0_50_x_4_00", (0.0, 0.15, 0.0), 90.0)
    hook = hooked[1].bounds()[0]  # the short arm, at the far (+z) end before turning
    assert hook[0] == pytest.approx(1.5) and hook[2] == pytest.approx(2.0)


def _vertical(boxes: Boxes) -> np.ndarray:
    """The (bottom, top) of each of ``boxes``, which a catalogue footprint always has."""
    assert boxes.y is not None
    return boxes.y


def test_vertical_extent_follows_the_pivot_rules():
    assert _vertical(footprint("separate_container", (0, 0.1, 1), 0, 0.4))[0] == pytest.approx([0.1, 0.5])
    assert _vertical(footprint("soccer_ball", (0, 0.22, 0), 0, 2.0))[0] == pytest.approx([0.0, 0.44])
    assert _vertical(footprint("cylinder", (0, 2.0, 0), 0, (0.05, 1.825, 0.05)))[0] == pytest.approx([0.175, 3.825])
    assert _vertical(footprint("rotating_cog", (0, 0.05, 1), 0, (4, 5, 4)))[0] == pytest.approx([0.0, 0.1])
    assert resting_y("soccer_ball", 2.0) == pytest.approx(0.22)
    assert resting_y("separate_container", 0.4, support=0.1) == pytest.approx(0.1)
    assert resting_y("blob_05", {"x": 0.789, "y": 0.789, "z": 0.789}) == pytest.approx(0.18936)
    assert object_facts("blob_05").pivot == "custom"


def test_scale_stretches_the_local_shape():
    local = shape("separate_container", 0.4)
    np.testing.assert_allclose(2 * local.half, [[0.4, 0.4]])
    turntable = footprint("rotating_cog", {"x": 0, "y": 0.05, "z": 1}, 0, {"x": 4, "y": 5, "z": 4})
    np.testing.assert_allclose(turntable.total_bounds(), [-2, -1, 2, 3])


@pytest.mark.parametrize("object_type, rotation, scale", [
    ("tool_hooked_0_75_x_7_00", -55.0, 1.0),
    ("tool_big_1_00_x_33_00", -49.0, 1.0),
    ("separate_container", 30.0, 0.4),
    ("blob_10", 120.0, 1.248),
])
def test_footprint_bounds_match_the_trimesh_solid(object_type, rotation, scale):
    position = (14.75, 0.15, -2.0)
    from scenegen.mcs.geometry.meshes import world_bounds  # trimesh: not for every test run's collection (0.7 s)

    solid = world_bounds(object_type, position, rotation, scale)
    boxes = footprint(object_type, position, rotation, scale)
    np.testing.assert_allclose(boxes.total_bounds(), solid[:, [0, 2]].ravel(), atol=1e-9)
    np.testing.assert_allclose([_vertical(boxes).min(), _vertical(boxes).max()], solid[:, 1], atol=1e-9)


def test_round_objects_are_inside_their_square_footprint():
    from scenegen.mcs.geometry.meshes import world_bounds

    solid = world_bounds("rotating_cog", (0, 0.05, 1), 30.0, (4, 5, 4))
    square = footprint("rotating_cog", (0, 0.05, 1), 30.0, (4, 5, 4)).total_bounds()
    assert np.all(square[:2] <= solid[0, [0, 2]]) and np.all(square[2:] >= solid[1, [0, 2]])
    np.testing.assert_allclose(solid[:, [0, 2]], [[-2, -1], [2, 3]], atol=2e-3)  # a disc of radius 2

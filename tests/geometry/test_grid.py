"""Floor cells, occupancy grids and inflation by the performer's radius."""

from __future__ import annotations

import numpy as np
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import PERFORMER_RADIUS, Boxes, Grid, footprint, inflate, occupancy_grid, rasterise_cells
from tests.examples import examples

from .oracle import AMBIGUOUS, polygons


def test_an_aligned_box_touches_only_the_cells_its_interior_enters():
    # x from -0.5 to 1.5 (cells 0 and 1 exactly), z from 0.2 to 0.8 (cells 0 and 1).
    cells = rasterise_cells(Boxes([[0.5, 0.5]], [1.0, 0.3], 0.0))
    np.testing.assert_array_equal(cells, [[0, 0], [0, 1], [1, 0], [1, 1]])


def test_rasterised_cells_are_unique_and_sorted():
    boxes = Boxes([[0.0, 0.0], [0.1, 0.0]], 0.2, 0.0)
    np.testing.assert_array_equal(rasterise_cells(boxes), [[0, 0]])
    assert rasterise_cells(Boxes.empty()).shape == (0, 2)


@settings(max_examples=examples(100), deadline=None)
@given(st.floats(-3, 3), st.floats(-3, 3), st.floats(0.05, 2), st.floats(0.05, 2), st.floats(0, 360))
def test_rasterised_cells_agree_with_polygon_intersection(x, z, half_x, half_z, angle):
    box = Boxes([[x, z]], [half_x, half_z], angle)
    touched = {tuple(cell) for cell in rasterise_cells(box)}
    poly = polygons(box)[0]
    for cx in range(int(np.floor(x - 3)), int(np.ceil(x + 3)) + 1):
        for cz in range(int(np.floor(z - 3)), int(np.ceil(z + 3)) + 1):
            area = poly.intersection(shapely.box(cx - 0.5, cz - 0.5, cx + 0.5, cz + 0.5)).area
            if area > AMBIGUOUS:
                assert (cx, cz) in touched
            elif poly.distance(shapely.box(cx - 0.5, cz - 0.5, cx + 0.5, cz + 0.5)) > AMBIGUOUS:
                assert (cx, cz) not in touched


def test_a_tool_at_45_degrees_touches_a_diagonal_band_of_cells():
    cells = rasterise_cells(footprint("tool_rect_0_50_x_9_00", (0.0, 0.15, 0.0), 45.0))
    assert len(cells) == 19
    assert np.all(np.abs(cells[:, 0] - cells[:, 1]) <= 1)  # along the line x = z (local +z turned to +x+z)


def test_occupancy_grid_marks_cells_a_wall_crosses():
    wall = Boxes.from_size([[0.0, 0.0]], [0.1, 10.0])
    grid = occupancy_grid((10.0, 10.0), wall, resolution=0.1)
    assert grid.blocked.shape == (100, 100) and grid.origin == (-5.0, -5.0)
    # The wall spans x in [-0.05, 0.05]: the two columns either side of x = 0.
    np.testing.assert_array_equal(np.flatnonzero(grid.blocked.any(axis=1)), [49, 50])
    assert grid.blocked[49:51].all()
    assert grid.cell_of((0.04, -4.99)) == (50, 0)
    with pytest.raises(ValueError, match="outside the grid"):
        grid.cell_of((5.01, 0.0))


def test_cells_sticking_out_past_a_wall_are_blocked():
    grid = occupancy_grid((1.05, 1.0), Boxes.empty(), resolution=0.1)
    assert grid.blocked.shape == (11, 10)
    assert grid.blocked[-1].all() and not grid.blocked[:-1].any()


def _brute_inflate(blocked: np.ndarray, resolution: float, radius: float) -> np.ndarray:
    """A cell is blocked when its centre is within ``radius`` of a blocked cell or outside the grid."""
    rows, cols = blocked.shape
    out = np.zeros_like(blocked)
    for i in range(rows):
        for j in range(cols):
            centre = ((i + 0.5) * resolution, (j + 0.5) * resolution)
            point = shapely.Point(centre)
            near_wall = min(centre[0], centre[1], rows * resolution - centre[0],
                            cols * resolution - centre[1]) < radius
            near_obstacle = any(point.distance(shapely.box(a * resolution, b * resolution, (a + 1) * resolution,
                                                           (b + 1) * resolution)) < radius
                                for a, b in zip(*np.nonzero(blocked), strict=True))
            out[i, j] = blocked[i, j] or near_wall or near_obstacle
    return out


# Radii avoid exact ties with cell distances, where the brute-force float sums could round either way.
@settings(max_examples=examples(25), deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([0.1, 0.25]), st.sampled_from([0.0, 0.17, 0.26, 0.33]))
def test_inflate_blocks_exactly_the_cells_within_the_radius(seed, resolution, radius):
    blocked = np.random.default_rng(seed).random((9, 7)) < 0.1
    grid = Grid(blocked, (0.0, 0.0), resolution)
    expected = _brute_inflate(blocked, resolution, radius)
    np.testing.assert_array_equal(inflate(grid, radius).blocked, expected)


def test_default_inflation_uses_the_performer_radius():
    grid = occupancy_grid((2.0, 2.0), Boxes.empty(), resolution=0.1)
    free = ~inflate(grid).blocked
    # Cell centres 0.05 and 0.15 m from a wall are within 0.25 m of it; 0.25 m just touches.
    assert PERFORMER_RADIUS == 0.25
    assert not free[:2].any() and not free[:, -2:].any() and free[2:-2, 2:-2].all()

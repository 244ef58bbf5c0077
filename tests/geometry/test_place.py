"""Placement: feasible or a clear error, never an infeasible pose, deterministic."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
import shapely
from hypothesis import event, given, settings
from hypothesis import strategies as st

from scenegen.mcs.geometry import (
    Boxes,
    Constraint,
    InRect,
    InsideDisc,
    InsideRoom,
    OnRing,
    OutsideDisc,
    PlacementError,
    PlacementRequest,
    Poses,
    away_from_cells,
    cell_boxes,
    concat,
    footprint,
    overlap_matrix,
    place_all,
    place_many,
    place_one,
    pose,
    shape,
)
from scenegen.mcs.geometry import leads as leads_module
from scenegen.mcs.geometry.place import DEFAULT_BATCH, DEFAULT_MAX_BATCHES, batch_sizes
from tests.examples import examples

from .oracle import AMBIGUOUS, overlap_verdict, polygons

SHAPES = ["separate_container", "soccer_ball", "tool_hooked_0_50_x_4_00", "tool_rect_0_50_x_1_00", "blob_05"]


@st.composite
def scenes(draw):
    """A room, obstacles (lava cells), and a list of objects with constraints."""
    size = (draw(st.floats(6.0, 12.0)), draw(st.floats(6.0, 12.0)))
    wall_margin = draw(st.sampled_from([0.0, 0.25]))
    room = InsideRoom(size, wall_margin)
    cells = draw(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3)), max_size=6, unique=True))
    requests = []
    for k in range(draw(st.integers(1, 8))):
        if draw(st.booleans()):
            local = shape(draw(st.sampled_from(SHAPES)), draw(st.sampled_from([0.4, 1.0])))
        else:
            local = Boxes.from_size([0.0, 0.0], [draw(st.floats(0.1, 2.0)), draw(st.floats(0.1, 2.0))])
        rotation = draw(st.sampled_from([None, 0.0, 45.0, (0.0, 90.0)]))
        sampler = InRect((-size[0] / 2, -size[1] / 2), (size[0] / 2, size[1] / 2), rotation)
        constraints: list[Constraint] = [room]
        if cells:
            constraints.append(away_from_cells(cells, name="lava"))
        if draw(st.booleans()):
            constraints.append(OutsideDisc((0.0, 0.0), 1.0, name="turntable"))
        requests.append(PlacementRequest(f"object {k}", local, sampler, constraints))
    return size, wall_margin, cells, requests, draw(st.sampled_from([0.0, 0.05]))


def _assert_in_room(poly: shapely.Polygon, size: tuple[float, float], wall_margin: float) -> None:
    limit_x, limit_z = size[0] / 2 - wall_margin, size[1] / 2 - wall_margin
    room = shapely.box(-limit_x, -limit_z, limit_x, limit_z).buffer(AMBIGUOUS, join_style="mitre")
    assert room.contains(poly)


@settings(max_examples=examples(150), deadline=None)
@given(scenes(), st.integers(0, 2**32 - 1))
def test_every_returned_placement_satisfies_every_constraint(scene, seed):
    size, wall_margin, cells, requests, margin = scene
    try:
        placements = place_all(requests, Boxes.empty(), np.random.default_rng(seed), margin=margin)
    except PlacementError as error:
        event("request could not be met")
        assert error.name.startswith("object ") and error.name in str(error)  # noqa: PT017 - failing is allowed
        return
    event("all placed")
    cell_polygons = [shapely.box(x - 0.5, z - 0.5, x + 0.5, z + 0.5) for x, z in cells]
    placed_polygons: list[shapely.Polygon] = []
    for request, placement in zip(requests, placements, strict=True):
        # The footprint is the requested shape at the returned pose.
        expected = pose(request.shape, [placement.centre], [placement.angle]).boxes
        np.testing.assert_allclose(placement.footprint.corners(), expected.corners())
        boxes = polygons(placement.footprint)
        grown = polygons(placement.footprint, margin)
        for poly in boxes:
            _assert_in_room(poly, size, wall_margin)
            assert all(poly.intersection(cell).area <= AMBIGUOUS for cell in cell_polygons)
            if any(c.name == "turntable" for c in request.constraints):
                assert poly.distance(shapely.Point(0.0, 0.0)) >= 1.0 - AMBIGUOUS
        for poly in grown:
            assert all(overlap_verdict(poly, other) is not True for other in placed_polygons)
        placed_polygons += grown


def _one_by_one(requests: list[PlacementRequest], placed: Boxes, rng: np.random.Generator,
                margin: float) -> list[tuple[float, float, float]] | None:
    """What place_all promises, candidate by candidate: every request's first batch drawn up front (one
    draw for consecutive requests with equal samplers); then each request takes its first candidate that
    passes its constraints and overlaps neither ``placed`` nor an earlier object, drawing further batches
    (after all the first ones) only when it must."""
    sizes = batch_sizes(DEFAULT_BATCH, DEFAULT_MAX_BATCHES)
    first = []
    for sampler, run in itertools.groupby(requests, key=lambda request: request.sampler):
        count = len(list(run))
        drawn = sampler(rng, sizes[0] * count)
        first += [Poses(drawn.centre[k * sizes[0]:(k + 1) * sizes[0]], drawn.angle[k * sizes[0]:(k + 1) * sizes[0]])
                  for k in range(count)]
    obstacles, result = placed, []
    for request, drawn in zip(requests, first, strict=True):
        found = None
        for batch in itertools.chain([drawn], (request.sampler(rng, size) for size in sizes[1:])):
            for centre, angle in zip(batch.centre.tolist(), batch.angle.tolist(), strict=True):
                candidate = pose(request.shape, [centre], [angle], request.y)
                if all(constraint(candidate)[0] for constraint in request.constraints) and not (
                        len(obstacles) and overlap_matrix(candidate.boxes, obstacles, margin).any()):
                    found = (centre[0], centre[1], angle), candidate.boxes
                    break
            if found:
                break
        if found is None:
            return None
        result.append(found[0])
        obstacles = concat([obstacles, found[1]])
    return result


# 30 examples: the one-by-one oracle is a slow Python loop (14 s for 80); `make test-long` draws 300.
@settings(max_examples=examples(30), deadline=None)
@given(scenes(), st.integers(0, 2**32 - 1), st.booleans())
def test_place_all_takes_each_requests_first_feasible_candidate(scene, seed, crowded):
    _, _, cells, requests, margin = scene
    if crowded:  # many objects in a small space: leading candidates clash and requests fall back
        requests = [PlacementRequest(f"object {k}", Boxes.from_size([0, 0], [1.2, 0.8]), InRect((-2, -2), (2, 2), None),
                                     [InsideRoom((5, 5))]) for k in range(10)]
    placed = cell_boxes(cells) if cells else Boxes.empty()
    expected = _one_by_one(requests, placed, np.random.default_rng(seed), margin)
    try:
        placements = place_all(requests, placed, np.random.default_rng(seed), margin=margin)
    except PlacementError:
        assert expected is None
        return
    assert [(p.centre[0], p.centre[1], p.angle) for p in placements] == expected


def test_place_all_of_nothing_is_nothing():
    assert place_all([], Boxes.empty(), np.random.default_rng(0)) == []
    assert place_all([], cell_boxes([(0, 0)]), np.random.default_rng(0)) == []


def test_place_all_carries_on_when_every_leading_candidate_clashes(monkeypatch):
    fell_back = []
    take = leads_module._Leads.take

    def spy(leads):
        row = take(leads)
        fell_back.append(row is None)
        return row

    monkeypatch.setattr(leads_module._Leads, "take", spy)
    requests = [PlacementRequest(f"crate {k}", Boxes.from_size([0, 0], [1.2, 1.2]), InRect((-3, -3), (3, 3), None),
                                 [InsideRoom((7, 7))]) for k in range(10)]
    placements = place_all(requests, Boxes.empty(), np.random.default_rng(5))
    assert any(fell_back) and not all(fell_back)
    assert [(p.centre[0], p.centre[1], p.angle) for p in placements] == _one_by_one(
        requests, Boxes.empty(), np.random.default_rng(5), 0.0)


def test_more_containers_than_fit_on_a_ring_is_an_error():
    # Each 0.8 m square holds a disc of radius 0.4; disjoint discs keep centres 0.8 m
    # apart, and a circle of radius 1 has room for at most pi / asin(0.4) = 7.6 of them.
    ring = OnRing((0.0, 0.0), 1.0, rotation=None)
    requests = [PlacementRequest(f"container {k + 1} of 8 (width 0.8) on a ring of radius 1.0",
                                 Boxes.from_size([0.0, 0.0], [0.8, 0.8]), ring) for k in range(8)]
    with pytest.raises(PlacementError) as caught:
        place_all(requests, Boxes.empty(), np.random.default_rng(0))
    error = caught.value
    assert "on a ring of radius 1.0" in str(error)
    assert "100% rejected by overlap" in str(error)
    assert error.rejected["overlap"] == error.total == sum(batch_sizes(DEFAULT_BATCH, DEFAULT_MAX_BATCHES))


def test_an_object_longer_than_the_room_diagonal_is_an_error():
    big_tool = shape("tool_big_0_50_x_33_00")  # 33 m long; the room's diagonal is 14.1 m
    room = InsideRoom((10.0, 10.0))
    with pytest.raises(PlacementError, match=r"cannot place tool_big: 100% rejected by inside room \(1920 of 1920"):
        place_one("tool_big", big_tool, InRect((-5, -5), (5, 5), None), [room], Boxes.empty(),
                  np.random.default_rng(1), batch=128, max_batches=4)


def test_the_error_names_the_constraint_that_rejected_most():
    lava = away_from_cells([(x, z) for x in range(-4, 5) for z in range(-4, 5)], name="lava")
    with pytest.raises(PlacementError) as caught:
        place_one("ball", shape("soccer_ball"), InRect((-4, -4), (4, 4), None), [InsideRoom((10, 10)), lava],
                  Boxes.empty(), np.random.default_rng(2), max_batches=2)
    message = str(caught.value)
    drawn = sum(batch_sizes(DEFAULT_BATCH, 2))
    assert message.startswith(f"cannot place ball: 100% rejected by lava ({drawn} of {drawn} candidates)")
    assert caught.value.rejected == {"inside room": 0, "lava": drawn, "overlap": 0}


def test_a_rarely_feasible_request_still_returns_only_feasible_poses():
    # The sampler covers the room; only a 1 m disc around (3, 3) is acceptable.
    target = InsideDisc((3.0, 3.0), 0.5, name="target spot")
    for seed in range(5):
        placement = place_one("cube", Boxes.from_size([0, 0], [0.2, 0.2]), InRect((-5, -5), (5, 5), None),
                              [target], Boxes.empty(), np.random.default_rng(seed))
        corners = placement.footprint.corners()[0]
        assert np.all(np.hypot(corners[:, 0] - 3.0, corners[:, 1] - 3.0) <= 0.5 + 1e-9)


def test_same_generator_state_same_placements():
    def run(seed: int) -> list:
        requests = [PlacementRequest(f"tool piece {k}", shape("tool_rect_0_50_x_1_00"),
                                     InRect((12.5, -11.0), (15.5, 1.0), None), [InsideRoom((59, 23))])
                    for k in range(9)]
        return [(p.centre, p.angle) for p in place_all(requests, Boxes.empty(), np.random.default_rng(seed))]

    assert run(42) == run(42)
    assert run(42) != run(43)


def test_placed_objects_become_obstacles_for_the_next():
    placements = place_all([PlacementRequest(f"crate {k}", Boxes.from_size([0, 0], [1.9, 1.9]),
                                             InRect((-2, -2), (2, 2), 0.0), [InsideRoom((6, 6))])
                            for k in range(4)], Boxes.empty(), np.random.default_rng(3))
    centres = np.array([p.centre for p in placements])
    gaps = np.abs(centres[:, None, :] - centres[None, :, :]).max(axis=-1)
    assert np.all(gaps[~np.eye(4, dtype=bool)] >= 1.9 - 1e-9)


def test_placement_carries_the_catalogue_footprint():
    placement = place_one("container", shape("separate_container", 0.4), OnRing((0, 1), 1.62), [],
                          Boxes.empty(), np.random.default_rng(0), y=0.1)
    x, z = placement.centre
    expected = footprint("separate_container", (x, 0.1, z), placement.angle, 0.4)
    np.testing.assert_allclose(placement.footprint.corners(), expected.corners())
    assert expected.y is not None
    np.testing.assert_allclose(placement.footprint.y, expected.y)


def test_batch_arguments_are_checked():
    with pytest.raises(ValueError, match="batch and max_batches must be at least 1"):
        place_one("x", Boxes.from_size([0, 0], [1, 1]), InRect((0, 0), (1, 1)), [], Boxes.empty(),
                  np.random.default_rng(0), batch=0)
    assert batch_sizes(64, 7) == (64, 128, 256, 512, 1024, 1024, 1024)


@settings(max_examples=examples(60), deadline=None)
@given(count=st.integers(1, 12), object_type=st.sampled_from(SHAPES), margin=st.sampled_from([0.0, 0.05]),
       seed=st.integers(0, 2**32 - 1))
def test_place_many_returns_disjoint_objects_that_meet_every_constraint(count, object_type, margin, seed):
    room = InsideRoom((8.0, 8.0), 0.25)
    lava = away_from_cells([(0, 0), (1, 0)], name="lava")
    wall = Boxes.from_size([(-2.0, 0.0)], [(0.1, 8.0)])
    local = shape(object_type)
    try:
        placed = place_many("thing", count, local, InRect((-4, -4), (4, 4), None), [room, lava], wall,
                            np.random.default_rng(seed), margin=margin)
    except PlacementError:
        event("no room")
        return
    assert len(placed) == count
    shapes = [shapely.union_all(polygons(p.footprint)) for p in placed]
    for p in placed:
        candidates = pose(local, [p.centre], [p.angle])
        assert room(candidates)[0] and lava(candidates)[0]
    everything = [*shapes, shapely.union_all(polygons(wall))]
    for i, a in enumerate(shapes):
        for b in everything[i + 1:]:
            assert a.intersection(b).area < 1e-9


def test_place_many_is_deterministic_and_fails_loudly():
    args = ("crate", 5, Boxes.from_size([(0, 0)], [(1.0, 1.0)]), InRect((-3, -3), (3, 3), None), [InsideRoom((6, 6))],
            Boxes.empty())
    first = place_many(*args, np.random.default_rng(4))
    again = place_many(*args, np.random.default_rng(4))
    assert [p.centre for p in first] == [p.centre for p in again]
    with pytest.raises(PlacementError, match=r"cannot place crate \d+ of 40"):
        place_many("crate", 40, Boxes.from_size([(0, 0)], [(1.0, 1.0)]), InRect((-3, -3), (3, 3), None),
                   [InsideRoom((6, 6))], Boxes.empty(), np.random.default_rng(4), max_batches=4)


def test_with_nothing_to_check_the_first_candidate_is_taken():
    sampler = InRect((0.0, 0.0), (4.0, 2.0), 30.0)
    placement = place_one("tool", shape("tool_rect_0_50_x_4_00"), sampler, [], Boxes.empty(),
                          np.random.default_rng(7))
    first = sampler(np.random.default_rng(7), 1)
    assert placement.centre == tuple(first.centre[0].tolist()) and placement.angle == 30.0
    expected = footprint("tool_rect_0_50_x_4_00", (*placement.centre[:1], 0.0, placement.centre[1]), 30.0)
    np.testing.assert_allclose(placement.footprint.corners(), expected.corners())

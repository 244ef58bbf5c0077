"""Speed figures for scenegen.mcs.geometry (issue 3).

(a) box-pair tests per second of the batch overlap test (target >= 5 million);
(b) placing 20 random boxes in a 10 x 10 room, vectorised vs a per-pair Python
    loop over the same candidates from the same generator stream (target >= 20x);
(c) how placement time grows from 5 to 50 objects;
(d) reachability in the Tool Choice room.

The solver runs with its shipped defaults (batch sizes, batch count), except in
the line of (b) that varies the first batch's size.  The loop draws what
``place_all`` draws: every box's first batch up front (in one call, as the boxes
share a sampler), then more for a box that needs them.
Run: ``python -m tests.benchmarks.geometry``.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from functools import partial

import numpy as np

from scenegen.mcs.geometry import (
    DEFAULT_RESOLUTION,
    Boxes,
    InRect,
    InsideRoom,
    PlacementError,
    PlacementRequest,
    Poses,
    cell_boxes,
    concat,
    footprint,
    inflate,
    occupancy_grid,
    overlap_matrix,
    place_all,
    place_one,
    reachable,
)
from scenegen.mcs.geometry.place import DEFAULT_BATCH, DEFAULT_MAX_BATCHES, batch_sizes
from scenegen.mcs.geometry.shapes import TOLERANCE

ROOM = (10.0, 10.0)
SAMPLER = InRect((-5.0, -5.0), (5.0, 5.0), rotation=None)
IN_ROOM = (InsideRoom(ROOM),)  # one constraint list, shared by every box
SCENES = 5
Pose = tuple[float, float, float]


def _best_seconds(action: Callable[[], object], repeats: int = 5) -> float:
    best = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def pair_rate(count: int = 1000) -> str:
    """(a) Pairs per second of :func:`overlap_matrix` on ``count`` x ``count`` random boxes."""
    rng = np.random.default_rng(0)

    def boxes() -> Boxes:
        return Boxes(rng.uniform(-20, 20, (count, 2)), rng.uniform(0.1, 1.5, (count, 2)), rng.uniform(0, 360, count))

    a, b = boxes(), boxes()
    seconds = _best_seconds(lambda: overlap_matrix(a, b))
    return (f"(a) overlap_matrix {count} x {count}: {seconds * 1e3:.1f} ms = "
            f"{count * count / seconds / 1e6:.1f} M pair tests/s (target >= 5)")


def _sizes(count: int, low: float, high: float, seed: int) -> np.ndarray:
    return np.random.default_rng(seed).uniform(low, high, (count, 2))


def _requests(sizes: np.ndarray) -> list[PlacementRequest]:
    """The boxes as the solver takes them; built before timing, as the loop's inputs are."""
    return [PlacementRequest(f"box {k}", Boxes.from_size([0.0, 0.0], size), SAMPLER, IN_ROOM)
            for k, size in enumerate(sizes)]


def _place_vectorised(requests: list[PlacementRequest], seed: int, batch: int = DEFAULT_BATCH) -> list[Pose]:
    placements = place_all(requests, Boxes.empty(), np.random.default_rng(seed), batch=batch)
    return [(p.centre[0], p.centre[1], p.angle) for p in placements]


# --- Baseline: the straightforward per-pair Python loop.  Deliberately slow; only for comparison. ---

def _loop_box(x: float, z: float, half: tuple[float, float], angle: float) -> tuple[list, float]:
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    corners = [(x + lx * cos + lz * sin, z - lx * sin + lz * cos)
               for lx, lz in ((-half[0], -half[1]), (half[0], -half[1]), (half[0], half[1]), (-half[0], half[1]))]
    return corners, angle


def _loop_overlap(a: tuple[list, float], b: tuple[list, float]) -> bool:
    """Separating-axis test of one pair of (corners, angle) boxes, same tolerance as overlap.py."""
    for _, angle in (a, b):
        cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
        for ux, uz in ((cos, -sin), (sin, cos)):
            proj_a = [cx * ux + cz * uz for cx, cz in a[0]]
            proj_b = [cx * ux + cz * uz for cx, cz in b[0]]
            if min(proj_a) >= max(proj_b) - TOLERANCE or min(proj_b) >= max(proj_a) - TOLERANCE:
                return False
    return True


def _loop_feasible(box: tuple[list, float], placed: list[tuple[list, float]]) -> bool:
    limit_x, limit_z = ROOM[0] / 2 + TOLERANCE, ROOM[1] / 2 + TOLERANCE
    inside = all(abs(cx) <= limit_x and abs(cz) <= limit_z for cx, cz in box[0])
    return inside and not any(_loop_overlap(box, other) for other in placed)


def _loop_scan(drawn: Poses, half: tuple[float, float], placed: list[tuple[list, float]], *,
               whole_batch: bool) -> tuple[Pose | None, int]:
    """The first feasible pose of one batch (or None), and the candidates tested.  ``whole_batch``:
    test every candidate of the batch, the work the solver does; otherwise stop at the first fit."""
    found, tested = None, 0
    for (x, z), angle in zip(drawn.centre.tolist(), drawn.angle.tolist(), strict=True):
        tested += 1
        if _loop_feasible(_loop_box(x, z, half, angle), placed) and found is None:
            found = (x, z, angle)
            if not whole_batch:
                break
    return found, tested


def _place_by_loop(sizes: np.ndarray, seed: int, *, whole_batches: bool,
                   batch: int = DEFAULT_BATCH) -> tuple[list[Pose], int]:
    """The baseline for a whole scene, drawing what place_all draws: poses, and candidates tested."""
    rng = np.random.default_rng(seed)
    sizes_by_attempt = batch_sizes(batch, DEFAULT_MAX_BATCHES)
    drawn = SAMPLER(rng, sizes_by_attempt[0] * len(sizes))  # one draw: every box shares the sampler
    rows = [slice(k * sizes_by_attempt[0], (k + 1) * sizes_by_attempt[0]) for k in range(len(sizes))]
    first = [Poses(drawn.centre[k], drawn.angle[k]) for k in rows]
    placed: list[tuple[list, float]] = []
    poses: list[Pose] = []
    tested = 0
    for size, drawn in zip(sizes.tolist(), first, strict=True):
        half = (size[0] / 2, size[1] / 2)
        found, candidates = _loop_scan(drawn, half, placed, whole_batch=whole_batches)
        tested += candidates
        for later in sizes_by_attempt[1:]:
            if found is not None:
                break
            found, candidates = _loop_scan(SAMPLER(rng, later), half, placed, whole_batch=whole_batches)
            tested += candidates
        if found is None:
            raise RuntimeError("baseline could not place a box")
        placed.append(_loop_box(*found[:2], half, found[2]))
        poses.append(found)
    return poses, tested


def _scene_figures(count: int, low: float, high: float) -> tuple[float, float, float, float]:
    """Mean seconds per scene (vectorised, loop over whole batches, loop to the first fit)
    and mean candidates tested per object before the first fit."""
    seconds = np.zeros(3)
    tested = 0
    for scene in range(SCENES):
        sizes = _sizes(count, low, high, seed=100 + scene)
        requests = _requests(sizes)
        expected = _place_vectorised(requests, seed=scene)
        for whole in (True, False):
            poses, candidates = _place_by_loop(sizes, seed=scene, whole_batches=whole)
            if poses != expected:
                raise AssertionError("the loop baseline and the vectorised solver disagree")
        tested += candidates
        seconds += [_best_seconds(partial(_place_vectorised, requests, scene)),
                    _best_seconds(partial(_place_by_loop, sizes, scene, whole_batches=True), repeats=2),
                    _best_seconds(partial(_place_by_loop, sizes, scene, whole_batches=False), repeats=2)]
    vector, whole, first_fit = seconds / SCENES
    return vector, whole, first_fit, tested / (SCENES * count)


def _batch_ratio(count: int, batch: int, low: float, high: float) -> float:
    """Loop over the same batches / vectorised, for one scene placed with first batches of ``batch``."""
    sizes = _sizes(count, low, high, seed=100)
    requests = _requests(sizes)
    if _place_by_loop(sizes, 0, whole_batches=True, batch=batch)[0] != _place_vectorised(requests, 0, batch):
        raise AssertionError("the loop baseline and the vectorised solver disagree")
    vector = _best_seconds(lambda: _place_vectorised(requests, 0, batch))
    return _best_seconds(lambda: _place_by_loop(sizes, 0, whole_batches=True, batch=batch), repeats=2) / vector


def _give_up_figures(count: int, extra: float) -> tuple[float, float, int]:
    """Seconds to reject one more box of side ``extra`` after a full scene (vectorised, loop),
    from the same generator state, and the candidates tested."""
    sizes = _sizes(count, 1.0, 1.6, seed=100)
    rng = np.random.default_rng(0)
    requests = [PlacementRequest(f"box {k}", Boxes.from_size([0.0, 0.0], size), SAMPLER, IN_ROOM)
                for k, size in enumerate(sizes)]
    placements = place_all(requests, Boxes.empty(), rng)
    state = rng.bit_generator.state
    obstacles = concat([placement.footprint for placement in placements])
    shape = Boxes.from_size([0.0, 0.0], [extra, extra])

    def vectorised() -> None:
        rng.bit_generator.state = state
        try:
            place_one("extra box", shape, SAMPLER, IN_ROOM, obstacles, rng)
        except PlacementError:
            return
        raise AssertionError("the extra box was expected not to fit")

    placed = [_loop_box(*p.centre, (s[0] / 2, s[1] / 2), p.angle)
              for p, s in zip(placements, sizes.tolist(), strict=True)]
    tested = 0

    def loop() -> None:
        nonlocal tested
        rng.bit_generator.state = state
        tested = 0
        for size in batch_sizes(DEFAULT_BATCH, DEFAULT_MAX_BATCHES):
            found, candidates = _loop_scan(SAMPLER(rng, size), (extra / 2, extra / 2), placed, whole_batch=False)
            tested += candidates
            if found is not None:
                raise AssertionError("the loop placed a box the solver could not")

    return _best_seconds(vectorised, repeats=3), _best_seconds(loop, repeats=1), tested


def vectorised_vs_loop(count: int = 20) -> list[str]:
    """(b) Same boxes, same candidates from the same stream, same placements; time per scene."""
    lines = [(f"(b) place {count} boxes (any rotation) in a 10 x 10 room, mean of {SCENES} scenes; the Python "
              "loop tests the same candidates pair by pair and finds the same placements:")]
    for label, low, high in (("sparse, 0.5-1.5 m boxes, about 20% of the floor", 0.5, 1.5),
                             ("dense, 1.0-1.6 m boxes, about 34% of the floor", 1.0, 1.6)):
        vector, whole, first_fit, tested = _scene_figures(count, low, high)
        lines += [f"    {label}: {tested:.0f} candidates tested per object before the first fit",
                  (f"      vectorised {vector * 1e3:.1f} ms | loop over the same batches {whole * 1e3:.1f} ms "
                   f"= {whole / vector:.1f}x | loop stopping at the first fit "
                   f"{first_fit * 1e3:.1f} ms = {first_fit / vector:.1f}x")]
    lines.append(f"    loop over the same batches / vectorised, by first-batch size (the default is {DEFAULT_BATCH}):")
    for label, low, high in (("sparse", 0.5, 1.5), ("dense", 1.0, 1.6)):
        ratios = " | ".join(f"{batch}: {_batch_ratio(count, batch, low, high):.0f}x" for batch in (64, 128, 256, 1024))
        lines.append(f"      {label}: {ratios}")
    vector, loop, tested = _give_up_figures(count, extra=2.5)
    lines.append(f"    giving up on a 2.5 m box after the dense scene ({tested} candidates, PlacementError): "
                 f"vectorised {vector * 1e3:.1f} ms | loop {loop * 1e3:.0f} ms = {loop / vector:.0f}x")
    return lines


def growth(counts: tuple[int, ...] = (5, 10, 20, 30, 40, 50)) -> list[str]:
    """(c) Vectorised placement time against the number of objects (0.3-1.0 m boxes)."""
    lines = ["(c) placement time by object count (0.3-1.0 m boxes, 10 x 10 room):"]
    for count in counts:
        requests = _requests(_sizes(count, 0.3, 1.0, seed=7))
        seconds = _best_seconds(partial(_place_vectorised, requests, seed=1))
        lines.append(f"    {count:3d} objects: {seconds * 1e3:7.2f} ms total, {seconds / count * 1e6:6.0f} us/object")
    return lines


def tool_choice_reachability() -> str:
    """(d) Occupancy grid, inflation and two reachability queries in the 59 x 23 m Tool Choice room."""
    x, z = np.mgrid[-3:4, -5:4]  # a 7 x 9 lava block around each ball at (+-14, 7)
    block = np.stack([x.ravel(), z.ravel() + 7], axis=1)
    lava = cell_boxes(np.concatenate([block + np.array([-14, 0]), block + np.array([14, 0])]))
    wall = footprint("cube", (10.3636, 0.125, 0.0), 36.0274, (0.1, 0.25, 28.6894))
    obstacles = concat([lava, wall])
    answers: list[bool] = []

    def query() -> None:
        grid = inflate(occupancy_grid((59.0, 23.0), obstacles))
        answers[:] = [reachable(grid, (0.0, -11.0), (side * 14.0, -3.0)) for side in (-1, 1)]

    seconds = _best_seconds(query)
    return (f"(d) Tool Choice room at {DEFAULT_RESOLUTION} m (590 x 230 cells): grid + inflate + 2 reachable "
            f"queries {seconds * 1e3:.1f} ms; left tool reachable {answers[0]}, right tool {answers[1]}")


def run() -> list[str]:
    """All figures, one line each."""
    return [pair_rate(), *vectorised_vs_loop(), *growth(), tool_choice_reachability()]


if __name__ == "__main__":
    print("\n".join(run()))

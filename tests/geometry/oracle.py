"""Independent reference geometry for the tests: shapely polygons and plain Python loops."""

from __future__ import annotations

from collections import deque

import numpy as np
import shapely
from shapely import affinity

# Intersections smaller than this (m^2) or gaps smaller than this (m) are too close
# to touching for the oracle to call; tests skip such pairs (exact touching cases
# are tested separately with exactly representable numbers).
AMBIGUOUS = 1e-6


def polygon(centre, half, angle, margin: float = 0.0) -> shapely.Polygon:
    """A box as a shapely polygon, grown by ``margin`` on every side (mitre corners).

    Unity turns local +z towards +x for a positive angle: clockwise with x to the
    right and z up, hence shapely's counter-clockwise rotation by ``-angle``.
    """
    hx, hz = half[0] + margin, half[1] + margin
    box = shapely.box(centre[0] - hx, centre[1] - hz, centre[0] + hx, centre[1] + hz)
    return affinity.rotate(box, -float(angle), origin=(float(centre[0]), float(centre[1])))


def polygons(boxes, margin: float = 0.0) -> list[shapely.Polygon]:
    return [polygon(c, h, a, margin) for c, h, a in zip(boxes.centre, boxes.half, boxes.angle, strict=True)]


def overlap_verdict(a: shapely.Polygon, b: shapely.Polygon) -> bool | None:
    """True / False when clear-cut, None when the two are (nearly) touching."""
    if a.intersection(b).area > AMBIGUOUS:
        return True
    if a.distance(b) > AMBIGUOUS:
        return False
    return None


def bfs_reached(free: np.ndarray, start: tuple[int, int]) -> set[tuple[int, int]]:
    """Plain 4-connected breadth-first search over free cells."""
    rows, cols = free.shape
    seen = {start}
    queue = deque([start])
    while queue:
        i, j = queue.popleft()
        for ni, nj in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if 0 <= ni < rows and 0 <= nj < cols and free[ni, nj] and (ni, nj) not in seen:
                seen.add((ni, nj))
                queue.append((ni, nj))
    return seen


def reference_reachable(blocked: np.ndarray, start: tuple[int, int], goal: tuple[int, int]) -> bool:
    """The documented rule with plain BFS: a blocked goal counts when the walk reaches one of
    the free cells nearest to it (fewest 4-connected steps through blocked cells)."""
    walked = bfs_reached(~blocked, start)
    if not blocked[goal]:
        return goal in walked
    rows, cols = blocked.shape
    depth = {goal: 0}
    queue = deque([goal])
    nearest: dict[tuple[int, int], int] = {}
    while queue:
        i, j = queue.popleft()
        for cell in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if not (0 <= cell[0] < rows and 0 <= cell[1] < cols) or cell in depth:
                continue
            depth[cell] = depth[(i, j)] + 1
            if blocked[cell]:
                queue.append(cell)
            else:
                nearest[cell] = depth[cell]
    closest = min(nearest.values(), default=None)
    return any(cell in walked for cell, steps in nearest.items() if steps == closest)

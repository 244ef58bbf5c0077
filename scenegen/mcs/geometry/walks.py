"""Shortest walks: round one convex obstacle exactly, and among footprints on a grid.

The performer is a disc of radius ``r`` (:data:`~scenegen.mcs.geometry.grid.PERFORMER_RADIUS`): its centre keeps
out of the obstacle's footprint grown by ``r``. That grown rectangle (rounded corners) is replaced by the convex
polygon circumscribing it, each corner's quarter circle by :data:`SEGMENTS` tangent edges, so a walk clear of
the polygon is clear of the obstacle by ``r`` and at most a few millimetres longer than the true shortest.
Round one convex polygon, the shortest walk from ``s`` to ``g`` is the straight segment when it misses the
polygon, else the shorter of the two chains from ``s`` to ``g`` of the convex hull of ``s``, ``g`` and the
polygon (both are then hull vertices, and not neighbours).

:func:`grid_walk` is the slow, general answer to compare with: the shortest 8-connected walk over the cells of a
grid whose centres the performer fits on, among any footprints.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import Boxes

SEGMENTS = 4

Point = tuple[float, float]


def grown(centre: Point, heading: float, half_across: float, half_along: float, radius: float) -> list[Point]:
    """The polygon round a footprint (centre, its long axis turned ``heading`` degrees from +z) grown by ``radius``."""
    step = math.pi / 2 / SEGMENTS
    angles = step * (np.arange(4 * SEGMENTS) + 0.5)
    quadrant = np.arange(4 * SEGMENTS) // SEGMENTS
    across = np.where((quadrant == 0) | (quadrant == 3), half_across, -half_across) + radius / math.cos(
        step / 2) * np.cos(angles)
    along = np.where(quadrant < 2, half_along, -half_along) + radius / math.cos(step / 2) * np.sin(angles)
    sin, cos = math.sin(math.radians(heading)), math.cos(math.radians(heading))
    xs, zs = centre[0] + across * cos + along * sin, centre[1] - across * sin + along * cos
    return list(zip(xs.tolist(), zs.tolist(), strict=True))


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _hull(points: Sequence[Point]) -> list[int]:
    """Indices of the convex hull's vertices, counter-clockwise (Andrew's monotone chain)."""
    order = sorted(range(len(points)), key=points.__getitem__)

    def half(indices: Sequence[int]) -> list[int]:
        chain: list[int] = []
        for k in indices:
            while len(chain) >= 2 and _cross(points[chain[-2]], points[chain[-1]], points[k]) <= 1e-12:
                chain.pop()
            chain.append(k)
        return chain

    return half(order)[:-1] + half(order[::-1])[:-1]


def length(path: Sequence[Point]) -> float:
    return sum(math.dist(a, b) for a, b in itertools.pairwise(path))


def ways_round(start: Point, goal: Point, polygon: Sequence[Point]) -> list[list[Point]]:
    """The shortest walks from ``start`` to ``goal`` on either side of ``polygon``: one (straight) or two."""
    points = [start, goal, *polygon]
    hull = _hull(points)
    if 0 not in hull or 1 not in hull or (hull.index(1) - hull.index(0)) % len(hull) in (1, len(hull) - 1):
        return [[start, goal]]
    turn = hull.index(0)
    hull = hull[turn:] + hull[:turn]  # from the start, counter-clockwise
    end = hull.index(1)
    return [[points[k] for k in hull[:end + 1]], [points[k] for k in [*hull[end:], 0][::-1]]]


def side(path: Sequence[Point]) -> str:
    """Which way round a walk goes, seen walking from its start to its end."""
    (sx, sz), (gx, gz) = path[0], path[-1]
    right = sum((x - sx) * (gz - sz) - (z - sz) * (gx - sx) for x, z in path[1:-1])
    return "straight" if len(path) == 2 else "right" if right > 0 else "left"


def distance_to_walks(points: np.ndarray, walks: Sequence[Sequence[Point]]) -> np.ndarray:
    """``(n,)`` distance from each point to the nearest segment of any walk."""
    ends = np.array([pair for walk in walks for pair in itertools.pairwise(walk)])
    a, b = ends[:, 0], ends[:, 1]
    span = b - a
    t = np.clip(np.einsum("nkd,kd->nk", points[:, None] - a, span) / np.maximum((span**2).sum(1), 1e-12), 0, 1)
    nearest = a + t[..., None] * span
    return np.asarray(np.linalg.norm(points[:, None] - nearest, axis=2).min(axis=1))


def clearance(points: np.ndarray, boxes: Boxes, room: tuple[float, float]) -> np.ndarray:
    """``(n,)`` distance from each point ``(x, z)`` to the nearest box or wall of a room centred on the origin."""
    offset = points[:, None] - boxes.centre
    angle = np.radians(boxes.angle)
    sin, cos = np.sin(angle), np.cos(angle)
    local = np.stack([offset[..., 0] * cos - offset[..., 1] * sin, offset[..., 0] * sin + offset[..., 1] * cos], -1)
    to_boxes = np.linalg.norm(np.maximum(np.abs(local) - boxes.half, 0.0), axis=2).min(axis=1, initial=np.inf)
    return np.asarray(np.minimum(to_boxes, (np.array(room) / 2 - np.abs(points)).min(axis=1)))


def grid_walk(boxes: Boxes, room: tuple[float, float], start: Point, goal: Point, resolution: float = 0.1) -> float:
    """The shortest 8-connected walk between the free cells nearest ``start`` and ``goal`` (cells whose centres are
    at least the performer's radius from every box and wall), plus the steps from ``start`` and to ``goal``; inf
    when there is none."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    shape = (int(room[0] / resolution), int(room[1] / resolution))
    centres = (np.stack(np.meshgrid(*(np.arange(n) for n in shape), indexing="ij"), -1) + 0.5) * resolution
    centres = centres.reshape(-1, 2) - np.array(room) / 2
    free = clearance(centres, boxes, room) >= PERFORMER_RADIUS
    index = np.arange(free.size).reshape(shape)
    rows, cols, weights = [], [], []
    for di, dj in ((1, 0), (0, 1), (1, 1), (1, -1)):
        a = index[:shape[0] - di, max(0, -dj):shape[1] - max(0, dj)].ravel()
        b = a + di * shape[1] + dj
        both = free[a] & free[b]
        rows.append(a[both])
        cols.append(b[both])
        weights.append(np.full(both.sum(), resolution * math.hypot(di, dj)))
    graph = coo_matrix((np.concatenate(weights), (np.concatenate(rows), np.concatenate(cols))),
                       shape=(free.size, free.size)).tocsr()
    cells = np.flatnonzero(free)
    ends = [int(cells[np.linalg.norm(centres[free] - point, axis=1).argmin()]) for point in (start, goal)]
    walk = float(dijkstra(graph, directed=False, indices=[ends[0]])[0, ends[1]])
    return math.dist(start, centres[ends[0]]) + walk + math.dist(centres[ends[1]], goal)

"""Which boxes on the floor hide a round target from a viewpoint, and which stay clear of every sight line to it.

Plan-view line of sight: a sight line runs from the eye (a point) to a point of the target's disc. A box *hides*
the target when every sight line crosses the box before it reaches the target; a box is *clear* when it touches
no sight line (nor any point of the disc grown by ``margin``). Between the two a box hides part of the target,
which a task whose answer is "hidden or not" should not generate. Heights are the caller's: a box hides only
what is lower than its top, from an eye lower than its top.

Each test works on all boxes at once. Angles are taken about the eye from the line to the target's centre, so
the target spans ``[-half, +half]`` with ``half = asin(R / d)``; a box spans the interval of its corners' angles.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import ArrayLike

from scenegen.mcs.geometry.shapes import Boxes

Point = tuple[float, float]


def hides(eye: Point, target: Point, radius: float, boxes: Boxes, *, inset: float = 0.0) -> np.ndarray:
    """``(N,)`` bool: whether box ``i``, shrunk by ``inset`` on every side, blocks every sight line from ``eye``
    to the disc of ``radius`` about ``target``: the box and the disc are apart, the box spans the disc's angle
    from the eye, and the line to the disc's centre leaves the box before it reaches the disc (then, the disc
    being in one piece and apart from the box, every sight line crosses the box first)."""
    core = Boxes(boxes.centre, np.maximum(boxes.half - inset, 0.0), boxes.angle)
    distance, low, high, wraps = _angles(eye, target, core)
    half = _half_angle(radius, distance)
    enter, leave = _crossing(eye, target, core)
    apart = distances(np.array([target], dtype=float), core)[0] > radius
    return (apart & ~wraps & (low <= -half) & (high >= half) & (enter > 0.0) & (enter <= leave)
            & (leave <= distance - radius))


def clear(eye: Point, target: Point, radius: float, boxes: Boxes, *, margin: float = 0.0) -> np.ndarray:
    """``(N,)`` bool: whether box ``i`` stays off every sight line from ``eye`` to the disc of ``radius + margin``
    about ``target``: it lies outside their angle, or farther from the eye than the disc's far edge. Boxes
    holding the eye are never clear."""
    reach = radius + margin
    distance, low, high, wraps = _angles(eye, target, boxes)
    half = _half_angle(reach, distance)
    nearest = distances(np.array([eye], dtype=float), boxes)[0]
    # A box behind the eye spans the angle pi: its angles are taken in (0, 2 pi), the target's in 2 pi - half to
    # 2 pi and 0 to half.
    apart = np.where(wraps, (low > half) & (high < 2 * math.pi - half), (high < -half) | (low > half))
    return (nearest > 0.0) & (apart | (nearest > distance + reach))


def distances(points: np.ndarray, boxes: Boxes) -> np.ndarray:
    """``(M, N)``: how far each of the ``(M, 2)`` points lies from each box (0 inside it)."""
    cos, sin = boxes.axes
    offset = points[:, None, :] - boxes.centre[None]
    across = np.abs(offset[..., 0] * cos - offset[..., 1] * sin) - boxes.half[:, 0]
    along = np.abs(offset[..., 0] * sin + offset[..., 1] * cos) - boxes.half[:, 1]
    return np.hypot(np.maximum(across, 0.0), np.maximum(along, 0.0))


def _half_angle(radius: float, distance: float) -> float:
    return math.asin(min(1.0, radius / distance)) if distance > 0 else math.pi


def _angles(eye: Point, target: Point, boxes: Boxes) -> tuple[float, np.ndarray, np.ndarray, np.ndarray]:
    """The target's distance, each box's lowest and highest corner angle about the eye, from the line to the
    target, and whether the box spans the angle pi behind the eye: its corners' angles in (-pi, pi] then lie
    over pi apart (a box not holding the eye spans less than pi), and its lowest and highest are taken in
    (0, 2 pi) instead."""
    ahead = np.subtract(target, eye)
    heading = math.atan2(ahead[0], ahead[1])
    seen = boxes.corners() - np.asarray(eye, dtype=float)
    angles = (np.arctan2(seen[..., 0], seen[..., 1]) - heading + math.pi) % (2 * math.pi) - math.pi
    low, high = angles.min(axis=1), angles.max(axis=1)
    wraps = high - low > math.pi
    if wraps.any():
        behind = angles[wraps] % (2 * math.pi)
        low[wraps], high[wraps] = behind.min(axis=1), behind.max(axis=1)
    return float(np.hypot(*ahead)), low, high, wraps


def _local(point: ArrayLike, boxes: Boxes) -> np.ndarray:
    """``point`` in each box's own frame, ``(N, 2)``."""
    cos, sin = boxes.axes
    offset = np.asarray(point, dtype=float) - boxes.centre
    return np.stack([offset[:, 0] * cos - offset[:, 1] * sin, offset[:, 0] * sin + offset[:, 1] * cos], axis=1)


def _crossing(eye: Point, target: Point, boxes: Boxes) -> tuple[np.ndarray, np.ndarray]:
    """Where the ray from the eye toward the target's centre enters and leaves each box (metres along it; a
    box it misses enters after it leaves)."""
    ahead = np.subtract(target, eye)
    unit = ahead / max(float(np.hypot(*ahead)), 1e-12)
    cos, sin = boxes.axes
    direction = np.stack([unit[0] * cos - unit[1] * sin, unit[0] * sin + unit[1] * cos], axis=1)
    start = _local(eye, boxes)
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        near = (-boxes.half - start) / direction
        far = (boxes.half - start) / direction
    # A ray parallel to a pair of faces is inside their slab everywhere or nowhere.
    parallel = np.abs(direction) < 1e-12
    inside = np.abs(start) <= boxes.half
    near = np.where(parallel, np.where(inside, -np.inf, np.inf), near)
    far = np.where(parallel, np.where(inside, np.inf, -np.inf), far)
    return np.minimum(near, far).max(axis=1), np.maximum(near, far).min(axis=1)

"""Laying a tool scene out: in a lane frame first (the ball at the origin, the move along +v), then in the room.

A family lays its pool, tool and rails out in the lane frame of the move that
gets the ball out (see :mod:`.lanes`), finds the whole layout's extent, picks a
ball cell where that extent fits the room, and maps every point to the room. The
room every layout keeps is declared here too: the walkway round pools and tools,
the disc a tool turns in and the margin round it, the offsets that keep a push
square, and the rounding of a pose to centimetres away from what lies ahead.
"""

from __future__ import annotations

import math

import numpy as np

from scenegen.mcs.geometry import PERFORMER_RADIUS
from scenegen.mcs.tools.lanes import TOLERANCE

#: Free floor the performer's start keeps from the walls, the lava and every object.
START_CLEARANCE = PERFORMER_RADIUS + 0.25
#: Candidate starts drawn at once; a room leaves most of its floor free, so one batch nearly always has one.
_START_BATCH = 64
#: Free floor kept round a pool and a tool (and between them and a wall or the platform), so the performer walks
#: round them and steps beside and behind a tool to slide and push it.
WALKWAY = 1.0
#: Room kept round the disc a tool sweeps turning (or the box it sweeps), so that writing its pose to centimetres
#: never makes it touch the lava, a wall or the platform.
TURN_MARGIN = 0.05
#: How far inside a pushing tool's face the ball's centre stays at the largest sideways offset, so the push is
#: square.
SQUARE_PUSH_INSET = 0.05


def turning_radius(width: float, length: float) -> float:
    """Radius of the disc a ``width`` x ``length`` tool sweeps turning about its centre."""
    return math.hypot(width, length) / 2


def largest_square_offset(width: float) -> float:
    """The largest sideways offset of a ``width`` wide tool from the ball's line that keeps the ball's centre
    inside its face (by :data:`SQUARE_PUSH_INSET`): pushed straight, the tool then drives the ball squarely."""
    return max(0.0, width / 2 - SQUARE_PUSH_INSET)


def centimetres_before(v: float) -> float:
    """``v`` written to centimetres, rounded toward -v (away from what lies ahead along the move) so that
    rounding never brings a tool nearer the lava."""
    return math.floor(v * 100 + 1e-9) / 100


def to_world(u: float, v: float, direction: str) -> tuple[float, float]:
    """The room point (x, z) of lane point (u, v), for a move along ``direction`` (the inverse of lanes.lane_point)."""
    sign = 1.0 if direction[0] == "+" else -1.0
    return (v * sign, u) if direction[1] == "x" else (u, v * sign)


def bounds_to_world(bounds: tuple[float, float, float, float], direction: str) -> tuple[float, float, float, float]:
    """Lane-frame bounds (u0, v0, u1, v1) as room bounds (xmin, zmin, xmax, zmax)."""
    (x0, z0), (x1, z1) = to_world(bounds[0], bounds[1], direction), to_world(bounds[2], bounds[3], direction)
    return min(x0, x1), min(z0, z1), max(x0, x1), max(z0, z1)


def along_rotation(direction: str) -> float:
    """The rotation (degrees) that lays a tool's long axis (z at rotation 0) along ``direction``'s axis."""
    return 90.0 if direction[1] == "x" else 0.0


def ball_cells(extent: tuple[float, float, float, float], room: tuple[float, float]) -> tuple[range, range]:
    """The whole-metre ball positions (x, z) where a layout whose room bounds relative to the ball are ``extent``
    fits inside a room of ``room`` (width, depth); an empty range where none does."""
    half_x, half_z = room[0] / 2, room[1] / 2
    return (range(math.ceil(-half_x - extent[0] - TOLERANCE), math.floor(half_x - extent[2] + TOLERANCE) + 1),
            range(math.ceil(-half_z - extent[1] - TOLERANCE), math.floor(half_z - extent[3] + TOLERANCE) + 1))


def start_is_clear(room: tuple[float, float], taken: np.ndarray, start: tuple[float, float]) -> bool:
    """Whether a fixed ``start`` (x, z) keeps ``START_CLEARANCE`` from every bounds (N, 4) in ``taken`` with the
    performer inside the room (the evaluation's own starts come nearer the walls than a drawn one does)."""
    point = np.array(start, dtype=float)
    if np.any(np.abs(point) > np.array(room) / 2 - PERFORMER_RADIUS):
        return False
    gap = np.maximum(taken[:, :2] - START_CLEARANCE - point, point - taken[:, 2:] - START_CLEARANCE)
    return not bool(np.all(gap < 0, axis=1).any())


def performer_start(room: tuple[float, float], taken: np.ndarray, rng: np.random.Generator) -> tuple[float, float]:
    """A start (x, z) on free floor, ``START_CLEARANCE`` from the walls and from every bounds (N, 4) in ``taken``
    (lava, objects, the lanes the performer must not stand in); written to millimetres as the real scenes are."""
    half = np.array(room) / 2 - START_CLEARANCE
    for _ in range(100):
        points = rng.uniform(-half, half, size=(_START_BATCH, 2))
        gap_low = taken[None, :, :2] - START_CLEARANCE - points[:, None, :]
        gap_high = points[:, None, :] - taken[None, :, 2:] - START_CLEARANCE
        inside = np.all(np.maximum(gap_low, gap_high) < 0, axis=2).any(axis=1)
        free = np.flatnonzero(~inside)
        if len(free):
            x, z = points[free[0]]
            return round(float(x), 3), round(float(z), 3)
    raise RuntimeError("no free floor for the performer's start")  # never: the configs keep most floor free

"""Straight tool moves: does pushing or pulling a tool along one of the room's axes drive the ball out of the lava?

Everything is worked out in a *lane frame*: ``v`` runs along the move, ``u`` across it.
Objects are axis-aligned bounds ``[xmin, zmin, xmax, zmax]`` (a tool lying along an
axis, lava cells, and structures by their bounding boxes: a lane clear of a
structure's box is clear of the structure).

A move carries the ball when a part of the tool lies behind it (on the side the
move comes from) with the ball's centre inside that part's width, so the push is
square. The ball leaves the lava when that part's face reaches the far edge of the
lava run in the ball's column, with floor beyond it before the wall. The performer
stands on free floor right behind the tool (a push) or right ahead of it (a pull,
walking backwards), and can go no further than the lava or a wall lets it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenegen.mcs.geometry import PERFORMER_RADIUS

#: The four directions a tool moves in: along +x, -x, +z or -z.
DIRECTIONS = ("+x", "-x", "+z", "-z")
#: Each direction as a unit vector (x, z).
DIRECTION_VECTORS = {"+x": (1.0, 0.0), "-x": (-1.0, 0.0), "+z": (0.0, 1.0), "-z": (0.0, -1.0)}
#: A push leaves the performer behind the tool; a pull has it ahead, walking backwards.
MOVE_KINDS = ("push", "pull")
TOLERANCE = 1e-6
#: Floor the performer stands on behind (push) or ahead of (pull) the tool: its body's depth.
STANDING_DEPTH = 2 * PERFORMER_RADIUS


@dataclass(frozen=True)
class World:
    """What a moving tool meets: the room's half-sizes (x, z), lava cells' and structures' bounds (N, 4)."""

    half_room: np.ndarray
    lava: np.ndarray
    obstacles: np.ndarray


@dataclass(frozen=True)
class Move:
    """One straight move of a tool: ``push`` or ``pull``, along ``direction``, by ``distance`` metres."""

    kind: str
    direction: str
    distance: float


def lane_frame(bounds: np.ndarray, direction: str) -> np.ndarray:
    """Bounds (N, 4) in the lane frame of ``direction``: ``[u0, v0, u1, v1]``, v growing along the move."""
    axis = 0 if direction[1] == "x" else 1
    across = bounds[:, [1 - axis, 3 - axis]]
    along = bounds[:, [axis, axis + 2]]
    if direction[0] == "-":
        along = -along[:, ::-1]
    return np.stack([across[:, 0], along[:, 0], across[:, 1], along[:, 1]], axis=1)


def lane_point(point: np.ndarray, direction: str) -> tuple[float, float]:
    """A point (x, z) as (u, v) in the lane frame of ``direction``."""
    axis = 0 if direction[1] == "x" else 1
    sign = 1.0 if direction[0] == "+" else -1.0
    return float(point[1 - axis]), float(point[axis] * sign)


def lane_wall(world: World, direction: str) -> float:
    """v of the room's wall the move heads for."""
    return float(world.half_room[0 if direction[1] == "x" else 1])


def extraction(parts: np.ndarray, ball: np.ndarray, radius: float, world: World, direction: str,
               kind: str) -> Move | None:
    """The move (of ``kind``, along ``direction``) of a tool whose parts have the world ``parts`` bounds (K, 4)
    that drives the ball at ``ball`` (x, z) out of the lava; None when that move cannot."""
    tool = lane_frame(parts, direction)
    u, v = lane_point(ball, direction)
    behind = (tool[:, 0] < u - TOLERANCE) & (tool[:, 2] > u + TOLERANCE) & (tool[:, 3] <= v - radius + TOLERANCE)
    if not behind.any():
        return None
    contact = float(tool[behind, 3].max())
    lava = lane_frame(world.lava, direction)
    exit_edge = _lava_run_end(lava, u, v)
    if exit_edge is None:
        return None
    distance = max(0.0, exit_edge - contact)
    obstacles = lane_frame(world.obstacles, direction)
    wall = lane_wall(world, direction)
    # The ball rolls out onto floor between the lava and the wall, past no structure.
    ball_lane = np.array([u - radius, v - radius, u + radius, exit_edge + 2 * radius])
    if exit_edge + 2 * radius > wall + TOLERANCE or hits(obstacles, ball_lane).any():
        return None
    room = _room_to_move(tool, lava, obstacles, wall, kind)
    return Move(kind, direction, distance) if distance <= room + TOLERANCE else None


def carry(parts: np.ndarray, carried: np.ndarray, world: World, direction: str) -> tuple[float, float] | None:
    """(how far the tool goes, how far the object goes) when the tool whose parts have the world ``parts`` bounds
    is pushed along ``direction`` as far as the performer can, into the object of ``carried`` bounds (both may
    cross lava); None when the tool never meets the object."""
    tool = lane_frame(parts, direction)
    item = lane_frame(carried, direction)
    across = ((item[:, None, 0] < tool[None, :, 2] - TOLERANCE) & (item[:, None, 2] > tool[None, :, 0] + TOLERANCE)
              & (item[:, None, 1] >= tool[None, :, 3] - TOLERANCE))
    if not across.any():
        return None
    gap = float((item[:, None, 1] - tool[None, :, 3])[across].min())
    lava, obstacles = lane_frame(world.lava, direction), lane_frame(world.obstacles, direction)
    wall = lane_wall(world, direction)
    travel = _room_to_move(tool, lava, obstacles, wall, "push")
    # The object, pushed ahead of the tool, stops at a structure or the wall.
    room = min([wall - float(item[:, 3].max()), *(_clear_ahead(obstacles, part[0], part[2], part[3]) for part in item)])
    shift = min(travel - gap, room)
    return (gap + shift, shift) if shift > TOLERANCE else None


def _lava_run_end(lava: np.ndarray, u: float, v: float) -> float | None:
    """v of the far edge of the first run of lava ahead of ``v`` in the column of cells holding ``u``."""
    column = lava[(lava[:, 0] <= u + TOLERANCE) & (lava[:, 2] >= u - TOLERANCE) & (lava[:, 3] > v + TOLERANCE)]
    if not len(column):
        return None
    starts = np.sort(np.unique(np.round(column[:, 1], 6)))
    end = starts[0]
    for start in starts:  # cells run on while each starts where the last ended
        if start > end + TOLERANCE:
            break
        end = start + 1.0
    return float(end)


def _room_to_move(tool: np.ndarray, lava: np.ndarray, obstacles: np.ndarray, wall: float, kind: str) -> float:
    """How far the tool can go: the performer keeps to the floor behind (push) or ahead of (pull) it, and
    nothing it sweeps through is a structure or the wall."""
    low, high = float(tool[:, 0].min()), float(tool[:, 2].max())
    rear, front = float(tool[:, 1].min()), float(tool[:, 3].max())
    ahead = np.inf
    for part in tool:
        ahead = min(ahead, _clear_ahead(obstacles, part[0], part[2], part[3]))
    ahead = min(ahead, wall - front)
    if kind == "push":
        # The performer follows the tool's rear face: from floor behind it, up to the first lava in its way.
        standing = np.array([low, rear - STANDING_DEPTH, high, rear])
        if hits(lava, standing).any() or hits(obstacles, standing).any():
            return -np.inf
        return min(ahead, _clear_ahead(lava, low, high, rear))
    # The performer holds the front face and walks backwards over free floor.
    holder = tool[tool[:, 3] >= front - TOLERANCE][0]
    standing = np.array([holder[0], front, holder[2], front + STANDING_DEPTH])
    if hits(lava, standing).any() or hits(obstacles, standing).any():
        return -np.inf
    return min(ahead, _clear_ahead(lava, holder[0], holder[2], front)) - STANDING_DEPTH


def _clear_ahead(bounds: np.ndarray, low: float, high: float, start: float) -> float:
    """Free distance from ``start`` along v to the first of ``bounds`` across [low, high] that begins past it."""
    across = (bounds[:, 0] < high - TOLERANCE) & (bounds[:, 2] > low + TOLERANCE) & (bounds[:, 3] > start + TOLERANCE)
    return float(bounds[across, 1].min() - start) if across.any() else np.inf


def hits(bounds: np.ndarray, box: np.ndarray) -> np.ndarray:
    """Which ``bounds`` overlap the interior of ``box`` ([u0, v0, u1, v1])."""
    return ((bounds[:, 0] < box[2] - TOLERANCE) & (bounds[:, 2] > box[0] + TOLERANCE)
            & (bounds[:, 1] < box[3] - TOLERANCE) & (bounds[:, 3] > box[1] + TOLERANCE))


def slide_clear(parts: np.ndarray, shift: np.ndarray, world: World) -> bool:
    """Whether sliding the tool by ``shift`` (x, z) sweeps no lava, no structure and stays in the room (the
    performer walks beside it)."""
    start, end = parts.copy(), parts.copy()
    end[:, [0, 2]] += shift[0]
    end[:, [1, 3]] += shift[1]
    swept = np.concatenate([np.minimum(start[:, :2], end[:, :2]), np.maximum(start[:, 2:], end[:, 2:])], axis=1)
    if np.any(np.abs(swept[:, :2]) > world.half_room + TOLERANCE) or np.any(
            np.abs(swept[:, 2:]) > world.half_room + TOLERANCE):
        return False
    return not any(hits(world.lava, box).any() or hits(world.obstacles, box).any() for box in swept)


def turn_clear(centre: np.ndarray, radius: float, world: World) -> bool:
    """Whether the disc of ``radius`` a tool sweeps turning about ``centre`` stays in the room, off the lava
    and clear of the structures."""
    if np.any(np.abs(centre) + radius > world.half_room + TOLERANCE):
        return False
    for bounds in (world.lava, world.obstacles):
        gap = np.maximum(np.maximum(bounds[:, :2] - centre, centre - bounds[:, 2:]), 0.0)
        if len(bounds) and np.any(np.hypot(gap[:, 0], gap[:, 1]) < radius - TOLERANCE):
            return False
    return True

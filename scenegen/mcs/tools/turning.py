"""Turning a tool that lies partly over lava: the rule an L-shaped tool laid turned beside the ball is judged by.

:mod:`.plans` turns a tool only where the disc it sweeps is off the lava, which
suits a tool lying on the floor. A hooked tool pulled out of a band of lava lies
with its hook behind the ball, in the lava, so it can only ever be turned there:
lava stops the performer, not a tool (``docs/mcs_facts.md`` 10.7), and the
performer turns it from the floor, where it takes hold of it. What must stay
clear is the structures (the disc it sweeps), the room's walls and the ball:
turned one way or the other, no part of it may leave the room or come over the
ball.

A tool laid turned across the ball's side (as the evaluation lays the hooked
tool, 45 or 90 degrees from its pull pose) cannot be turned back where it lies:
its long arm would sweep over the ball whichever way it turned. It is slid aside
first, along the room's axis it lies on, over the lava where need be, until the
disc it sweeps turning is off the ball (:func:`over_lava_slides`, and the sidestep
in :mod:`.plans`); then turned, and slid back into line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np

from scenegen.mcs.geometry import footprint
from scenegen.mcs.geometry.shapes import rotate
from scenegen.mcs.tools.floor import pose_of
from scenegen.mcs.tools.lanes import TOLERANCE, World, hits, turn_clear

#: How far (metres) a point of the tool may move between two poses sampled along a turn: the ball is kept that
#: much clearer at the samples, so that no pose between them reaches it either.
SAMPLE_TRAVEL = 0.005

#: Whether a tool (an exported object) may be turned about its centre to a rotation (degrees) in a world.
TurnRule = Callable[[Mapping[str, Any], float, World], bool]
#: Whether a tool lying along an axis, whose parts have the bounds (K, 4), may be slid by a shift (x, z) in a world.
SlideRule = Callable[[np.ndarray, np.ndarray, World], bool]


def over_lava(ball: np.ndarray, radius: float) -> TurnRule:
    """The rule for a tool that may turn over lava: turned one way or the other, it stays inside the room and every
    part of it off the ball (centre ``ball``, ``radius``), and the disc it sweeps is clear of the structures."""

    def may_turn(tool: Mapping[str, Any], angle: float, world: World) -> bool:
        object_type, position, rotation, _ = pose_of(tool)
        centre = np.array([position["x"], position["z"]], dtype=float)
        boxes = footprint(object_type, position, 0.0)
        reach = float(np.hypot(*(boxes.corners().reshape(-1, 2) - centre).T).max())
        structures = World(np.full(2, np.inf), np.zeros((0, 4)), world.obstacles)
        if not turn_clear(centre, reach, structures):
            return False
        turn = (angle - float(rotation)) % 360.0
        return any(sweep_clear(boxes, centre, reach, float(rotation), way, ball, radius, world.half_room)
                   for way in (turn, turn - 360.0))

    return may_turn


def over_lava_slides(ball: np.ndarray, radius: float) -> SlideRule:
    """The rule for a tool that may slide over lava (the performer holds it from the floor): the boxes its parts
    sweep stay inside the room, off the structures and off the ball (centre ``ball``, ``radius``)."""

    def may_slide(parts: np.ndarray, shift: np.ndarray, world: World) -> bool:
        swept = np.concatenate([np.minimum(parts[:, :2], parts[:, :2] + shift),
                                np.maximum(parts[:, 2:], parts[:, 2:] + shift)], axis=1)
        if np.any(np.abs(swept) > np.tile(world.half_room, 2) + TOLERANCE):
            return False
        if any(hits(world.obstacles, box).any() for box in swept):
            return False
        gap = np.maximum(np.maximum(swept[:, :2] - ball, ball - swept[:, 2:]), 0.0)
        return bool(np.all(np.hypot(gap[:, 0], gap[:, 1]) > radius + TOLERANCE))

    return may_slide


def sweep_clear(boxes: Any, centre: np.ndarray, reach: float, start: float, turn: float, ball: np.ndarray,
                radius: float, half_room: np.ndarray) -> bool:
    """Whether ``boxes`` (a footprint at rotation 0 about ``centre``, ``reach`` its farthest corner), turned from
    ``start`` by ``turn`` degrees (either sign), stay inside the room and clear of the ball at every pose on the
    way: poses are sampled so finely that no point of the tool moves ``SAMPLE_TRAVEL`` between two."""
    steps = max(1, math.ceil(math.radians(abs(turn)) * reach / SAMPLE_TRAVEL))
    angles = start + np.linspace(0.0, turn, steps + 1)  # (A,)
    centres = centre + rotate((boxes.centre - centre)[None, :, :], angles[:, None])  # (A, K, 2)
    part_angles = boxes.angle[None, :] + angles[:, None]  # (A, K)
    corners = centres[:, :, None, :] + rotate(boxes.half[None, :, None, :] * _CORNER_SIGNS, part_angles[..., None])
    if np.any(np.abs(corners) > half_room - SAMPLE_TRAVEL + TOLERANCE):
        return False
    local = rotate(ball - centres, -part_angles)  # the ball in each part's own frame
    gap = np.maximum(np.abs(local) - boxes.half[None, :, :], 0.0)
    return bool(np.all(np.hypot(gap[..., 0], gap[..., 1]) > radius + SAMPLE_TRAVEL - TOLERANCE))


_CORNER_SIGNS = np.array([[-1.0, -1.0], [-1.0, 1.0], [1.0, 1.0], [1.0, -1.0]])

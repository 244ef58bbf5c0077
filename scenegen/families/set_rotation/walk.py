"""Forced walks around the turntable (``docs/mcs_facts.md`` 5.4).

The evaluation scenes walk the performer around the turntable in 30-degree
blocks: ``MoveLeft x a, RotateRight, MoveLeft x b, RotateRight, MoveLeft x b,
RotateRight, MoveLeft x a`` with ``a = 10, b = 2`` (moves 0.1 m, turns 10
degrees). A block is a rigid motion: a 30-degree turn about a point straight
ahead of the performer, at a distance that depends only on ``a`` and ``b``
(4.502 m for 10 and 2). Repeating the block circles that point, ending each
block facing it. For another start distance we choose the ``a >= b`` whose
point is nearest the turntable's centre. The other direction mirrors the
block: ``MoveRight`` and ``RotateLeft``.

Directions are named as seen from above: walking to the left (MoveLeft +
RotateRight) circles the turntable clockwise.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from scenegen.mcs.actions import Action

MOVE = 0.1
TURN = 10.0
BLOCK = 30  # degrees per block
_MAX_RUN = 80

CLOCKWISE = ("MoveLeft", "RotateRight")
COUNTER_CLOCKWISE = ("MoveRight", "RotateLeft")


def _centre_distance_per_move() -> tuple[float, float]:
    """How far ahead the block's turning point lies per move of ``a`` and per move of ``b``.

    A block displaces the performer (in its own start frame, x right, z ahead)
    by ``d = a * u + b * v``; a 30-degree turn about ``F`` displaces it by
    ``(I - R) F``, so ``F = (I - R)^-1 d``, linear in ``a`` and ``b``.
    """
    def left(degrees: float) -> np.ndarray:  # MoveLeft after turning right by `degrees`
        radians = math.radians(degrees)
        return MOVE * np.array([-math.cos(radians), math.sin(radians)])

    radians = math.radians(BLOCK)
    turn = np.array([[math.cos(radians), math.sin(radians)], [-math.sin(radians), math.cos(radians)]])
    solve = np.linalg.inv(np.eye(2) - turn)
    per_a = solve @ (left(0) + left(3 * TURN))
    per_b = solve @ (left(TURN) + left(2 * TURN))
    return float(per_a[1]), float(per_b[1])


PER_A, PER_B = _centre_distance_per_move()


@lru_cache(maxsize=1024)
def block_moves(distance: float) -> tuple[int, int]:
    """``(a, b)`` whose turning point lies nearest ``distance`` ahead (ties: the larger ``a``)."""
    best = min((abs(a * PER_A + b * PER_B - distance), -a, b) for a in range(1, _MAX_RUN)
                for b in range(a + 1))
    return -best[1], best[2]


def turning_distance(distance: float) -> float:
    """How far ahead the performer's actual turning point lies for a start ``distance`` from the centre."""
    a, b = block_moves(distance)
    return a * PER_A + b * PER_B


@dataclass(frozen=True)
class Walk:
    """A forced walk: its actions, and the performer's end pose relative to its start (facing +z)."""

    actions: tuple[Action, ...]
    dx: float
    dz: float
    heading: float


@lru_cache(maxsize=1024)
def walk(distance: float, direction: str, degrees: int) -> Walk:
    """The actions that take a performer ``distance`` in front of the turntable's centre ``degrees`` round it."""
    a, b = block_moves(distance)
    move, rotate = CLOCKWISE if direction == "clockwise" else COUNTER_CLOCKWISE
    step, turn = (move,), (rotate,)
    one = (step,) * a + (turn,) + (step,) * b + (turn,) + (step,) * b + (turn,) + (step,) * a
    actions = one * (degrees // BLOCK)
    sign = 1.0 if direction == "clockwise" else -1.0
    # The walk turns the performer about the turning point, straight ahead of its start.
    ahead = turning_distance(distance)
    radians = math.radians(sign * degrees)
    dx, dz = -ahead * math.sin(radians), ahead - ahead * math.cos(radians)
    return Walk(actions, round(dx, 9), round(dz, 9), sign * degrees)


def path(distance: float, direction: str, degrees: int) -> np.ndarray:
    """The performer's positions relative to its start after each action, shape (n, 2)."""
    actions = walk(distance, direction, degrees).actions
    turns = np.array([{"RotateRight": TURN, "RotateLeft": -TURN}.get(a[0], 0.0) for a in actions])
    sideways = np.array([{"MoveRight": MOVE, "MoveLeft": -MOVE}.get(a[0], 0.0) for a in actions])
    heading = np.radians(np.cumsum(turns))
    steps = np.stack([sideways * np.cos(heading), -sideways * np.sin(heading)], axis=1)
    return np.cumsum(steps, axis=0)

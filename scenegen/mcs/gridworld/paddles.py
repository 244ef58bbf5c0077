"""The spinning paddle of the Agent / Non-Agent grid worlds (``docs/mcs_facts.md``, "Agent / Non-Agent"): a black
wall turning in place about its pivot, one keyframe a step, starting each trial afresh (each trial of the evaluation
scenes is its own recording, so the paddle's turn restarts at every trial's first step)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.model import SceneObject, Show, Vec3

PADDLE_SCALE: Vec3 = (0.25, 0.5, 1.0)
PADDLE_MATERIAL = "Custom/Materials/Black"
#: Degrees the paddle turns a step (the evaluation scenes write y falling by 4, mod 360).
TURN = -4
#: How far from its pivot any part of the paddle reaches: half its length and half its width, corner to corner.
REACH = math.hypot(PADDLE_SCALE[0] / 2, PADDLE_SCALE[2] / 2)
#: Every heading's rotation, made once: a paddle has one show a step, hundreds a scene.
_HEADINGS: tuple[Vec3, ...] = tuple((0, degrees, 0) for degrees in range(360))


@dataclass(frozen=True)
class Spin:
    """The paddle over one trial: its pivot, its heading on the trial's first step, and the steps it turns."""

    pivot: Point
    heading: int
    first: int
    end: int

    def shows(self) -> list[Show]:
        """One show per step from ``first`` up to (not including) ``end``."""
        position = (self.pivot[0], PADDLE_SCALE[1] / 2, self.pivot[1])
        return [Show(position, _HEADINGS[(self.heading + TURN * k) % 360], None, step)
                for k, step in enumerate(range(self.first, self.end))]


def paddles(key: str, shared: Sequence[Spin], last: Sequence[Spin]) -> list[SceneObject]:
    """One paddle per spin of ``last``, each turning through ``shared`` first (the trials the files of a pair have
    alike, their shows made once), written with ``hides: []`` as the evaluation writes it; one object for all when
    every spin of ``last`` is the same (so the exporter writes it once)."""
    before = [show for spin in shared for show in spin.shows()]
    if before:
        before[0] = Show(before[0].position, before[0].rotation, PADDLE_SCALE, before[0].step)
    made: dict[Spin, SceneObject] = {}
    for spin in last:
        if spin not in made:
            shows = before + spin.shows()
            if not before:
                shows[0] = Show(shows[0].position, shows[0].rotation, PADDLE_SCALE, shows[0].step)
            made[spin] = SceneObject(id=key, type="cube", materials=[PADDLE_MATERIAL], kinematic=True, physics=True,
                                     shows=shows, write_empty_hides=True)
    return [made[spin] for spin in last]


# ---------------------------------------------------------------- the paddle against a blob's box
#
# The paddle is a rectangle turning about its centre; a blob's footprint is an axis-aligned box. Whether they touch
# is a separating-axis test over the four axes the two shapes have (x, z, the paddle's length and its width): the
# largest gap along any of them is zero or less exactly when they touch, and never more than their true distance.

#: Half the paddle's width and half its length (the cube's 1 m side scaled).
HALF_WIDTH, HALF_LENGTH = PADDLE_SCALE[0] / 2, PADDLE_SCALE[2] / 2


def arm(heading: float | np.ndarray) -> np.ndarray:
    """The unit direction (x, z) the paddle's length points along at ``heading`` degrees (MCS turns local z, the
    paddle's length, to (sin, cos) of its y rotation). Rows for an array of headings."""
    turn = np.radians(heading)
    return np.stack([np.sin(turn), np.cos(turn)], axis=-1)


def sweep(heading: float | np.ndarray) -> np.ndarray:
    """The unit direction the paddle's face moves along at ``heading`` at the end of :func:`arm` (its heading falls
    by :data:`TURN` a step: counterclockwise seen from above, x right and z up)."""
    turn = np.radians(heading)
    return np.stack([-np.cos(turn), np.sin(turn)], axis=-1)


def gaps(pivot: Point, headings: np.ndarray, centres: np.ndarray, half: tuple[float, float]) -> np.ndarray:
    """For each heading and box centre (rows paired), the largest gap along the separating axes between the paddle
    turned about ``pivot`` and a box of ``half`` extents there: positive apart, zero or less touching."""
    offset = np.asarray(centres, dtype=float) - np.asarray(pivot, dtype=float)
    along, across = arm(headings), sweep(headings)
    box = np.asarray(half, dtype=float)
    # The paddle's half extent along x and z, and the box's along the paddle's length and width.
    paddle_xz = HALF_LENGTH * np.abs(along) + HALF_WIDTH * np.abs(across)
    box_along = np.abs(along) @ box
    box_across = np.abs(across) @ box
    separations = np.column_stack([
        np.abs(offset) - paddle_xz - box,
        np.abs(np.sum(offset * along, axis=1)) - HALF_LENGTH - box_along,
        np.abs(np.sum(offset * across, axis=1)) - HALF_WIDTH - box_across,
    ])
    return separations.max(axis=1)


def heading_sweeping(direction: Point) -> int:
    """The heading (whole degrees, even, as the evaluation's paddles turn) at which the paddle's face moves along
    ``direction``, to within a degree."""
    exact = math.degrees(math.atan2(direction[1], -direction[0]))
    return int(2 * round(exact / 2)) % 360


def pivots_pushing(start: Point, half: tuple[float, float], heading: int, depths: np.ndarray, gap: float
                   ) -> np.ndarray:
    """Where the paddle may turn (a row per depth) so that at ``heading`` its face stands ``gap`` behind a box of
    ``half`` extents at ``start`` (on the side the face comes from), the box's centre ``depth`` out along its arm:
    from there on, the face pushes the box along :func:`sweep` of ``heading``. Rounded to 0.1 mm."""
    along, across = arm(heading), sweep(heading)
    behind = HALF_WIDTH + float(np.abs(across) @ np.asarray(half)) + gap
    pivots = np.asarray(start) - np.asarray(depths)[:, None] * along - behind * across
    return np.round(pivots, 4) + 0.0


def headings(first: int, steps: int) -> np.ndarray:
    """The paddle's heading on each of ``steps`` steps of a trial it starts at heading ``first``."""
    return (first + TURN * np.arange(steps)) % 360

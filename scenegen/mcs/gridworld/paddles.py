"""The spinning paddle of the Agent / Non-Agent grid worlds (``docs/mcs_facts.md``, "Agent / Non-Agent"): a black
wall turning in place about its pivot, one keyframe a step, starting each trial afresh (each trial of the evaluation
scenes is its own recording, so the paddle's turn restarts at every trial's first step)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

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


def paddle(key: str, spins: Sequence[Spin]) -> SceneObject:
    """The paddle turning through ``spins`` (one per trial), written with ``hides: []`` as the evaluation writes it."""
    shows = [show for spin in spins for show in spin.shows()]
    shows[0] = Show(shows[0].position, shows[0].rotation, PADDLE_SCALE, shows[0].step)
    return SceneObject(id=key, type="cube", materials=[PADDLE_MATERIAL], kinematic=True, physics=True, shows=shows,
                       write_empty_hides=True)

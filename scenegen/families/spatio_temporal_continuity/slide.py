"""A toy's scripted slide and what the performer sees of it, step by step (numpy, one array entry a step).

The model (``docs/fidelity/spatio_temporal_continuity.md``): the toy is kinematic and moved by ``moves``, one
displacement a step along a straight heading, at one speed for a stage of steps and then slower by the same amount
(friction), until it rests; so its place at the end of every step is the sum of the displacements the file writes.
It is out of sight while shrouded, or while the occluders are down and it lies wholly in the shadow one of their
walls casts from the performer's eye.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from scenegen.mcs.model import Motion
from scenegen.mcs.passive_physics import OCCLUDER_Z, PERFORMER

#: A wall seen from the performer: its centre along x and its width.
Wall = tuple[float, float]


@dataclass(frozen=True)
class Slide:
    """A slide from ``first`` (the step it sets off on): each stage's motion, and the toy's place at the end of every
    step from ``first`` to the scene's last (``x``, ``z``; at rest once the stages are done)."""

    first: int
    stages: tuple[Motion, ...]
    x: np.ndarray
    z: np.ndarray
    top_speed: float

    def step_of(self, index: int) -> int:
        """The step an array index stands for."""
        return self.first + index


def slide(start: tuple[float, float], heading: tuple[float, float], first: int, last: int, speed: float,
          slowing: float, stage_steps: int) -> Slide:
    """The slide of a toy at ``start`` (x, z) along the unit ``heading`` from step ``first`` to ``last``: ``speed``
    metres on each step of its first stage, ``slowing`` less each stage after, written to the 0.1 mm."""
    count = last - first + 1
    stages = np.arange(-(-count // stage_steps))
    speeds = np.maximum(speed - slowing * stages, 0.0)
    vectors = np.round(np.outer(speeds[speeds > 0], heading), 4)
    motions = tuple(Motion(first + k * stage_steps, min(first + (k + 1) * stage_steps - 1, last),
                           (float(dx), 0, float(dz))) for k, (dx, dz) in enumerate(vectors))
    per_step = np.zeros((count, 2))
    moving = min(len(vectors) * stage_steps, count)
    per_step[:moving] = np.repeat(vectors, stage_steps, axis=0)[:moving]
    places = np.asarray(start) + np.cumsum(per_step, axis=0)
    return Slide(first, motions, places[:, 0], places[:, 1], float(np.hypot(*vectors[0])) if len(vectors) else 0.0)


def shadows(walls: tuple[Wall, ...], z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The stretch along x each wall hides at each depth ``z``: (low, high), a row a wall."""
    reach = (z - PERFORMER[2]) / (OCCLUDER_Z - PERFORMER[2])
    centres, widths = np.array([[wall[0]] for wall in walls]), np.array([[wall[1]] for wall in walls])
    return (centres - widths / 2) * reach, (centres + widths / 2) * reach


def behind(walls: tuple[Wall, ...], x: np.ndarray, z: np.ndarray, along: float, margin: float) -> np.ndarray:
    """Whether a toy ``along`` long in x at each (``x``, ``z``) lies wholly in each wall's shadow with ``margin`` to
    spare on both sides (a negative margin: within that much of it): a row a wall."""
    low, high = shadows(walls, z)
    return (low + margin <= x - along / 2) & (x + along / 2 <= high - margin)

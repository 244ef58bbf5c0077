"""Movement patterns, as the imitation tasks' agents walk them: out along a few straight legs, then back.

A pattern is a chain of legs, each a direction of the eight-neighbourhood (a
step moves ``STEP`` metres along x, along z, or along both) and a whole number of
steps. An agent walks the legs out and retraces them back to where it started,
``repeats`` times (docs/mcs_facts.md 13.3). Two agents move "in the same pattern"
when their legs go the same directions in the same order and they repeat them as
often: where they start and how long the legs are may differ.

Every position is a step's worth of motion from the last, so a pattern walked
from a point on the 0.025 m lattice stays on it, as the evaluation scenes' do.
Overlap tests take axis-aligned footprints (an agent's rotation is a multiple of
90 degrees) and are vectorised over every keyframe at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.motion import DECIMALS, Point, ceil_distance, rounded

#: Metres a pattern step moves along each axis it moves along (docs/mcs_facts.md 13.3).
STEP = 0.05
Direction = tuple[int, int]

#: Shapes in a local frame, legs as (forward, sideways) unit moves: each is turned to one of four headings and
#: may be mirrored, so "L" covers every L. The evaluation scenes show L, C, line, diagonal and hook (a straight leg,
#: then a diagonal one) out-and-back patterns (docs/mcs_facts.md 13.3).
SHAPES: dict[str, tuple[Direction, ...]] = {
    "line": ((1, 0),),
    "diagonal": ((1, 1),),
    "L": ((1, 0), (0, 1)),
    "C": ((1, 0), (0, 1), (-1, 0)),
    "Z": ((1, 0), (0, 1), (1, 0)),
    "V": ((1, 1), (1, -1)),
    "hook": ((1, 0), (1, 1)),
}


@dataclass(frozen=True)
class Pattern:
    """Legs in world directions, steps per leg, and how many times the agent walks out and back."""

    directions: tuple[Direction, ...]
    steps: tuple[int, ...]
    repeats: int = 1

    @property
    def signature(self) -> tuple[tuple[Direction, ...], int]:
        """What two agents moving in the same pattern share: the legs' directions and the repeats."""
        return self.directions, self.repeats

    def extended(self, extra: int) -> Pattern:
        """The same pattern with ``extra`` more steps on its last leg."""
        return Pattern(self.directions, (*self.steps[:-1], self.steps[-1] + extra), self.repeats)

    def reach(self) -> tuple[float, float, float, float]:
        """How far the walk goes from its start: (lowest x, lowest z, highest x, highest z) offsets."""
        x = z = 0.0
        low, high = [0.0, 0.0], [0.0, 0.0]
        for (dx, dz), count in zip(self.directions, self.steps, strict=True):
            x, z = x + dx * count * STEP, z + dz * count * STEP
            low = [min(low[0], x), min(low[1], z)]
            high = [max(high[0], x), max(high[1], z)]
        return low[0], low[1], high[0], high[1]


def turned(shape: Sequence[Direction], heading: int, mirrored: bool) -> tuple[Direction, ...]:
    """A shape's legs in world directions: its forward axis turned to ``heading`` (0: +x, 1: +z, 2: -x, 3: -z)."""
    forward = ((1, 0), (0, 1), (-1, 0), (0, -1))[heading]
    side = (-forward[1], forward[0])
    if mirrored:
        side = (-side[0], -side[1])
    return tuple((f * forward[0] + s * side[0], f * forward[1] + s * side[1]) for f, s in shape)


def offsets(pattern: Pattern) -> np.ndarray:
    """Where the agent is after each step of the pattern, relative to its start: an ``(n, 2)`` array."""
    out = _out_steps(pattern)
    trip = np.concatenate([out, -out[::-1]])
    return np.cumsum(np.tile(trip, (pattern.repeats, 1)), axis=0)


def covered(pattern: Pattern) -> np.ndarray:
    """Every place the agent stands walking the pattern, relative to its start: the start, then where it is after
    each step of the way out, which the way back and the repeats retrace (a quarter of :func:`offsets`' rows for
    a pattern walked twice)."""
    return np.vstack([np.zeros((1, 2)), np.cumsum(_out_steps(pattern), axis=0)])


def _out_steps(pattern: Pattern) -> np.ndarray:
    return np.repeat(np.array(pattern.directions, dtype=float), pattern.steps, axis=0) * STEP


#: Keyframe positions as two columns, the x and the z of each: a timeline lays a walk on a track many times, and
#: zipping columns with the steps costs half as much as unpacking points.
Walk = tuple[list[float], list[float]]


def positions(start: Point, pattern: Pattern) -> Walk:
    """The keyframe positions of walking ``pattern`` from ``start``, one per step (0.1 mm, never ``-0.0``)."""
    points = np.round(offsets(pattern) + np.asarray(start), DECIMALS) + 0.0
    return points[:, 0].tolist(), points[:, 1].tolist()


def turning_steps(pattern: Pattern) -> list[int]:
    """The indices (into :func:`positions`) where the agent stands at the far end of its last leg."""
    out = sum(pattern.steps)
    return [2 * out * repeat + out - 1 for repeat in range(pattern.repeats)]


def boxes_overlap(points: np.ndarray, half: Point, boxes: np.ndarray) -> np.ndarray:
    """For each of ``points`` (``(n, 2)``), whether a footprint of half extents ``half`` centred there overlaps any
    of ``boxes`` (``(m, 4)``: centre x, centre z, half x, half z). Touching is not overlapping."""
    if len(boxes) == 0:
        return np.zeros(len(points), dtype=bool)
    return np.asarray(overlaps(points, half, boxes).any(axis=1))


def overlaps(points: np.ndarray, half: Point, boxes: np.ndarray) -> np.ndarray:
    """For each of ``points`` (``(n, 2)``) and each of ``boxes`` (``(m, 4)``), whether a footprint of ``half``
    centred on the point overlaps the box: an ``(n, m)`` array."""
    gap_x = np.abs(points[:, None, 0] - boxes[None, :, 0]) - (half[0] + boxes[None, :, 2])
    gap_z = np.abs(points[:, None, 1] - boxes[None, :, 1]) - (half[1] + boxes[None, :, 3])
    return np.asarray((gap_x < -1e-6) & (gap_z < -1e-6))


def inside(points: np.ndarray, half: Point, bound: float) -> bool:
    """Whether every footprint centred on ``points`` stays within ``[-bound, bound]`` along x and z."""
    return bool((np.abs(points[:, 0]) + half[0] <= bound + 1e-9).all()
                and (np.abs(points[:, 1]) + half[1] <= bound + 1e-9).all())


def touching_centre(end: Point, direction: Direction, reach: Point) -> Point:
    """Where an object stands that an agent, arriving at ``end`` along ``direction``, just touches: straight ahead
    along x (along z for a leg along z), level with the agent on the other axis, so the two meet face to face
    whatever the object's shape; the gap (``reach``: the sums of their half extents along x and z) is under
    0.2 mm, never an overlap. The agent's earlier positions on its leg are all farther from it."""
    axis = 0 if direction[0] else 1
    distance = ceil_distance(reach[axis] + 1e-4)
    centre = [end[0], end[1]]
    centre[axis] += direction[axis] * distance
    return rounded(centre[0]), rounded(centre[1])

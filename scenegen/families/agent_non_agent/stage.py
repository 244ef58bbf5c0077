"""Where things stand and how the blob walks in an Agent / Non-Agent scene (``docs/mcs_facts.md`` 20).

Every footprint is an axis-aligned box (x, z centre and half extents); a walk is a
straight line from the blob's start to where it first touches its object, clear of
every other box on the way (a swept-box test against all of them at once). Positions
are drawn on the evaluation scenes' 0.025 m lattice.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.motion import Point, rounded

#: The lattice the evaluation scenes place things on, in metres.
QUANTUM = 0.025
#: Where the blob starts and the paddle turns before their per-trial jitter.
START: Point = (-0.4, -0.225)
PIVOT: Point = (-1.25, -0.9)
#: Where the goal objects may stand (centres): the grid's upper right quadrant, as in every evaluation scene.
OBJECT_X, OBJECT_Z = (0.1, 1.75), (0.0, 1.75)
#: The least gap between the two objects, and between a walk and what it passes, in metres.
OBJECT_GAP = 0.2
PASSING_GAP = 0.05
#: How far short of its object the blob stops: a touch rounding can never turn into an overlap.
CONTACT_GAP = 0.001


@dataclass(frozen=True)
class Boxes:
    """Axis-aligned footprints: centres and half extents, one row each."""

    centres: np.ndarray
    halves: np.ndarray

    @staticmethod
    def of(items: Sequence[tuple[Point, tuple[float, float]]]) -> Boxes:
        """Boxes from (centre, half extents) pairs."""
        if not items:
            return Boxes(np.zeros((0, 2)), np.zeros((0, 2)))
        return Boxes(np.array([c for c, _ in items], dtype=float), np.array([h for _, h in items], dtype=float))

    def __add__(self, other: Boxes) -> Boxes:
        return Boxes(np.vstack([self.centres, other.centres]), np.vstack([self.halves, other.halves]))


def entry(start: Point, end: Point, boxes: Boxes, grow: Sequence[float]) -> np.ndarray:
    """For each box grown by ``grow`` (x, z), the fraction of the way from ``start`` to ``end`` at which a point
    moving along it enters the box; ``inf`` where it never does (within the segment)."""
    if len(boxes.centres) == 0:
        return np.zeros(0)
    origin, delta = np.asarray(start, dtype=float), np.asarray(end, dtype=float) - np.asarray(start, dtype=float)
    low = boxes.centres - boxes.halves - np.asarray(grow) - origin
    high = boxes.centres + boxes.halves + np.asarray(grow) - origin
    with np.errstate(divide="ignore", invalid="ignore"):
        near = np.where(delta != 0, np.minimum(low / delta, high / delta), np.where((low < 0) & (high > 0), -np.inf,
                                                                                   np.inf))
        far = np.where(delta != 0, np.maximum(low / delta, high / delta), np.where((low < 0) & (high > 0), np.inf,
                                                                                  -np.inf))
    enter, leave = near.max(axis=1), far.min(axis=1)
    hits = (enter <= leave) & (leave >= 0) & (enter <= 1)
    return np.where(hits, np.maximum(enter, 0.0), np.inf)


def contact(start: Point, target: Point, reach: tuple[float, float]) -> Point:
    """Where a blob walking straight from ``start`` toward ``target`` stops touching it; ``reach``: the two
    footprints' half extents added, per axis."""
    length = math.dist(start, target)
    box = Boxes(np.array([target]), np.array([reach]))
    fraction = float(entry(start, target, box, (0.0, 0.0))[0]) - CONTACT_GAP / length
    return (rounded(start[0] + (target[0] - start[0]) * fraction),
            rounded(start[1] + (target[1] - start[1]) * fraction))


def clear(start: Point, stop: Point, half: tuple[float, float], obstacles: Boxes) -> bool:
    """Whether a blob of ``half`` extents walking from ``start`` to ``stop`` keeps ``PASSING_GAP`` from every
    obstacle."""
    grow = (half[0] + PASSING_GAP, half[1] + PASSING_GAP)
    return bool(np.all(np.isinf(entry(start, stop, obstacles, grow))))


def on_lattice(value: float) -> float:
    """``value`` on the evaluation scenes' 0.025 m lattice."""
    return rounded(round(value / QUANTUM) * QUANTUM)


def jittered(point: Point, jitter: float, rng: np.random.Generator) -> Point:
    """``point`` moved up to ``jitter`` along x and along z, on the lattice."""
    dx, dz = rng.uniform(-jitter, jitter, 2)
    return on_lattice(point[0] + dx), on_lattice(point[1] + dz)


def object_places(rng: np.random.Generator, halves: tuple[tuple[float, float], tuple[float, float]]
                  ) -> tuple[Point, Point] | None:
    """Two places in the objects' quadrant whose footprints keep ``OBJECT_GAP`` apart; None if a draw does not."""
    (x1, z1), (x2, z2) = (tuple(on_lattice(v) for v in (rng.uniform(*OBJECT_X), rng.uniform(*OBJECT_Z)))
                          for _ in range(2))
    apart = max(abs(x1 - x2) - halves[0][0] - halves[1][0], abs(z1 - z2) - halves[0][1] - halves[1][1])
    return ((x1, z1), (x2, z2)) if apart >= OBJECT_GAP else None

"""Where things stand and how the blob walks in an Agent / Non-Agent scene (``docs/mcs_facts.md``, "Agent / Non-Agent").

Every footprint is an axis-aligned box (x, z centre and half extents); a walk is a
straight line from the blob's start to where it first touches its object, clear of
every other box on the way (a swept-box test against all of them at once). Positions
are drawn on the evaluation scenes' 0.025 m lattice.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from scenegen.mcs.gridworld.layout import CELL
from scenegen.mcs.gridworld.motion import Point, rounded

#: The grid's cells a side, and how far its inner walls stand from its centre, in metres.
GRID_SIZE = 8
GRID_HALF = GRID_SIZE * CELL / 2
#: The lattice the evaluation scenes place things on, in metres.
QUANTUM = 0.025
#: Where the blob starts before its per-trial jitter.
START: Point = (-0.4, -0.225)
#: Where the paddle's pivot may stand, drawn afresh every trial (the evaluation scenes' pivots: x -1.45 to -1.125,
#: z -1.1 to 0.05), and how much wider than touching the blob the disc its corners sweep must stay.
PIVOT_X, PIVOT_Z = (-1.45, -1.125), (-1.1, 0.05)
PADDLE_CLEARANCE = 0.1
#: Where the goal objects may stand (centres): the grid's upper right quadrant, as in every evaluation scene.
OBJECT_X, OBJECT_Z = (0.1, 1.75), (0.0, 1.75)
#: The least distance from the blob's start (before its jitter) to an object's centre: every evaluation scene's
#: objects stand 1.6 m or more away, so that each walk crosses the grid.
REACH_MIN = 1.6
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


def entry(starts: np.ndarray, ends: np.ndarray, boxes: Boxes, grow: Sequence[float]) -> np.ndarray:
    """For each walk (rows of ``starts`` to ``ends``) and each box grown by ``grow`` (x, z), the fraction of the
    way at which a point moving along the walk enters the box; ``inf`` where it never does (within the walk)."""
    origin, delta = starts[:, None, :], (ends - starts)[:, None, :]
    low = boxes.centres - boxes.halves - np.asarray(grow) - origin
    high = boxes.centres + boxes.halves + np.asarray(grow) - origin
    inside = (low < 0) & (high > 0)
    moving = delta != 0
    with np.errstate(divide="ignore", invalid="ignore"):
        near = np.where(moving, np.minimum(low / delta, high / delta), np.where(inside, -np.inf, np.inf))
        far = np.where(moving, np.maximum(low / delta, high / delta), np.where(inside, np.inf, -np.inf))
    enter, leave = near.max(axis=2), far.min(axis=2)
    hits = (enter <= leave) & (leave >= 0) & (enter <= 1)
    return np.where(hits, np.maximum(enter, 0.0), np.inf)


def contact(start: Point, target: Point, reach: tuple[float, float]) -> Point:
    """Where a blob walking straight from ``start`` toward ``target`` stops touching it; ``reach``: the two
    footprints' half extents added, per axis. (One box: the slab test in plain arithmetic, faster than
    :func:`entry` for it.)"""
    dx, dz = target[0] - start[0], target[1] - start[1]
    # The blob enters the box once it is within reach along both axes: the later of the two crossings.
    crossings = [1.0 - limit / abs(delta) for delta, limit in ((dx, reach[0]), (dz, reach[1])) if delta]
    fraction = max(crossings) - CONTACT_GAP / math.hypot(dx, dz)
    return rounded(start[0] + dx * fraction), rounded(start[1] + dz * fraction)


def clear(start: Point, stops: Sequence[Point], half: tuple[float, float], obstacles: Boxes,
          allowed: np.ndarray) -> bool:
    """Whether a blob of ``half`` extents walking from ``start`` to each of ``stops`` keeps ``PASSING_GAP`` from
    every obstacle but those ``allowed`` (a walks x obstacles mask: the object each walk heads for)."""
    grow = (half[0] + PASSING_GAP, half[1] + PASSING_GAP)
    entered = entry(np.array([start] * len(stops), dtype=float), np.array(stops, dtype=float), obstacles, grow)
    return bool(np.all(np.isinf(entered) | allowed))


def out_of_reach(pivot: Point, start: Point, stops: Sequence[Point], half: tuple[float, float], reach: float) -> bool:
    """Whether a paddle turning about ``pivot`` with corners ``reach`` from it stays ``PADDLE_CLEARANCE`` away from a
    blob of ``half`` extents on every walk from ``start`` to one of ``stops`` (its box by its circumscribed disc)."""
    corner = math.hypot(*half)
    for stop in stops:
        dx, dz = stop[0] - start[0], stop[1] - start[1]
        along = ((pivot[0] - start[0]) * dx + (pivot[1] - start[1]) * dz) / max(dx * dx + dz * dz, 1e-12)
        nearest = start[0] + dx * min(max(along, 0.0), 1.0), start[1] + dz * min(max(along, 0.0), 1.0)
        if math.dist(pivot, nearest) < reach + corner + PADDLE_CLEARANCE:
            return False
    return True


def straight_walk(start: Point, stop: Point, speed: float) -> list[Point]:
    """Positions after each step of walking straight from ``start`` to ``stop`` at ``speed`` m/step, the last at
    ``stop`` (as :func:`scenegen.mcs.gridworld.motion.walk` walks a one-leg path, at once for every step)."""
    length = math.dist(start, stop)
    if length == 0.0:
        return []
    steps = np.arange(1, math.ceil(length / speed - 1e-9 / speed)) * speed
    unit = (np.asarray(stop) - np.asarray(start)) / length
    points = np.round(np.asarray(start) + steps[:, None] * unit, 4) + 0.0
    return [*map(tuple, points.tolist()), (rounded(stop[0]), rounded(stop[1]))]


def on_lattice(value: float) -> float:
    """``value`` on the evaluation scenes' 0.025 m lattice."""
    return rounded(round(value / QUANTUM) * QUANTUM)


def jittered(point: Point, jitter: float, rng: np.random.Generator) -> Point:
    """``point`` moved up to ``jitter`` along x and along z, on the lattice."""
    dx, dz = rng.uniform(-jitter, jitter, 2)
    return on_lattice(point[0] + dx), on_lattice(point[1] + dz)


def object_places(rng: np.random.Generator, halves: tuple[tuple[float, float], tuple[float, float]],
                  draws: int) -> Iterator[tuple[Point, Point]]:
    """Of ``draws`` drawn pairs of places in the objects' quadrant (on the lattice), those ``REACH_MIN`` or more
    from the start whose footprints keep ``OBJECT_GAP`` apart (drawn at once: most draws fall short)."""
    low, high = (OBJECT_X[0], OBJECT_Z[0]), (OBJECT_X[1], OBJECT_Z[1])
    places = np.round(rng.uniform(low, high, (draws, 2, 2)) / QUANTUM) * QUANTUM
    far = (np.hypot(*(places - np.asarray(START)).transpose(2, 0, 1)) >= REACH_MIN).all(axis=1)
    spread = np.abs(places[:, 0] - places[:, 1]) - np.asarray(halves).sum(axis=0)
    kept = places[far & (spread.max(axis=1) >= OBJECT_GAP)]
    for (ax, az), (bx, bz) in kept.tolist():
        yield (rounded(ax), rounded(az)), (rounded(bx), rounded(bz))

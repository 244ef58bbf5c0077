"""Samplers: draw ``count`` candidate poses (centre x/z, rotation y) from a generator.

All randomness comes from the ``numpy.random.Generator`` passed in, so the same
generator state always yields the same candidates.

Rotation spec shared by every sampler: a number = that fixed rotation; a sequence
= one of its values, uniformly; ``None`` = uniform in [0, 360) degrees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

Rotation = float | Sequence[float] | None


@dataclass(frozen=True)
class Poses:
    """``M`` candidate poses: ``centre`` (M, 2) world x/z, ``angle`` (M,) degrees."""

    centre: np.ndarray
    angle: np.ndarray


class Sampler(Protocol):
    """Anything that draws candidate poses."""

    def __call__(self, rng: np.random.Generator, count: int) -> Poses: ...


def draw_rotations(rng: np.random.Generator, count: int, rotation: Rotation) -> np.ndarray:
    """``count`` rotations in degrees following the rotation spec (module docstring)."""
    if rotation is None:
        return rng.uniform(0.0, 360.0, count)
    values = np.asarray(rotation, dtype=float)
    if values.ndim:
        return rng.choice(values, count)
    return np.full(count, float(values))


@dataclass(frozen=True)
class InRect:
    """Centres uniform in the axis-aligned rectangle ``low`` = (xmin, zmin) .. ``high`` = (xmax, zmax)."""

    low: tuple[float, float]
    high: tuple[float, float]
    rotation: Rotation = 0.0
    _low: np.ndarray = field(init=False, repr=False, compare=False)
    _span: np.ndarray = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # As arrays once: Generator.uniform with sequence bounds costs ten times a plain draw.
        low = np.asarray(self.low, dtype=float)
        object.__setattr__(self, "_low", low)
        object.__setattr__(self, "_span", np.asarray(self.high, dtype=float) - low)

    def __call__(self, rng: np.random.Generator, count: int) -> Poses:
        # The same numbers Generator.uniform(low, high, (count, 2)) draws.
        centre = self._low + self._span * rng.random((count, 2))
        return Poses(centre, draw_rotations(rng, count, self.rotation))


@dataclass(frozen=True)
class OnSegment:
    """Centres uniform on the segment ``start`` .. ``end`` (e.g. containers in a row)."""

    start: tuple[float, float]
    end: tuple[float, float]
    rotation: Rotation = 0.0

    def __call__(self, rng: np.random.Generator, count: int) -> Poses:
        start = np.asarray(self.start, dtype=float)
        along = rng.uniform(0.0, 1.0, (count, 1))
        centre = start + along * (np.asarray(self.end, dtype=float) - start)
        return Poses(centre, draw_rotations(rng, count, self.rotation))


@dataclass(frozen=True)
class OnRing:
    """Centres uniform on the circle of ``radius`` around ``centre`` (e.g. around a turntable)."""

    centre: tuple[float, float]
    radius: float
    rotation: Rotation = 0.0

    def __call__(self, rng: np.random.Generator, count: int) -> Poses:
        bearing = rng.uniform(0.0, 2 * np.pi, count)
        offset = self.radius * np.stack([np.sin(bearing), np.cos(bearing)], axis=1)
        return Poses(np.asarray(self.centre, dtype=float) + offset, draw_rotations(rng, count, self.rotation))


@dataclass(frozen=True)
class AmongPoints:
    """Centres chosen uniformly among fixed slots ``points`` (N, 2) (e.g. the shell-game grid)."""

    points: Sequence[tuple[float, float]]
    rotation: Rotation = 0.0

    def __call__(self, rng: np.random.Generator, count: int) -> Poses:
        slots = np.asarray(self.points, dtype=float).reshape(-1, 2)
        return Poses(slots[rng.integers(len(slots), size=count)], draw_rotations(rng, count, self.rotation))

"""Cheap random draws for the per-record path of the record families (CAIP, builder).

A record makes a few dozen small choices. Asking ``numpy.random.Generator`` for
each one costs about a microsecond a call, more than the rest of the work; so a
record pulls uniforms from its generator in blocks and spends them one by one.
Everything still comes from the generator the pipeline hands over, so a
(config, seed, index) triple always gives the same record.

Config parameters are compiled with :func:`scenegen.values.compile_value` (which
checks them and reports :class:`~scenegen.errors.ConfigError`); :func:`sampler`
turns the compiled value into a function of a :class:`Draws`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

from .values import Choice, Constant, FloatRange, IntRange, Value

T = TypeVar("T")
_BLOCK = 48


class Draws:
    """Uniform numbers in [0, 1) taken from one generator, a block at a time."""

    __slots__ = ("_block", "_next", "_rng")

    def __init__(self, rng: np.random.Generator) -> None:
        self._rng = rng
        self._block: list[float] = rng.random(_BLOCK).tolist()
        self._next = 0

    def uniform(self) -> float:
        i = self._next
        if i == _BLOCK:
            i = self._refill()
        self._next = i + 1
        return self._block[i]

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        i = self._next
        if i == _BLOCK:
            i = self._refill()
        self._next = i + 1
        return items[int(self._block[i] * len(items))]

    def below(self, n: int) -> int:
        """An integer in ``range(n)``, uniformly."""
        i = self._next
        if i == _BLOCK:
            i = self._refill()
        self._next = i + 1
        return int(self._block[i] * n)

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        i = self._next
        if i == _BLOCK:
            i = self._refill()
        self._next = i + 1
        return self._block[i] < p

    def _refill(self) -> int:
        self._block = self._rng.random(_BLOCK).tolist()
        return 0


Sampler = Callable[[Draws], Any]


def sampler(value: Value) -> Sampler:
    """A function of :class:`Draws` that samples what ``value`` describes."""
    if isinstance(value, Constant):
        constant = value.value
        return lambda draws: constant
    if isinstance(value, Choice):
        choices = value.choices
        if value.cumulative is None:
            return lambda draws: draws.pick(choices)
        # bisecting all but the last bound lands on an index below len(choices) even if rounding hits the total
        bounds, total = value.cumulative[:-1], value.cumulative[-1]
        return lambda draws: choices[bisect.bisect_right(bounds, draws.uniform() * total)]
    if isinstance(value, IntRange):
        low, width = value.low, value.high - value.low + 1
        return lambda draws: low + draws.below(width)
    if isinstance(value, FloatRange):
        start, span = value.low, value.high - value.low
        return lambda draws: start + span * draws.uniform()
    raise TypeError(f"no sampler for {type(value).__name__}")


def share(value: Value) -> Callable[[Draws], bool]:
    """A coin that comes up with the probability ``value`` gives (drawn afresh each time)."""
    if isinstance(value, Constant):
        p = float(value.value)
        return lambda draws: draws.uniform() < p
    draw_p = sampler(value)
    return lambda draws: draws.uniform() < draw_p(draws)


def scaled_share(value: Value) -> Callable[[Draws, float], bool]:
    """A coin like :func:`share`'s whose probability is scaled by a factor given with each toss (capped at 1)."""
    if isinstance(value, Constant):
        p = float(value.value)
        return lambda draws, factor: draws.uniform() < p * factor
    draw_p = sampler(value)
    return lambda draws, factor: draws.uniform() < draw_p(draws) * factor


def weighted_index(weights: Sequence[float]) -> Callable[[Draws], int]:
    """An index into ``weights`` drawn in proportion to them (for data-file weights)."""
    if len(weights) == 1:
        return lambda draws: 0
    cumulative: list[float] = []
    total = 0.0
    for weight in weights:
        total += weight
        cumulative.append(total)
    bounds = cumulative[:-1]
    return lambda draws: bisect.bisect_right(bounds, draws.uniform() * total)

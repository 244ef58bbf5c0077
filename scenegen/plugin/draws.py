"""Cheap random draws for the per-record path of the record families (CAIP, builder).

A record makes a few dozen small choices. Asking ``numpy.random.Generator`` for
each one costs about a microsecond a call, more than the rest of the work; so a
record pulls uniforms from its generator in blocks and spends them one by one.
Everything still comes from the generator the pipeline hands over, so a
(config, seed, index) triple always gives the same record.

Config parameters are compiled with :func:`scenegen.plugin.values.compile_value` (which
checks them and reports :class:`~scenegen.errors.ConfigError`); :func:`sampler`
turns the compiled value into a function of a :class:`Draws`.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Sequence
from functools import partial
from itertools import chain
from typing import Any, TypeVar

import numpy as np

from scenegen.plugin.values import Choice, Constant, FloatRange, IntRange, Value

T = TypeVar("T")
#: Uniforms taken from the generator at a time: a record draws a few dozen, so most take one block.
BLOCK = 64


class Draws:
    """Uniform numbers in [0, 1) taken from one generator, a block at a time, in order.

    The blocks are chained into one iterator whose ``__next__`` is C: a draw runs
    no Python frame of its own for the cursor (a dialogue of the builder family
    was a tenth faster than with a cursor kept in Python).
    """

    __slots__ = ("uniform",)
    #: The next uniform in [0, 1).
    uniform: Callable[[], float]

    def __init__(self, rng: np.random.Generator) -> None:
        self.uniform = chain.from_iterable(iter(partial(_block, rng), None)).__next__

    def pick(self, items: Sequence[T]) -> T:
        """One of ``items``, uniformly."""
        return items[int(self.uniform() * len(items))]

    def below(self, n: int) -> int:
        """An integer in ``range(n)``, uniformly."""
        return int(self.uniform() * n)

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return self.uniform() < p


def _block(rng: np.random.Generator) -> list[float]:
    """The generator's next :data:`BLOCK` uniforms."""
    block: list[float] = rng.random(BLOCK).tolist()
    return block


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

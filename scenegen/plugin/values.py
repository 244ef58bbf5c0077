"""The value grammar every numeric or categorical config parameter uses.

A parameter is written as one of:

=================================  ==============================================
``0.75`` or ``none``               a constant
``[0.5, 0.75, 1.0]``               a list: one element, uniformly
``{min: 4, max: 8}``               a range: uniform between the bounds, inclusive;
                                   integers for an integer parameter, reals otherwise
``{choices: [a, b], weights: [3, 1]}``  a weighted choice (weights optional,
                                   0 to :data:`MAX_WEIGHT`, one per choice, not all zero)
=================================  ==============================================

The JSON Schemas check the shape and each element's type and range;
:func:`compile_value` checks what a schema cannot (``min <= max``, weights that
match their choices) and returns a sampler. Samplers return plain Python values,
so what they draw can go straight into a manifest.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import numpy as np

from scenegen.errors import ConfigError

#: Largest weight of a weighted choice: weights are relative, and a bound keeps their sum finite.
MAX_WEIGHT = 1_000_000


class Value:
    """A compiled parameter: ``at(unit)`` maps a uniform number to a value; ``sample(rng)`` draws one."""

    #: Uniform numbers a draw takes from the generator.
    draws = 1

    def at(self, unit: float) -> Any:
        """The value a uniform number ``unit`` in [0, 1) maps to."""
        raise NotImplementedError

    def sample(self, rng: np.random.Generator) -> Any:
        return self.at(rng.random())

    def support(self) -> tuple[Any, ...]:
        """Every value a discrete parameter can take (ranges return their bounds)."""
        raise NotImplementedError


def grammar_schema(element: Mapping[str, Any], bounds: Mapping[str, Any] | None) -> dict[str, Any]:
    """The JSON Schema of a parameter in the value grammar whose values match ``element``: a constant,
    a list, a range whose ends match ``bounds`` (left out when None) or a weighted choice."""
    branches: list[dict[str, Any]] = [dict(element), {"type": "array", "minItems": 1, "items": element}]
    if bounds is not None:
        branches.append({"type": "object", "required": ["min", "max"], "additionalProperties": False,
                         "properties": {"min": bounds, "max": bounds}})
    weights = {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": MAX_WEIGHT}}
    branches.append({"type": "object", "required": ["choices"], "additionalProperties": False,
                     "properties": {"choices": {"type": "array", "minItems": 1, "items": element},
                                    "weights": weights}})
    return {"anyOf": branches}


def below(rng: np.random.Generator, count: int) -> int:
    """A uniform integer in ``[0, count)``: a scaled double, a quarter of ``Generator.integers``'
    cost for one number (which matters at a dozen draws per sample); the bias is below 2**-50."""
    return int(rng.random() * count)


@dataclass(frozen=True)
class Constant(Value):
    value: Any
    draws = 0

    def at(self, unit: float) -> Any:
        return self.value

    def sample(self, rng: np.random.Generator) -> Any:
        return self.value

    def support(self) -> tuple[Any, ...]:
        return (self.value,)


@dataclass(frozen=True)
class Choice(Value):
    choices: tuple[Any, ...]
    cumulative: tuple[float, ...] | None = None  # None: uniform

    def at(self, unit: float) -> Any:
        if self.cumulative is None:
            return self.choices[int(unit * len(self.choices))]
        return self.choices[bisect.bisect_right(self.cumulative, unit * self.cumulative[-1])]

    def support(self) -> tuple[Any, ...]:
        if self.cumulative is None:
            return self.choices
        weights = np.diff((0.0, *self.cumulative))
        return tuple(c for c, w in zip(self.choices, weights, strict=True) if w > 0)


@dataclass(frozen=True)
class IntRange(Value):
    low: int
    high: int

    def at(self, unit: float) -> int:
        return self.low + int(unit * (self.high - self.low + 1))

    def support(self) -> tuple[Any, ...]:
        return tuple(range(self.low, self.high + 1))


@dataclass(frozen=True)
class FloatRange(Value):
    low: float
    high: float

    def at(self, unit: float) -> float:
        return float(self.low + (self.high - self.low) * unit)

    def support(self) -> tuple[Any, ...]:
        return (self.low, self.high)


def compile_value(spec: Any, path: str, kind: type = object) -> Value:
    """Compile a parameter written in the value grammar.

    ``kind`` is ``int`` or ``float`` for numeric parameters (it decides whether a
    range draws integers) and ``object`` for categorical ones. ``path`` names the
    parameter in error messages, e.g. ``lava.near_depth``.
    """
    if isinstance(spec, Mapping):
        if "min" in spec:
            return _compile_range(spec, path, kind)
        if "choices" in spec:
            return _compile_weighted(spec, path, kind)
        raise ConfigError(path, f"{dict(spec)!r} is neither a range {{min, max}} nor {{choices, weights}}")
    if isinstance(spec, Sequence) and not isinstance(spec, str):
        if not spec:
            raise ConfigError(path, "an empty list offers nothing to choose from")
        return Choice(tuple(_cast(item, path, kind) for item in spec))
    return Constant(_cast(spec, path, kind))


def _compile_range(spec: Mapping[str, Any], path: str, kind: type) -> Value:
    low, high = spec["min"], spec.get("max")
    if high is None:
        raise ConfigError(path, "a range needs both min and max")
    if kind is object:
        raise ConfigError(path, "a range {min, max} needs a numeric parameter")
    low, high = _cast(low, f"{path}.min", kind), _cast(high, f"{path}.max", kind)
    if low > high:
        raise ConfigError(path, f"min {low} is greater than max {high}")
    return IntRange(low, high) if kind is int else FloatRange(low, high)


def _compile_weighted(spec: Mapping[str, Any], path: str, kind: type) -> Value:
    choices = spec["choices"]
    if not isinstance(choices, Sequence) or isinstance(choices, str) or not choices:
        raise ConfigError(f"{path}.choices", "must be a non-empty list")
    items = tuple(_cast(item, f"{path}.choices", kind) for item in choices)
    weights = spec.get("weights")
    if weights is None:
        return Choice(items)
    if len(weights) != len(items):
        raise ConfigError(
            f"{path}.weights", f"{len(weights)} weights for {len(items)} choices; give one weight per choice"
        )
    if any(not isinstance(w, (int, float)) or isinstance(w, bool) or not 0 <= w <= MAX_WEIGHT for w in weights):
        raise ConfigError(f"{path}.weights", f"{list(weights)!r}: weights must be numbers from 0 to {MAX_WEIGHT:,}")
    largest = max(weights)
    if largest <= 0:
        raise ConfigError(f"{path}.weights", "at least one weight must be positive")
    # Weights are relative, so each is divided by the largest: their running sums are then ordinary floats, the
    # total at least 1, and a uniform draw in [0, 1) scaled by the total stays below it, on a positive weight.
    # Summed as written, subnormal weights (5e-324) lose their precision: the scaled draw could round up to the
    # total and fall past the last choice, or onto one of weight 0. A weight too small beside the largest to be a
    # float at all becomes 0, which changes nothing: a draw of 53 bits could never have picked it.
    return Choice(items, tuple(accumulate(weight / largest for weight in weights)))


def _cast(value: Any, path: str, kind: type) -> Any:
    if kind is object:
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ConfigError(path, f"{value!r} is not a number")
    if kind is int:
        if value != int(value):
            raise ConfigError(path, f"{value!r} is not a whole number")
        return int(value)
    return float(value)



#: Decimals kept of a value drawn from a continuous range (a tenth of a millimetre for positions).
DECIMALS = 4


class Parameters:
    """A family's parameters for one run, compiled in draw order (``{dotted path: sampler}``, see
    :meth:`scenegen.plugin.params.Declaration.draw_table`). :meth:`draw` draws them all for one sample."""

    def __init__(self, values: Mapping[str, Value]) -> None:
        self.values: dict[str, Value] = dict(values)
        self._continuous = [path for path, value in self.values.items() if isinstance(value, FloatRange)]
        # Each parameter's place among the uniform numbers of a draw; constants take none and read a spare.
        *places, self._draws = accumulate((value.draws for value in self.values.values()), initial=0)
        self._slots = [(path, value, place if value.draws else -1)
                       for (path, value), place in zip(self.values.items(), places, strict=True)]

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        """One value for every parameter, in table order; values from a range keep :data:`DECIMALS` decimals.

        The uniform numbers come from one call, the same numbers as one ``sample`` per parameter would take.
        """
        units = rng.random(self._draws).tolist()
        units.append(0.0)
        drawn = {path: value.at(units[place]) for path, value, place in self._slots}
        for path in self._continuous:
            drawn[path] = round(drawn[path], DECIMALS)
        return drawn

    def support(self, path: str) -> tuple[Any, ...]:
        return self.values[path].support()

    def low(self, path: str) -> Any:
        """The smallest value the parameter can take (for feasibility checks)."""
        return min(self.values[path].support())

    def high(self, path: str) -> Any:
        """The largest value the parameter can take (for feasibility checks)."""
        return max(self.values[path].support())


def lookup(config: Mapping[str, Any], path: str) -> Any:
    """The value at a dotted path of a nested config, e.g. ``containers.count``."""
    value: Any = config
    for key in path.split("."):
        value = value[key]
    return value

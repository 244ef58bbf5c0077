"""Does a parameter's observed distribution match what its config asked for?

Each declared parameter's requested distribution comes from its compiled value
(:mod:`scenegen.plugin.values`): a constant, a uniform or weighted choice, a uniform
integer range, or a uniform real range. The observed values are counted into
cells (each value, or for a wide range 20 equal bins) and compared with
Pearson's chi-square test; a parameter whose p-value is below
:data:`THRESHOLD` is flagged. A family that redraws infeasible samples skews a
parameter on purpose, and the flag says so.
"""

from __future__ import annotations

from typing import Any

from scenegen.inspect.stats.fields import is_number, value_text
from scenegen.plugin.values import Choice, Constant, FloatRange, IntRange, Value

#: p-value below which an observed distribution is flagged as far from the requested one.
THRESHOLD = 0.001
#: Equal-width cells of a real range, or of an integer range wider than this.
BINS = 20
#: The chi-square test is only run when every cell expects at least this many values.
MIN_EXPECTED = 5


class Fit:
    """The observed values of one parameter, counted into the cells of its requested distribution."""

    def __init__(self, value: Value) -> None:
        self.value = value
        self.binned = _binned(value)
        shares = _bin_shares(value) if self.binned else _value_shares(value)
        self.cells = list(shares)
        self.probabilities = list(shares.values())
        self._cell_of = {cell: number for number, cell in enumerate(self.cells)}
        self.observed = [0] * len(self.cells)
        self.outside = 0  # values the config cannot draw
        self.total = 0

    def add(self, drawn: Any) -> None:
        self.total += 1
        cell = self._cell(drawn)
        if cell is None:
            self.outside += 1
        else:
            self.observed[cell] += 1

    def histogram(self) -> list[dict[str, Any]]:
        """Each cell's name, observed and expected count."""
        return [{"cell": _name(cell), "observed": seen, "expected": round(share * self.total, 2)}
                for cell, seen, share in zip(self.cells, self.observed, self.probabilities, strict=True)]

    def test(self) -> dict[str, Any]:
        """The chi-square test of the observed counts against the requested distribution."""
        if self.outside:
            return {"test": "values the config cannot draw", "outside": self.outside, "p": 0.0, "flagged": True}
        expected = [share * self.total for share in self.probabilities]
        if len(expected) < 2:
            return {"test": "none (a constant)", "p": 1.0, "flagged": False}
        if min(expected) < MIN_EXPECTED:
            return {"test": f"none (fewer than {MIN_EXPECTED} expected in a cell)", "p": None, "flagged": False}
        from scipy.special import chdtrc  # the chi-square survival function; only `stats` needs scipy

        statistic = sum((seen - wanted) ** 2 / wanted for seen, wanted in zip(self.observed, expected, strict=True))
        p = float(chdtrc(len(expected) - 1, statistic))
        return {"test": "chi-square", "statistic": round(statistic, 3), "dof": len(expected) - 1, "p": p,
                "flagged": p < THRESHOLD}

    def _cell(self, drawn: Any) -> int | None:
        if self.binned:
            value = self.value
            assert isinstance(value, FloatRange | IntRange)
            if not is_number(drawn) or not value.low <= drawn <= value.high:
                return None
            return _bin(drawn, value)
        try:
            return self._cell_of.get(drawn)
        except TypeError:  # an unhashable value: not one the config can draw
            return None


def requested(value: Value) -> str:
    """What the config asked for, in words."""
    if isinstance(value, Constant):
        return f"always {value.value!r}"
    if isinstance(value, IntRange):
        return f"uniform integers {value.low} to {value.high}"
    if isinstance(value, FloatRange):
        return f"uniform from {value.low:g} to {value.high:g}"
    assert isinstance(value, Choice)
    return "one of " + ", ".join(f"{choice!r} {share:.0%}" for choice, share in _value_shares(value).items())


def _binned(value: Value) -> bool:
    """Whether a parameter's cells are equal-width bins: a real range, or an integer range of many values."""
    if isinstance(value, FloatRange):
        return value.high > value.low
    return isinstance(value, IntRange) and value.high - value.low + 1 > BINS


def _bin(number: float, value: FloatRange | IntRange) -> int:
    return min(BINS - 1, int((number - value.low) / (value.high - value.low) * BINS))


def _bin_shares(value: Value) -> dict[Any, float]:
    """The bins of a range, as (low, high) pairs, each with its share of the draws."""
    assert isinstance(value, FloatRange | IntRange)
    width = (value.high - value.low) / BINS
    bins = [(value.low + k * width, value.low + (k + 1) * width) for k in range(BINS)]
    if isinstance(value, FloatRange):
        return dict.fromkeys(bins, 1 / BINS)
    counts = [0] * BINS  # integers fall unevenly into equal-width bins: share by how many each holds
    for number in range(value.low, value.high + 1):
        counts[_bin(number, value)] += 1
    return {cell: count / sum(counts) for cell, count in zip(bins, counts, strict=True)}


def _value_shares(value: Value) -> dict[Any, float]:
    """Each value a parameter can take, with its share of the draws (a choice listed twice gets both shares)."""
    if isinstance(value, Choice):
        weights = ([1.0] * len(value.choices) if value.cumulative is None else
                   [high - low for low, high in zip((0.0, *value.cumulative), value.cumulative, strict=False)])
        shares: dict[Any, float] = {}
        for choice, weight in zip(value.choices, weights, strict=True):
            shares[choice] = shares.get(choice, 0.0) + weight / sum(weights)
        return {choice: share for choice, share in shares.items() if share > 0}
    support = value.support()
    return dict.fromkeys(support, 1 / len(support))


def _name(cell: Any) -> str:
    if isinstance(cell, tuple):
        return f"{cell[0]:g} to {cell[1]:g}"
    return value_text(cell)

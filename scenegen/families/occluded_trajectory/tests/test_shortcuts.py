"""The training templates give the side away through no parameter alone: for each drawn parameter (a number cut into
five bins of its range), the most common side in each bin is right far less often than the replayed path is; the
sides and the crossings come about equally often. The probe of ``scenegen stats`` (``tests/test_probe.py``) reads
the side off the launch's place and turn together (with the resting ball's place, in Collision): the task itself."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np
import pytest

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import load_family

SAMPLES = 600
#: The most often one parameter's bins may predict the side.
MOST = 0.85
TEMPLATES = ("occluded_trajectory.yaml", "collision.yaml")


@cache
def samples(template: str) -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    _, family = load_family(template)
    return [(sample.params, sample.truth) for sample, _ in Pipeline(family, 0, "x_").produce_many(range(SAMPLES))]


def _binned(values: list[Any]) -> list[Any]:
    """A numeric parameter as five bins of its drawn range; anything else as it is."""
    if not all(isinstance(value, int | float) and not isinstance(value, bool) for value in values):
        return values
    edges = np.linspace(min(values), max(values), 6)[1:-1]
    return list(np.digitize(values, edges))


def predicted_share(template: str, key: str) -> float:
    """How often the most common side of each of the parameter's bins is the sample's side."""
    bins = _binned([params[key] for params, _ in samples(template)])
    sides = [truth["side"] for _, truth in samples(template)]
    by_bin: dict[Any, Counter[str]] = {}
    for place, side in zip(bins, sides, strict=True):
        by_bin.setdefault(place, Counter())[side] += 1
    return sum(counts.most_common(1)[0][1] for counts in by_bin.values()) / len(sides)


@pytest.mark.parametrize("template", TEMPLATES)
def test_no_parameter_alone_gives_the_side_away(template: str) -> None:
    shares = {key: predicted_share(template, key) for key in samples(template)[0][0]}
    assert max(shares.values()) < MOST, sorted(shares.items(), key=lambda item: -item[1])[:3]


@pytest.mark.parametrize("template", TEMPLATES)
def test_both_sides_and_both_ways_come_about(template: str) -> None:
    truths = [truth for _, truth in samples(template)]
    assert abs(sum(truth["side"] == "left" for truth in truths) / SAMPLES - 0.5) < 0.08
    assert 0.15 < sum(truth["crosses"] for truth in truths) / SAMPLES < 0.85

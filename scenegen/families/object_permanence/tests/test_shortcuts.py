"""The training template gives the side away through no one parameter: the ball ends on the left as often whichever
wall throws it and however hard, each alone; only the two together (the throw the agent watches) decide it."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

import numpy as np

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import load_family

SAMPLES = 600
#: The most a parameter's values may shift the share of balls ending on the left.
MOST = 0.2


@cache
def samples() -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    _, family = load_family("object_permanence.yaml")
    return [(sample.params, sample.truth) for sample, _ in Pipeline(family, 0, "x_").produce_many(range(SAMPLES))]


def _left_share(rows: list[tuple[Mapping[str, Any], Mapping[str, Any]]]) -> float:
    return sum(truth["side"] == "left" for _, truth in rows) / len(rows)


def test_the_sides_are_balanced() -> None:
    assert abs(_left_share(samples()) - 0.5) < 0.07
    assert abs(sum(truth["crosses"] for _, truth in samples()) / SAMPLES - 0.5) < 0.15


def test_the_throwing_wall_alone_does_not_give_the_side_away() -> None:
    for wall in ("left", "right"):
        rows = [row for row in samples() if row[0]["launch.side"] == wall]
        assert abs(_left_share(rows) - 0.5) < MOST, wall


def test_the_impulse_alone_does_not_give_the_side_away() -> None:
    impulses = np.array([params["launch.impulse"] for params, _ in samples()])
    for low, high in ((0, np.median(impulses)), (np.median(impulses), np.inf)):
        rows = [row for row, impulse in zip(samples(), impulses, strict=True) if low <= impulse < high]
        assert abs(_left_share(rows) - 0.5) < MOST, (low, high)


def test_every_other_parameter_leaves_the_side_balanced() -> None:
    for key in samples()[0][0]:
        if key in ("launch.side", "launch.impulse"):
            continue
        values = [params[key] for params, _ in samples()]
        if len(set(values)) < 2:
            continue
        cut = sorted(values)[len(values) // 2] if not isinstance(values[0], str) else values[0]
        below = [row for row, v in zip(samples(), values, strict=True) if (v < cut if not isinstance(v, str)
                                                                            else v == cut)]
        if len(below) > 50:
            assert abs(_left_share(below) - 0.5) < MOST, key

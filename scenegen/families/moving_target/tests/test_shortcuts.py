"""The training template gives no label away through one parameter: where the ball passes nearest the performer and
how many steps after its launch it gets there are each explained by no parameter alone (the launch's place, turn
and speed together decide them). The probe of ``scenegen stats`` fits classes; these labels are numbers, so a
linear fit on each parameter stands in for it here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import numpy as np
import pytest

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import load_family

SAMPLES = 600
#: The most of a label's variance one parameter may explain.
MOST = 0.5

LABELS: dict[str, Callable[[Mapping[str, Any], Mapping[str, Any]], float]] = {
    "intercept x": lambda params, truth: truth["intercept"]["x"],
    "intercept z": lambda params, truth: truth["intercept"]["z"],
    "intercept distance": lambda params, truth: truth["intercept_distance"],
    "steps from launch to intercept": lambda params, truth: truth["intercept_steps"][0] - params["launch.step"],
}


@cache
def samples() -> list[tuple[Mapping[str, Any], Mapping[str, Any]]]:
    _, family = load_family("moving_target.yaml")
    return [(sample.params, sample.truth) for sample, _ in Pipeline(family, 0, "x_").produce_many(range(SAMPLES))]


def _columns() -> dict[str, np.ndarray]:
    """Each drawn parameter as numbers (a category as one column per value)."""
    columns: dict[str, np.ndarray] = {}
    for key in samples()[0][0]:
        values = [params[key] for params, _ in samples()]
        if isinstance(values[0], str):
            columns.update({f"{key} = {value}": np.array([v == value for v in values], float) for value in set(values)})
        else:
            columns[key] = np.array(values, float)
    return {key: column for key, column in columns.items() if column.std() > 0}


@pytest.mark.parametrize("label", LABELS)
def test_no_parameter_alone_explains_a_label(label: str) -> None:
    target = np.array([LABELS[label](params, truth) for params, truth in samples()])
    explained = {key: float(np.corrcoef(column, target)[0, 1] ** 2) for key, column in _columns().items()}
    assert max(explained.values()) < MOST, sorted(explained.items(), key=lambda item: -item[1])[:3]


def test_the_ball_comes_from_either_wall_and_with_or_without_lava_alike() -> None:
    sides = [truth["side"] for _, truth in samples()]
    lava = [truth["lost"] for _, truth in samples()]
    assert abs(sides.count("left") / SAMPLES - 0.5) < 0.07
    assert 0.4 < sum(lava) / SAMPLES < 0.8

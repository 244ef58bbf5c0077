"""The training template teaches no obvious shortcut: no simple rule of one thing a learner sees tells which way
the walk goes or which ramp it takes.

Each rule below guesses part of the label from one feature; on 2,000 training scenes it must be right between 30%
and 70% of the scenes it applies to (a rule always right would be a shortcut; the bound is wide because a
rule's base rate need not be a half). What is not a shortcut but the task itself: the goal's surface, seen,
says whether the walk climbs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import load_family

SCENES = 2000
LOW, HIGH = 0.3, 0.7

Made = tuple[dict[str, Any], Mapping[str, Any]]


def _ramps(scene: dict[str, Any]) -> list[str]:
    return [item["id"] for item in scene["objects"] if item["type"] == "triangle"]


def _start_y(scene: dict[str, Any]) -> float:
    return scene["performerStart"]["position"]["y"]


#: Each rule: whether it applies to a scene, and whether it is right there.
RULES: dict[str, tuple[Callable[[Made], bool], Callable[[Made], bool]]] = {
    "the walk takes a ramp": (lambda m: True, lambda m: m[1]["ramp_count"] > 0),
    "the first ramp taken goes up": (lambda m: m[1]["ramp_count"] > 0, lambda m: m[1]["directions"][0] == "up"),
    "the ramp listed first is taken first": (lambda m: m[1]["ramp_count"] > 0,
                                             lambda m: m[1]["ramps"][0] == _ramps(m[0])[0]),
    "the goal is higher than the start": (lambda m: m[1]["ramp_count"] > 0,
                                          lambda m: m[1]["path"][-1][1] > _start_y(m[0])),
    "an agent holds the ball on a platform": (lambda m: m[1]["interact_with_agent"],
                                              lambda m: m[1]["goal_surface"] != "floor"),
    "the goal is on the performer's surface": (lambda m: True, lambda m: m[1]["goal_surface"] == m[1]["start_surface"]),
}


@pytest.fixture(scope="module")
def made() -> list[Made]:
    _, family = load_family("ramps.yaml")
    pipeline = Pipeline(family, 7, "sc_")
    return [(documents[""], sample.truth) for sample, documents in pipeline.produce_many(range(SCENES))]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_gives_the_walk_away(made: list[Made], rule: str) -> None:
    applies, right = RULES[rule]
    hits = [right(m) for m in made if applies(m)]
    assert len(hits) > SCENES / 10
    assert LOW <= float(np.mean(hits)) <= HIGH, f"{rule}: right in {np.mean(hits):.0%} of {len(hits)} scenes"

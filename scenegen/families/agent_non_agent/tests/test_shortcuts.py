"""The training template teaches no shortcut: no simple rule of one feature tells the expected scene of a pair.

The two scenes differ only in the test walk: to the object the agent preferred, or to the other. Each rule below
names the expected walk from one feature a learner could see without watching the familiarisation trials (which
object is listed first, which test walk is shorter or heads further up or right, which object's shape or colour
comes first by name); on 2,000 training pairs each must be right about half the time (the binomial spread there is
1.1 points; the bound allows four and a half of them). What is not a shortcut but the task itself: the agent walks
to the object it walked to in every familiarisation trial.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from scenegen.factory.plan import load_family

PAIRS = 2000
#: Largest distance from 50% a rule at chance may show on PAIRS pairs.
BOUND = 0.05

Params = Mapping[str, Any]


def _distances(params: Params) -> list[float]:
    """How far the test trial's start is from the preferred object's place, then from the other's."""
    start = params["trials"][-1]["start"]
    return [math.dist(start, place) for place in params["test_places"]]


#: Each rule: does it name the expected walk (the one to the preferred object) in this pair?
RULES: dict[str, Callable[[Params], bool]] = {
    "the object listed first is the preferred": lambda p: p["preferred_listed_first"],
    "the shorter test walk is the expected": lambda p: _distances(p)[0] < _distances(p)[1],
    "the test walk heading further up is the expected": lambda p: p["test_places"][0][1] > p["test_places"][1][1],
    "the test walk heading further right is the expected": lambda p: p["test_places"][0][0] > p["test_places"][1][0],
    "the object of the earlier shape name is the preferred": lambda p: p["object_types"][0] < p["object_types"][1],
    "the object of the earlier colour is the preferred": lambda p: p["object_colours"][0] < p["object_colours"][1],
}


@pytest.fixture(scope="module")
def training_params() -> list[Params]:
    _, family = load_family("agent_non_agent.yaml")
    return [family.generate(index, np.random.default_rng([7, index])).params for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_beats_chance_on_the_training_template(training_params, rule):
    right = sum(RULES[rule](params) for params in training_params) / len(training_params)
    assert abs(right - 0.5) <= BOUND, f"{rule!r} is right in {right:.1%} of {len(training_params)} training pairs"

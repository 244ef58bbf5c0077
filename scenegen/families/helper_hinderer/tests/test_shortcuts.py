"""The training template teaches no shortcut: no simple rule of one feature tells the helper from the hinderer.

Issue 33 found that with the plan fixed, "the agent acting in familiarisation trial 5
is the hinderer" was right in 100% of training pairs. Each rule below names the
helper from one feature a learner could see; on 2,000 training pairs each must be
right about half the time (the binomial spread there is 1.1 points; the bound
allows four and a half of them). What is not a shortcut but the task itself: the
agent whose act lets the primary agent reach its goal is the helper.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from tests.kit.support import load_family

PAIRS = 2000
#: Largest distance from 50% a rule at chance may show on PAIRS pairs.
BOUND = 0.05

Params = Mapping[str, Any]


def _acting(params: Params) -> list[dict[str, Any]]:
    return [trial for trial in params["trials"] if trial["kind"] != "none"]


def _first_mover_slides_up_and_helps(params: Params) -> bool:
    """Whether the first mover slides the occluder toward the upper slot, said as naming the helper: it does
    when that mover helps."""
    first = _acting(params)[0]
    return (first["occluder_to"] > first["occluder_from"]) == (first["kind"] == "help")


#: Each rule: does it name the helper in this pair (True) or the hinderer (False)?
RULES: dict[str, Callable[[Params], bool]] = {
    "the agent acting in trial 5 is the hinderer": lambda p: p["trials"][4]["kind"] == "hinder",
    "the agent acting in trial 6 is the helper": lambda p: p["trials"][5]["kind"] == "help",
    "the agent acting first is the hinderer": lambda p: _acting(p)[0]["kind"] == "hinder",
    "the agent acting last is the helper": lambda p: _acting(p)[-1]["kind"] == "help",
    "the agent in the lower corner is the helper": lambda p: p["helper_start"][1] < p["hinderer_start"][1],
    "the agent listed first is the helper": lambda p: p["helper_listed_first"],
    "the agent of the lower blob number is the helper": lambda p: p["helper"]["type"] < p["hinderer"]["type"],
    "the agent of the earlier colour is the helper": lambda p: p["helper"]["colour"] < p["hinderer"]["colour"],
    "the agent first sliding the occluder up is the helper": _first_mover_slides_up_and_helps,
}


@pytest.fixture(scope="module")
def training_params() -> list[Params]:
    _, family = load_family("helper_hinderer.yaml")
    return [family.generate(index, np.random.default_rng([7, index])).params for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_beats_chance_on_the_training_template(training_params, rule):
    right = sum(RULES[rule](params) for params in training_params) / len(training_params)
    assert abs(right - 0.5) <= BOUND, f"{rule!r} is right in {right:.1%} of {len(training_params)} training pairs"

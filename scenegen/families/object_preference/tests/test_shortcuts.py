"""The training template teaches no shortcut: no simple rule of one feature tells the preferred object from the
other, so nothing but which object the agent walks up to tells the expected file from the unexpected one.

Each rule names the preferred object from one feature a learner could see (None where the feature cannot tell,
as for two places equally far from a third); on 2,000 training pairs each must be right about half the time of
those it names (the binomial spread there is about 1.1 points; the bound allows four and a half). The evaluation
template's swap is itself such a rule (the agent going to a new place is the expected file in every pair, as the
task list describes it): that is why the training template draws the test's places afresh.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from tests.kit.support import load_family

PAIRS = 2000
#: Largest distance from 50% a rule at chance may show on PAIRS pairs.
BOUND = 0.05

Params = Mapping[str, Any]


def _nearer(params: Params, place: str) -> bool | None:
    """Whether the preferred object stands in the test nearer than the other to ``place`` of the last
    familiarisation trial (None: as near)."""
    test, last = params["test"], params["trials"][-1]
    to_preferred = math.dist(test["preferred_place"], last[place])
    to_other = math.dist(test["other_place"], last[place])
    return None if math.isclose(to_preferred, to_other, abs_tol=1e-9) else to_preferred < to_other


def _lower(params: Params, axis: int) -> bool | None:
    test = params["test"]
    one, two = test["preferred_place"][axis], test["other_place"][axis]
    return None if one == two else one < two


#: Each rule: does it name the preferred object in this pair (True) or the other (False)?
RULES: dict[str, Callable[[Params], bool | None]] = {
    "the object listed first is preferred": lambda p: p["preferred_listed_first"],
    "the object of the earlier shape name is preferred": lambda p: p["preferred"]["type"] < p["other"]["type"],
    "the object of the earlier colour name is preferred": lambda p: p["preferred"]["colour"] < p["other"]["colour"],
    "the object nearer where the agent went before is preferred": lambda p: _nearer(p, "preferred_place"),
    "the object nearer where the ignored object stood is preferred": lambda p: _nearer(p, "other_place"),
    "the object at the lower x in the test is preferred": lambda p: _lower(p, 0),
    "the object at the lower z in the test is preferred": lambda p: _lower(p, 1),
}


@pytest.fixture(scope="module")
def training_params() -> list[Params]:
    _, family = load_family("object_preference.yaml")
    return [family.generate(index, np.random.default_rng([7, index])).params for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_beats_chance_on_the_training_template(training_params, rule):
    named = [answer for answer in map(RULES[rule], training_params) if answer is not None]
    right = sum(named) / len(named)
    assert len(named) > PAIRS / 4 and abs(right - 0.5) <= BOUND, f"{rule!r} is right in {right:.1%} of {len(named)}"


def test_the_two_files_are_as_long_and_their_test_walks_as_many_steps():
    """Lengths and step counts give nothing away: the test walks mirror each other."""
    _, family = load_family("object_preference.yaml")
    for index in range(50):
        documents = family.generate(index, np.random.default_rng(index)).documents
        expected, unexpected = documents["expected"], documents["unexpected"]
        assert expected.goal.last_step == unexpected.goal.last_step
        assert [len(item.shows) for item in expected.objects] == [len(item.shows) for item in unexpected.objects]

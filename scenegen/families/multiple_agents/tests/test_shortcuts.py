"""The training template teaches no shortcut: no simple rule of one feature tells the target object's owner from
the other agent, so nothing but which agent walks up to the object tells the expected file from the unexpected one.

Each rule names the owner (agent 0 or 1) from one feature a learner could see (None where the feature cannot
tell; how often each agent walked tells nothing: eight trials give each four walks); on 2,000 training pairs each
must be right about half the time of those it names (the binomial spread there is about 1.1 points; the bound
allows four and a half).
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


def _nearer(params: Params, to: Callable[[Params, int], list[float]]) -> int | None:
    """The agent whose test start is nearer ``to`` (a place of the last familiarisation trial, per agent)."""
    starts = params["test"]["agent_starts"]
    one, two = (math.dist(starts[i], to(params, i)) for i in (0, 1))
    return None if math.isclose(one, two, abs_tol=1e-9) else int(two < one)


def _lower(params: Params, axis: int) -> int | None:
    starts = params["test"]["agent_starts"]
    return None if starts[0][axis] == starts[1][axis] else int(starts[1][axis] < starts[0][axis])


def _earlier(params: Params, key: str) -> int:
    agents = params["agents"]
    return int(agents[1][key] < agents[0][key])


def _target_place(params: Params, i: int) -> list[float]:
    return params["trials"][-1]["object_places"][params["test"]["target"]]


#: Each rule: which agent (0 or 1) does it name the target's owner?
RULES: dict[str, Callable[[Params], int | None]] = {
    "the agent listed first owns the target": lambda p: p["agents_listed"][0],
    "the agent that walked last owns the target": lambda p: p["trials"][-1]["walker"],
    "the agent of the earlier blob name owns the target": lambda p: _earlier(p, "type"),
    "the agent of the earlier colour name owns the target": lambda p: _earlier(p, "colour"),
    "the agent starting nearer its last start owns the target":
        lambda p: _nearer(p, lambda q, i: q["trials"][-1]["agent_starts"][i]),
    "the agent starting nearer where the target stood owns the target": lambda p: _nearer(p, _target_place),
    "the agent at the lower x in the test owns the target": lambda p: _lower(p, 0),
    "the agent at the lower z in the test owns the target": lambda p: _lower(p, 1),
}


@pytest.fixture(scope="module")
def training_params() -> list[Params]:
    _, family = load_family("multiple_agents.yaml")
    return [family.generate(index, np.random.default_rng([7, index])).params for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_beats_chance_on_the_training_template(training_params, rule):
    named = [(answer, p["test"]["target"]) for p in training_params if (answer := RULES[rule](p)) is not None]
    right = sum(answer == target for answer, target in named) / len(named)
    assert len(named) > PAIRS / 4 and abs(right - 0.5) <= BOUND, f"{rule!r} is right in {right:.1%} of {len(named)}"


def test_the_two_files_are_as_long_and_their_test_walks_as_many_steps():
    """Lengths and step counts give nothing away: the two test walks take as many keyframes, the files as many
    steps."""
    _, family = load_family("multiple_agents.yaml")
    for index in range(50):
        documents = family.generate(index, np.random.default_rng(index)).documents
        expected, unexpected = documents["expected"], documents["unexpected"]
        assert expected.goal.last_step == unexpected.goal.last_step
        assert sum(len(item.shows) for item in expected.objects) == sum(len(item.shows) for item in unexpected.objects)

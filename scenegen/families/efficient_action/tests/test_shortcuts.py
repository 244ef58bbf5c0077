"""The training template gives nothing away but the test walk itself.

The two files of a pair share everything but the agent's test walk and the step the goal turns red at its end:
they are as long, hold the same action list, and their test walks go at one speed. That the straight walk is the
shorter is not a shortcut but the task (agents move efficiently). What else could name the expected file is
where the way round goes; each rule below reads one such feature, and on 2,000 training pairs each must split
about evenly (within four and a half binomial spreads).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from tests.kit.support import load_family

PAIRS = 2000
BOUND = 0.05

Params = Mapping[str, Any]


def _last(params: Params) -> Mapping[str, Any]:
    return params["trials"][-1]


def _round_goes(axis: int) -> Callable[[Params], bool | None]:
    """Whether the way round of the last trial bends toward +x (axis 0) or +z (1) of the straight line (None when
    the straight line runs along that axis)."""
    def rule(params: Params) -> bool | None:
        trial = _last(params)
        if math.isclose(trial["agent_start"][axis], trial["goal_place"][axis]) is False:
            return None
        return trial["way_round"][1][axis] > trial["agent_start"][axis]
    return rule


RULES: dict[str, Callable[[Params], bool | None]] = {
    "the way round passes the barrier's canonical high end": lambda p: _last(p)["end_round"] == "high",
    "the way round bends toward +x": _round_goes(0),
    "the way round bends toward +z": _round_goes(1),
    "the agent walks toward +x or +z": lambda p: sum(_last(p)["goal_place"]) > sum(_last(p)["agent_start"]),
}


@pytest.fixture(scope="module")
def training() -> list[Any]:
    _, family = load_family("efficient_action.yaml")
    return [family.generate(index, np.random.default_rng([7, index])) for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_where_the_way_round_goes_is_balanced(training, rule):
    named = [answer for answer in (RULES[rule](sample.params) for sample in training) if answer is not None]
    share = sum(named) / len(named)
    assert len(named) > PAIRS / 4 and abs(share - 0.5) <= BOUND, f"{rule!r}: {share:.1%} of {len(named)}"


def test_the_two_files_are_as_long_and_walk_at_one_speed(training):
    for sample in training[:100]:
        expected, unexpected = sample.documents["expected"], sample.documents["unexpected"]
        assert expected.goal.last_step == unexpected.goal.last_step
        assert expected.goal.action_list == unexpected.goal.action_list
        steps = []
        for document in (expected, unexpected):
            agent = next(item for item in document.objects if item.id.startswith("agent_"))
            shows = [show for show in agent.shows if show.step > sample.pair["test_start"]]
            assert len(shows) > 1  # two cells from the barrier each side: no walk takes a single step
            steps.append(math.dist(shows[0].position[::2], shows[1].position[::2]))
        assert math.isclose(steps[0], steps[1], abs_tol=2e-4)

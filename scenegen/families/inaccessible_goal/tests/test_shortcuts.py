"""The training template gives nothing away but the test walk itself.

The two files of a pair share everything but the agent's test walk, the key's leaving the grid when the agent
takes it and the step the goal turns red at the walk's end: they are as long, hold the same action list, and their
test walks go at one speed. That the straight walk is the shorter, and that only the unexpected agent takes the
key, is not a shortcut but the task (a key opens nothing once the wall is gone). What else could name the expected
file is where things stand; both files of a pair stand everything in the same places, and on 2,000 training pairs
the sides of the grid each stands on split about evenly (within four and a half binomial spreads).
"""

from __future__ import annotations

import itertools
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


def _key_toward(axis: int) -> Callable[[Params], bool | None]:
    """Whether the key stands toward +x (axis 0) or +z (1) of the agent (None when level with it)."""
    def rule(params: Params) -> bool | None:
        key, agent = _last(params)["key_place"][axis], _last(params)["agent_start"][axis]
        return None if math.isclose(key, agent) else key > agent
    return rule


RULES: dict[str, Callable[[Params], bool | None]] = {
    "the wall runs across x": lambda p: p["wall_across_x"],
    "the agent walks toward +x or +z": lambda p: sum(_last(p)["goal_place"]) > sum(_last(p)["agent_start"]),
    "the key stands toward +x": _key_toward(0),
    "the key stands toward +z": _key_toward(1),
}


@pytest.fixture(scope="module")
def training() -> list[Any]:
    _, family = load_family("inaccessible_goal.yaml")
    return [family.generate(index, np.random.default_rng([7, index])) for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_where_things_stand_is_balanced(training, rule):
    named = [answer for answer in (RULES[rule](sample.params) for sample in training) if answer is not None]
    share = sum(named) / len(named)
    assert len(named) > PAIRS / 4 and abs(share - 0.5) <= BOUND, f"{rule!r}: {share:.1%} of {len(named)}"


def test_the_two_files_are_as_long_and_walk_at_one_speed(training):
    for sample in training[:100]:
        expected, unexpected = sample.documents["expected"], sample.documents["unexpected"]
        assert expected.goal.last_step == unexpected.goal.last_step
        assert expected.goal.action_list == unexpected.goal.action_list
        assert [item.id for item in expected.objects] == [item.id for item in unexpected.objects]
        steps = []
        for document in (expected, unexpected):
            agent = next(item for item in document.objects if item.id.startswith("agent_"))
            shows = [show for show in agent.shows if show.step > sample.pair["test_start"]]
            steps.append(max(math.dist(a.position[::2], b.position[::2]) for a, b in itertools.pairwise(shows)
                             if b.step == a.step + 1))  # a step's full length: a leg's last step may be shorter
        assert math.isclose(steps[0], steps[1], abs_tol=2e-4)

"""The training template gives nothing away but the test walk itself.

The two files of a pair share everything but the agent's test walk and the steps the two objects turn red at its
end: they are as long, hold the same action list, and their test walks go at one speed, so the barrier kind, the
wall cells, the objects' order in the file and where everything stands say nothing of which file is expected.
Which object the walk ends at, and whether it crosses a wall, is the task. What else in the walk could name the
expected file is read by the rules below; on 2,000 training pairs each must split about evenly (within four and a
half binomial spreads).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from tests.kit.support import load_family

PAIRS = 2000
BOUND = 0.05

Sample = Any


def _ends_at(sample: Sample, role: str) -> str:
    """Which object (``preferred`` or ``other``) the ``role`` file's test walk ends at."""
    return "other" if sample.truth[role]["walk"] == "other" else "preferred"


def _expected_object(sample: Sample) -> str:
    return _ends_at(sample, "expected")


def _toward(axis: int) -> Callable[[Sample], bool | None]:
    """Whether the expected walk's object stands further toward +x (axis 0) or +z (1) than the unexpected walk's."""
    def rule(sample: Sample) -> bool | None:
        places = {role: sample.params[role]["cell"][axis] for role in ("preferred", "other")}
        if places["preferred"] == places["other"]:
            return None
        expected = _expected_object(sample)
        return places[expected] > places["other" if expected == "preferred" else "preferred"]
    return rule


def _nearer(sample: Sample) -> bool | None:
    """Whether the expected walk's object stands nearer the agent's start."""
    home = sample.params["agent_cell"]
    apart = {role: math.dist(home, sample.params[role]["cell"]) for role in ("preferred", "other")}
    if math.isclose(apart["preferred"], apart["other"]):
        return None
    expected = _expected_object(sample)
    return apart[expected] < apart["other" if expected == "preferred" else "preferred"]


def _longer(sample: Sample) -> bool | None:
    """Whether the expected file's test walk takes more steps than the unexpected's."""
    contacts = sample.params["test"]["contacts"]
    steps = {role: contacts[sample.truth[role]["walk"]] for role in ("expected", "unexpected")}
    return None if steps["expected"] == steps["unexpected"] else steps["expected"] > steps["unexpected"]


RULES: dict[str, Callable[[Sample], bool | None]] = {
    "the expected walk ends at the object listed first":
        lambda s: (_expected_object(s) == "preferred") == s.params["preferred_listed_first"],
    "the expected walk ends at the object nearer the agent": _nearer,
    "the expected walk ends further toward +x": _toward(0),
    "the expected walk ends further toward +z": _toward(1),
    "the expected walk is the longer": _longer,
}


@pytest.fixture(scope="module")
def training() -> list[Sample]:
    _, family = load_family("instrumental_action.yaml")
    return [family.generate(index, np.random.default_rng([7, index])) for index in range(PAIRS)]


@pytest.mark.parametrize("rule", RULES)
def test_what_the_expected_walk_does_is_balanced(training, rule):
    named = [answer for answer in (RULES[rule](sample) for sample in training) if answer is not None]
    share = sum(named) / len(named)
    assert len(named) > PAIRS / 4 and abs(share - 0.5) <= BOUND, f"{rule!r}: {share:.1%} of {len(named)}"


def test_the_barrier_kinds_are_drawn_alike(training):
    kinds = [sample.params["barriers"] for sample in training]
    assert all(abs(kinds.count(kind) / PAIRS - 1 / 3) <= BOUND for kind in ("blocking", "inconsequential", "none"))


def test_the_two_files_are_as_long_and_walk_at_one_speed(training):
    for sample in training[:100]:
        expected, unexpected = sample.documents["expected"], sample.documents["unexpected"]
        assert expected.goal.last_step == unexpected.goal.last_step
        assert expected.goal.action_list == unexpected.goal.action_list
        steps = []
        for document in (expected, unexpected):
            agent = next(item for item in document.objects if item.id.startswith("agent_"))
            shows = [show for show in agent.shows if show.step > sample.pair["test_start"]]
            steps.append(math.dist(shows[0].position[::2], shows[1].position[::2]))
        assert math.isclose(steps[0], steps[1], abs_tol=2e-4)

"""Arithmetic's training template teaches no shortcut: neither what the placers do nor which side had more at the
start says which side has more at the end; only the sum does.

On 2,000 training scenes (ties at the end left out) each rule below must be right
about half the time (the binomial spread is about 1.2 points; the bound allows
four of them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
import pytest

from tests.kit.support import load_family

SCENES = 2000
BOUND = 0.05

Label = Mapping[str, Any]


def _start_more(label: Label) -> str | None:
    start = label["start_counts"]
    return None if start["left"] == start["right"] else max(start, key=start.__getitem__)


def _by_operation(label: Label) -> str:
    side = label["operation"]["side"]
    return side if label["operation"]["kind"] == "add" else ("left" if side == "right" else "right")


RULES: dict[str, Callable[[Label], str | None]] = {
    "the left has more": lambda label: "left",
    "the side worked on has more": lambda label: label["operation"]["side"],
    "the side added to has more, the side lifted from fewer": _by_operation,
    "the side with more at the start has more at the end": _start_more,
}


@pytest.fixture(scope="module")
def training() -> list[Label]:
    _, family = load_family("arithmetic.yaml")
    truths = [family.generate(index, np.random.default_rng([7, index])).truth for index in range(SCENES)]
    return [truth for truth in truths if truth["side"] != "either"]


@pytest.mark.parametrize("rule", RULES)
def test_no_rule_but_the_sum_finds_the_side_with_more(training, rule):
    said = [(RULES[rule](label), label["side"]) for label in training]
    applied = [(guess, side) for guess, side in said if guess is not None]
    assert len(applied) >= len(training) / 2
    right = sum(guess == side for guess, side in applied) / len(applied)
    assert abs(right - 0.5) <= BOUND, f"{rule!r} is right in {right:.1%} of {len(applied)} training scenes"

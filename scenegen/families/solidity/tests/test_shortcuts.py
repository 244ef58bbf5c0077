"""The training template gives the door away by no rule that skips the task: what an agent must do is see where
the ball hangs against where the extension is. Rules that look at anything else (the extension's side, the order of
the phases, the wall's height, the materials) pick the door at chance, a third; and how far out the ball hangs,
without the extension's place, does not tell the extension's door from the floor's (the evaluation's scenes let a
threshold on it do so, which the last test shows).

About 1,500 scenes: a share's standard error is about 0.012 there, so a rule is held within 0.05 of a third.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from scenegen.families.solidity.tests.fidelity import door, extension_side, order, wall_top
from tests.kit.fidelity import generated_samples

SCENES = 1500
TOLERANCE = 0.05

Sample = dict[str, dict[str, Any]]

RULES: dict[str, Callable[[Sample], Any]] = {
    "the extension's side": extension_side,
    "the order of the phases": order,
    "the wall's height (to 0.25 m)": lambda sample: round(float(wall_top(sample)) * 4),
    "the platform's material": lambda sample: sample[""]["objects"][1]["materials"][0],
    "the doors' material": lambda sample: sample[""]["objects"][3]["materials"][0],
    "the room's width": lambda sample: round(sample[""]["roomDimensions"]["x"]),
}


def best_guess_accuracy(samples: list[Sample], rule: Callable[[Sample], Any]) -> float:
    """How often the commonest door for each value of the rule's feature is the door."""
    counts = Counter((rule(sample), door(sample)) for sample in samples)
    best: dict[Any, int] = {}
    for (feature, _), count in counts.items():
        best[feature] = max(best.get(feature, 0), count)
    return sum(best.values()) / len(samples)


def threshold_accuracy(samples: list[Sample]) -> float:
    """The best a threshold on the ball's |x| does at telling a ball over the extension from one over the floor."""
    values = sorted((abs(sample[""]["objects"][0]["shows"][0]["position"]["x"]), door(sample) == "middle")
                    for sample in samples)
    inside, total = sum(middle for _, middle in values), len(values)
    best, below = max(inside, total - inside), 0
    for index, (_, middle) in enumerate(values, start=1):
        below += middle
        best = max(best, below + (total - index) - (inside - below), (index - below) + (inside - below))
    return best / total


def test_no_rule_beside_the_task_picks_the_door_on_the_training_template():
    samples = list(generated_samples("solidity", SCENES))
    shares = Counter(map(door, samples))
    assert set(shares) == {"left", "middle", "right"} and max(shares.values()) / SCENES < 1 / 3 + TOLERANCE
    for name, rule in RULES.items():
        assert best_guess_accuracy(samples, rule) < 1 / 3 + TOLERANCE, name
    assert threshold_accuracy(samples) < 0.9


def test_the_threshold_is_found_on_the_evaluation_template():
    """The check is not blind: on the eval7 template a threshold on |x| alone finds the extension's door."""
    assert threshold_accuracy(list(generated_samples("eval7_solidity", 300))) == 1.0

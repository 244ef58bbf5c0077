"""The training template gives away whether the container stays by no rule that skips the task: what an agent must
do is see how far over the platform's edge the container hangs. Rules that look at anything else (the side it is
let go by, its turn, its size, the order of the phases, the materials) say whether it stays at chance, a half; and
how far out it hangs from the room's centre line, without the platform's width, does not say it either (on the
evaluation's one platform a threshold on it does, which the last test shows).

About 1,500 scenes: a share's standard error is about 0.013 there, so a rule is held within 0.05 of a half.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from scenegen.families.support_relations.tests.fidelity import rests_on, rotation, side
from tests.kit.door_rooms import order
from tests.kit.fidelity import generated_samples

SCENES = 1500
TOLERANCE = 0.05

Sample = dict[str, dict[str, Any]]


def _container(sample: Sample) -> dict[str, Any]:
    return sample[""]["objects"][-1]


RULES: dict[str, Callable[[Sample], Any]] = {
    "the side it is let go by": lambda sample: "left" if _container(sample)["shows"][0]["position"]["x"] < 0
    else "right",
    "its turn": rotation,
    "its size (to 0.1)": lambda sample: round(_container(sample)["shows"][0]["scale"]["x"], 1),
    "the order of the phases": order,
    "its material": lambda sample: _container(sample)["materials"][0],
    "the platforms' material": lambda sample: sample[""]["objects"][1]["materials"][0],
}


def best_guess_accuracy(samples: list[Sample], rule: Callable[[Sample], Any]) -> float:
    """How often the commonest outcome for each value of the rule's feature is the outcome."""
    counts = Counter((rule(sample), rests_on(sample)) for sample in samples)
    best: dict[Any, int] = {}
    for (feature, _), count in counts.items():
        best[feature] = max(best.get(feature, 0), count)
    return sum(best.values()) / len(samples)


def threshold_accuracy(samples: list[Sample]) -> float:
    """The best a threshold on the container's |x| does at saying whether it stays."""
    values = sorted((abs(_container(sample)["shows"][0]["position"]["x"]), rests_on(sample) == "platform")
                    for sample in samples)
    stays, total = sum(stay for _, stay in values), len(values)
    best, below = max(stays, total - stays), 0
    for index, (_, stay) in enumerate(values, start=1):
        below += stay
        best = max(best, below + (total - index) - (stays - below))
    return best / total


def test_no_rule_beside_the_task_says_whether_the_container_stays_on_the_training_template():
    samples = list(generated_samples("support_relations", SCENES))
    assert {rests_on(sample) for sample in samples} == {"platform", "floor"}
    assert {side(sample) for sample in samples} >= {"left", "right"}
    for name, rule in RULES.items():
        assert best_guess_accuracy(samples, rule) < 0.5 + TOLERANCE, name
    assert threshold_accuracy(samples) < 0.92  # 0.905 on these scenes


def test_the_threshold_is_found_on_the_evaluation_template():
    """The check is not blind: on the eval7 template a threshold on |x| alone says whether the container stays."""
    assert threshold_accuracy(list(generated_samples("eval7_support_relations", 300))) == 1.0

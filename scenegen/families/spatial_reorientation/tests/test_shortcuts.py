"""The training template teaches no shortcut: no rule of one feature a learner sees in the scene says on which hand
the ball's container is after the performer is put down.

Each rule says "right" from one feature of the document (a category's commonest answer over the sample); on 1,500
training scenes each must be right about half the time (the binomial spread there is 1.3 points; the bound allows
four). What is the task itself, and so not among the rules: where the ball was dropped (its x) together with where
and which way the performer is put down; neither alone says the hand, as the rules on the ball's x and on the
put-down end show.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from tests.kit.fidelity import generated_samples

from .replay import label

SCENES = 1500
BOUND = 0.05

Scene = dict[str, Any]


def _put_down_end(scene: Scene) -> str:
    entry = next(a[0] for a in scene["goal"]["action_list"] if a[0].startswith("EndHabituation,"))
    return "+z" if "zPosition=-" not in entry else "-z"


RULES: dict[str, Callable[[Scene], Any]] = {
    "the ball's side of the room": lambda scene: scene["objects"][0]["shows"][0]["position"]["x"] > 0,
    "the start's end": lambda scene: scene["performerStart"]["position"]["z"] > 0,
    "the put-down end": _put_down_end,
    "a trapezoidal room": lambda scene: any(i["id"].startswith("trapezoidal_wall_") for i in scene["objects"]),
    "the wall of its own colour": lambda scene: tuple(sorted(scene["roomMaterials"].items())),
    "a chair, moved or not": lambda scene: tuple(len(i["shows"]) for i in scene["objects"]
                                                  if i["type"] == "folding_chair"),
    "how many objects": lambda scene: len(scene["objects"]),
}


@pytest.fixture(scope="module")
def scenes() -> list[Scene]:
    return [sample[""] for sample in generated_samples("spatial_reorientation", SCENES, seed=4)]


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_says_the_hand(scenes, rule):
    answers = [label(scene)["side_after"] == "right" for scene in scenes]
    features = [RULES[rule](scene) for scene in scenes]
    votes: dict[Any, Counter[bool]] = {}
    for feature, answer in zip(features, answers, strict=True):
        votes.setdefault(feature, Counter())[answer] += 1
    right = sum(max(counter.values()) for counter in votes.values() if sum(counter.values()) > 30)
    counted = sum(sum(counter.values()) for counter in votes.values() if sum(counter.values()) > 30)
    assert abs(right / counted - 0.5) < BOUND, (rule, votes)


def test_the_hands_are_even(scenes):
    share = sum(label(scene)["side_after"] == "right" for scene in scenes) / len(scenes)
    assert abs(share - 0.5) < BOUND

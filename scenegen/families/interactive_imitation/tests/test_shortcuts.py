"""The training template teaches no shortcut: no rule of one thing a learner could see, other than what the agent
does, finds the chests to open.

Each rule below names a first chest (near, middle or far) from one feature of the scene; on 2,000 training scenes
each must be right about a third of the time where it says anything (the bound allows four and a half binomial
spreads). Watching the agent is the task: the probe of ``scenegen stats`` leaves the agent, the chests' opening, the
goal's sequence and the reset's step out as the task's evidence (tests/test_probe.py), and no rule here looks at them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tests.kit.shortcuts import assert_at_chance, scenes_with_truth

SCENES = 2000
#: The share of right guesses at chance, and how far from it a rule may be (one binomial spread per 2,000 scenes
#: is about 0.0105).
CHANCE, BOUND = 1 / 3, 0.047

Scene = dict[str, Any]
NAMES = ("near", "middle", "far")


def _chests(scene: Scene) -> list[Scene]:
    """The chests, nearest the performer's start first."""
    start = scene["performerStart"]["position"]
    return sorted((item for item in scene["objects"] if item["type"] == "chest_1"),
                  key=lambda item: math.dist((start["x"], start["z"]), (item["shows"][0]["position"]["x"],
                                                                         item["shows"][0]["position"]["z"])))


def _by_colour(colour: str) -> Callable[[Scene], str | None]:
    def rule(scene: Scene) -> str | None:
        found = [name for name, item in zip(NAMES, _chests(scene), strict=True) if colour in item["materials"][0]]
        return found[0] if found else None
    return rule


def _nearest_to_kidnap(scene: Scene) -> str | None:
    """The chest nearest where the reset puts the performer (None: it stays)."""
    entry = scene["goal"]["action_list"][-1][0]
    values = dict(part.split("=") for part in entry.split(",")[1:])
    place = (float(values["xPosition"]), float(values["zPosition"]))
    start = scene["performerStart"]["position"]
    if place == (start["x"], start["z"]):
        return None
    chests = _chests(scene)
    distances = [math.dist(place, (item["shows"][0]["position"]["x"], item["shows"][0]["position"]["z"]))
                 for item in chests]
    return NAMES[distances.index(min(distances))]


def _nearest_after_reset(scene: Scene) -> str:
    """The chest nearest the performer after the reset, wherever the reset puts either."""
    entry = scene["goal"]["action_list"][-1][0]
    values = dict(part.split("=") for part in entry.split(",")[1:])
    place = (float(values["xPosition"]), float(values["zPosition"]))
    distances = [math.dist(place, (item["shows"][-1]["position"]["x"], item["shows"][-1]["position"]["z"]))
                 for item in _chests(scene)]
    return NAMES[distances.index(min(distances))]


#: Each rule names the first chest to open from a scene (None: it says nothing there).
RULES: dict[str, Callable[[Scene], str | None]] = {
    "always the near chest": lambda scene: "near",
    "always the middle chest": lambda scene: "middle",
    "the cream chest": _by_colour("Cream"),
    "the blue chest": _by_colour("Blue"),
    "the chest nearest the kidnapped performer": _nearest_to_kidnap,
    "the chest nearest the performer after the reset": _nearest_after_reset,
}


@pytest.fixture(scope="module")
def training() -> list[tuple[Scene, Mapping[str, Any]]]:
    return scenes_with_truth("interactive_imitation.yaml", SCENES)


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_finds_the_first_chest(training, rule):
    said = [(RULES[rule](scene), truth["sequence"].split("_")[0]) for scene, truth in training]
    assert_at_chance(rule, said, BOUND, chance=CHANCE)


def test_every_sequence_and_reset_is_drawn_about_alike(training):
    """Nine sequences, three resets: each within a few points of its even share."""
    for field, count in (("sequence", 9), ("reset", 3)):
        shares = [sum(truth[field] == value for _, truth in training) / SCENES
                  for value in {truth[field] for _, truth in training}]
        assert len(shares) == count and all(abs(share - 1 / count) <= 0.04 for share in shares), field

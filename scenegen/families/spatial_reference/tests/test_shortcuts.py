"""The training template teaches no shortcut: no rule of one thing a learner could see, other than where the agent
points, finds the ball's chest.

Each rule below names a side from one feature of the scene; on 2,000 training scenes each must be right about half
the time where it says anything (the bound allows four and a half binomial spreads). Following the agent's point is
the task: the probe of ``scenegen stats`` reads the chest off the agent's facing and its walk's end (tests/test_probe.py
says so), and no rule here looks at them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tests.kit.shortcuts import assert_at_chance, scenes_with_truth

from .replay import replayed

SCENES = 2000
BOUND = 0.05

Scene = dict[str, Any]


def _side(x: float) -> str:
    return "left" if x < 0 else "right"


def _of(scene: Scene, test: Callable[[Scene], bool]) -> str | None:
    """The side of the first object passing ``test`` (None: none does)."""
    found = next((item for item in scene["objects"] if test(item)), None)
    return None if found is None else _side(found["shows"][0]["position"]["x"])


def _blob_faces(scene: Scene) -> str | None:
    chest = replayed(scene)["blob_chest"]
    found = next((item for item in scene["objects"] if item["id"] == chest), None)
    return None if found is None else _side(found["shows"][0]["position"]["x"])


def _only_turntable(scene: Scene) -> str | None:
    tables = [item for item in scene["objects"] if item["type"] == "rotating_cog"]
    return _side(tables[0]["shows"][0]["position"]["x"]) if len(tables) == 1 else None


#: Each rule names a side from a scene (None: it says nothing there).
RULES: dict[str, Callable[[Scene], str | None]] = {
    "the ball is on the left": lambda scene: "left",
    "the ball is on the agent's side": lambda scene: _of(scene, lambda item: "agentSettings" in item),
    "the ball is on the blob's side": lambda scene: _of(scene, lambda item: item["type"] == "blob_13_nose"),
    "the ball is in the chest the blob faces": _blob_faces,
    "the ball is on the side of the only turntable": _only_turntable,
    "the ball is on the side of the turning turntable": lambda scene: _of(scene, lambda item: "rotates" in item),
    "the ball is on the side of the first turntable listed": lambda scene: _of(
        scene, lambda item: item["type"] == "rotating_cog"),
}


@pytest.fixture(scope="module")
def training() -> list[tuple[Scene, Mapping[str, Any]]]:
    return scenes_with_truth("spatial_reference.yaml", SCENES)


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_finds_the_ball_s_chest(training, rule):
    assert_at_chance(rule, [(RULES[rule](scene), truth["container"]) for scene, truth in training], BOUND)


def test_the_chest_is_at_chance_and_the_agent_usually_there(training):
    left = sum(truth["container"] == "left" for _, truth in training) / len(training)
    with_agent = sum(truth["agent_id"] is not None for _, truth in training) / len(training)
    assert abs(left - 0.5) <= BOUND and 0.6 <= with_agent <= 0.9

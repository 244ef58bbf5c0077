"""The training template teaches no shortcut: no rule of one thing a learner could see, other than which object is
the agent, finds the agent's side.

Each rule below names a side from one feature of the scene; on 2,000 training scenes each must be right about
half the time (the binomial spread there is 1.1 points; the bound allows four and a half of them). Telling the
agent by its face, its breathing or its walk, and so its side, is the task: the probe of ``scenegen stats`` reads
the side off a walking agent's turning points (tests/test_probe.py says so), and no rule here looks at the agent's
own place or moves.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tests.kit.shortcuts import assert_at_chance, scenes_with_truth

SCENES = 2000
BOUND = 0.05

Scene = dict[str, Any]


def _standing(scene: Scene) -> list[Scene]:
    """The agent and the non-agent, in the order listed."""
    return scene["objects"][2:]


def _side(x: float) -> str:
    return "left" if x < 0 else "right"


def _place(item: Scene, axis: str) -> float:
    return float(item["shows"][0]["position"][axis])


def _by(scene: Scene, key: Callable[[Scene], float], largest: bool) -> str:
    """The side of the one of the two standing objects with the larger (or smaller) ``key``."""
    first, second = _standing(scene)
    pick = first if (key(first) > key(second)) == largest else second
    return _side(_place(pick, "x"))


def _non_agent_faces_away(scene: Scene) -> str:
    """The side the non-agent faces away from (its facing's x component says which way it looks)."""
    other = next(item for item in _standing(scene) if "agentSettings" not in item)
    facing = other["shows"][0]["rotation"]["y"] % 360
    return "left" if 0 < facing < 180 else "right"


#: Each rule names a side from a scene.
RULES: dict[str, Callable[[Scene], str]] = {
    "the agent is on the left": lambda scene: "left",
    "the agent is on the side of the object listed third": lambda scene: _side(_place(scene["objects"][2], "x")),
    "the agent is on the side of the object listed last": lambda scene: _side(_place(scene["objects"][-1], "x")),
    "the agent is the object farther from the platform": lambda scene: _by(scene, lambda i: abs(_place(i, "x")),
                                                                             True),
    "the agent is the object farther back": lambda scene: _by(scene, lambda i: _place(i, "z"), True),
    "the agent is the object nearer the front": lambda scene: _by(scene, lambda i: _place(i, "z"), False),
    "the agent is across from where the non-agent looks": _non_agent_faces_away,
}


@pytest.fixture(scope="module")
def training() -> list[tuple[Scene, Mapping[str, Any]]]:
    return scenes_with_truth("agent_identification.yaml", SCENES)


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_finds_the_agent_s_side(training, rule):
    assert_at_chance(rule, [(RULES[rule](scene), truth["side"]) for scene, truth in training], BOUND, least=1.0)


def test_the_side_the_order_and_the_walk_are_drawn_apart(training):
    """Half the agents on the left, listed first, walking; each about as often on either side."""
    for share in (lambda truth, scene: truth["side"] == "left",
                  lambda truth, scene: scene["objects"][2]["id"] == truth["agent_id"],
                  lambda truth, scene: truth["agent_walks"]):
        assert abs(sum(share(truth, scene) for scene, truth in training) / len(training) - 0.5) <= BOUND
    walking_left = [truth["side"] == "left" for _, truth in training if truth["agent_walks"]]
    assert abs(sum(walking_left) / len(walking_left) - 0.5) <= BOUND * 1.5

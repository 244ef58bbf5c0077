"""The training template teaches no shortcut: no rule of one thing a learner could see finds the ball's side.

Each rule below names a side from one feature of the scene other than the ball;
on 2,000 training scenes each must be right about half the time (the binomial
spread there is 1.1 points; the bound allows four and a half of them). Where the
ball is hidden, the side holding the only wall that could hide it is the ball's
in every scene: that is the task (spatial elimination), so the rules about the
walls are held where the ball lies in sight, and the hidden share is held apart.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pytest

from tests.kit.shortcuts import scenes_with_truth

SCENES = 2000
#: Largest distance from 50% a rule at chance may show on SCENES scenes (on fewer, where a rule applies to fewer).
BOUND = 0.05

Scene = dict[str, Any]


def _walls(scene: Scene) -> dict[str, dict[str, float]]:
    """Each side's wall scale, by side."""
    return {("left" if item["shows"][0]["position"]["x"] < 0 else "right"): item["shows"][0]["scale"]
            for item in scene["objects"] if item["id"].startswith("wall_") and item["shows"][0]["position"]["x"] != 0}


def _bigger(scene: Scene, size: Callable[[dict[str, float]], float]) -> str | None:
    """The side whose wall is the bigger by ``size`` (no wall: 0); None on a tie."""
    walls = _walls(scene)
    left, right = (size(walls[key]) if key in walls else 0.0 for key in ("left", "right"))
    return None if left == right else "left" if left > right else "right"


def _only_cover(scene: Scene) -> str | None:
    """The side of the only wall that could hide the ball (0.44 m wide and tall), if one side alone has one."""
    covers = [key for key, scale in _walls(scene).items() if min(scale["x"], scale["y"]) >= 0.44]
    return covers[0] if len(covers) == 1 else None


def _only_wall(scene: Scene) -> str | None:
    walls = _walls(scene)
    return next(iter(walls)) if len(walls) == 1 else None


def _first_listed(scene: Scene) -> str | None:
    first = next(item for item in scene["objects"] if item["id"].startswith("wall_"))
    x = first["shows"][0]["position"]["x"]
    return None if x == 0 else "left" if x < 0 else "right"


#: Each rule names a side from a scene (None: it says nothing there).
RULES: dict[str, Callable[[Scene], str | None]] = {
    "the ball is on the left": lambda scene: "left",
    "the ball is on the side of the wall listed first": _first_listed,
    "the ball is on the side of the only cover": _only_cover,
    "the ball is on the side of the only wall": _only_wall,
    "the ball is on the side of the taller wall": lambda scene: _bigger(scene, lambda s: s["y"]),
    "the ball is on the side of the wider wall": lambda scene: _bigger(scene, lambda s: s["x"]),
    "the ball is on the side of the bigger wall": lambda scene: _bigger(scene, lambda s: s["x"] * s["y"] * s["z"]),
}


@pytest.fixture(scope="module")
def training() -> list[tuple[Scene, Mapping[str, Any]]]:
    return scenes_with_truth("spatial_elimination.yaml", SCENES)


@pytest.mark.parametrize("rule", RULES)
def test_no_single_feature_rule_finds_a_ball_in_sight(training, rule):
    said = [(RULES[rule](scene), truth["side"]) for scene, truth in training if truth["place"] == "front"]
    applied = [(guess, side) for guess, side in said if guess is not None]
    assert len(applied) >= SCENES / 10
    right = sum(guess == side for guess, side in applied) / len(applied)
    assert abs(right - 0.5) <= BOUND * (SCENES / len(applied)) ** 0.5, \
        f"{rule!r} is right in {right:.1%} of {len(applied)} training scenes with the ball in sight"


def test_the_side_is_at_chance_and_the_ball_often_hidden(training):
    left = sum(truth["side"] == "left" for _, truth in training) / len(training)
    hidden = sum(truth["place"] == "behind" for _, truth in training) / len(training)
    assert abs(left - 0.5) <= BOUND
    assert 0.3 <= hidden <= 0.6
    hidden_left = [truth["side"] == "left" for _, truth in training if truth["place"] == "behind"]
    assert abs(sum(hidden_left) / len(hidden_left) - 0.5) <= BOUND * 1.5

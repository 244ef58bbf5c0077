"""The training template teaches no shortcut: nothing but the motion at the event tells a pair's expected scene
from its unexpected one. Without the blocks' moves (the task's evidence) the two files are the same; the file to
rate higher is ``a`` as often as ``b``; and both ways of breaking the collision are made alike, so that neither
stands for the unexpected scene on its own."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from scenegen.factory.pipeline import Pipeline
from scenegen.families.collisions.family import THE_EVENT
from tests.kit.support import as_written, load_family

PAIRS = 1000
#: The most a share may stray from a half on PAIRS pairs (about three binomial spreads).
MOST = 0.05

Made = tuple[Mapping[str, Any], dict[str, Any]]


@cache
def pairs() -> list[Made]:
    _, family = load_family("collisions.yaml")
    return [(sample.pair or {}, {role: as_written(document) for role, document in documents.items()})
            for sample, documents in Pipeline(family, 0, "x_").produce_many(range(PAIRS))]


def test_without_the_event_the_two_files_are_the_same() -> None:
    for _, documents in pairs():
        seen = [THE_EVENT.remove({**document, "name": ""}) for document in documents.values()]
        assert seen[0] == seen[1]


def test_the_file_to_rate_higher_is_a_as_often_as_b() -> None:
    assert abs(sum(pair["higher"] == "a" for pair, _ in pairs()) / PAIRS - 0.5) < MOST


def test_both_ways_of_breaking_the_collision_are_made_alike() -> None:
    assert abs(sum(pair["differs"] == "not_moved" for pair, _ in pairs()) / PAIRS - 0.5) < MOST


def test_the_expected_scene_is_the_same_until_the_event_at_every_length_of_approach() -> None:
    """The unexpected scene parts from the expected one at the touch, or a few steps before it: never at the start."""
    for pair, documents in pairs():
        starts = [min(move["stepBegin"] for item in document["objects"] for move in item.get("moves", []))
                  for document in documents.values()]
        assert starts[0] == starts[1] < pair["differs_from"]

"""The training template teaches no shortcut: nothing but the man's walk off the middle tells a pair's expected
scene from its unexpected one. Without his movement (the task's evidence) the two files are the same; the file to
rate higher is ``a`` as often as ``b``; and the cup he walks to, taken alone, is ahead of him (one he sees) as often
in either kind and each of the four cups as often: only with the ball's cup does it say the kind."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from functools import cache
from typing import Any

from scenegen.factory.pipeline import Pipeline
from scenegen.families.seeing_leads_to_knowing.family import THE_EVENT
from scenegen.families.seeing_leads_to_knowing.tests.replay import replay
from tests.kit.support import as_written, load_family

PAIRS = 1500
#: The most a share may stray from what it should be on PAIRS pairs (about three binomial spreads).
MOST = 0.05

Made = tuple[Mapping[str, Any], dict[str, Any]]


@cache
def pairs() -> list[Made]:
    _, family = load_family("seeing_leads_to_knowing.yaml")
    return [(sample.pair or {}, {role: as_written(document) for role, document in documents.items()})
            for sample, documents in Pipeline(family, 0, "x_").produce_many(range(PAIRS))]


def _walk(document: Mapping[str, Any]) -> tuple[bool, str]:
    """Whether the cup the man walks to is one he sees, and which corner of the square it is (by sides of x, z)."""
    found = replay(document)
    cup = next(item for item in document["objects"] if item["id"] == found["approached"])
    agent = next(item for item in document["objects"] if "agentMovement" in item)
    position, start = cup["shows"][0]["position"], agent["shows"][0]["position"]
    return position["x"] * start["x"] < 0, f"{position['x'] > 0}{position['z'] > 0}"


def test_without_the_event_the_two_files_are_the_same() -> None:
    for _, documents in pairs():
        seen = [THE_EVENT.remove({**document, "name": ""}) for document in documents.values()]
        assert seen[0] == seen[1]


def test_the_file_to_rate_higher_is_a_as_often_as_b() -> None:
    assert abs(sum(pair["higher"] == "a" for pair, _ in pairs()) / PAIRS - 0.5) < MOST


def test_the_cup_walked_to_is_ahead_as_often_in_either_kind_and_any_corner_as_often() -> None:
    walks: dict[str, list[tuple[bool, str]]] = {"expected": [], "unexpected": []}
    for pair, documents in pairs():
        for role, document in documents.items():
            walks[pair[role]].append(_walk(document))
    ahead = {kind: sum(seen for seen, _ in found) / PAIRS for kind, found in walks.items()}
    assert abs(ahead["expected"] - ahead["unexpected"]) < MOST
    for found in walks.values():
        corners = Counter(corner for _, corner in found)
        assert len(corners) == 4 and all(abs(count / PAIRS - 0.25) < MOST for count in corners.values())

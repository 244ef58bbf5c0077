"""The training template teaches no shortcut: nothing but the event tells a pair's expected scene from its
unexpected one. Without the hidden support and the moved centre of mass (the task's evidence) the two files are
the same; the file to rate higher is ``a`` as often as ``b``; and the object stays as often as it falls in the
expected scenes, so that what it does, without why, says nothing of the kind."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from scenegen.factory.pipeline import Pipeline
from scenegen.families.gravity_support.family import THE_EVENT
from tests.kit.support import as_written, load_family

PAIRS = 1000
#: The most a share may stray from a half on PAIRS pairs (about three binomial spreads).
MOST = 0.05

Made = tuple[Mapping[str, Any], Mapping[str, Any], dict[str, Any]]


@cache
def pairs() -> list[Made]:
    _, family = load_family("gravity_support.yaml")
    return [(sample.pair or {}, sample.truth, {role: as_written(document) for role, document in documents.items()})
            for sample, documents in Pipeline(family, 0, "x_").produce_many(range(PAIRS))]


def test_without_the_event_the_two_files_are_the_same() -> None:
    for _, _, documents in pairs():
        seen = [THE_EVENT.remove({**document, "name": ""}) for document in documents.values()]
        assert seen[0] == seen[1]


def test_the_file_to_rate_higher_is_a_as_often_as_b() -> None:
    assert abs(sum(pair["higher"] == "a" for pair, _, _ in pairs()) / PAIRS - 0.5) < MOST


def test_what_the_object_does_says_nothing_of_the_kind() -> None:
    stays = [truth["a"]["expected_outcome"] == "stays" for _, truth, _ in pairs()]
    assert abs(sum(stays) / PAIRS - 0.5) < MOST


def test_both_tricks_are_made_alike() -> None:
    hidden = sum(pair["differs"] == "hidden_support" for pair, _, _ in pairs()) / PAIRS
    assert abs(hidden - 0.5) < MOST

"""Shortcut tests of a family's training template: scenes made with their truth, and single-feature rules held
to chance."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from scenegen.factory.pipeline import Pipeline
from tests.kit.support import as_written, load_family

Scene = dict[str, Any]


def scenes_with_truth(template: str, count: int, seed: int = 7) -> list[tuple[Scene, Mapping[str, Any]]]:
    """``count`` single-scene samples of a bundled ``template``, each as its file reads with the sample's truth."""
    _, family = load_family(template)
    pipeline = Pipeline(family, seed, "shortcut_")
    made = []
    for index in range(count):
        sample, documents = pipeline.produce(index)
        made.append((as_written(documents[""]), sample.truth))
    return made


def assert_at_chance(rule: str, said: Sequence[tuple[Hashable | None, Hashable]], bound: float, *,
                     chance: float = 0.5, least: float = 0.1) -> None:
    """The rule's guesses (None where it says nothing) against the answers: it speaks on at least ``least`` of
    them, and is right within ``bound`` of ``chance``, the bound widening as it speaks on fewer (its spread)."""
    applied = [(guess, answer) for guess, answer in said if guess is not None]
    assert len(applied) >= len(said) * least, f"{rule!r} says something of {len(applied)} of {len(said)} scenes"
    right = sum(guess == answer for guess, answer in applied) / len(applied)
    assert abs(right - chance) <= bound * (len(said) / len(applied)) ** 0.5, \
        f"{rule!r} is right in {right:.1%} of {len(applied)} training scenes"

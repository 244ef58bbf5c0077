"""The training template teaches no shortcut: nothing but the toy's second show (the teleport itself) tells a
pair's documents apart.

What is not a shortcut but the task itself: the toy shown again, further along its path, at the event step (the
family's evidence, left out by the probe). Everything else a learner could read (the occluders, the shroud, the
room, the lengths, the toy's type, material, start, heading and script of moves) is the same in both documents of
a pair, so a rule reading it is right on exactly half of them; and the cover of the teleport, which the frame
shows, comes in every kind in both documents alike.
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from tests.kit.fidelity import Scene, generated_samples

PAIRS = 300


@pytest.fixture(scope="module")
def training_pairs() -> list[dict[str, Scene]]:
    return list(generated_samples("spatio_temporal_continuity", PAIRS, seed=3))


def _apart_from_the_teleport(document: Scene) -> str:
    copy = json.loads(json.dumps(document))
    copy["name"] = "pair"
    for item in copy["objects"]:
        if not item.get("structure"):
            item["shows"] = item["shows"][:1]
    return json.dumps(copy, sort_keys=True)


def test_the_documents_of_a_pair_differ_in_the_teleport_alone(training_pairs):
    for pair in training_pairs:
        assert _apart_from_the_teleport(pair["expected"]) == _apart_from_the_teleport(pair["unexpected"])
        toy = next(item for item in pair["unexpected"]["objects"] if not item.get("structure"))
        assert len(toy["shows"]) == 2


def test_every_kind_of_frame_holds_a_fair_share_of_pairs(training_pairs):
    """Occluders standing or not, shrouded or not: each frame is common, so that no frame stands for a teleport
    hidden one way (each pair has one teleport whatever its frame)."""
    frames = Counter((any(item.get("structure") for item in pair["expected"]["objects"]),
                      any(item.get("shrouds") for item in pair["expected"]["objects"])) for pair in training_pairs)
    assert len(frames) == 4 and min(frames.values()) >= PAIRS / 10

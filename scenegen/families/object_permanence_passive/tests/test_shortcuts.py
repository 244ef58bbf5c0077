"""The training template teaches no shortcut: nothing but the toy's place and time in the scene (when it is first
shown, and whether it is hidden) tells a pair's documents apart.

What is not a shortcut but the task itself: the toy hidden, or first standing behind the occluder never seen
coming, while the occluder is down (the family's evidence, left out by the probe). Everything else a learner could
read (the occluder, the room, the lengths, the toy's type, materials, mass, push and heading) is the same in both
documents of a pair, so a rule reading it is right on exactly half of them.
"""

from __future__ import annotations

import json

import pytest

from tests.kit.fidelity import Scene, generated_samples

PAIRS = 500
#: What a toy's entry may differ in between the documents of a pair: the event.
EVENT_KEYS = ("shows", "hides")


@pytest.fixture(scope="module")
def training_pairs() -> list[dict[str, Scene]]:
    return list(generated_samples("object_permanence_passive", PAIRS, seed=3))


def _apart_from_the_event(document: Scene) -> str:
    copy = json.loads(json.dumps(document))
    copy["name"] = "pair"
    for item in copy["objects"]:
        if not item.get("structure"):
            for key in EVENT_KEYS:
                item.pop(key, None)
    return json.dumps(copy, sort_keys=True)


def test_the_documents_of_a_pair_differ_in_the_event_alone(training_pairs):
    for pair in training_pairs:
        assert _apart_from_the_event(pair["expected"]) == _apart_from_the_event(pair["unexpected"])


def test_the_toy_is_where_it_is_in_both_documents(training_pairs):
    """The toy stands at one x and z in both documents (a dropped toy falls straight down onto the place the
    unexpected one stands on), so its place says nothing of which is which."""
    for pair in training_pairs:
        places = {(show["position"]["x"], show["position"]["z"]) for document in pair.values()
                  for item in document["objects"] if not item.get("structure") for show in item["shows"]}
        assert len(places) == 1

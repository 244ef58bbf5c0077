"""Imitation's own timings and its readings of the real evaluation pair; what it shares with Approach
is tested in ``test_approach_imitation.py``."""

from __future__ import annotations

import json
import statistics

import numpy as np

from scenegen.families.approach_imitation.checks import preference_problems
from tests.kit import REFERENCE_SCENES

from .preference_cases import evaluation_timings
from .replay import Replay

REFERENCE = "more/eval_7_passive_agents_imitation_0001_0{}.json"


def test_timings_and_motion_match_the_evaluation():
    """docs/mcs_facts.md 13.4: familiarisation trials of 100-200 steps, the goal shown in every familiarisation
    trial and hidden from the test trial's first step, scenes of about a thousand steps, 0.05 m a step along
    each axis moved."""
    trials, scenes, lengths, documents = evaluation_timings("eval7_imitation", "imitation_", 8)
    for document, ends in documents:
        goal = next(item for item in document["objects"] if item["id"].startswith("object_"))
        assert [show["stepBegin"] for show in goal["shows"]] == [0, *ends[:-1]]
        assert goal["hides"] == [{"stepBegin": ends[-1]}]
    assert min(trials) >= 60 and max(trials) <= 300 and 90 <= statistics.median(trials) <= 200  # the reference: 117-149
    assert 800 <= statistics.median(scenes) <= 1700  # the reference: 1052 and 1148
    assert 0.049 <= statistics.median(lengths) <= 0.0708 and max(lengths) <= 0.0708


def test_the_replay_reads_the_evaluation_pair_as_the_evaluation_labels_it():
    """The real pair is an unexpected scene (the imitator walks up to the agent it did not imitate) and a
    no-expectation one (it touched the goal while imitating); the two differ in familiarisation, not in the test
    walk, as our instrumental pairs do; both pass the family's checks."""
    documents = [json.loads((REFERENCE_SCENES / REFERENCE.format(n)).read_text()) for n in (1, 2)]
    labels = [Replay(document).imitation_label() for document in documents]
    assert [label["kind"] for label in labels] == ["unexpected", "no_expectation"]
    for document in documents:
        assert preference_problems(document, None, "imitation") == []
    first, second = (Replay(document) for document in documents)
    assert np.array_equal(first.where[first.main["id"]][first.test_start:],
                          second.where[second.main["id"]][second.test_start:])

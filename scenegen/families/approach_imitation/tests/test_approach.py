"""Approach's own timings and its readings of the real evaluation pair; what it shares with Imitation
is tested in ``test_approach_imitation.py``."""

from __future__ import annotations

import json
import statistics

from scenegen.families.approach_imitation.checks import preference_problems
from tests.kit import REFERENCE_SCENES
from tests.kit.support import cut_at_test

from .preference_cases import evaluation_timings
from .replay import Replay

REFERENCE = "more/eval_7_passive_agents_approach_0001_0{}.json"


def test_timings_and_motion_match_the_evaluation():
    """docs/mcs_facts.md 13.4: familiarisation trials of 20-40 steps, the goal shown from the test trial's first
    step, scenes of a few hundred steps, 0.05 m a step along each axis moved."""
    trials, scenes, lengths, documents = evaluation_timings("eval7_approach", "approach_", 10)
    for document, ends in documents:
        goal = next(item for item in document["objects"] if item["id"].startswith("object_"))
        assert goal["shows"][0]["stepBegin"] == ends[-1] and goal["hides"] == []
    assert min(trials) >= 15 and max(trials) <= 80 and 20 <= statistics.median(trials) <= 45  # the reference: 27-37
    assert 250 <= statistics.median(scenes) <= 700  # the reference: 430 and 467
    assert 0.049 <= statistics.median(lengths) <= 0.0708 and max(lengths) <= 0.0708


def test_reference_pair_is_identical_before_its_test_trial_and_passes_the_checks():
    first, second = (json.loads((REFERENCE_SCENES / REFERENCE.format(n)).read_text()) for n in (1, 2))
    for document in (first, second):
        assert preference_problems(document, None, "approach") == []
    for document in (first, second):
        cut_at_test(document)
        document["name"] = document["goal"] = None
    assert first == second


def test_the_replay_reads_the_expected_evaluation_scene_as_expected():
    """_02 is the pair's expected scene: the agent walks the pattern of the agent it approached. _01, the
    no-expectation scene, turns its goal red while the agent stands 1.7 m from it, one step after a 0.18 m jump
    (docs/mcs_facts.md 13.6): no replay can read that as a touch, and we do not copy it."""
    replay = Replay(json.loads((REFERENCE_SCENES / REFERENCE.format(2)).read_text()))
    label = replay.approach_label()
    assert label["kind"] == "expected" and label["choice_id"] == label["preferred_id"]

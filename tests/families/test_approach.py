"""Approach: property tests over random seeds and random valid configs, checked by an independent replay of both
files of every pair (:mod:`.approach_imitation_replay`), and comparisons with the real evaluation pair."""

from __future__ import annotations

import json
import statistics

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.families.approach_imitation import Approach
from scenegen.families.approach_imitation.checks import preference_problems
from tests.examples import examples

from ..conftest import REFERENCE_SCENES
from .approach_imitation_replay import Replay, assert_matches_reference, check_pair, step_lengths
from .preference_cases import CONFIG_ERRORS, configs, family_for, made_and_validated, pair_kinds_seen
from .support import checked_sample

REFERENCE = "more/eval_7_passive_agents_approach_0001_0{}.json"


@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs("approach"), seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(family_for(Approach, config), seed, index)


@pytest.mark.parametrize("template", ["approach.yaml", "eval7_approach"])
def test_template_pairs_replay_as_labelled_and_every_pair_kind_appears(template):
    from scenegen.run import load_family
    _, family = load_family(template)
    pairs = [check_pair(family, 7, index) for index in range(12)]
    assert pair_kinds_seen(pairs) == 3
    assert {pair["higher"] for pair in pairs} == {"a", "b"}


@pytest.mark.parametrize("number", [1, 2])
def test_reference_structure_is_matched(number):
    reference = json.loads((REFERENCE_SCENES / REFERENCE.format(number)).read_text())
    from scenegen.run import load_family
    _, family = load_family("eval7_approach")
    _, documents, _ = checked_sample(family, 0, "approach_", 1)
    for scene in documents.values():
        assert_matches_reference(scene, reference)
        for key in ("floorMaterial", "wallMaterial"):
            assert scene[key] == reference[key], key
        goal = next(item for item in scene["objects"] if item["id"].startswith("object_"))
        twin = next(item for item in reference["objects"] if item["id"].startswith("object_"))
        assert (goal["type"], goal["materials"], goal["shows"][0]["scale"], goal["shows"][0]["rotation"]) == \
            (twin["type"], twin["materials"], twin["shows"][0]["scale"], twin["shows"][0]["rotation"])


def test_timings_and_motion_match_the_evaluation():
    """docs/mcs_facts.md 13.4: familiarisation trials of 20-40 steps, the goal shown from the test trial's first
    step, scenes of a few hundred steps, 0.05 m a step along each axis moved."""
    from scenegen.run import load_family
    _, family = load_family("eval7_approach")
    trials, scenes, lengths = [], [], []
    for index in range(10):
        documents = checked_sample(family, 3, "approach_", index)[1]
        for document in documents.values():
            actions = document["goal"]["action_list"]
            ends = [i + 1 for i, action in enumerate(actions) if action == ["EndHabituation"]]
            trials += [b - a for a, b in zip([0, *ends], ends, strict=False)]
            scenes.append(document["goal"]["last_step"])
            goal = next(item for item in document["objects"] if item["id"].startswith("object_"))
            assert goal["shows"][0]["stepBegin"] == ends[-1] and "hides" not in goal
            lengths += step_lengths(document)
    assert min(trials) >= 15 and max(trials) <= 80 and 20 <= statistics.median(trials) <= 45  # the reference: 27-37
    assert 250 <= statistics.median(scenes) <= 700  # the reference: 430 and 467
    assert 0.049 <= statistics.median(lengths) <= 0.0708 and max(lengths) <= 0.0708


def test_reference_pair_is_identical_before_its_test_trial_and_passes_the_checks():
    first, second = (json.loads((REFERENCE_SCENES / REFERENCE.format(n)).read_text()) for n in (1, 2))
    for document in (first, second):
        assert preference_problems(document, None, "approach") == []
    ends = [i + 1 for i, a in enumerate(first["goal"]["action_list"]) if a == ["EndHabituation"]]
    for document in (first, second):
        for position, item in enumerate(document["objects"]):
            item["id"] = str(position)
            for key in ("shows", "hides", "changeMaterials"):
                if key in item:
                    item[key] = [e for e in item[key] if e["stepBegin"] < ends[-1]]
        document["name"] = document["goal"] = None
    assert first == second


def test_the_replay_reads_the_expected_evaluation_scene_as_expected():
    """_02 is the pair's expected scene: the agent walks the pattern of the agent it approached. _01, the
    no-expectation scene, turns its goal red while the agent stands 1.7 m from it, one step after a 0.18 m jump
    (docs/mcs_facts.md 13.6): no replay can read that as a touch, and we do not copy it."""
    replay = Replay(json.loads((REFERENCE_SCENES / REFERENCE.format(2)).read_text()))
    label = replay.approach_label()
    assert label["kind"] == "expected" and label["choice_id"] == label["preferred_id"]


def test_the_check_refuses_a_goal_that_turns_red_untouched_and_a_wrong_kind():
    family = family_for(Approach, {"pair": "expected_no_expectation"})
    sample, documents, pairs = checked_sample(family, 1, "approach_", 0)
    for document, truth in pairs:
        assert family.check(document, truth) == []
        wrong = {**truth, "kind": "expected" if truth["kind"] != "expected" else "unexpected"}
        assert any("truth says" in p.message for p in family.check(document, wrong))
    touched = next(s for s in documents if sample.truth[s]["goal_touched"])
    document = documents[touched]
    goal = next(item for item in document["objects"] if item["id"].startswith("object_"))
    goal["changeMaterials"][0]["stepBegin"] -= 1
    assert any("untouched" in p.message for p in family.check(document, sample.truth[touched]))


def test_pairs_are_reproducible_and_files_a_and_b_share_ids():
    family = family_for(Approach, {})
    one, two = (checked_sample(family, 5, "approach_", 3)[1] for _ in range(2))
    assert json.dumps(one) == json.dumps(two)
    assert [o["id"] for o in one["a"]["objects"]] == [o["id"] for o in one["b"]["objects"]]


def test_listing_and_the_higher_file_are_not_giveaways():
    family = family_for(Approach, {})
    samples = [family.generate(i, np.random.default_rng(i)) for i in range(120)]
    assert 35 < sum(s.params["other_listed_first"] for s in samples) < 85
    assert 35 < sum(s.pair["higher"] == "a" for s in samples) < 85


@pytest.mark.parametrize(("config", "path", "words"), CONFIG_ERRORS)
def test_config_errors_name_the_key(config, path, words):
    from scenegen.errors import ConfigError
    with pytest.raises(ConfigError) as raised:
        family_for(Approach, config)
    assert raised.value.path == path and words in str(raised.value)


def test_make_writes_rated_pairs_and_a_manifest_saying_which_to_rate_higher(run_cli, tmp_path):
    made_and_validated(run_cli, tmp_path, "approach")

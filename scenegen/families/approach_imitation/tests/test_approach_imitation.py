"""What Approach and Imitation must both do, each test run for both tasks: property tests over random seeds and
random valid configs, checked by an independent replay of both files of every pair
(:mod:`.approach_imitation_replay`); the templates; the real evaluation pair's structure; the check; ids and
giveaways; config errors; a `make` run. Each task's own timings and reference readings are in ``test_approach.py``
and ``test_imitation.py``."""

from __future__ import annotations

import json
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.approach_imitation import Approach, Imitation
from scenegen.mcs.gridworld.cast import goal_body
from scenegen.plugin.family import Family
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, load_family

from .preference_cases import CONFIG_ERRORS, configs, family_for, made_and_validated, pair_kinds_seen
from .replay import assert_matches_reference, check_pair


@dataclass(frozen=True)
class Task:
    family: type[Family]
    name: str
    #: A pair kind with a no-expectation file whose goal the agent touches.
    touching_pair: str

    def reference(self, number: int) -> dict:
        return json.loads((REFERENCE_SCENES / f"more/eval_7_passive_agents_{self.name}_0001_0{number}.json")
                          .read_text())


TASKS = [Task(Approach, "approach", "expected_no_expectation"),
         Task(Imitation, "imitation", "unexpected_no_expectation")]
task_ids = pytest.mark.parametrize("task", TASKS, ids=lambda task: task.name)


@task_ids
@settings(max_examples=examples(30), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(task, data, seed, index):
    check_pair(family_for(task.family, data.draw(configs(task.name))), seed, index)


@task_ids
@pytest.mark.parametrize("evaluation", [False, True])
def test_template_pairs_replay_as_labelled_and_every_pair_kind_appears(task, evaluation):
    _, family = load_family(f"eval7_{task.name}" if evaluation else f"{task.name}.yaml")
    pairs = [check_pair(family, 7, index) for index in range(16)]
    assert pair_kinds_seen(pairs) == 3
    assert {pair["higher"] for pair in pairs} == {"a", "b"}


@task_ids
@pytest.mark.parametrize("number", [1, 2])
def test_reference_structure_is_matched(task, number):
    """The eval7 template writes what a real scene writes, and can draw the real scene's materials and goal
    object (its shape at the real scale and turn)."""
    reference = task.reference(number)
    _, family = load_family(f"eval7_{task.name}")
    config = family.config
    _, documents, _ = checked_sample(family, 0, f"{task.name}_", 1)
    for scene in documents.values():
        assert_matches_reference(scene, reference)
    def options(value):
        return [value] if isinstance(value, str) else value

    for key, path in (("floorMaterial", "floor"), ("wallMaterial", "wall")):
        assert reference[key] in options(config["materials"][path]), key
    twin = next(item for item in reference["objects"] if item["id"].startswith("object_"))
    assert twin["type"] in options(config["object"]["type"])
    assert twin["materials"][0] in options(config["object"]["colour"])
    body = goal_body(twin["type"])
    assert (list(body.scale), body.rotation) == \
        ([twin["shows"][0]["scale"][k] for k in "xyz"], twin["shows"][0]["rotation"]["y"])


@task_ids
def test_the_check_refuses_a_goal_that_turns_red_untouched_and_a_wrong_kind(task):
    family = family_for(task.family, {"pair": task.touching_pair})
    sample, documents, pairs = checked_sample(family, 1, f"{task.name}_", 0)
    for document, truth in pairs:
        assert family.check(document, truth) == []
        wrong = {**truth, "kind": "expected" if truth["kind"] != "expected" else "unexpected"}
        assert any("truth says" in p.message for p in family.check(document, wrong))
    touched = next(s for s in documents if sample.truth[s]["goal_touched"])
    document = documents[touched]
    goal = next(item for item in document["objects"] if item["id"].startswith("object_"))
    goal["changeMaterials"][0]["stepBegin"] -= 1
    assert any("untouched" in p.message for p in family.check(document, sample.truth[touched]))


@task_ids
def test_pairs_are_reproducible_and_files_a_and_b_share_ids(task):
    family = family_for(task.family, {})
    one, two = (checked_sample(family, 5, f"{task.name}_", 3)[1] for _ in range(2))
    assert json.dumps(one) == json.dumps(two)
    assert [o["id"] for o in one["a"]["objects"]] == [o["id"] for o in one["b"]["objects"]]


@task_ids
def test_listing_and_the_higher_file_are_not_giveaways(task):
    family = family_for(task.family, {})
    samples = [family.generate(i, np.random.default_rng(i)) for i in range(120)]
    assert 35 < sum(s.params["other_listed_first"] for s in samples) < 85
    assert 35 < sum(s.pair["higher"] == "a" for s in samples) < 85


@task_ids
@pytest.mark.parametrize(("config", "path", "words"), CONFIG_ERRORS)
def test_config_errors_name_the_key(task, config, path, words):
    with pytest.raises(ConfigError) as raised:
        family_for(task.family, config)
    assert raised.value.path == path and words in str(raised.value)


@task_ids
def test_make_writes_rated_pairs_and_a_manifest_saying_which_to_rate_higher(task, run_cli, tmp_path):
    made_and_validated(run_cli, tmp_path, task.name)

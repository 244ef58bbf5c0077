"""Multiple Agents: property tests over random seeds and random valid configs, checked by an independent replay of
the documents (:mod:`.replay`), and example tests."""

from __future__ import annotations

import json

import numpy as np
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.multiple_agents import MultipleAgents
from scenegen.families.multiple_agents.checks import multiple_agents_problems
from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
from tests.examples import examples
from tests.kit.pairs import made_pairs
from tests.kit.support import checked_sample, configured, feasible, load_family, value

from .replay import World, check_pair, is_expected


def family_for(config: dict) -> MultipleAgents:
    return configured(MultipleAgents, **config)


configs = st.fixed_dictionaries({
    "grid": st.fixed_dictionaries({"size": value(range(5, 13), ranges=True)}),
    "trials": st.fixed_dictionaries({"familiarization": st.integers(2, 9), "places": value(["fixed", "drawn"])}),
    "places": st.tuples(st.sampled_from([0.5, 1.0, 1.5, 2.5]), st.sampled_from([1.5, 3.0, 10.0]))
    .map(lambda b: {"reach": {"min": min(b), "max": max(b)}}),
    "speed": value([0.05, 0.125, 0.18, 0.26, 0.3], ranges=True),
    "agents": st.fixed_dictionaries({"types": st.lists(st.sampled_from(AGENT_TYPES), min_size=2, max_size=4,
                                                       unique=True)}),
    "objects": st.fixed_dictionaries({"types": st.lists(st.sampled_from(OBJECT_TYPES), min_size=2, max_size=4,
                                                        unique=True)}),
    "view": value(["isometric_front_right", "isometric"]),
})


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(feasible(MultipleAgents, {"family": "multiple_agents", **config}), seed, index)


@pytest.mark.parametrize("template", ["multiple_agents.yaml", "eval7_multiple_agents.yaml"])
@pytest.mark.parametrize("index", range(4))
def test_template_pairs(template, index):
    check_pair(load_family(template)[1], 3, index)


def test_the_replay_tells_the_files_apart_without_the_label():
    """Read the other way round (each file as the other), the replay disagrees: it decides from the JSON."""
    _, documents, _ = checked_sample(family_for({}), 2, "ma_", 0)
    assert is_expected(World(documents["expected"])) and not is_expected(World(documents["unexpected"]))


def test_each_agent_walks_in_half_the_familiarisation_trials_and_the_evaluation_keeps_its_places():
    """Eval7: four walks of each agent in a drawn order, the same places in every familiarisation trial."""
    family = load_family("eval7_multiple_agents.yaml")[1]
    for index in range(5):
        params = family.generate(index, np.random.default_rng(index)).params
        assert sorted(t["walker"] for t in params["trials"]) == [0, 0, 0, 0, 1, 1, 1, 1]
        assert len({json.dumps([t["agent_starts"], t["object_places"]]) for t in params["trials"]}) == 1


def test_pairs_are_reproducible_and_share_ids():
    one = checked_sample(family_for({}), 5, "ma_", 7)[1]
    two = checked_sample(family_for({}), 5, "ma_", 7)[1]
    assert orjson.dumps(one) == orjson.dumps(two)
    assert [o["id"] for o in one["expected"]["objects"]] == [o["id"] for o in one["unexpected"]["objects"]]


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"grid": {"size": 4}}, "grid.size", "too small"),
    ({"grid": {"size": {"min": 4, "max": 8}}}, "grid.size", "too small"),
    ({"grid": {"size": 13}}, "grid.size", "pillar"),
    ({"speed": {"min": 0.1, "max": 0.31}}, "speed.max", ""),
    ({"speed": 0.01}, "speed", ""),
    ({"agents": {"types": ["blob_02"]}}, "agents.types", ""),
    ({"agents": {"colours": ["Custom/Materials/Blue", "Custom/Materials/Blue"]}}, "agents.colours", ""),
    ({"objects": {"types": ["cube"]}}, "objects.types", ""),
    ({"objects": {"colours": ["Custom/Materials/Red", "Custom/Materials/Teal"]}}, "objects.colours.0", ""),
    ({"trials": {"places": "random"}}, "trials.places", ""),
    ({"places": {"reach": {"min": 3.0, "max": 2.0}}}, "places.reach", "above max"),
    ({"places": {"reach": {"min": 5.0, "max": 6.0}}, "grid": {"size": 6}}, "places.reach", "no two cells of a 6-cell"),
    ({"grid": {"walls": "reference"}}, "grid", "unknown key"),
])
def test_config_errors_name_the_key(config, path, words):
    with pytest.raises(ConfigError) as raised:
        family_for(config)
    assert raised.value.path == path and words in str(raised.value)



def test_make_writes_pairs_and_labels(run_cli, tmp_path):
    out = tmp_path / "ma"
    for expected, unexpected in made_pairs(run_cli, out, "multiple_agents.yaml"):
        pair = json.loads(expected["pair"])
        assert expected["label"]["walker_id"] == pair["owner_id"] and expected["label"]["expected"] is True
        assert unexpected["label"]["walker_id"] == pair["other_agent_id"] and unexpected["label"]["expected"] is False
    assert run_cli("validate", "--check", str(out)).code == 0


def test_the_checks_catch_a_test_walk_by_the_wrong_agent_and_a_trial_without_contact():
    """Each file checked against the other file's truth fails; so does a file whose agents never move."""
    sample, documents, _ = checked_sample(family_for({}), 4, "ma_", 1)
    assert multiple_agents_problems(documents["expected"], sample.truth["expected"]) == []
    assert multiple_agents_problems(documents["expected"], sample.truth["unexpected"])
    still = json.loads(json.dumps(documents["expected"]))
    for item in still["objects"]:
        if item["id"].startswith("agent_"):
            item["shows"] = item["shows"][:1]
    assert any("not one agent touching one object" in problem.message
               for problem in multiple_agents_problems(still, None))

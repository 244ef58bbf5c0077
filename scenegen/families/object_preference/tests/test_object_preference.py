"""Object Preference: property tests over random seeds and random valid configs, checked by an independent replay
of the documents (:mod:`.replay`), and example tests."""

from __future__ import annotations

import json

import numpy as np
import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.object_preference import ObjectPreference
from scenegen.mcs.gridworld.palette import OBJECT_TYPES
from tests.examples import examples
from tests.kit.pairs import made_pairs
from tests.kit.support import checked_sample, configured, feasible, load_family, value

from .replay import World, check_pair, is_expected


def family_for(config: dict) -> ObjectPreference:
    return configured(ObjectPreference, **config)


configs = st.fixed_dictionaries({
    "grid": st.fixed_dictionaries({"size": value(range(5, 13), ranges=True)}),
    "trials": st.fixed_dictionaries({"familiarization": st.integers(2, 9), "places": value(["fixed", "drawn"])}),
    "test": st.fixed_dictionaries({"places": value(["swapped", "drawn"])}),
    "places": st.tuples(st.sampled_from([1.0, 1.5, 2.5]), st.sampled_from([1.5, 3.0, 10.0]))
    .map(lambda b: {"reach": {"min": min(b), "max": max(b)}}),
    "speed": st.tuples(st.sampled_from([0.05, 0.125, 0.18, 0.26, 0.3]), st.sampled_from([0.125, 0.18, 0.26, 0.3]))
    .map(lambda b: {"min": min(b), "max": max(b)}),
    "walk_steps": value([2, 8, 12, 15, 30], ranges=True),
    "test_steps": value([2, 8, 12, 15, 30], ranges=True),
    "objects": st.fixed_dictionaries({"types": st.lists(st.sampled_from(OBJECT_TYPES), min_size=2, max_size=4,
                                                        unique=True)}),
    "view": value(["isometric_front_right", "isometric"]),
})


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(feasible(ObjectPreference, {"family": "object_preference", **config}), seed, index)


@pytest.mark.parametrize("template", ["object_preference.yaml", "eval7_object_preference.yaml"])
@pytest.mark.parametrize("index", range(4))
def test_template_pairs(template, index):
    check_pair(load_family(template)[1], 3, index)


def test_the_replay_tells_the_files_apart_without_the_label():
    """Read the other way round (each file as the other), the replay disagrees: it decides from the JSON."""
    _, documents, _ = checked_sample(family_for({}), 2, "op_", 0)
    assert is_expected(World(documents["expected"])) and not is_expected(World(documents["unexpected"]))


def test_the_evaluation_swaps_the_objects_and_keeps_the_places():
    """Eval7: the same places in every familiarisation trial; in the test the objects swap them, so the unexpected
    walk retraces the familiarisation walks and the expected one is its mirror image."""
    family = load_family("eval7_object_preference.yaml")[1]
    for index in range(5):
        params = family.generate(index, np.random.default_rng(index)).params
        places = {(tuple(t["agent_start"]), tuple(t["preferred_place"]), tuple(t["other_place"]))
                  for t in params["trials"]}
        assert len(places) == 1
        home, preferred, other = next(iter(places))
        test = params["test"]
        assert (tuple(test["agent_start"]), tuple(test["preferred_place"]), tuple(test["other_place"])) == \
            (home, other, preferred)


def test_pairs_are_reproducible_and_share_ids():
    one = checked_sample(family_for({}), 5, "op_", 7)[1]
    two = checked_sample(family_for({}), 5, "op_", 7)[1]
    assert orjson.dumps(one) == orjson.dumps(two)
    assert [o["id"] for o in one["expected"]["objects"]] == [o["id"] for o in one["unexpected"]["objects"]]


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"grid": {"size": 4}}, "grid.size", "too small"),
    ({"grid": {"size": {"min": 4, "max": 8}}}, "grid.size", "too small"),
    ({"grid": {"size": 13}}, "grid.size", "pillar"),
    ({"speed": {"min": 0.2, "max": 0.15}}, "speed", "above max"),
    ({"speed": {"min": 0.1, "max": 0.31}}, "speed.max", ""),
    ({"objects": {"types": ["cube"]}}, "objects.types", ""),
    ({"objects": {"colours": ["Custom/Materials/Red", "Custom/Materials/Teal"]}}, "objects.colours.0", ""),
    ({"trials": {"places": "random"}}, "trials.places", ""),
    ({"walk_steps": 1}, "walk_steps", ""),
    ({"places": {"reach": {"min": 3.0, "max": 2.0}}}, "places.reach", "above max"),
    ({"places": {"reach": {"min": 5.0, "max": 6.0}}, "grid": {"size": 8}}, "places.reach", "no two cells of a 8-cell"),
    ({"places": {"reach": {"min": 0.5, "max": 2.0}}}, "places.reach.min", ""),
    ({"grid": {"walls": "reference"}}, "grid", "unknown key"),
])
def test_config_errors_name_the_key(config, path, words):
    with pytest.raises(ConfigError) as raised:
        family_for(config)
    assert raised.value.path == path and words in str(raised.value)



def test_make_writes_pairs_and_labels(run_cli, tmp_path):
    out = tmp_path / "op"
    for expected, unexpected in made_pairs(run_cli, out, "object_preference.yaml"):
        pair = json.loads(expected["pair"])
        assert expected["label"]["approached_id"] == pair["preferred_id"] and expected["label"]["expected"] is True
        assert unexpected["label"]["approached_id"] == pair["other_id"] and unexpected["label"]["expected"] is False
    assert run_cli("validate", "--check", str(out)).code == 0

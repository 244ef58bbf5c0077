"""Efficient Action: property tests over random seeds and random valid configs, checked by an independent replay
of the documents (:mod:`.replay`), and example tests."""

from __future__ import annotations

import json

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.efficient_action import EfficientAction
from scenegen.mcs.gridworld.palette import OBJECT_TYPES
from tests.examples import examples
from tests.kit.grid_walks import World
from tests.kit.pairs import made_pairs
from tests.kit.support import checked_sample, configured, feasible, load_family, value

from .replay import check_pair, is_expected

configs = st.fixed_dictionaries({
    "family": st.just("efficient_action"),
    "grid": st.fixed_dictionaries({"size": value(range(5, 13), ranges=True)}),
    "barrier": st.fixed_dictionaries({"length": value(range(2, 7), ranges=True)}),
    "places": st.tuples(st.integers(4, 11), st.integers(4, 11))
    .map(lambda b: {"apart": {"min": min(b), "max": max(b)}}),
    "trials": st.fixed_dictionaries({"familiarization": st.integers(2, 9), "places": value(["fixed", "drawn"])}),
    "speed": st.tuples(st.sampled_from([0.05, 0.125, 0.18, 0.26, 0.3]), st.sampled_from([0.125, 0.18, 0.26, 0.3]))
    .map(lambda b: {"min": min(b), "max": max(b)}),
    "walk_steps": value([2, 8, 12, 15, 30], ranges=True),
    "test_steps": value([2, 8, 12, 15, 30], ranges=True),
    "object": st.fixed_dictionaries({"type": value(OBJECT_TYPES)}),
    "view": value(["isometric_front_right", "isometric"]),
})


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(feasible(EfficientAction, config), seed, index)


@pytest.mark.parametrize("template", ["efficient_action.yaml", "eval7_efficient_action.yaml"])
@pytest.mark.parametrize("index", range(4))
def test_template_pairs(template, index):
    check_pair(load_family(template)[1], 3, index)


def test_the_replay_tells_the_files_apart_without_the_label():
    _, documents, _ = checked_sample(configured(EfficientAction), 2, "ea_", 0)
    assert is_expected(World(documents["expected"])) and not is_expected(World(documents["unexpected"]))


def test_pairs_are_reproducible_and_share_ids():
    one = checked_sample(configured(EfficientAction), 5, "ea_", 7)[1]
    two = checked_sample(configured(EfficientAction), 5, "ea_", 7)[1]
    assert orjson.dumps(one) == orjson.dumps(two)
    assert [o["id"] for o in one["expected"]["objects"]] == [o["id"] for o in one["unexpected"]["objects"]]


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"grid": {"size": 4}}, "grid.size", "too small"),
    ({"grid": {"size": 13}}, "grid.size", "pillar"),
    ({"grid": {"size": 6}, "barrier": {"length": 5}}, "barrier.length", "no free row"),
    ({"barrier": {"length": 1}}, "barrier.length", ""),
    ({"speed": {"min": 0.2, "max": 0.15}}, "speed", "above max"),
    ({"speed": {"min": 0.1, "max": 0.31}}, "speed.max", ""),
    ({"trials": {"places": "random"}}, "trials.places", ""),
    ({"test_steps": 1}, "test_steps", ""),
    ({"places": {"apart": {"min": 6, "max": 5}}}, "places.apart", "above max"),
    ({"places": {"apart": {"min": 3, "max": 5}}}, "places.apart.min", ""),
    ({"grid": {"size": 8}, "places": {"apart": {"min": 9, "max": 11}}}, "barrier.length", "9 to 11 cells"),
    ({"grid": {"walls": "reference"}}, "grid", "unknown key"),
])
def test_config_errors_name_the_key(config, path, words):
    with pytest.raises(ConfigError) as raised:
        configured(EfficientAction, **config)
    assert raised.value.path == path and words in str(raised.value)



def test_make_writes_pairs_and_labels(run_cli, tmp_path):
    out = tmp_path / "ea"
    for expected, unexpected in made_pairs(run_cli, out, "efficient_action.yaml"):
        assert json.loads(expected["pair"])["expected"] == "expected"
        assert expected["label"]["walk"] == "straight" and expected["label"]["expected"] is True
        assert unexpected["label"]["walk"] == "round" and unexpected["label"]["expected"] is False
    assert run_cli("validate", "--check", str(out)).code == 0

"""Instrumental Action: property tests over random seeds and random valid configs, checked by an independent replay
of the documents (:mod:`.replay`), and example tests."""

from __future__ import annotations

import json

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.instrumental_action import InstrumentalAction
from scenegen.mcs.gridworld.palette import OBJECT_TYPES
from tests.examples import examples
from tests.kit.grid_walks import World
from tests.kit.pairs import made_pairs
from tests.kit.support import checked_sample, configured, feasible, load_family, pair_of, value

from .replay import check_pair, crossings, is_expected, outcome

configs = st.fixed_dictionaries({
    "family": st.just("instrumental_action"),
    "grid": st.fixed_dictionaries({"size": value(range(5, 13), ranges=True)}),
    "barriers": value(["blocking", "inconsequential", "none"]),
    "places": st.tuples(st.sampled_from([1.0, 1.5, 2.0, 2.5]), st.sampled_from([2.0, 3.0, 4.0, 6.0]),
                        st.sampled_from([1.15, 1.5, 3.0]))
    .map(lambda b: {"reach": {"min": min(b[:2]), "max": max(b[:2])}, "detour": b[2]}),
    "trials": st.fixed_dictionaries({"familiarization": st.integers(2, 9)}),
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
    check_pair(feasible(InstrumentalAction, config), seed, index)


@pytest.mark.parametrize("template", ["instrumental_action.yaml", "eval7_instrumental_action.yaml"])
@pytest.mark.parametrize("index", range(4))
def test_template_pairs(template, index):
    check_pair(load_family(template)[1], 3, index)


@pytest.mark.parametrize(("kind", "expected", "unexpected"), [
    ("none", (True, True, False), (True, False, False)),
    ("inconsequential", (True, True, False), (True, False, False)),
    ("blocking", (False, False, False), (False, True, True)),
])
def test_the_replay_reads_each_kind_without_the_label(kind, expected, unexpected):
    """(reachable, ends at the preferred object, crosses a wall) per file, read from the JSON alone."""
    _, documents, _ = checked_sample(configured(InstrumentalAction, barriers=kind), 2, "ia_", 0)
    worlds = {suffix: World(document) for suffix, document in documents.items()}
    assert outcome(worlds["expected"]) == expected and outcome(worlds["unexpected"]) == unexpected
    assert is_expected(worlds["expected"]) and not is_expected(worlds["unexpected"])
    assert bool(crossings(worlds["unexpected"])) is (kind == "blocking")


def test_the_walls_move_only_as_the_test_begins():
    sample, documents, _ = checked_sample(configured(InstrumentalAction, barriers="inconsequential"), 4, "ia_", 1)
    walls = [item for item in documents["expected"]["objects"] if item["id"].startswith("wall_")
             and not item["id"].startswith("wall_grid")]
    assert len(walls) == len(sample.params["walls_before"]) >= 2
    moves = {tuple(show["stepBegin"] for show in wall["shows"]) for wall in walls}
    assert moves == {(0, pair_of(sample)["test_start"])}


def test_no_barriers_means_no_wall_cells():
    _, documents, _ = checked_sample(configured(InstrumentalAction, barriers="none"), 4, "ia_", 1)
    assert not [item for item in documents["expected"]["objects"] if item["id"].startswith("wall_")
                and not item["id"].startswith("wall_grid")]


def test_pairs_are_reproducible_and_share_ids():
    one = checked_sample(configured(InstrumentalAction), 5, "ia_", 7)[1]
    two = checked_sample(configured(InstrumentalAction), 5, "ia_", 7)[1]
    assert orjson.dumps(one) == orjson.dumps(two)
    assert [o["id"] for o in one["expected"]["objects"]] == [o["id"] for o in one["unexpected"]["objects"]]


@pytest.mark.parametrize(("config", "path", "words"), [
    ({"grid": {"size": 4}}, "grid.size", "too small"),
    ({"grid": {"size": 13}}, "grid.size", "pillar"),
    ({"speed": {"min": 0.2, "max": 0.15}}, "speed", "above max"),
    ({"speed": {"min": 0.1, "max": 0.31}}, "speed.max", ""),
    ({"barriers": "walls"}, "barriers", ""),
    ({"test_steps": 1}, "test_steps", ""),
    ({"places": {"reach": {"min": 3.0, "max": 2.0}}}, "places.reach", "above max"),
    ({"grid": {"size": 5}, "places": {"reach": {"min": 5.0, "max": 6.0}}}, "places.reach", "no two cells"),
    ({"objects": {"types": ["cube"]}}, "objects.types", ""),
    ({"places": {"detour": 0.9}}, "places.detour", ""),
    ({"trials": {"places": "fixed"}}, "trials", "unknown key"),
])
def test_config_errors_name_the_key(config, path, words):
    with pytest.raises(ConfigError) as raised:
        configured(InstrumentalAction, **config)
    assert raised.value.path == path and words in str(raised.value)


def test_make_writes_pairs_and_labels(run_cli, tmp_path):
    out = tmp_path / "ia"
    for expected, unexpected in made_pairs(run_cli, out, "instrumental_action.yaml"):
        assert json.loads(expected["pair"])["expected"] == "expected"
        assert expected["label"]["expected"] is True and unexpected["label"]["expected"] is False
        assert expected["label"]["walk"] in {"preferred", "other"}
        assert unexpected["label"]["walk"] in {"other", "through"}
    assert run_cli("validate", "--check", str(out)).code == 0

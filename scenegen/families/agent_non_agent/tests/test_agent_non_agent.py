"""Agent / Non-Agent: property tests over random seeds and random valid configs, checked by an independent replay
of the documents (:mod:`.replay`), the real pairs replayed alike, and refused configs."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.agent_non_agent import AgentNonAgent
from scenegen.mcs.gridworld.palette import AGENT_TYPES, OBJECT_TYPES
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import configured, feasible, value

from .replay import World, check_pair


def _configs(beside: bool) -> st.SearchStrategy[dict]:
    """Configs whose blobs all stand apart from their paddle, or with some beside it (every non-agent, agents so
    placed), whose waits and speeds the family bounds: drawn within those bounds, so that few are refused."""
    kind, place = (value(["agent", "non_agent"]), value(["apart", "beside"])) if beside else ("agent", "apart")
    waits, speeds = ([3, 10, 15], [0.04, 0.045, 0.1, 0.15]) if beside else ([1, 10, 15, 22, 40, 60],
                                                                             [0.02, 0.04, 0.045, 0.056, 0.1, 0.15])
    return st.fixed_dictionaries({
        "family": st.just("agent_non_agent"),
        "trials": st.fixed_dictionaries({"familiarization": st.integers(1, 9), "wait": value(waits, ranges=True),
                                         "after": value([1, 17, 20, 40], ranges=True)}),
        "speed": value(speeds, ranges=True),
        "entity": st.fixed_dictionaries({"kind": st.just(kind) if isinstance(kind, str) else kind,
                                         "type": value(AGENT_TYPES), "jitter": value([0.0, 0.05, 0.1], ranges=True)}),
        "paddle": st.fixed_dictionaries({"agent": st.just(place) if isinstance(place, str) else place}),
        "objects": st.fixed_dictionaries({"types": st.lists(st.sampled_from(OBJECT_TYPES), min_size=2, max_size=5,
                                                            unique=True)}),
        "walls": value([0, 3, 6, 11], ranges=True),
        "view": value(["isometric_front_right", "isometric"]),
    })


configs = st.one_of(_configs(beside=False), _configs(beside=True))


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_and_plays_out_as_labelled(config, seed, index):
    check_pair(feasible(AgentNonAgent, config), seed, index)


@pytest.mark.parametrize(("kind", "place"), [("non_agent", "apart"), ("agent", "beside")])
@pytest.mark.parametrize("index", range(3))
def test_blobs_beside_their_paddle_play_out_as_labelled(kind, place, index):
    """Every non-agent and every agent beside its paddle: the replay tells them apart by when they set off."""
    family = configured(AgentNonAgent, entity={"kind": kind}, paddle={"agent": place},
                        trials={"wait": {"min": 3, "max": 15}})
    check_pair(family, 17, index)


@pytest.mark.parametrize("template", ["agent_non_agent.yaml", "eval7_agent_non_agent.yaml"])
def test_template_pairs(template):
    from tests.kit.support import load_family
    _, family = load_family(template)
    assert isinstance(family, AgentNonAgent)
    for index in range(4):
        check_pair(family, 5, index)


@pytest.mark.parametrize("pair", ["0001", "0003"])
def test_the_replay_reads_the_real_pairs(pair):
    """The real pairs replay as an agent each, one file expected and one unexpected."""
    verdicts = [World(json.loads((REFERENCE_SCENES / "eval7" / f"eval_7_passive_agents_non_agent_{pair}_0{i}.json")
                                 .read_text())).verdict() for i in (1, 2)]
    assert {v["entity"] for v in verdicts} == {"agent"}
    assert sorted(v["kind"] for v in verdicts) == ["expected", "unexpected"]


@pytest.mark.parametrize(("config", "path"), [
    ({"objects": {"types": ["cube"]}}, "objects.types"),
    ({"objects": {"colours": ["Custom/Materials/Red", "Custom/Materials/Red"]}}, "objects.colours"),
    ({"walls": 14}, "walls"),
    ({"speed": 0.5}, "speed"),
    ({"trials": {"familiarization": 0}}, "trials.familiarization"),
    ({"entity": {"kind": "non_agent"}, "trials": {"wait": {"min": 10, "max": 16}}}, "trials.wait"),
    ({"paddle": {"agent": "beside"}, "trials": {"wait": 20}}, "trials.wait"),
    ({"paddle": {"agent": "beside"}, "trials": {"wait": {"min": 2, "max": 10}}}, "trials.wait"),
    ({"entity": {"kind": ["agent", "non_agent"]}, "trials": {"wait": 10}, "speed": {"min": 0.03, "max": 0.05}},
     "speed"),
    ({"entity": {"kind": "robot"}}, "entity.kind"),
])
def test_bad_configs_are_refused_with_their_key(config, path):
    with pytest.raises(ConfigError) as refused:
        configured(AgentNonAgent, **config)
    assert path in str(refused.value)


@pytest.fixture(scope="module")
def pair():
    from tests.kit.support import checked_sample
    sample, documents, _ = checked_sample(configured(AgentNonAgent), 3, "an_", 0)
    return sample, documents


def test_the_checks_catch_a_test_walk_to_the_wrong_object(pair):
    sample, documents = pair
    family = configured(AgentNonAgent)
    assert family.check(documents["a"], sample.truth["a"]) == []
    assert family.check(documents["a"], sample.truth["b"]) != []


def test_the_replay_refuses_an_agent_the_paddle_touches(pair):
    """With the paddle turning where the blob waits, neither kind reads off the scene: the replay refuses it."""
    _, documents = pair
    document = json.loads(json.dumps(documents["a"]))
    world = World(document)
    start = world.blob["shows"][0]["position"]
    for show in world.paddle["shows"][:5]:
        show["position"] = {**show["position"], "x": start["x"] - 0.3, "z": start["z"]}
    with pytest.raises(AssertionError, match="touches the blob"):
        World(document).verdict()


@pytest.fixture(scope="module")
def pushed_pair():
    from tests.kit.support import checked_sample
    sample, documents, _ = checked_sample(configured(AgentNonAgent, entity={"kind": "non_agent"},
                                                         trials={"wait": {"min": 10, "max": 15}}), 3, "an_", 0)
    return sample, documents


def test_a_non_agent_pair_has_no_file_to_rate_higher(pushed_pair):
    sample, documents = pushed_pair
    assert {World(document).verdict()["kind"] for document in documents.values()} == {"no_expectation"}
    assert sample.pair["higher"] is None and sample.pair["entity"] == "non_agent"
    assert sample.pair["a"] == sample.pair["b"] == "no_expectation"


def test_the_replay_refuses_a_non_agent_that_sets_off_early(pushed_pair):
    """A blob leaving one step before the paddle would touch it left by itself: in that trial it reads as an agent,
    in the others as a non-agent, and the replay refuses a blob of both kinds."""
    _, documents = pushed_pair
    document = json.loads(json.dumps(documents["a"]))
    shows = World(document).blob["shows"]
    leaves = next(k for k, show in enumerate(shows) if k and show["position"] != shows[0]["position"])
    shows.insert(leaves, {**shows[leaves], "stepBegin": shows[leaves]["stepBegin"] - 1})
    with pytest.raises(AssertionError, match="an agent in some trials"):
        World(document).verdict()

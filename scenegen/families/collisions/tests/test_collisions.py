"""Collisions (passive): property tests over random valid configs (both scenes of every pair valid, in their room,
the same until the step the pair's record says they differ from, and each one's event and kind replayed from the
JSON alone by :mod:`.replay`), refusals, the checks, the keys and types of the evaluation's passive physics files,
the CLI."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.collisions import Collisions
from scenegen.families.collisions.checks import collisions_problems
from scenegen.families.collisions.tests.replay import replay, track
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import record_shape
from tests.kit.support import checked_sample, configured, feasible, value

#: No Collisions scene is in the development half: the passive physics scenes that are set what a scene may write.
PASSIVE = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_passive_physics_*.json"))

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("collisions"),
    "room": st.fixed_dictionaries({"width": numbers([9, 10, 14])}),
    "mover": st.fixed_dictionaries({"side": value(["left", "right"]), "size": numbers([0.2, 0.4, 0.8])}),
    "struck": st.fixed_dictionaries({"x": numbers([-1.5, 0, 1]), "z": numbers([-2, 1.6, 3.9]),
                                     "size": numbers([0.2, 0.5, 1.0])}),
    "motion": st.fixed_dictionaries({"start": numbers([1, 10, 20]), "approach": numbers([8, 12, 20]),
                                     "speed": numbers([0.05, 0.1, 0.14]), "restitution": numbers([0, 0.5, 1]),
                                     "slowing": numbers([0.004, 0.006, 0.01])}),
    "unexpected": st.fixed_dictionaries({"kind": value(["not_moved", "moved_early"]), "early": numbers([2, 5])}),
})


def _cut(scene: dict[str, Any], step: int) -> dict[str, Any]:
    """A scene without its name and every move from ``step`` on."""
    copy = json.loads(json.dumps(scene))
    copy["name"] = ""
    for item in copy["objects"]:
        item["moves"] = [move for move in item.get("moves", []) if move["stepBegin"] < step]
    return copy


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_in_its_room_and_replays_as_labelled(config, seed, index):
    family = feasible(Collisions, config)
    sample, documents, labelled = checked_sample(family, seed, "co_", index)
    pair = sample.pair
    assert pair is not None and {pair["a"], pair["b"]} == {"expected", "unexpected"}
    assert pair[pair["higher"]] == "expected"
    for scene, truth in labelled:
        assert document_problems(scene, family, truth) == []
        found = replay(scene)
        assert {key: found[key] for key in ("mover_id", "struck_id", "event", "kind")} == \
            {key: truth[key] for key in ("mover_id", "struck_id", "event", "kind")}
        assert found["touch"] in (truth["touch"], None if truth["event"] == "moved_early" else truth["touch"])
        room = scene["roomDimensions"]
        for item in scene["objects"]:
            half = item["shows"][0]["scale"]["x"] / 2
            assert abs(track(item, scene["goal"]["last_step"])).max() + half < room["x"] / 2
            assert abs(item["shows"][0]["position"]["z"]) + half < room["z"] / 2
    a, b = (_cut(documents[suffix], pair["differs_from"]) for suffix in ("a", "b"))
    assert a == b and documents["a"] != documents["b"]


def test_both_events_are_made_and_the_expected_struck_block_moves_only_when_touched() -> None:
    family = configured(Collisions)
    events = set()
    for index in range(30):
        for scene, truth in checked_sample(family, 1, "co_", index)[2]:
            events.add(truth["event"])
            assert replay(scene)["event"] == truth["event"]
    assert events == {"none", "not_moved", "moved_early"}


def test_the_checks_catch_a_wrong_event_or_block() -> None:
    for scene, truth in checked_sample(configured(Collisions), 2, "co_", 0)[2]:
        assert collisions_problems(scene, truth) == []
        assert collisions_problems(scene, {**truth, "struck_id": "x"})
        assert collisions_problems(scene, {**truth, "kind": "unexpected" if truth["kind"] == "expected" else
                                           "expected"})


@pytest.mark.parametrize(("config", "path"), [
    ({"unexpected": {"early": 10}, "motion": {"approach": 10}}, "unexpected.early"),
    ({"motion": {"speed": 0.3, "approach": 40, "slowing": 0.001}}, "motion.speed"),
    ({"motion": {"start": 60, "approach": 30}}, "motion.speed"),
    ({"struck": {"z": 4.8}}, "struck.z"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Collisions scene") as error:
        Collisions(check_config({"family": "collisions", **config}, Collisions.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"mover": {"side": "front"}}, {"unexpected": {"kind": "vanished"}}, {"motion": {"speed": 0}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "collisions", **config}, Collisions.config_schema())



@pytest.mark.parametrize("template", ["collisions.yaml", "eval7_collisions.yaml"])
def test_scenes_use_only_the_keys_and_object_types_the_passive_physics_files_do(template: str) -> None:
    """Every scene's top-level and goal keys are a passive physics file's; its object types and each object's keys
    are among those the passive physics files write."""
    real = [json.loads(path.read_text()) for path in PASSIVE]
    tops, goals = {record_shape(scene) for scene in real}, {record_shape(scene["goal"]) for scene in real}
    types = {item["type"] for scene in real for item in scene["objects"]}
    keys = {key for scene in real for item in scene["objects"] for key in record_shape(item)}
    family = Collisions(check_config(load_yaml(bundled_templates()[template].read_text()),
                                     Collisions.config_schema()))
    for index in range(30):
        for scene in checked_sample(family, 8, "co_", index)[1].values():
            assert record_shape(scene) in tops and record_shape(scene["goal"]) in goals
            assert {item["type"] for item in scene["objects"]} <= types
            assert {key for item in scene["objects"] for key in record_shape(item)} <= keys


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_collisions", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 12

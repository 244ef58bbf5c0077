"""Seeing Leads to Knowing: property tests over random valid configs (both scenes of every pair valid, in their room,
without overlaps, the same but for the man's walk off the middle, and each one's event and kind replayed from the
JSON alone by :mod:`.replay`), refusals, the checks, the keys and types of the evaluation's files, the CLI."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.families.seeing_leads_to_knowing import SeeingLeadsToKnowing
from scenegen.families.seeing_leads_to_knowing.checks import seeing_leads_to_knowing_problems
from scenegen.families.seeing_leads_to_knowing.family import AGENT_RADIUS, CUP_WIDTH
from scenegen.families.seeing_leads_to_knowing.tests.replay import replay
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_shaped_as_the_real_files
from tests.kit.support import checked_sample, configured, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_passive_seeing_leads_to_knowing_*.json"))
REPLAYED = ("agent_id", "ball_cup", "approached", "ball_seen", "event", "kind")

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("seeing_leads_to_knowing"),
    "room": st.fixed_dictionaries({"width": numbers([8, 10, 12]), "depth": numbers([7, 10])}),
    "performer": st.fixed_dictionaries({"z": numbers([-3.0, -2.65, -1.5])}),
    "cups": st.fixed_dictionaries({"x": numbers([0.6, 1.0, 1.5]), "z": numbers([0.4, 0.5, 0.8]),
                                   "width": numbers([2.5, 3.0, 3.5]), "height": numbers([3.5, 3.75, 4.0])}),
    "agent": st.fixed_dictionaries({"side": value(["left", "right"]), "start": numbers([1.6, 2.0, 3.0]),
                                    "waits": numbers([10, 20, 30])}),
    "ball": st.fixed_dictionaries({"in_view": numbers([0.5, 0.6667, 0.9])}),
    "placers": st.fixed_dictionaries({"start": numbers([20, 50, 60])}),
})


def _without_walk(scene: dict[str, Any]) -> dict[str, Any]:
    """A scene without its name and the man's walk off the middle (the last leg of his movement)."""
    copy = json.loads(json.dumps(scene))
    copy["name"] = ""
    for item in copy["objects"]:
        if "agentMovement" in item:
            item["agentMovement"]["sequence"] = item["agentMovement"]["sequence"][:-1]
    return copy


def _apart(scene: dict[str, Any]) -> None:
    """Every cup, the man's start and the platform stand in the room, apart from one another."""
    room = scene["roomDimensions"]
    boxes: list[tuple[float, float, float, float]] = []
    for item in scene["objects"]:
        position, scale = item["shows"][0]["position"], item["shows"][0].get("scale", {"x": 1, "z": 1})
        if item.get("receptacle"):
            half = (scale["x"] * CUP_WIDTH / 2,) * 2
        elif "agentMovement" in item:
            half = (AGENT_RADIUS, AGENT_RADIUS)
        elif item["id"].startswith("platform_"):
            half = (scale["x"] / 2, scale["z"] / 2)
        else:
            continue
        box = (position["x"] - half[0], position["x"] + half[0], position["z"] - half[1], position["z"] + half[1])
        assert -room["x"] / 2 < box[0] and box[1] < room["x"] / 2 and -room["z"] / 2 < box[2] and box[3] < room["z"] / 2
        assert all(box[1] <= other[0] or other[1] <= box[0] or box[3] <= other[2] or other[3] <= box[2]
                   for other in boxes)
        boxes.append(box)


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_pair_is_valid_in_its_room_and_replays_as_labelled(config, seed, index):
    family = feasible(SeeingLeadsToKnowing, config)
    sample, documents, labelled = checked_sample(family, seed, "sl_", index)
    pair = sample.pair
    assert pair is not None and {pair["a"], pair["b"]} == {"expected", "unexpected"}
    assert pair[pair["higher"]] == "expected"
    for scene, truth in labelled:
        assert document_problems(scene, family, truth) == []
        found = replay(scene)
        assert {key: found[key] for key in REPLAYED} == {key: truth[key] for key in REPLAYED}
        _apart(scene)
    assert _without_walk(documents["a"]) == _without_walk(documents["b"]) and documents["a"] != documents["b"]


def test_the_real_files_replay_as_the_task_list_scores_them() -> None:
    """The replay reads the evaluation's own files: plausible 01, 02, 09, 14; implausible 05, 06, 10, 13."""
    kinds = {path.stem[-2:]: replay(json.loads(path.read_text()))["kind"] for path in REAL}
    assert kinds == {"01": "expected", "02": "expected", "05": "unexpected", "06": "unexpected",
                     "09": "expected", "10": "unexpected", "13": "unexpected", "14": "expected"}


def test_every_event_is_made_and_the_checks_catch_a_wrong_label() -> None:
    family = configured(SeeingLeadsToKnowing)
    events = set()
    for index in range(40):
        for scene, truth in checked_sample(family, 1, "sl_", index)[2]:
            events.add(truth["event"])
            assert seeing_leads_to_knowing_problems(scene, truth) == []
            assert seeing_leads_to_knowing_problems(scene, {**truth, "agent_id": "x"})
            assert seeing_leads_to_knowing_problems(scene, {**truth, "approached": truth["ball_cup"]}) or \
                truth["approached"] == truth["ball_cup"]
            assert seeing_leads_to_knowing_problems(scene, {**truth, "event": "none" if truth["event"] != "none"
                                                            else "ignored_what_it_saw"})
    assert events == {"none", "ignored_what_it_saw", "knew_what_it_did_not_see"}


@pytest.mark.parametrize(("config", "path"), [
    ({"cups": {"z": 0.3}}, "cups.z"),
    ({"agent": {"start": 1.2}}, "agent.start"),
    ({"agent": {"start": 3.5}, "room": {"width": 7}}, "agent.start"),
    ({"cups": {"z": 3.9}, "room": {"depth": 8}}, "cups.z"),
    ({"performer": {"z": -0.5}}, "performer.z"),
    ({"placers": {"start": 80}}, "placers.start"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Seeing Leads to Knowing scene") as error:
        SeeingLeadsToKnowing(check_config({"family": "seeing_leads_to_knowing", **config},
                                          SeeingLeadsToKnowing.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"agent": {"side": "front"}}, {"ball": {"in_view": 0.2}}, {"cups": {"width": 0}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "seeing_leads_to_knowing", **config}, SeeingLeadsToKnowing.config_schema())



@pytest.mark.parametrize("template", ["seeing_leads_to_knowing.yaml", "eval7_seeing_leads_to_knowing.yaml"])
def test_scenes_use_only_the_keys_and_object_types_the_real_files_do(template: str) -> None:
    """Every scene's top-level, goal and object keys (by object type) and its object types are the real files'."""
    assert_shaped_as_the_real_files(SeeingLeadsToKnowing, template, REAL, 30)
def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_seeing_leads_to_knowing", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 12

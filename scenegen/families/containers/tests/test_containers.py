"""Retrieval - Containers: property tests over random valid configs (every scene valid, in the room, without
overlaps, its label agreeing with the independent replay of :mod:`.replay`), the evaluation's six scenes,
the family's checks, refusals and the CLI."""

from __future__ import annotations

import copy
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.containers import Containers
from scenegen.families.containers.checks import containers_problems
from scenegen.families.containers.tests.replay import assert_laid_out, replay
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_containers_*.json"))
ALL_TYPES = "toolbox_8 circular_container military_case_5 chest_7 military_case_4 military_case_2"

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("containers"),
    "room": st.fixed_dictionaries({"width": numbers([10, 12, 16]), "depth": numbers([10, 11, 16])}),
    "performer": st.fixed_dictionaries({"x": numbers([-3, 0, 2.47]), "z": numbers([-3, -0.13, 2]),
                                        "facing": numbers([0, 90, 225, 359])}),
    "containers": st.fixed_dictionaries({
        "lineup": value([ALL_TYPES, "toolbox_8 circular_container military_case_5",
                         "chest_7 military_case_4 military_case_2"]),
        "count": numbers([1, 2, 3]), "order": value(["in_order", "shuffled"]), "scale": numbers([1.0, 1.1, 1.3]),
        "slots": st.sampled_from([[], [[-3.18, -0.6], [-2.1, 2.99], [-3.2, 2.22]]])}),
    "ball": st.fixed_dictionaries({"hidden": value([True, False]), "holder": value(["first", "any"]),
                                   "x": numbers([-4, -2.1535, 0, 3]), "z": numbers([-4, -0.5146, 0, 4]),
                                   "turn": numbers([0, 625.2448, 720])}),
    "toys": st.one_of(st.just({}), st.fixed_dictionaries({"placed": st.just([]), "count": numbers([0, 4, 12])})),
})


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_laid_out_and_its_label_true(config: dict[str, Any], seed: int, index: int) -> None:
    family = feasible(Containers, config)
    sample, documents = Pipeline(family, seed, "co_", semantic=True).produce(index)
    scene = json.loads(json.dumps(documents[""]))
    assert document_problems(scene, family, sample.truth) == []
    assert_laid_out(scene)
    replay(scene, sample.truth)


def _eval7(**override: Any) -> Containers:
    config = load_yaml(bundled_templates()["eval7_containers.yaml"].read_text())
    for section, values in override.items():
        config[section] = {**config.get(section, {}), **values}
    return Containers(check_config(config, Containers.config_schema()))


def _same_object(ours: dict[str, Any], theirs: dict[str, Any]) -> None:
    assert set(ours) == set(theirs), ours["type"]
    for key in ("type", "mass", "materials", "salientMaterials", "moveable", "pickupable", "receptacle",
                "openable", "canContainTarget"):
        assert ours.get(key) == theirs.get(key), (ours["type"], key)
    for key in ("position", "rotation", "scale"):
        assert ours["shows"][0][key] == pytest.approx(theirs["shows"][0][key]), (ours["type"], key)


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene(path: Path) -> None:
    """Given the real scene's lineup, count and ball, the template writes it object for object (but the ids)."""
    real = json.loads(path.read_text())
    kinds = [item["type"] for item in real["objects"] if item.get("canContainTarget")]
    lineup = next(line for line in ("toolbox_8 circular_container military_case_5",
                                    "chest_7 military_case_4 military_case_2") if line.startswith(kinds[0]))
    family = _eval7(containers={"lineup": lineup, "count": len(kinds)},
                    ball={"hidden": "locationParent" in real["objects"][0]})
    scene = checked_sample(family, 7, "co_", 0)[1][""]
    assert set(scene) == set(real)
    for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "version", "holes", "lava",
                "performerStart", "isometric", "floorTextures", "intuitivePhysics", "screenshot"):
        assert scene[key] == real[key], key
    assert scene["goal"] == {**real["goal"], "metadata": {"target": {"id": scene["objects"][0]["id"]}}}
    assert len(scene["objects"]) == len(real["objects"])
    for ours, theirs in zip(scene["objects"], real["objects"], strict=True):
        _same_object(ours, theirs)
    if "locationParent" in real["objects"][0]:
        assert scene["objects"][0]["locationParent"] == scene["objects"][1]["id"]


def test_scenes_use_only_the_real_files_object_types_and_keys() -> None:
    """Every object of both templates has a type and a set of keys some real Containers scene writes for it."""
    real = {(item["type"], tuple(sorted(item))) for path in REAL for item in json.loads(path.read_text())["objects"]}
    types = {kind for kind, _ in real}
    for template in ("containers.yaml", "eval7_containers.yaml"):
        family = Containers(check_config(load_yaml(bundled_templates()[template].read_text()),
                                         Containers.config_schema()))
        for index in range(60):
            scene = checked_sample(family, 3, "co_", index)[1][""]
            for item in scene["objects"]:
                assert item["type"] in types, item["type"]
                assert (item["type"], tuple(sorted(item))) in real, (item["type"], sorted(item))


def scene_with(**config: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, [(scene, truth)] = checked_sample(configured(Containers, **config), 4, "co_", 0)
    return copy.deepcopy(scene), copy.deepcopy(truth)


def test_the_checks_catch_a_wrong_holder_a_ball_outside_and_a_ball_that_does_not_fit() -> None:
    scene, truth = scene_with(containers={"count": 3}, ball={"hidden": True})
    assert containers_problems(scene, truth) == []
    other = scene["objects"][2]
    wrong = {**truth, "container": {"id": other["id"], "type": other["type"], "order": "second"}}
    assert any("not the one holding" in p.message for p in containers_problems(scene, wrong))
    lifted = copy.deepcopy(scene)
    lifted["objects"][0]["shows"][0]["position"]["y"] = 0.5
    assert any("does not rest" in p.message for p in containers_problems(lifted, truth))
    shrunk = copy.deepcopy(scene)
    shrunk["objects"][1]["shows"][0]["scale"] = {"x": 2.0, "y": 2.0, "z": 2.0}  # a toolbox_8 at 2
    assert any("does not fit" in p.message for p in containers_problems(shrunk, truth))
    floor, floor_truth = scene_with(ball={"hidden": False})
    assert any("hidden" in p.message for p in containers_problems(floor, {**floor_truth, "hidden": True}))


def test_the_holder_is_any_container_when_asked() -> None:
    family = configured(Containers, containers={"count": 3, "lineup": ALL_TYPES, "order": "shuffled"},
                        ball={"hidden": True, "holder": "any"})
    orders = {Pipeline(family, 5, "co_").produce(index)[0].truth["container"]["order"] for index in range(60)}
    assert orders == {"first", "second", "third"}


@pytest.mark.parametrize(("config", "path", "reason"), [
    ({"containers": {"count": 4}}, "containers.count", "4 containers drawn from a lineup of 3"),
    ({"containers": {"lineup": ALL_TYPES, "count": 4}}, "containers.count", "4 containers drawn for 3 slots"),
    ({"containers": {"lineup": "chest_7 military_case_4 military_case_2", "scale": 0.9}}, "containers.scale",
     "military_case_2 at 0.9 times"),
    ({"room": {"width": 6}}, "containers.slots", "not inside the smallest room"),
    ({"performer": {"z": {"min": -6, "max": 0}}}, "performer.z", "not inside the smallest room"),
    ({"ball": {"hidden": [True, False], "x": 6}}, "ball.x", "not inside the smallest room"),
    ({"containers": {"slots": []}, "toys": {"placed": [], "count": 12}, "room": {"width": 6, "depth": 6}},
     "toys.count", "cover"),
    ({"ball": {"hidden": False, "x": -2.92, "z": 0.68}}, "ball.x", "no draw of fifty"),  # on the first bowl
    ({"containers": {"count": 2, "slots": [[-3.18, -0.6], [-3.0, -0.5], [-3.2, 2.22]]}, "ball": {"hidden": True}},
     "containers.slots", "no draw of fifty"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str,
                                                                    reason: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Retrieval - Containers room") as error:
        Containers(check_config({"family": "containers", **config}, Containers.config_schema()))
    assert error.value.path == path
    assert reason in str(error.value)


@pytest.mark.parametrize("config", [
    {"containers": {"lineup": "toolbox_8 sofa_1"}}, {"containers": {"order": "sorted"}},
    {"containers": {"count": 0}}, {"ball": {"holder": "last"}}, {"toys": {"type": "apple_1"}},
    {"containers": {"slots": [[1, 2, 3]]}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "containers", **config}, Containers.config_schema())


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_containers", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 6

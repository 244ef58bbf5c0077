"""Object Permanence (interactive): property tests over random valid configs (every scene valid, in its room,
without overlaps, its label replayed from the JSON alone by :mod:`.replay`), the evaluation's four scenes remade,
refusals, the checks, the keys and types the real files use, the CLI."""

from __future__ import annotations

import itertools
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.object_permanence import ObjectPermanence
from scenegen.families.object_permanence.checks import object_permanence_problems
from scenegen.families.object_permanence.tests.replay import RADIUS, replay
from scenegen.mcs.geometry.catalog import object_size
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_shaped_as_the_real_files
from tests.kit.support import checked_sample, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_object_permanence_*.json"))
EVAL7 = bundled_templates()["eval7_object_permanence.yaml"]

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("object_permanence"),
    "room": st.fixed_dictionaries({"width": numbers([8, 9, 10]), "depth": numbers([12, 14])}),
    "launch": st.fixed_dictionaries({"side": value(["left", "right"]), "z": numbers([2.5, 2.75, 3.5]),
                                     "height": numbers([3, 3.5, 4]), "tilt": numbers([-10, -5, 0, 5]),
                                     "impulse": numbers([2, 4, 10, 24, 30]), "step": numbers([1, 20])}),
    "occluder": st.fixed_dictionaries({"front": value(["desk", "tall", "low"]),
                                       "wall_depth": numbers([3.75, 4.5])}),
})


def _footprint(item: dict[str, Any]):
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    half_x, half_z = size_x * show["scale"]["x"] / 2, size_z * show["scale"]["z"] / 2
    x, z = show["position"]["x"], show["position"]["z"]
    return box(x - half_x, z - half_z, x + half_x, z + half_z)


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_its_room_without_overlaps_and_its_label_replays(config, seed, index):
    family = feasible(ObjectPermanence, config)
    sample, documents = Pipeline(family, seed, "op_", semantic=True).produce(index)
    scene, truth = json.loads(json.dumps(documents[""])), sample.truth
    assert document_problems(scene, family, truth) == []
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    room = box(-half_x, -half_z, half_x, half_z).buffer(1e-9)
    # On the floor: the platform, the walls beside it, the front pieces (up high: the devices and the ball).
    grounded = {item["id"]: _footprint(item) for item in scene["objects"]
                if item["shows"][0]["position"]["y"] < 1.5}
    for key, shape in grounded.items():
        assert room.contains(shape), key
    for a, b in itertools.combinations(grounded, 2):
        if not {a, b} & {key for key in grounded if key.startswith("wall_")}:  # the black step sits on the platform
            assert grounded[a].intersection(grounded[b]).area < 1e-9, (a, b)
    replay(scene, truth)


def _eval7(**override: Any) -> ObjectPermanence:
    config = load_yaml(EVAL7.read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    return ObjectPermanence(check_config(config, ObjectPermanence.config_schema()))


def _front(real: dict[str, Any]) -> str:
    fronts = [item for item in real["objects"] if item["id"].startswith("occluder_front_")]
    if not fronts:
        return "desk"
    return "tall" if fronts[0]["shows"][0]["scale"]["y"] == 1 else "low"


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-5:])
def test_the_evaluation_template_remakes_each_real_scene(path: Path) -> None:
    """With its impulse and front piece set as the real scene's, the template writes the real scene but for its ids
    and the written form of whole numbers."""
    real = json.loads(path.read_text())
    family = _eval7(launch={"impulse": real["objects"][0]["forces"][0]["vector"]["x"]},
                    occluder={"front": _front(real)})
    scene = checked_sample(family, 3, "op_", 0)[1][""]
    ids = {ours["id"]: theirs["id"] for ours, theirs in zip(scene["objects"], real["objects"], strict=True)}
    scene["goal"]["metadata"]["target"]["id"] = ids[scene["goal"]["metadata"]["target"]["id"]]
    for item in scene["objects"]:
        item["id"] = ids[item["id"]]
    scene["name"] = real["name"]
    assert _as_floats(scene) == _as_floats(real)


def _as_floats(node: Any) -> Any:
    """A document with every number a float (the real files write some whole numbers as integers)."""
    if isinstance(node, dict):
        return {key: _as_floats(item) for key, item in node.items()}
    if isinstance(node, list):
        return [_as_floats(item) for item in node]
    return float(node) if isinstance(node, int) and not isinstance(node, bool) else node


def test_a_weak_throw_stays_on_its_side_and_a_hard_one_crosses() -> None:
    for impulse, crosses in ((4, False), (24, True)):
        for side in ("left", "right"):
            truth = checked_sample(_eval7(launch={"impulse": impulse, "side": side}), 1, "op_", 0)[0].truth
            assert truth["crosses"] == crosses and (truth["side"] == side) != crosses


def test_the_checks_catch_a_wrong_side_landing_or_crossing() -> None:
    family = _eval7(launch={"impulse": 24})
    _, _, [(scene, truth)] = checked_sample(family, 4, "op_", 0)
    assert object_permanence_problems(scene, truth) == []
    assert object_permanence_problems(scene, {**truth, "side": "right"})
    assert object_permanence_problems(scene, {**truth, "crosses": False})
    assert object_permanence_problems(scene, {**truth, "landing": [1.0, 2.0]})


@pytest.mark.parametrize(("config", "path"), [
    ({"launch": {"impulse": 12}}, "launch.impulse"),
    ({"launch": {"height": 7}}, "launch.height"),
    ({"launch": {"tilt": 30, "impulse": 40}}, "launch.tilt"),
    ({"occluder": {"x": 3.5}}, "occluder.x"),
    ({"platform": {"width": 4}}, "platform.width"),
    ({"launch": {"z": 0.9}}, "launch.z"),
    ({"performer": {"z": 5}}, "performer.z"),
    ({"launch": {"step": 2100}}, "launch.step"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out an Object Permanence room") as error:
        ObjectPermanence(check_config({"family": "object_permanence", **config}, ObjectPermanence.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"launch": {"side": "front"}}, {"occluder": {"front": "curtain"}}, {"launch": {"impulse": 0}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "object_permanence", **config}, ObjectPermanence.config_schema())



@pytest.mark.parametrize("template", ["object_permanence.yaml", "eval7_object_permanence.yaml"])
def test_scenes_use_only_the_keys_and_object_types_the_real_files_do(template: str) -> None:
    """Every scene's top-level keys, goal keys, object types and each object's keys are a real file's."""
    assert_shaped_as_the_real_files(ObjectPermanence, template, REAL, 40)
def test_the_ball_starts_in_its_device_clear_of_the_ceiling() -> None:
    scene = checked_sample(_eval7(), 2, "op_", 0)[1][""]
    ball, device = scene["objects"][0], scene["objects"][2]
    assert ball["shows"][0]["position"]["x"] == device["shows"][0]["position"]["x"]
    assert ball["shows"][0]["position"]["y"] + RADIUS < scene["roomDimensions"]["y"]


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_object_permanence", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 6

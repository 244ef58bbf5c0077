"""Moving Target Prediction: property tests over random valid configs (every scene valid, in its room, without
overlaps, its label replayed from the JSON alone by :mod:`.replay`), the evaluation's six scenes, refusals, the
checks, the CLI."""

from __future__ import annotations

import copy
import itertools
import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, box

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.moving_target import MovingTarget
from scenegen.families.moving_target.checks import moving_target_problems
from scenegen.families.moving_target.tests.replay import RADIUS, replay
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_shaped_as_the_real_files
from tests.kit.support import checked_sample, configured, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_moving_target_prediction_*.json"))
EVAL7 = bundled_templates()["eval7_moving_target.yaml"]
#: How far a turned device's back corners reach into its wall (the evaluation's, turned 20 degrees, reach 0.1 m).
INTO_WALL = 0.14

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("moving_target"),
    "room": st.fixed_dictionaries({"width": numbers([10, 14, 18, 22]), "depth": numbers([10, 12, 14])}),
    "performer": st.fixed_dictionaries({"z": numbers([-4, -3, 0, 2]), "tilt": numbers([0, 10, 20]),
                                        "facing": numbers([0, 90, 280, 300])}),
    "platform": st.fixed_dictionaries({"width": numbers([1, 2]), "depth": numbers([1, 2])}),
    "launch": st.fixed_dictionaries({"side": value(["left", "right"]), "z": numbers([-1, 0, 1]),
                                     "offset": numbers([-2.5, -1.9, 0, 1.9, 2.5]), "angle": numbers([0, 10, 20, 30]),
                                     "impulse": numbers([12, 16, 18.5, 20, 24]), "step": numbers([1, 37, 60])}),
    "lava": st.fixed_dictionaries({"share": numbers([0, 0.6, 0.8])}),
})


def _shapes(scene: dict[str, Any]) -> dict[str, Any]:
    """Each object's footprint: the platform a box, the device lying on its side a square of its diameter turned
    by its rotation, the ball its disc."""
    shapes = {}
    for item in scene["objects"]:
        show = item["shows"][0]
        x, z, scale = show["position"]["x"], show["position"]["z"], show["scale"]
        if item["type"] == "soccer_ball":
            shapes[item["id"]] = Point(x, z).buffer(RADIUS)
            continue
        shape = box(-scale["x"] / 2, -scale["z"] / 2, scale["x"] / 2, scale["z"] / 2)
        shapes[item["id"]] = affinity.translate(affinity.rotate(shape, -show["rotation"]["y"], origin=(0, 0)), x, z)
    return shapes


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_its_room_without_overlaps_and_its_label_replays(config, seed, index):
    family = feasible(MovingTarget, config)
    sample, documents = Pipeline(family, seed, "mt_", semantic=True).produce(index)
    scene, truth = json.loads(json.dumps(documents[""])), sample.truth
    assert document_problems(scene, family, truth) == []
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    room = box(-half_x, -half_z, half_x, half_z)
    shapes = _shapes(scene)
    for key, shape in shapes.items():
        assert room.buffer(INTO_WALL if key == truth["thrower_id"] else 0).contains(shape), key
    ball = truth["target_id"]
    for a, b in itertools.combinations(shapes, 2):
        if ball not in (a, b) or truth["thrower_id"] not in (a, b):  # the ball starts in its device
            assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)
    replay(scene, truth)


def _eval7(**override: Any) -> MovingTarget:
    config = load_yaml(EVAL7.read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    return MovingTarget(check_config(config, MovingTarget.config_schema()))


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-5:])
def test_the_evaluation_template_remakes_each_real_scene(path: Path) -> None:
    """With its launch, impulse, view and lava set as the real scene's, the template writes the real scene but for
    its ids and the written form of whole numbers."""
    real = json.loads(path.read_text())
    ball = real["objects"][0]
    offset = round(ball["shows"][0]["position"]["z"] + 1, 4)
    family = _eval7(performer={"tilt": real["performerStart"]["rotation"]["x"],
                               "facing": real["performerStart"]["rotation"]["y"]},
                    launch={"offset": offset, "impulse": ball["forces"][0]["vector"]["x"]},
                    lava={"share": real.get("partitionFloor", {}).get("leftHalf", 0)})
    scene = checked_sample(family, 3, "mt_", 0)[1][""]
    ids = {ours["id"]: theirs["id"] for ours, theirs in zip(scene["objects"], real["objects"], strict=True)}
    scene["goal"]["metadata"]["target"]["id"] = ids[scene["goal"]["metadata"]["target"]["id"]]
    for item in scene["objects"]:
        item["id"] = ids[item["id"]]
    scene["name"] = real["name"]
    assert json.loads(json.dumps(scene), parse_float=float) == _as_floats(real)


def _as_floats(node: Any) -> Any:
    """A document with every number a float (the real files write some whole numbers as integers)."""
    if isinstance(node, dict):
        return {key: _as_floats(item) for key, item in node.items()}
    if isinstance(node, list):
        return [_as_floats(item) for item in node]
    return float(node) if isinstance(node, int) and not isinstance(node, bool) else node


def test_the_checks_catch_an_intercept_off_the_line_on_lava_or_out_of_order() -> None:
    family = configured(MovingTarget, lava={"share": 0.8}, launch={"offset": 1.9})
    _, _, [(scene, truth)] = checked_sample(family, 4, "mt_", 0)
    assert moving_target_problems(scene, truth) == []
    off = copy.deepcopy(truth)
    off["intercept"]["z"] += 0.5
    assert any("off the ball's line" in p.message for p in moving_target_problems(scene, off))
    on_lava = {**truth, "intercept": truth["exit"], "exit": {"x": truth["exit"]["x"] * 3,
                                                            "z": truth["exit"]["z"]}}
    assert moving_target_problems(scene, on_lava)
    late = {**truth, "intercept_steps": [truth["window"][1] + 1, truth["window"][1] + 2]}
    assert any("not in order" in p.message for p in moving_target_problems(scene, late))


@pytest.mark.parametrize(("config", "path"), [
    ({"lava": {"share": 0.9}, "platform": {"width": 2}}, "lava.share"),
    ({"performer": {"z": -5.5}}, "performer.z"),
    ({"launch": {"offset": -5}}, "launch.offset"),
    ({"launch": {"step": 3500}}, "launch.step"),
    ({"launch": {"impulse": 8}, "lava": {"share": 0.8}}, "launch.impulse"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Moving Target Prediction room") as error:
        MovingTarget(check_config({"family": "moving_target", **config}, MovingTarget.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"launch": {"side": "front"}}, {"lava": {"share": 1}}, {"launch": {"impulse": 0}}, {"performer": {"tilt": 45}},
    {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "moving_target", **config}, MovingTarget.config_schema())


def test_the_right_wall_launches_toward_minus_x_and_mirrors_the_left() -> None:
    launch = {"offset": 1.9, "impulse": 19.5}
    left, right = (Pipeline(configured(MovingTarget, launch={**launch, "side": side}, lava={"share": 0.8}), 5,
                            "mt_").produce(0)[0].truth for side in ("left", "right"))
    for point in ("entry", "intercept", "exit"):
        assert (right[point]["x"], right[point]["z"]) == (-left[point]["x"], left[point]["z"])
    assert (right["intercept_steps"], right["window"]) == (left["intercept_steps"], left["window"])


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_moving_target", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 6



@pytest.mark.parametrize("template", ["moving_target.yaml", "eval7_moving_target.yaml"])
def test_scenes_use_only_the_keys_and_object_types_the_real_files_do(template: str) -> None:
    """Every scene's top-level keys, goal keys, object types and each object's keys are a real file's."""
    assert_shaped_as_the_real_files(MovingTarget, template, REAL, 40)

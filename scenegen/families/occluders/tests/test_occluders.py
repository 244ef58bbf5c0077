"""Retrieval - Occluders: property tests over random valid configs (every scene validates, stays in the room, has
no overlaps and its label agrees with the independent replay of :mod:`.replay`), the evaluation's scenes, pairs,
refusals, the family's own checks and the CLI (the kit's line-of-sight tests: ``tests/mcs/test_cover.py``)."""

from __future__ import annotations

import copy
import itertools
import json
import math
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.occluders import Occluders
from scenegen.families.occluders.checks import occluders_problems
from scenegen.families.occluders.tests.replay import FURNITURE, footprint, hiders, replay
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_occluders_*.json"))
EVAL7 = bundled_templates()["eval7_occluders.yaml"]
TRAINING = bundled_templates()["occluders.yaml"]

#: A numeric parameter, in every shape of the value grammar (ranges too).
numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("occluders"),
    "room": st.fixed_dictionaries({"width": numbers([9, 12, 15, 20]), "depth": numbers([9, 13, 19])}),
    "performer": st.fixed_dictionaries({"x": numbers([-3, -1.77, 0, 2]), "z": numbers([-3, 0, 3]),
                                        "facing": numbers([0, 45, 90, 315, 359])}),
    "ball": st.fixed_dictionaries({"hidden": value([True, False]), "distance": numbers([2.5, 3.9, 5, 8]),
                                   "bearing": numbers([-180, -90, 0, 30, 103.4, 180])}),
    "occluder": st.fixed_dictionaries({"type": value(list(FURNITURE)), "gap": numbers([0.2, 0.5, 1.0])}),
    "others": st.fixed_dictionaries({"count": numbers([0, 1, 2, 3]), "type": value(list(FURNITURE)),
                                     "turn": numbers([0, 45, 90, 200])}),
    "toys": st.fixed_dictionaries({"count": numbers([0, 2, 5])}),
})


def _shapes_apart_in_the_room(scene: dict[str, Any]) -> None:
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    room = box(-half_x, -half_z, half_x, half_z).buffer(1e-6)
    shapes = {item["id"]: footprint(item) for item in scene["objects"]}
    for key, shape in shapes.items():
        assert room.contains(shape), key
    for a, b in itertools.combinations(shapes, 2):
        assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)
    start = scene["performerStart"]["position"]
    assert all(shape.distance(box(start["x"], start["z"], start["x"], start["z"])) > 0.25 for shape in
               shapes.values())


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config: dict[str, Any], seed: int, index: int) -> None:
    family = feasible(Occluders, config)
    sample, documents = Pipeline(family, seed, "oc_", semantic=True).produce(index)
    scene, truth = json.loads(json.dumps(documents[""])), sample.truth
    assert document_problems(scene, family, truth) == []
    _shapes_apart_in_the_room(scene)
    replay(scene, truth)


@pytest.mark.parametrize("template", [EVAL7, TRAINING], ids=["eval7", "training"])
def test_every_template_scene_agrees_with_the_replay(template: Path) -> None:
    family = Occluders(check_config(load_yaml(template.read_text()), Occluders.config_schema()))
    hidden = []
    for index in range(60):
        sample, documents, _ = checked_sample(family, 11, "oc_", index)
        scene = json.loads(json.dumps(documents[""]))
        _shapes_apart_in_the_room(scene)
        replay(scene, sample.truth)
        hidden.append(sample.truth["hidden"])
    assert 0.25 < np.mean(hidden) < 0.75


def _eval7(**override: Any) -> Occluders:
    config = load_yaml(EVAL7.read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    return Occluders(check_config(config, Occluders.config_schema()))


def _line_occluder(scene: dict[str, Any]) -> dict[str, Any]:
    return next(item for item in scene["objects"] if item["type"] in FURNITURE)


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-7:])
def test_the_real_scenes_agree_with_the_replay_and_the_template_remakes_them(path: Path) -> None:
    """Every real scene is hidden or in view as the replay's model says (the label its occluder's place on the
    line gives), and the template, given its ball, occluder, placement and further furniture, puts them where the
    real scene does, with the real keys, flags, masses, materials and rotations."""
    real = json.loads(path.read_text())
    line = _line_occluder(real)
    eye = real["performerStart"]["position"]
    ball = real["objects"][0]["shows"][0]["position"]
    hidden = math.dist((eye["x"], eye["z"]), (line["shows"][0]["position"]["x"], line["shows"][0]["position"]["z"])) \
        < math.dist((eye["x"], eye["z"]), (ball["x"], ball["z"]))
    assert hiders(real) == ([line["id"]] if hidden else [])
    others = [item for item in real["objects"] if item["type"] in FURNITURE][1:]
    family = _eval7(ball={"hidden": hidden, "places": [[ball["x"], ball["z"]]]},
                    occluder={"type": line["type"]},
                    others={"count": len(others), "type": [item["type"] for item in others] or ["bed_14"]})
    for index in range(20):
        _, documents, _ = checked_sample(family, 5, "oc_", index)
        scene = json.loads(json.dumps(documents[""]))
        if [item["type"] for item in scene["objects"]] == [item["type"] for item in real["objects"]]:
            break
    else:
        pytest.fail("no scene drew the real furniture's order")
    assert set(scene) == set(real)
    assert scene["goal"] == {**real["goal"], "metadata": {"target": {"id": scene["objects"][0]["id"]}}}
    for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "performerStart"):
        assert scene[key] == real[key], key
    for ours, theirs in zip(scene["objects"], real["objects"], strict=True):
        assert set(ours) == set(theirs), ours["type"]
        for key in ("materials", "salientMaterials", "moveable", "pickupable", "receptacle", "mass"):
            assert ours.get(key) == theirs.get(key), (ours["type"], key)
        show, real_show = ours["shows"][0], theirs["shows"][0]
        assert show["scale"] == real_show["scale"] and show["position"]["y"] == real_show["position"]["y"]
        assert show["rotation"]["y"] == pytest.approx(real_show["rotation"]["y"], abs=1e-3)
        if ours["type"] in FURNITURE or ours["type"] == "soccer_ball":
            for axis in ("x", "z"):
                assert show["position"][axis] == pytest.approx(real_show["position"][axis], abs=2e-3)


def test_the_checks_catch_a_wrong_occluder_and_a_ball_said_in_view() -> None:
    family = configured(Occluders, ball={"hidden": True}, others={"count": 2}, toys={"count": 3})
    *_, [(scene, truth)] = checked_sample(family, 4, "oc_", 0)
    scene, truth = copy.deepcopy(scene), copy.deepcopy(truth)
    assert occluders_problems(scene, truth) == []
    other = next(item for item in scene["objects"] if item["type"] in FURNITURE and item["id"] != truth["occluder_id"])
    assert occluders_problems(scene, {**truth, "occluder_id": other["id"]})
    assert occluders_problems(scene, {**truth, "hidden": False, "occluder_id": None})
    assert occluders_problems(scene, {**truth, "ball": {"x": 0.0, "z": 0.0}})


@pytest.mark.parametrize(("config", "path"), [
    ({"room": {"width": 8}, "performer": {"x": 3.9}}, "performer.x"),
    ({"room": {"depth": {"min": 6, "max": 20}}, "performer": {"z": {"min": -3, "max": 3}}}, "performer.z"),
    ({"others": {"count": 3, "places": [[1.58, -7.01], [2.87, -0.65]]}}, "others.count"),
    ({"ball": {"hidden": True, "distance": 1.2}, "occluder": {"gap": 1.0}}, "ball.distance"),
    ({"room": {"width": 8, "depth": 8}, "performer": {"x": -3, "z": -3, "facing": 0},
      "ball": {"distance": 6, "bearing": 180}}, "ball.distance"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Retrieval - Occluders room") as error:
        Occluders(check_config({"family": "occluders", **config}, Occluders.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"occluder": {"type": "table_8"}}, {"occluder": {"gap": 0.05}}, {"ball": {"hidden": "yes"}},
    {"others": {"count": 6}}, {"performer": {"facing": 360}}, {"ball": {"places": [[1, 2, 3]]}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "occluders", **config}, Occluders.config_schema())


def test_object_types_and_keys_are_the_real_scenes_own() -> None:
    """What the family writes (object types, top-level, object and show keys) is a subset of what the real
    Occluders scenes write."""
    real = [json.loads(path.read_text()) for path in REAL]
    family = Occluders(check_config(load_yaml(TRAINING.read_text()), Occluders.config_schema()))
    ours = [json.loads(json.dumps(checked_sample(family, 2, "oc_", index)[1][""])) for index in range(40)]

    def keys(scenes: list[dict[str, Any]]) -> tuple[set[str], set[str], set[str], set[str]]:
        objects = [item for scene in scenes for item in scene["objects"]]
        return ({item["type"] for item in objects}, {key for scene in scenes for key in scene},
                {key for item in objects for key in item}, {key for item in objects for key in item["shows"][0]})

    for mine, theirs in zip(keys(ours), keys(real), strict=True):
        assert mine <= theirs


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_occluders", "-n", "6", "--check", "--quiet", "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0
    assert len(list(out.rglob("*.json"))) >= 6


def test_a_pair_differs_only_in_the_occluder_s_side_and_both_labels_replay() -> None:
    family = configured(Occluders, pairs=True, others={"count": 2}, toys={"count": 5})
    for index in range(10):
        sample, _, truths = checked_sample(family, 6, "oc_", index)
        (a, truth_a), (b, truth_b) = truths
        for scene, truth in truths:
            _shapes_apart_in_the_room(scene)
            replay(scene, truth)
        assert truth_a["hidden"] != truth_b["hidden"] and sample.pair is not None
        assert (sample.pair["a"], sample.pair["b"]) == (truth_a["hidden"], truth_b["hidden"])
        changed = [ours["type"] for ours, theirs in zip(a["objects"], b["objects"], strict=True) if ours != theirs]
        assert changed == [_line_occluder(a)["type"]]

"""Spatial Elimination: property tests over random valid configs (every document valid, in the room, without
overlaps, its label what an independent replay of the JSON finds), the evaluation's four scenes, conformance of
types and keys, refusals, the family's own checks and the CLI."""

from __future__ import annotations

import copy
import itertools
import json
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.spatial_elimination import SpatialElimination
from scenegen.families.spatial_elimination.checks import spatial_elimination_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_writes_what_the_real_files_write
from tests.kit.support import as_written, checked_sample, configured, feasible, value

from .replay import assert_label_agrees, box, centre_radius, target

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_spatial_elimination_*.json"))
TEMPLATES = bundled_templates()
numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("spatial_elimination"),
    "room": st.fixed_dictionaries({"width": numbers([6, 8, 12]), "depth": numbers([9, 12, 16])}),
    "performer": st.fixed_dictionaries({"z": numbers([-5.5, -4.4, -3])}),
    "platform": st.fixed_dictionaries({"stop_z": numbers([-4, -2.5, 0])}),
    "ball": st.fixed_dictionaries({
        "side": value(["left", "right"]), "place": value(["front", "behind"]),
        "front_offset": numbers([-0.4, 0.0, 0.1379, 0.4]), "behind_offset": numbers([-0.2, -0.0679, 0.1]),
        "gap": numbers([0.05, 0.18, 0.6])}),
    "walls": st.fixed_dictionaries({
        "ball_side": value(["cover", "lying", "standing", "none"]),
        "other_side": value(["cover", "lying", "standing", "none"]),
        "x": numbers([1, 2, 3]), "z": numbers([-2, 1.75, 4]), "cover_width": numbers([0.5, 0.6, 1.2]),
        "cover_height": numbers([0.45, 0.6, 1.0]), "bar_length": numbers([0.5, 1.8, 2.5]),
        "bar_thickness": numbers([0.1, 0.2, 0.4]), "depth": numbers([0.1, 0.2, 0.5])}),
})


def _boxes(scene: dict[str, Any]) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Every object's extents (x, y, z), the ball's as its bounding cube."""
    shapes = {}
    for item in scene["objects"]:
        if item["type"] == "soccer_ball":
            centre, radius = centre_radius(item)
            shapes[item["id"]] = (centre - radius, centre + radius)
        else:
            shapes[item["id"]] = box(item)
    return shapes


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_replays(config, seed, index) -> None:
    family = feasible(SpatialElimination, config)
    sample, documents = Pipeline(family, seed, "se_", semantic=True).produce(index)
    scene, truth = as_written(documents[""]), sample.truth
    assert document_problems(scene, family, truth) == []
    half = np.array([scene["roomDimensions"][a] for a in "xyz"]) / 2
    shapes = _boxes(scene)
    for key, (low, high) in shapes.items():
        assert (low[[0, 2]] >= -half[[0, 2]] - 1e-9).all() and (high[[0, 2]] <= half[[0, 2]] + 1e-9).all(), key
        assert low[1] >= -1e-9 and high[1] <= 2 * half[1], key
    for a, b in itertools.combinations(shapes, 2):
        overlap = np.minimum(shapes[a][1], shapes[b][1]) - np.maximum(shapes[a][0], shapes[b][0])
        assert (overlap <= 1e-9).any(), (a, b)
    assert_label_agrees(scene, truth)


def _eval7(**override: Any) -> SpatialElimination:
    config = load_yaml(TEMPLATES["eval7_spatial_elimination.yaml"].read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    return SpatialElimination(check_config(config, SpatialElimination.config_schema()))


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene_but_for_its_ids(path: Path) -> None:
    """Set to a real scene's place and bar pose, the template writes that scene: every key, value and object
    in order, the ids aside (their prefixes kept)."""
    real = json.loads(path.read_text())
    ball = target(real)["shows"][0]["position"]
    bar = real["objects"][2]["shows"][0]["scale"]
    family = _eval7(ball={"side": "left", "place": "behind" if ball["z"] > 1.75 else "front"},
                    walls={"other_side": "lying" if bar["x"] > bar["y"] else "standing"})
    ours = checked_sample(family, 1, "se_", 0)[1][""]
    assert ours["goal"] == {**real["goal"], "metadata": {"target": {"id": ours["objects"][0]["id"]}}}
    for key in set(real) - {"goal", "objects", "name"}:
        assert ours[key] == real[key], key
    assert len(ours["objects"]) == len(real["objects"])
    for item, theirs in zip(ours["objects"], real["objects"], strict=True):
        assert item["id"].rsplit("_", 1)[0] == theirs["id"].rsplit("_", 1)[0] or "_" not in theirs["id"]
        assert len(item["id"]) == len(theirs["id"])
        assert {k: v for k, v in item.items() if k != "id"} == {k: v for k, v in theirs.items() if k != "id"}


def test_the_types_and_keys_written_are_the_real_files_ones() -> None:
    """Conformance: every object type and key, top-level key, goal key and show key of training and evaluation
    scenes is one the real Spatial Elimination files write."""
    templates = ("spatial_elimination.yaml", "eval7_spatial_elimination.yaml")
    assert_writes_what_the_real_files_write(SpatialElimination, templates, REAL)


@pytest.mark.parametrize(("config", "path"), [
    ({"walls": {"bar_thickness": 0.5}}, "walls.bar_thickness"),
    ({"ball": {"place": "behind"}, "walls": {"other_side": "cover"}}, "walls.other_side"),
    ({"performer": {"z": -3.5}, "platform": {"stop_z": -4}}, "performer.z"),
    ({"room": {"depth": 9}}, "performer.z"),
    ({"walls": {"x": 0.5}}, "walls.x"),
    ({"room": {"width": 6}, "walls": {"x": 3.5}}, "walls.x"),
    ({"ball": {"place": "behind", "gap": 1.5}}, "ball.place"),
    ({"ball": {"place": "behind"}, "walls": {"other_side": {"choices": ["cover", "lying"], "weights": [19, 1]}}},
     "walls.other_side"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Spatial Elimination room") as error:
        configured(SpatialElimination, **config)
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"ball": {"side": "middle"}}, {"ball": {"place": "under"}}, {"walls": {"ball_side": "box"}},
    {"walls": {"other_side": "door"}}, {"ball": {"gap": 0.01}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "spatial_elimination", **config}, SpatialElimination.config_schema())


def _scene(**config: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, [(scene, truth)] = checked_sample(configured(SpatialElimination, **config), 4, "se_", 0)
    return copy.deepcopy(scene), copy.deepcopy(truth)


def test_the_checks_catch_a_wrong_side_a_ball_in_sight_and_a_cover_on_the_empty_side() -> None:
    scene, truth = _scene(ball={"place": "behind", "side": "left"})
    assert spatial_elimination_problems(scene, truth) == []
    assert spatial_elimination_problems(scene, {**truth, "side": "right"})
    raised = copy.deepcopy(scene)
    raised["objects"][0]["shows"][0]["position"]["z"] += 0.6  # out from behind the wall's shadow
    assert any("in sight" in p.message for p in spatial_elimination_problems(raised, truth))
    covered = copy.deepcopy(scene)
    covered["objects"][2]["shows"][0]["scale"] = {"x": 0.6, "y": 0.6, "z": 0.2}
    assert any("could hide" in p.message for p in spatial_elimination_problems(covered, truth))


def test_a_ball_in_sight_may_have_a_cover_across_and_a_bar_beside_it() -> None:
    scene, truth = _scene(ball={"place": "front", "side": "right"},
                          walls={"ball_side": "standing", "other_side": "cover"})
    assert truth["walls"] == {"right": "standing", "left": "cover"}
    assert spatial_elimination_problems(scene, truth) == []
    assert_label_agrees(scene, truth)


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_spatial_elimination", "-n", "6", "--check", "--quiet",
                   "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

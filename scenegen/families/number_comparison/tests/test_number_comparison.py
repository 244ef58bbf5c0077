"""Number Comparison: property tests over random valid configs (every document valid, in the room, without
overlaps, its label what an independent replay of the JSON finds), the evaluation's ten scenes remade, conformance
of types and keys, refusals, the family's own checks and the CLI."""

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
from scenegen.families.number_comparison import NumberComparison
from scenegen.families.number_comparison.checks import number_comparison_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_writes_what_the_real_files_write
from tests.kit.support import as_written, checked_sample, configured, feasible, value

from .replay import BALL_SIZE, assert_label_agrees, position_at

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_number_comparison_*.json"))
TEMPLATES = bundled_templates()
numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("number_comparison"),
    "room": st.fixed_dictionaries({"width": numbers([7, 8, 10]), "depth": numbers([10, 12, 16])}),
    "performer": st.fixed_dictionaries({"z": numbers([-4.6, -4.2]), "tilt": numbers([0, 10, 20])}),
    "platform": st.fixed_dictionaries({"stop_z": numbers([-3.5, -2.5])}),
    "balls": st.fixed_dictionaries({
        "side": value(["left", "right"]), "more": numbers([1, 3, 5]), "fewer": numbers([0, 1, 2, 5]),
        "x": numbers([1.5, 2, 2.5]), "spacing": numbers([0.45, 0.5, 0.8]), "front_z": numbers([1, 2.75, 4]),
        "row_gap": numbers([0.5, 1, 2]), "jitter": numbers([0, 0.05, 0.2]), "fill": value(["in_order", "shuffled"]),
        "listing": value(["targets_first", "shuffled"])}),
    "occluders": st.fixed_dictionaries({
        "present": value([True, False]), "x": numbers([1.4, 1.55, 1.8]), "z": numbers([-1, 0, 0.5]),
        "width": numbers([2, 2.5, 2.8]), "height": numbers([1.2, 1.5, 2]), "thickness": numbers([0.1, 0.2]),
        "steps": numbers([10, 20, 26]), "speed": numbers([0.2, 0.25])}),
})


def _boxes(scene: dict[str, Any], step: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Every object's extents (x, y, z) after ``step`` steps (the balls as their bounding cubes, a pole as the box
    of its turned cylinder)."""
    shapes = {}
    for item in scene["objects"]:
        show, centre = item["shows"][0], position_at(item, step)
        scale = np.array([show["scale"][a] for a in "xyz"], dtype=float)
        if item["type"] == "soccer_ball":
            half = np.full(3, BALL_SIZE * scale[0] / 2)
        elif item["type"] == "cylinder":  # 2 m long along its y, turned to lie along x
            half = np.array([scale[1], scale[0] / 2, scale[2] / 2])
        else:
            half = scale / 2
        shapes[item["id"]] = (centre - half, centre + half)
    return shapes


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_replays(config, seed, index) -> None:
    family = feasible(NumberComparison, config)
    sample, documents = Pipeline(family, seed, "nc_", semantic=True).produce(index)
    scene, truth = as_written(documents[""]), sample.truth
    assert document_problems(scene, family, truth) == []
    half = np.array([scene["roomDimensions"][a] for a in "xyz"]) / 2
    for step in (0, len(scene["goal"]["action_list"])):
        shapes = _boxes(scene, step)
        for key, (low, high) in shapes.items():
            assert (low[[0, 2]] >= -half[[0, 2]] - 1e-9).all() and (high[[0, 2]] <= half[[0, 2]] + 1e-9).all(), key
            assert low[1] >= -1e-9 and high[1] <= 2 * half[1] + 1e-9, key
        balls = {item["id"] for item in scene["objects"] if item["type"] == "soccer_ball"}
        for a, b in itertools.combinations(shapes, 2):
            if a in balls and b in balls:  # two spheres: their centres a width apart
                centres = [(shapes[key][0] + shapes[key][1]) / 2 for key in (a, b)]
                assert np.linalg.norm(centres[0] - centres[1]) >= BALL_SIZE * 2 - 1e-9, (a, b)
                continue
            overlap = np.minimum(shapes[a][1], shapes[b][1]) - np.maximum(shapes[a][0], shapes[b][0])
            assert (overlap <= 1e-9).any(), (a, b, step)
    assert_label_agrees(scene, truth)


def _eval7(**override: Any) -> NumberComparison:
    config = load_yaml(TEMPLATES["eval7_number_comparison.yaml"].read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values}
    return NumberComparison(check_config(config, NumberComparison.config_schema()))


def _without_ids(item: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in item.items() if key != "id"}


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene_but_for_its_ids(path: Path) -> None:
    """Set to a real scene's counts, side and occluders, the template writes that scene: every key, value and
    object in order, the ids aside (their prefixes and lengths kept, and the targets naming the same balls)."""
    real = json.loads(path.read_text())
    xs = [item["shows"][0]["position"]["x"] for item in real["objects"] if item["type"] == "soccer_ball"]
    left, right = sum(x < 0 for x in xs), sum(x > 0 for x in xs)
    first = "left" if xs[0] < 0 else "right"
    family = _eval7(balls={"side": first, "more": max(left, right), "fewer": min(left, right)},
                    occluders={"present": any(item["id"].startswith("occluder") for item in real["objects"])})
    ours = checked_sample(family, 1, "nc_", 0)[1][""]
    for key in set(real) - {"goal", "objects", "name"}:
        assert ours[key] == real[key], key
    position = {item["id"]: k for k, item in enumerate(ours["objects"])}
    theirs = {item["id"]: k for k, item in enumerate(real["objects"])}
    assert [position[t["id"]] for t in ours["goal"]["metadata"]["targets"]] == \
        [theirs[t["id"]] for t in real["goal"]["metadata"]["targets"]]
    assert {**ours["goal"], "metadata": None} == {**real["goal"], "metadata": None}
    assert [t["info"] for t in ours["goal"]["metadata"]["targets"]] == \
        [t["info"] for t in real["goal"]["metadata"]["targets"]]
    assert ours["goal"]["metadata"].get("pickup_number") == real["goal"]["metadata"].get("pickup_number")
    assert [_without_ids(item) for item in ours["objects"]] == [_without_ids(item) for item in real["objects"]]
    for item, twin in zip(ours["objects"], real["objects"], strict=True):
        assert (_prefix(item["id"]), len(item["id"])) == (_prefix(twin["id"]), len(twin["id"]))


def _prefix(key: str) -> str:
    """An id without its uuid (``occluder_wall``), empty for a bare uuid."""
    return key.rsplit("_", 1)[0] if "_" in key else ""


def test_the_types_and_keys_written_are_the_real_files_ones() -> None:
    """Conformance: every object type and key, top-level, goal and show key of training and evaluation scenes is
    one the real Number Comparison files write."""
    templates = ("number_comparison.yaml", "eval7_number_comparison.yaml")
    assert_writes_what_the_real_files_write(NumberComparison, templates, REAL)


@pytest.mark.parametrize(("config", "path"), [
    ({"balls": {"more": 1, "fewer": 3}}, "balls.fewer"),
    ({"performer": {"z": -4}, "platform": {"stop_z": -4.5}}, "performer.z"),
    ({"room": {"depth": 9}}, "performer.z"),
    ({"occluders": {"present": True, "steps": 8}}, "occluders.steps"),
    ({"occluders": {"present": True, "steps": 30}}, "occluders.steps"),
    ({"balls": {"spacing": 0.4, "more": 3}}, "balls.spacing"),
    ({"balls": {"x": 3.6, "more": 3}}, "balls.x"),
    ({"occluders": {"present": True, "x": 1.2}}, "occluders.x"),
    ({"occluders": {"present": True, "width": 0.5, "x": 0.6}}, "occluders.width"),
    ({"occluders": {"present": True, "z": 2.6}}, "occluders.z"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Number Comparison room") as error:
        configured(NumberComparison, **config)
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"balls": {"more": 6}}, {"balls": {"more": 0}}, {"balls": {"fewer": -1}}, {"balls": {"side": "middle"}},
    {"balls": {"fill": "row"}},
    {"occluders": {"present": "yes"}}, {"occluders": {"steps": 0}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "number_comparison", **config}, NumberComparison.config_schema())


def _scene(**config: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, [(scene, truth)] = checked_sample(configured(NumberComparison, **config), 4, "nc_", 0)
    return copy.deepcopy(scene), copy.deepcopy(truth)


def test_the_checks_catch_wrong_counts_wrong_targets_and_a_ball_in_sight() -> None:
    scene, truth = _scene(balls={"side": "left", "more": 3, "fewer": 1}, occluders={"present": True})
    assert number_comparison_problems(scene, truth) == []
    assert truth["counts"] == {"left": 3, "right": 1} and truth["side"] == "left"
    assert number_comparison_problems(scene, {**truth, "side": "right"})
    assert number_comparison_problems(scene, {**truth, "counts": {"left": 3, "right": 2}})
    fewer = copy.deepcopy(scene)
    fewer["goal"]["metadata"]["targets"].pop()
    assert any("targets" in p.path for p in number_comparison_problems(fewer, truth))
    narrow = copy.deepcopy(scene)
    wall = next(item for item in narrow["objects"] if item["id"].startswith("occluder_wall_"))
    wall["shows"][0]["scale"]["x"] = 0.5
    assert any("shows past" in p.message for p in number_comparison_problems(narrow, truth))


def test_a_tie_makes_every_ball_a_target() -> None:
    scene, truth = _scene(balls={"more": 2, "fewer": 2})
    assert truth["side"] == "either" and len(truth["target_ids"]) == 4
    assert_label_agrees(scene, truth)


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_number_comparison", "-n", "6", "--check", "--quiet",
                   "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

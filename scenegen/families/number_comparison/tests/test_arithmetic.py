"""Arithmetic: property tests over random valid configs (every document valid, in the room, without overlaps at
the start and the end, its label what an independent replay of the JSON finds, every moved ball carried by its
placer), the evaluation's twenty scenes remade, conformance of types and keys, refusals, the checks and the CLI."""

from __future__ import annotations

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
from scenegen.families.number_comparison import Arithmetic
from scenegen.families.number_comparison.checks import number_comparison_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_writes_what_the_real_files_write
from tests.kit.support import as_written, checked_sample, configured, feasible, value

from .replay import BALL_SIZE, assert_label_agrees, assert_placers_carry, last_step, position_at

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_arithmetic_*.json"))
TEMPLATES = bundled_templates()
numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("arithmetic"),
    "room": st.fixed_dictionaries({"width": numbers([8, 10]), "depth": numbers([10, 12, 16])}),
    "performer": st.fixed_dictionaries({"z": numbers([-4.6, -4.2]), "tilt": numbers([0, 10])}),
    "platform": st.fixed_dictionaries({"stop_z": numbers([-3.5, -2.5])}),
    "balls": st.fixed_dictionaries({
        "still": numbers([0, 1, 2, 4]), "x": numbers([1.5, 2, 2.5]), "spacing": numbers([0.5, 0.8, 1]),
        "front_z": numbers([1.5, 2.5, 3.5]), "row_gap": numbers([0.6, 1, 2]), "jitter": numbers([0, 0.05]),
        "fill": value(["in_order", "shuffled"]), "listing": value(["targets_first", "shuffled"])}),
    "operation": st.fixed_dictionaries({
        "side": value(["left", "right"]), "kind": value(["add", "remove"]), "amount": numbers([0, 1, 2, 4]),
        "start_add": numbers([0, 2, 4]), "start_remove": numbers([0, 2, 4]), "empty_x": numbers([0.8, 1.25]),
        "empty_z": numbers([2, 4.5])}),
    "occluders": st.fixed_dictionaries({
        "present": value([True, False]), "x": numbers([1.55, 1.7]), "z": numbers([-1, 0]),
        "width": numbers([2, 2.5]), "height": numbers([1.5, 2]), "steps": numbers([10, 20, 26])}),
})


def _boxes(scene: dict[str, Any], step: int) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """The extents (x, y, z) after ``step`` steps of every object but the placers (which reach through the
    ceiling and carry the balls: :func:`.replay.assert_placers_carry` holds them)."""
    shapes = {}
    for item in scene["objects"]:
        if item["id"].startswith("placer_"):
            continue
        show, centre = item["shows"][0], position_at(item, step)
        scale = np.array([show["scale"][a] for a in "xyz"], dtype=float)
        half = (np.full(3, BALL_SIZE * scale[0] / 2) if item["type"] == "soccer_ball" else
                np.array([scale[1], scale[0] / 2, scale[2] / 2]) if item["type"] == "cylinder" else scale / 2)
        shapes[item["id"]] = (centre - half, centre + half)
    return shapes


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_replays(config, seed, index) -> None:
    family = feasible(Arithmetic, config)
    sample, documents = Pipeline(family, seed, "ar_", semantic=True).produce(index)
    scene, truth = as_written(documents[""]), sample.truth
    assert document_problems(scene, family, truth) == []
    half = np.array([scene["roomDimensions"][a] for a in "xyz"]) / 2
    for step in (0, len(scene["goal"]["action_list"]), last_step(scene)):
        shapes = _boxes(scene, step)
        for key, (low, high) in shapes.items():
            assert (low[[0, 2]] >= -half[[0, 2]] - 1e-9).all() and (high[[0, 2]] <= half[[0, 2]] + 1e-9).all(), key
            assert low[1] >= -1e-9 and high[1] <= 2 * half[1] + 1e-9, key
        balls = {item["id"] for item in scene["objects"] if item["type"] == "soccer_ball"}
        for a, b in itertools.combinations(shapes, 2):
            centres = [(shapes[key][0] + shapes[key][1]) / 2 for key in (a, b)]
            if a in balls and b in balls:
                assert np.linalg.norm(centres[0] - centres[1]) >= BALL_SIZE * 2 - 1e-9, (a, b, step)
                continue
            overlap = np.minimum(shapes[a][1], shapes[b][1]) - np.maximum(shapes[a][0], shapes[b][0])
            assert (overlap <= 1e-9).any(), (a, b, step)
    assert_label_agrees(scene, truth)
    assert_placers_carry(scene)


def _config_of(real: dict[str, Any]) -> dict[str, Any]:
    """The eval7 template set to a real scene's counts, operation and occluders."""
    balls = [item for item in real["objects"] if item["type"] == "soccer_ball"]
    placers = [item for item in real["objects"] if item["id"].startswith("placer_")]
    moved = [item for item in balls if item.get("moves")]
    kind = "add" if placers[0]["materials"] == ["Custom/Materials/Magenta"] else "remove"
    config = load_yaml(TEMPLATES["eval7_arithmetic.yaml"].read_text())
    config["balls"]["still"] = sum(item["shows"][0]["position"]["x"] < 0 for item in balls)
    config["operation"].update(kind=kind, amount=len(moved))
    config["occluders"]["present"] = any(item["id"].startswith("occluder") for item in real["objects"])
    return config


def _prefix(key: str) -> str:
    return key.rsplit("_", 1)[0] if "_" in key else ""


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene_but_for_its_ids(path: Path) -> None:
    """Set to a real scene's counts, operation and occluders, the template writes that scene: every key, value
    and object in order, the ids aside (their prefixes and lengths kept, the targets naming the same objects)."""
    real = json.loads(path.read_text())
    family = Arithmetic(check_config(_config_of(real), Arithmetic.config_schema()))
    ours = checked_sample(family, 1, "ar_", 0)[1][""]
    for key in set(real) - {"goal", "objects", "name"}:
        assert ours[key] == real[key], key
    assert {**ours["goal"], "metadata": None} == {**real["goal"], "metadata": None}
    position = {item["id"]: k for k, item in enumerate(ours["objects"])}
    theirs = {item["id"]: k for k, item in enumerate(real["objects"])}
    assert [(position[t["id"]], t["info"]) for t in ours["goal"]["metadata"]["targets"]] == \
        [(theirs[t["id"]], t["info"]) for t in real["goal"]["metadata"]["targets"]]
    assert ours["goal"]["metadata"].get("pickup_number") == real["goal"]["metadata"].get("pickup_number")
    without_ids = [[{k: v for k, v in item.items() if k != "id"} for item in scene["objects"]]
                   for scene in (ours, real)]
    assert without_ids[0] == without_ids[1]
    for item, twin in zip(ours["objects"], real["objects"], strict=True):
        assert (_prefix(item["id"]), len(item["id"])) == (_prefix(twin["id"]), len(twin["id"]))


def test_the_types_and_keys_written_are_the_real_files_ones() -> None:
    assert_writes_what_the_real_files_write(Arithmetic, ("arithmetic.yaml", "eval7_arithmetic.yaml"), REAL)


@pytest.mark.parametrize(("config", "path"), [
    ({"operation": {"kind": "remove", "amount": 3, "start_remove": 2}}, "operation.amount"),
    ({"operation": {"kind": "add", "amount": 3, "start_add": 3}}, "operation.amount"),
    ({"balls": {"still": 0}, "operation": {"kind": "remove", "amount": 4, "start_remove": 4}}, "operation.amount"),
    ({"balls": {"spacing": 0.4, "still": 3}}, "balls.spacing"),
    ({"operation": {"amount": 0, "empty_x": 0.32}}, "operation.empty_x"),
    ({"performer": {"z": -4}, "platform": {"stop_z": -4.5}}, "performer.z"),
    ({"occluders": {"present": True, "steps": 8}}, "occluders.steps"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out an Arithmetic room") as error:
        configured(Arithmetic, **config)
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"operation": {"kind": "multiply"}}, {"operation": {"amount": 5}}, {"balls": {"still": 6}},
    {"operation": {"side": "middle"}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "arithmetic", **config}, Arithmetic.config_schema())


def test_the_checks_catch_a_ball_counted_before_it_is_lifted_and_one_dropped() -> None:
    family = configured(Arithmetic, balls={"still": 2}, operation={"kind": "remove", "amount": 3})
    _, _, [(scene, truth)] = checked_sample(family, 4, "ar_", 0)
    assert truth["counts"] == {"left": 2, "right": 1} and truth["side"] == "left"
    assert number_comparison_problems(scene, truth) == []
    assert number_comparison_problems(scene, {**truth, "counts": {"left": 2, "right": 4}, "side": "right"})
    family = configured(Arithmetic, balls={"still": 1}, operation={"kind": "add", "amount": 2})
    _, _, [(dropped, added)] = checked_sample(family, 4, "ar_", 0)
    ball = next(item for item in dropped["objects"] if item["type"] == "soccer_ball" and item.get("kinematic"))
    ball["moves"][0]["stepEnd"] -= 4  # let go 1 m up
    assert any("let go above the floor" in p.message for p in number_comparison_problems(dropped, added))


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_arithmetic", "-n", "6", "--check", "--quiet", "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

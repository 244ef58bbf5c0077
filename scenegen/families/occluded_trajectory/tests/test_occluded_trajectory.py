"""Occluded Trajectory and Collision: property tests over random valid configs (every scene valid, in the room,
without overlaps, its label agreeing with an independent replay of the JSON), the real scenes replayed and
reproduced, refusals, conformance with the real files' types and keys, the family's checks, and the CLI."""

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

from scenegen.errors import ConfigError
from scenegen.families.occluded_trajectory import Collision, OccludedTrajectory
from scenegen.families.occluded_trajectory.checks import collision_problems, trajectory_problems
from scenegen.families.occluded_trajectory.tests.replay import collision_outcome, replay, trajectory_outcome
from scenegen.plugin import resources
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.boxes import overlap
from tests.kit.conformance import written_keys
from tests.kit.door_rooms import settled
from tests.kit.support import checked_sample, configured, feasible, value

EVAL7 = REFERENCE_SCENES / "eval7"
REAL = {"occluded_trajectory": sorted(EVAL7.glob("eval_7_interactive_occluded_trajectory_*.json")),
        "collision": sorted(EVAL7.glob("eval_7_interactive_collision_*.json"))}
FAMILIES: dict[str, type[OccludedTrajectory] | type[Collision]] = {"occluded_trajectory": OccludedTrajectory,
                                                                  "collision": Collision}
#: Sizes at scale 1 of what the scenes hold (the MCS object table).
SIZES = {"cube": (1, 1, 1), "tube_wide": (1, 1, 1), "soccer_ball": (0.22, 0.22, 0.22), "sphere": (1, 1, 1)}

numbers = partial(value, ranges=True)

shared = {
    "room": st.fixed_dictionaries({"width": numbers([10, 12, 14]), "depth": numbers([18, 22, 28, 30]),
                                   "height": numbers([7, 8])}),
    "performer": st.fixed_dictionaries({"margin": numbers([0.5, 1.0]), "tilt": numbers([0, 10, 20])}),
    "occluder": st.fixed_dictionaries({"distance": numbers([5, 7, 9]), "start": numbers([1, 6]),
                                       "descent": numbers([12, 15, 18])}),
}
trajectories = st.fixed_dictionaries({
    "family": st.just("occluded_trajectory"), **shared,
    "launch": st.fixed_dictionaries({"x": numbers([-5, -0.75, 0.75, 2.5, 5]), "turn": numbers([0, 10, 20, 35]),
                                     "impulse": numbers([12, 20, 28]), "step": numbers([1, 6, 10])}),
})
collisions = st.fixed_dictionaries({
    "family": st.just("collision"), **shared,
    "launch": st.fixed_dictionaries({"x": numbers([-4, 0, 4]), "turn": numbers([15, 25, 35]),
                                     "impulse": numbers([16, 22, 28]), "step": numbers([1, 5])}),
    "target": st.fixed_dictionaries({"x": numbers([-3, -1.5, 1.5, 2.3034, 3]), "outcome": value(["hit", "miss"]),
                                     "miss_shift": numbers([-6, -4.6667, 4.6667, 6]), "nearest": numbers([0, 4.5]),
                                     "farthest": numbers([12.5, 13.5])}),
})


def boxes(scene: dict[str, Any]) -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Every object's box (low and high corners) once moved, but the doors (each fills its opening, which its wall's
    pieces leave free); the device, on its side, as a box as long as it is turned either way."""
    found = {}
    for item in scene["objects"]:
        if item["type"].startswith("door_"):
            continue
        size, scale = SIZES[item["type"]], item["shows"][0]["scale"]
        half = [size[k] * scale[axis] / 2 for k, axis in enumerate("xyz")]
        if item["type"] == "tube_wide":  # lying on its side: its length (scale y) lies along x or z
            half = [half[1], half[0], half[1]]
        centre = settled(item)
        found[item["id"]] = (tuple(c - h for c, h in zip(centre, half, strict=True)),
                             tuple(c + h for c, h in zip(centre, half, strict=True)))
    return found



def _holds(config: dict[str, Any], seed: int, index: int) -> None:
    family = feasible(FAMILIES[config["family"]], config)
    _, _, [(scene, truth)] = checked_sample(family, seed, "ot_", index)
    assert document_problems(scene, family, truth) == []
    placed = boxes(scene)
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    for key, (low, high) in placed.items():
        assert -half_x - 1e-3 <= low[0] and high[0] <= half_x + 1e-3 and -half_z - 1e-3 <= low[2], key
        # The device stands 0.265 m in from the back wall and 1 m long, its back end in the wall, as the
        # evaluation's do.
        assert high[2] <= half_z + 1e-3 or key.startswith("throwing_device_"), key
        assert low[1] >= -1e-3, key
    launched = {item["id"] for item in scene["objects"] if item.get("forces")}
    device = next(item["id"] for item in scene["objects"] if item["type"] == "tube_wide")
    for a, b in itertools.combinations(placed, 2):
        if {a, b} & launched and device in {a, b}:
            continue  # the launched ball starts in its device
        assert not overlap(placed[a], placed[b]), (a, b)
    replay(scene, truth)


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=trajectories, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_trajectory_scene_is_valid_in_the_room_without_overlaps_and_its_label_true(config, seed, index):
    _holds(config, seed, index)


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=collisions, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_collision_scene_is_valid_in_the_room_without_overlaps_and_its_label_true(config, seed, index):
    _holds(config, seed, index)


@pytest.mark.parametrize(("name", "side", "crosses"), [("01", "right", False), ("02", "right", False),
                                                      ("05", "left", True), ("06", "right", False),
                                                      ("09", "left", False), ("10", "left", True)])
def test_the_replay_reads_the_real_trajectory_scenes(name: str, side: str, crosses: bool) -> None:
    """The replay, run on the evaluation's own scenes, finds the side a person would: a straight launch stays, a
    turned one from near the lava crosses it, a slightly turned one from far out does not."""
    scene = json.loads((EVAL7 / f"eval_7_interactive_occluded_trajectory_0001_{name}.json").read_text())
    assert trajectory_outcome(scene) == (side, crosses)


@pytest.mark.parametrize(("name", "side", "crosses", "hit"), [
    ("01", "right", False, False), ("02", "left", True, True), ("05", "left", False, True),
    ("06", "left", False, True), ("09", "left", True, True), ("10", "left", False, False),
    ("13", "right", False, False), ("14", "right", False, False)])
def test_the_replay_reads_the_real_collision_scenes(name: str, side: str, crosses: bool, hit: bool) -> None:
    """On the evaluation's own scenes: a ball on the sphere's line is struck head-on and goes on along it (across
    the lava from near the device); one 4.67 m off the line along z is missed and stays."""
    scene = json.loads((EVAL7 / f"eval_7_interactive_collision_0001_{name}.json").read_text())
    striker = next(item for item in scene["objects"] if item["type"] == "sphere")
    assert collision_outcome(scene, striker) == (side, crosses, hit)


@pytest.mark.parametrize("family", ["occluded_trajectory", "collision"])
def test_the_evaluation_template_makes_the_real_scenes_structure(family: str) -> None:
    """Each real scene has a made twin (the same launch, and resting ball) with its keys, types, flags, masses,
    poses, materials and steps."""
    made = configured(FAMILIES[family], **_eval7(family))
    ours = [checked_sample(made, 7, "ot_", index)[1][""] for index in range(120)]
    for real in map(json.loads, (path.read_text() for path in REAL[family])):
        twin = next(scene for scene in ours if _kind(scene) == _kind(real))
        assert set(twin) == set(real) and twin["goal"]["action_list"] == real["goal"]["action_list"]
        for key in ("roomDimensions", "performerStart", "ceilingMaterial", "floorMaterial", "wallMaterial", "lava"):
            assert twin[key] == real[key], key
        assert twin["goal"]["last_step"] == real["goal"]["last_step"]
        for item, theirs in zip(twin["objects"], real["objects"], strict=True):
            assert set(item) == set(theirs) and item["type"] == theirs["type"]
            for key in ("mass", "materials", "lips", "moves", "states", "physicsProperties", "salientMaterials"):
                assert item.get(key) == theirs.get(key), (item["id"], key)
            show, their_show = item["shows"][0], theirs["shows"][0]
            assert show["scale"] == their_show["scale"] and show["position"] == pytest.approx(their_show["position"],
                                                                                            abs=2e-4)
            assert show["rotation"] == their_show["rotation"]


def _eval7(family: str) -> dict[str, Any]:
    """The eval7 template's sections, as a config."""
    config = resources.load_yaml(bundled_templates()[f"eval7_{family}.yaml"].read_text(encoding="utf-8"))
    return {key: section for key, section in config.items() if isinstance(section, dict)}


def _kind(scene: dict[str, Any]) -> tuple[Any, ...]:
    """What sets a scene apart: its launched ball's place, turn and step; its resting ball's place and material."""
    launched = next(item for item in scene["objects"] if item.get("forces"))
    rest = scene["objects"][0]["shows"][0]["position"]
    return (launched["shows"][0]["position"]["x"], launched["shows"][0]["rotation"]["y"],
            launched["forces"][0]["stepBegin"], launched.get("materials") and launched["materials"][0],
            round(rest["x"], 3), round(rest["z"], 3))


@pytest.mark.parametrize("family", ["occluded_trajectory", "collision"])
def test_the_types_and_keys_are_the_real_files(family: str) -> None:
    """Every object type, key, show key, goal key and top-level key a made scene writes, the real files write."""
    real = written_keys([json.loads(path.read_text()) for path in REAL[family]])
    made = configured(FAMILIES[family])
    ours = written_keys([checked_sample(made, 2, "ot_", index)[1][""] for index in range(30)])
    for part, keys in ours.items():
        assert keys <= real[part], part


def test_the_checks_catch_a_wrong_side_and_a_glancing_strike() -> None:
    _, _, [(scene, truth)] = checked_sample(configured(Collision, target={"outcome": "hit", "x": 2.3034}), 4, "ot_", 0)
    assert collision_problems(scene, truth) == []
    other = "right" if truth["side"] == "left" else "left"
    assert collision_problems(scene, {**truth, "side": other, "door": other})
    glancing = copy.deepcopy(scene)
    glancing["objects"][0]["shows"][0]["position"]["x"] += 0.2
    assert any("neither head-on" in problem.message for problem in collision_problems(glancing, truth))
    _, _, [(scene, truth)] = checked_sample(configured(OccludedTrajectory), 4, "ot_", 0)
    assert trajectory_problems(scene, truth) == []
    assert trajectory_problems(scene, {**truth, "crosses": not truth["crosses"]})


@pytest.mark.parametrize(("family", "config", "path"), [
    ("occluded_trajectory", {"occluder": {"distance": 0.6}}, "occluder.distance"),
    ("occluded_trajectory", {"occluder": {"distance": 19}}, "occluder.distance"),
    ("occluded_trajectory", {"launch": {"x": 5.8}}, "launch.x"),
    ("occluded_trajectory", {"room": {"height": 2}}, "room.height"),
    ("occluded_trajectory", {"launch": {"step": 40}, "last_step": 30}, "launch.step"),
    ("occluded_trajectory", {"launch": {"x": 0.75, "turn": 3, "impulse": 5}}, "launch.turn"),
    ("collision", {"target": {"nearest": 10, "farthest": 5}}, "target.nearest"),
    ("collision", {"target": {"x": 0.3}}, "launch.turn"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(family: str, config: dict[str, Any],
                                                                    path: str) -> None:
    cls = FAMILIES[family]
    with pytest.raises(ConfigError, match=f"cannot lay out {cls.lays_out}") as error:
        cls(check_config({"family": family, **config}, cls.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [{"launch": {"turn": 40}}, {"launch": {"turn": -5}}, {"launch": {"impulse": 30}},
                                    {"target": {"outcome": "glance"}}])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "collision", **config}, Collision.config_schema())


@pytest.mark.parametrize("template", ["eval7_occluded_trajectory", "eval7_collision", "collision"])
def test_the_cli_makes_and_validates_a_template(template: str, tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", template, "-n", "6", "--check", "--quiet", "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

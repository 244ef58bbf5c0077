"""Spatial Reference: property tests over random valid configs (every document valid, in the room, without
overlaps, its label what an independent replay of the JSON finds), the evaluation's fourteen scenes, conformance of
types and keys, refusals, the family's own checks and the CLI."""

from __future__ import annotations

import copy
import json
import math
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.spatial_reference import SpatialReference
from scenegen.families.spatial_reference.checks import spatial_reference_problems
from scenegen.mcs.geometry.catalog import object_size
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_writes_what_the_real_files_write
from tests.kit.support import as_written, checked_sample, configured, feasible, value

from .replay import assert_label_agrees, replayed

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_spatial_reference_*.json"))
TEMPLATES = bundled_templates()
numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("spatial_reference"),
    "room": st.fixed_dictionaries({"width": numbers([6, 8, 10]), "depth": numbers([6, 8, 10])}),
    "performer": st.fixed_dictionaries({"z": numbers([-2.7, -2.5, -2])}),
    "platform": st.fixed_dictionaries({"height": numbers([0.3, 0.5, 1]), "stop_z": numbers([-1.5, -1])}),
    "stage": st.fixed_dictionaries({"depth": numbers([1.6, 2, 2.5])}),
    "turntable": st.fixed_dictionaries({"x": numbers([0.8, 1, 1.8]), "diameter": numbers([1.2, 1.5])}),
    "pointers": st.fixed_dictionaries({"rim": numbers([0.4, 0.6])}),
    "containers": st.fixed_dictionaries({"x": numbers([0.4, 1, 2.5]), "z": numbers([-1, 0, 0.5]),
                                         "scale": numbers([0.7, 0.9, 1.2])}),
    "ball": st.fixed_dictionaries({"side": value(["left", "right"])}),
    "cast": value(["both", "agent", "blob"]),
    "agent": st.fixed_dictionaries({"type": value(["agent_female_04", "agent_male_06"]),
                                    "aim": value(["straight", "cross"]), "motion": value(["still", "walk"])}),
    "blob": st.fixed_dictionaries({"aim": value(["straight", "cross"]), "side": value(["left", "right"]),
                                   "motion": value(["still", "turned"]), "start": value([0, 45, 180, 315]),
                                   "scale": numbers([0.8, 1.5284])}),
})


def _extent(item: dict[str, Any]) -> tuple[tuple[float, float], tuple[float, float]]:
    """An object's footprint (x, z) low and high: a cube's scale, a turntable's disc, a chest's catalogue box
    turned half round."""
    show = item["shows"][0]
    position, scale = show["position"], show["scale"]
    kind = object_size(item["type"]) if item["type"] == "chest_1" else (1.0, 1.0, 1.0)  # cubes, the disc's square
    size = (kind[0], kind[2])
    half = (size[0] * scale["x"] / 2, size[1] * scale["z"] / 2)
    return (position["x"] - half[0], position["z"] - half[1]), (position["x"] + half[0], position["z"] + half[1])


def _apart(a: Any, b: Any) -> bool:
    return a[1][0] <= b[0][0] + 1e-9 or b[1][0] <= a[0][0] + 1e-9 or a[1][1] <= b[0][1] + 1e-9 or \
        b[1][1] <= a[0][1] + 1e-9


@settings(max_examples=examples(80), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_replays(config, seed, index) -> None:
    family = feasible(SpatialReference, config)
    sample, documents = Pipeline(family, seed, "sr_", semantic=True).produce(index)
    scene, truth = as_written(documents[""]), sample.truth
    assert document_problems(scene, family, truth) == []
    assert_label_agrees(scene, truth)
    half = (scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2)
    floor = [item for item in scene["objects"] if item["type"] in ("cube", "chest_1", "rotating_cog")
             and not item["id"].startswith("blocking_wall_")]
    for item in floor:
        low, high = _extent(item)
        assert -half[0] - 1e-9 <= low[0] and high[0] <= half[0] + 1e-9 and -half[1] - 1e-9 <= low[1] and \
            high[1] <= half[1] + 1e-9, item["id"]
    on_floor = [item for item in floor if item["type"] != "rotating_cog"]  # the turntables stand on the stage
    for k, item in enumerate(on_floor):
        for other in on_floor[k + 1:]:
            assert _apart(_extent(item), _extent(other)), (item["id"], other["id"])
    tables = [item for item in floor if item["type"] == "rotating_cog"]
    if len(tables) == 2:
        assert _apart(_extent(tables[0]), _extent(tables[1]))
    for item in scene["objects"]:
        if item["id"].startswith(("agent_", "blob_")):
            place = item["shows"][0]["position"]
            assert any(math.dist((place["x"], place["z"]), (t["shows"][0]["position"]["x"],
                                                             t["shows"][0]["position"]["z"]))
                       <= t["shows"][0]["scale"]["x"] / 2 for t in tables), item["id"]


def _eval7(**override: Any) -> SpatialReference:
    config = load_yaml(TEMPLATES["eval7_spatial_reference.yaml"].read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values} if isinstance(values, dict) else values
    return SpatialReference(check_config(config, SpatialReference.config_schema()))


def _as_real(real: dict[str, Any]) -> SpatialReference:
    """The eval7 template set to draw what a real scene shows (its ball in the right chest)."""
    agent = next((item for item in real["objects"] if "agentSettings" in item), None)
    blob = next((item for item in real["objects"] if item["type"] == "blob_13_nose"), None)
    seen = replayed(real)
    chests = {item["id"]: item["shows"][0]["position"]["x"] for item in real["objects"] if item["type"] == "chest_1"}
    override: dict[str, Any] = {"ball": {"side": "right"},
                                "cast": "both" if agent and blob else "agent" if agent else "blob"}
    if agent is not None:
        end = agent.get("agentMovement", {}).get("sequence", [{"endPoint": agent["shows"][0]["position"]}])
        override["agent"] = {"type": agent["type"], "aim": "straight" if end[-1]["endPoint"]["x"] > 0 else "cross",
                             "motion": "walk" if "agentMovement" in agent else "still"}
    if blob is not None:
        def own_side(item: dict[str, Any]) -> float:
            return float(item["shows"][0]["position"]["x"])

        table = next(item for item in real["objects"] if item["type"] == "rotating_cog"
                     and (item["shows"][0]["position"]["x"] > 0) == (blob["shows"][0]["position"]["x"] > 0))
        turns = table.get("rotates", [])
        own = (chests[seen["blob_chest"]] > 0) == (table["shows"][0]["position"]["x"] > 0)
        override["blob"] = {"aim": "straight" if own else "cross", "motion": "turned" if turns else "still",
                            "side": "left" if blob["shows"][0]["position"]["x"] < 0 else "right",
                            "start": blob["shows"][0]["rotation"]["y"] * (1 if own_side(blob) > 0 else -1) % 360}
    return _eval7(**override)


def _comparable(item: dict[str, Any]) -> dict[str, Any]:
    """An object but for its ids, a facing written within [0, 360)."""
    kept = {key: value for key, value in item.items() if key not in ("id", "locationParent")}
    shows = copy.deepcopy(item["shows"])
    for show in shows:
        show["rotation"]["y"] %= 360
    return {**kept, "shows": shows}


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene_but_for_its_ids(path: Path) -> None:
    """Set to what a real scene draws, the template writes that scene: every key, value and object in order, the
    ids aside (their prefixes kept) and a facing written -45 where the template writes 315."""
    real = json.loads(path.read_text())
    ours = checked_sample(_as_real(real), 1, "sr_", 0)[1][""]
    assert ours["goal"] == {**real["goal"], "metadata": {"target": {"id": ours["objects"][0]["id"]}}}
    for key in set(real) - {"goal", "objects", "name"}:
        assert ours[key] == real[key], key
    assert len(ours["objects"]) == len(real["objects"])
    for item, theirs in zip(ours["objects"], real["objects"], strict=True):
        assert item["id"].rsplit("_", 1)[0] == theirs["id"].rsplit("_", 1)[0] or "_" not in theirs["id"]
        assert len(item["id"]) == len(theirs["id"])
        assert _comparable(item) == _comparable(theirs)
    assert ours["objects"][0]["locationParent"] == ours["objects"][2]["id"]


def test_the_types_and_keys_written_are_the_real_files_ones() -> None:
    """Conformance: every object type and key, top-level key, goal key and show key of training and evaluation
    scenes is one the real Spatial Reference files write."""
    templates = ("spatial_reference.yaml", "eval7_spatial_reference.yaml")
    assert_writes_what_the_real_files_write(SpatialReference, templates, REAL)


@pytest.mark.parametrize(("config", "path"), [
    ({"turntable": {"x": 2.5}}, "turntable.x"),
    ({"turntable": {"x": 0.7}}, "turntable.x"),
    ({"turntable": {"diameter": 2.05, "x": 1.2}, "stage": {"depth": 2}}, "turntable.diameter"),
    ({"pointers": {"rim": 0.8}}, "pointers.rim"),
    ({"stage": {"depth": 3.5}}, "stage.depth"),
    ({"performer": {"z": -2.9}}, "performer.z"),
    ({"performer": {"z": -1.5}}, "performer.z"),
    ({"containers": {"x": 0.4}}, "containers.x"),
    ({"containers": {"x": 2.9}}, "containers.x"),
    ({"containers": {"z": 0.9}}, "containers.z"),
    ({"containers": {"x": 0.62, "z": -2.5}, "turntable": {"x": 0.8}}, "containers.x"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Spatial Reference room") as error:
        configured(SpatialReference, **config)
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"ball": {"side": "middle"}}, {"cast": "nobody"}, {"agent": {"type": "agent_female_01"}},
    {"agent": {"motion": "turned"}}, {"blob": {"start": 10}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "spatial_reference", **config}, SpatialReference.config_schema())


def _scene(**config: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, [(scene, truth)] = checked_sample(configured(SpatialReference, **config), 4, "sr_", 0)
    return copy.deepcopy(scene), copy.deepcopy(truth)


def test_the_checks_catch_a_wrong_chest_and_an_agent_pointing_elsewhere() -> None:
    scene, truth = _scene(cast="both", agent={"motion": "walk", "aim": "cross"}, ball={"side": "left"})
    assert spatial_reference_problems(scene, truth) == []
    other = next(item["id"] for item in scene["objects"] if item["type"] == "chest_1"
                 and item["id"] != truth["container_id"])
    assert spatial_reference_problems(scene, {**truth, "container_id": other})
    turned = copy.deepcopy(scene)
    agent = next(item for item in turned["objects"] if item["id"] == truth["agent_id"])
    agent["agentMovement"]["sequence"][0]["endPoint"]["x"] += 0.3
    assert any("points" in p.message for p in spatial_reference_problems(turned, truth))


def test_a_turned_blob_and_a_walking_agent_act_one_after_the_other() -> None:
    scene, truth = _scene(cast="both", ball={"side": "right"}, agent={"motion": "walk", "aim": "straight"},
                          blob={"motion": "turned", "aim": "cross", "start": 0})
    seen = replayed(scene)
    assert seen["turn_end"] == 45 and seen["walk_step"] == 46 and truth["point_step"] == 82
    assert len(scene["goal"]["action_list"]) == 89


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_spatial_reference", "-n", "6", "--check", "--quiet",
                   "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

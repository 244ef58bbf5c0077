"""Support Relations: property tests over random valid configs (every scene valid, in the room, without overlaps,
its label agreeing with an independent replay of the JSON), the real scenes replayed (certain where the model is,
refused where it is not), refusals, conformance with the real files' types and keys, and the CLI."""

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
from scenegen.families.support_relations import SupportRelations
from scenegen.families.support_relations.checks import support_relations_problems
from scenegen.families.support_relations.tests.replay import door_to, outcome, replay, settled
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.boxes import assert_in_room_and_apart
from tests.kit.support import checked_sample, configured, feasible, value

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_support_relations_*.json"))
#: Sizes at scale 1 (the MCS object table; a cylinder is twice as tall as its scale).
SIZES = {"cube": (1, 1, 1), "cylinder": (1, 2, 1), "container_asymmetric_01": (1, 0.6, 1)}

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("support_relations"),
    "room": st.fixed_dictionaries({"width": numbers([8, 10]), "depth": numbers([10, 12, 14])}),
    "performer": st.fixed_dictionaries({"margin": numbers([0.8, 1.0, 1.5])}),
    "platform": st.fixed_dictionaries({"width": numbers([0.95, 1, 1.2]), "height": numbers([0.9, 1.0]),
                                       "far_width": numbers([1.2, 2, 3]), "far_height": numbers([1.1, 1.25, 1.4])}),
    "occluder": st.fixed_dictionaries({"top": numbers([3.6, 4.25])}),
    "timing": st.fixed_dictionaries({"order": value(["occluder_first", "container_first"])}),
    "container": st.fixed_dictionaries({"side": value(["left", "right"]), "rests_on": value(["platform", "floor"]),
                                        "distance": numbers([0, 0.33, 0.9925, 1.5]), "rotation": value([0, 180]),
                                        "scale": numbers([0.6, 0.75, 0.9]), "z": numbers([0.6, 0.75, 4]),
                                        "descent": numbers([14, 17])}),
})


def boxes(scene: dict[str, Any]) -> dict[str, tuple[tuple[float, ...], tuple[float, ...]]]:
    """Every object's box (low and high corners) where it is let go; a placer back up where it began."""
    found: dict[str, tuple[tuple[float, ...], tuple[float, ...]]] = {}
    for item in scene["objects"]:
        if item["type"].startswith("door_") or item["type"] == "soccer_ball":
            continue  # a door fills its opening; the ball lies in its container
        size, scale = SIZES[item["type"]], item["shows"][0]["scale"]
        placer = item["id"].startswith("placer_")
        centre = tuple(item["shows"][0]["position"][axis] for axis in "xyz") if placer else settled(item)
        low_y = centre[1] if item["type"] == "container_asymmetric_01" else centre[1] - size[1] * scale["y"] / 2
        half = [size[k] * scale[axis] / 2 for k, axis in enumerate("xyz")]
        found[item["id"]] = ((centre[0] - half[0], low_y, centre[2] - half[2]),
                             (centre[0] + half[0], low_y + 2 * half[1], centre[2] + half[2]))
    return found



@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_true(config: dict[str, Any], seed: int,
                                                                             index: int) -> None:
    family = feasible(SupportRelations, config)
    _, _, [(scene, truth)] = checked_sample(family, seed, "sr_", index)
    assert document_problems(scene, family, truth) == []
    assert_in_room_and_apart(scene, boxes(scene))
    replay(scene, truth)


@pytest.mark.parametrize(("name", "door"), [("01", "left"), ("05", "middle")])
def test_the_replay_reads_the_real_scenes_whose_outcome_is_certain(name: str, door: str) -> None:
    scene = json.loads((REFERENCE_SCENES / "eval7" / f"eval_7_interactive_support_relations_0001_{name}.json")
                       .read_text())
    found = door_to(scene, outcome(scene))
    x = settled(found)[0]
    assert ("middle" if settled(found)[1] > 0 else "left" if x < 0 else "right") == door


@pytest.mark.parametrize("name", ["02", "06", "09", "10"])
def test_the_real_scenes_partly_over_the_edge_are_beyond_the_model(name: str) -> None:
    """Four real scenes put the container's centre 0.18 to 0.2 m from the edge, where the asymmetric container's
    unknown centre of mass decides: the replay (and the family) call that uncertain, and make no such scene."""
    scene = json.loads((REFERENCE_SCENES / "eval7" / f"eval_7_interactive_support_relations_0001_{name}.json")
                       .read_text())
    with pytest.raises(AssertionError, match="not certain"):
        outcome(scene)


def test_the_evaluation_template_makes_the_real_scenes_structure() -> None:
    """Each real scene's keys, types, flags, masses, materials, steps and poses but for x (the container's place)."""
    family = configured(SupportRelations, container={"side": "left"})
    ours = [checked_sample(family, 7, "sr_", index)[1][""] for index in range(8)]
    for real in map(json.loads, (path.read_text() for path in REAL)):
        twin = next(scene for scene in ours if scene["objects"][-1]["shows"][0]["rotation"]["y"] ==
                    real["objects"][-1]["shows"][0]["rotation"]["y"])
        assert set(twin) == set(real) and twin["goal"]["action_list"] == real["goal"]["action_list"]
        for key in ("roomDimensions", "performerStart", "ceilingMaterial", "floorMaterial", "wallMaterial"):
            assert twin[key] == real[key], key
        for item, theirs in zip(twin["objects"], real["objects"], strict=True):
            assert set(item) == set(theirs) and item["type"] == theirs["type"]
            for key in ("mass", "materials", "lips", "moves", "togglePhysics", "changeMaterials", "states",
                        "salientMaterials"):
                assert item.get(key) == theirs.get(key), (item["id"], key)
            show, their_show = item["shows"][0], theirs["shows"][0]
            assert show["scale"] == their_show["scale"] and show["rotation"] == their_show["rotation"]
            assert show["position"]["y"] == pytest.approx(their_show["position"]["y"], abs=1e-9)
            assert show["position"]["z"] == their_show["position"]["z"]


def test_the_placers_grip_the_container_where_the_real_scenes_do() -> None:
    """Against the container's centre: the first (lower) placer on its low side, 0.3 m out at scale 0.75."""
    for real in map(json.loads, (path.read_text() for path in REAL)):
        container, placers = real["objects"][-1], real["objects"][-3:-1]
        family = configured(SupportRelations, container={
            "rotation": container["shows"][0]["rotation"]["y"], "side": "left"})
        scene = checked_sample(family, 3, "sr_", 0)[1][""]
        ours = scene["objects"][-3:-1]
        for mine, theirs in zip(ours, placers, strict=True):
            offset = theirs["shows"][0]["position"]["x"] - container["shows"][0]["position"]["x"]
            assert mine["shows"][0]["position"]["x"] - scene["objects"][-1]["shows"][0]["position"]["x"] == \
                pytest.approx(offset, abs=1e-4)
            assert mine["shows"][0]["position"]["y"] == theirs["shows"][0]["position"]["y"]


def test_the_types_and_keys_are_the_real_files() -> None:
    """Every object type, object key and top-level key a made scene writes, the real files write."""
    real = [json.loads(path.read_text()) for path in REAL]
    family = configured(SupportRelations)
    made = [checked_sample(family, 2, "sr_", index)[1][""] for index in range(30)]
    for keys in (lambda s: set(s), lambda s: {item["type"] for item in s["objects"]},
                 lambda s: {key for item in s["objects"] for key in item},
                 lambda s: {key for item in s["objects"] for key in item["shows"][0]}):
        assert set().union(*map(keys, made)) <= set().union(*map(keys, real))


def test_the_checks_catch_a_wrong_door_and_an_uncertain_place() -> None:
    family = configured(SupportRelations, container={"rests_on": "floor", "distance": 1.1748, "side": "left"})
    _, _, [(scene, truth)] = checked_sample(family, 4, "sr_", 0)
    assert support_relations_problems(scene, truth) == []
    middle = next(item["id"] for item in scene["objects"] if item["type"] == "door_4" and settled(item)[1] > 0)
    assert support_relations_problems(scene, {**truth, "door_id": middle, "rests_on": "platform"})
    edged = copy.deepcopy(scene)
    edged["objects"][-1]["shows"][0]["position"]["x"] = -1.1
    assert any("not certain" in problem.message for problem in support_relations_problems(edged, truth))


@pytest.mark.parametrize(("config", "path"), [
    ({"room": {"width": 6}, "platform": {"width": 4.5}}, "room.width"),
    ({"platform": {"width": 0.8}}, "platform.width"),
    ({"occluder": {"top": 3.0}}, "occluder.top"),
    ({"performer": {"margin": 5.8}}, "performer.margin"),
    ({"container": {"descent": 24}}, "container.descent"),
    ({"platform": {"far_height": 3.9}, "container": {"descent": 5}}, "platform.far_height"),
    ({"container": {"distance": 0.2}}, "container.distance"),
    # distances mostly in the uncertain band beside the platform: 8 draws in 200 lay out
    ({"container": {"rests_on": "floor", "distance": {"min": 0, "max": 0.33}}}, "container.distance"),
    ({"platform": {"far_width": 4}}, "platform.far_width"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Support Relations room") as error:
        SupportRelations(check_config({"family": "support_relations", **config}, SupportRelations.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"container": {"rests_on": "ceiling"}}, {"container": {"rotation": 90}}, {"timing": {"order": "never"}},
    {"container": {"scale": 2}}, {"container": {"distance": -1}},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "support_relations", **config}, SupportRelations.config_schema())


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_support_relations", "-n", "6", "--check", "--quiet", "--out",
                   str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

"""Symmetric Tool: property tests over random valid configs, the config's error paths, the reference scene.

The label is checked by an independent replay (``tool_replay.py``: shapely, the
exported JSON only) of the plan it names; layout is checked with shapely polygons
from each type's size.
"""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.symmetric_tool import SymmetricTool
from scenegen.families.symmetric_tool.checks import symmetric_tool_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible
from tests.kit.tool_replay import object_shape, replay

REFERENCE = REFERENCE_SCENES / "more" / "eval_7_interactive_symmetric_tool_0001_01.json"
#: The reference scene's pool lies 7 m along +x and 4 m along -z of its ball (docs/mcs_facts.md 10.6).
REFERENCE_LAVA_SHIFT = (-7, 4)


def value(values, ranges=True):
    """A parameter in any shape of the value grammar, drawing from ``values`` (ranges only where allowed)."""
    ordered = sorted(set(values))
    shapes = [st.sampled_from(ordered), st.lists(st.sampled_from(ordered), min_size=1, max_size=3, unique=True)]
    if ranges and all(isinstance(v, (int, float)) for v in ordered) and len(ordered) > 1:
        shapes.append(st.tuples(st.sampled_from(ordered), st.sampled_from(ordered)).map(
            lambda b: {"min": min(b), "max": max(b)}))
    return st.one_of(shapes)


configs = st.fixed_dictionaries({
    "family": st.just("symmetric_tool"),
    "direction": value(["+x", "-x", "+z", "-z"]),
    "room": st.fixed_dictionaries({"width": value([16, 22, 29, 40]), "depth": value([16, 25, 31])}),
    "lava": st.fixed_dictionaries({"island": value([1, 3], ranges=False), "near": value(range(1, 4)),
                                   "far": value(range(1, 4)), "side": value(range(1, 4))}),
    "tool": st.fixed_dictionaries({"width": value([0.5, 0.75, 1.0], ranges=False),
                                   "placement": value(["aligned", "offset", "offset_rotated"]),
                                   "gap": value([0.0, 0.1, 0.5, 1.0]), "offset": value([0.0, 0.5, 1.0]),
                                   "shift": value([0.0, 1.0, 2.5, 4.0, 6.0]), "turn": value([5, 30, 45, 60, 90]),
                                   "guide_rails": value([True, False])}),
    "ball": st.fixed_dictionaries({"open_floor": value([True, False])}),
})


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config, seed, index):
    family = feasible(SymmetricTool, config)
    sample, documents = Pipeline(family, seed, "st_", semantic=True).produce(index)
    scene, truth = documents[""], sample.truth
    assert document_problems(scene, family, truth) == []
    shapes = {item["id"]: object_shape(item) for item in scene["objects"]}
    room = box(-scene["roomDimensions"]["x"] / 2, -scene["roomDimensions"]["z"] / 2,
               scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2)
    for key, shape in shapes.items():
        assert room.buffer(1e-6).contains(shape), key
    keys = list(shapes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)
    assert all(abs(c["x"]) + 0.5 <= room.bounds[2] and abs(c["z"]) + 0.5 <= room.bounds[3] for c in scene["lava"])
    assert replay(scene, truth) == (True, "")
    if truth["ball_on_open_floor"]:
        assert truth["tool_ids"] == [] and truth["direction"] is None
        return
    # The tool spans the lava and island it must cross: no shorter tool would do.
    pool = scene["lava"]
    along = "x" if truth["direction"][1] == "x" else "z"
    target = next(o for o in scene["objects"] if o["id"] == truth["target_id"])
    line = round(target["shows"][0]["position"]["z" if along == "x" else "x"])
    column = [c[along] for c in pool if c["z" if along == "x" else "x"] == line]
    assert truth["tool"]["length"] >= max(column) - min(column) + 1
    assert (truth["placement"] == "offset_rotated") == ("rotate" in truth["actions"])


def test_reference_structure_is_matched():
    """Keys, object types, room, goal and timings match the evaluation scene."""
    reference = json.loads(REFERENCE.read_text())
    family = configured(SymmetricTool, direction="+x", tool={"placement": "aligned", "guide_rails": True})
    _, documents, _ = checked_sample(family, 0, "st_", 0)
    scene = documents[""]
    assert set(scene) >= set(reference) - {"name"}
    for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "version", "holes"):
        assert scene[key] == reference[key], key
    for key in ("category", "description", "last_step", "action_list"):
        assert scene["goal"][key] == reference["goal"][key], key
    assert scene["performerStart"]["position"]["y"] == reference["performerStart"]["position"]["y"]
    assert [o["type"].split("_")[0] for o in scene["objects"]] == [o["type"].split("_")[0]
                                                                  for o in reference["objects"]]
    for ours, theirs in zip(scene["objects"], reference["objects"], strict=True):
        assert set(ours) == set(theirs), ours["id"]
        assert ours["id"].split("_")[:-1] == theirs["id"].split("_")[:-1]
        assert ours["shows"][0]["position"]["y"] == theirs["shows"][0]["position"]["y"]
        for key in ("mass", "materials", "kinematic", "structure", "salientMaterials"):
            if key in theirs and key != "materials":
                assert ours[key] == theirs[key] or (key == "mass" and ours["type"] == "cube"), key
    ours_rail, theirs_rail = scene["objects"][2], reference["objects"][2]
    assert ours_rail["materials"] == theirs_rail["materials"]
    assert ours_rail["shows"][0]["scale"]["x"] == theirs_rail["shows"][0]["scale"]["x"]
    assert ours_rail["shows"][0]["scale"]["y"] == theirs_rail["shows"][0]["scale"]["y"]
    assert ours_rail["shows"][0]["rotation"] == theirs_rail["shows"][0]["rotation"]


def test_the_reference_scene_passes_the_checks_once_its_lava_is_under_its_ball():
    """The real scene's pool lies away from its ball (a quirk of the release): the checks say so, and nothing
    else; moved under the ball, the pool makes a scene every check passes."""
    reference = json.loads(REFERENCE.read_text())
    problems = symmetric_tool_problems(reference, None)
    assert [p.message for p in problems] == ["the performer can walk up to the target: no tool is needed",
                                              "no tool can push the target out of the lava"]
    for cell in reference["lava"]:
        cell["x"] += REFERENCE_LAVA_SHIFT[0]
        cell["z"] += REFERENCE_LAVA_SHIFT[1]
    assert symmetric_tool_problems(reference, None) == []
    tool = reference["objects"][1]
    truth = {"target_id": reference["objects"][0]["id"], "tool_ids": [tool["id"]], "actions": ["push"],
             "direction": "+x"}
    assert symmetric_tool_problems(reference, truth) == []
    assert replay(reference, truth) == (True, "")


def test_the_reference_scene_passes_the_checks_as_an_open_floor_scene():
    """As released, the real scene's ball lies on open floor (half the evaluation's scenes do): labelled so, with no
    tool, it passes the checks and the replay; labelled with its tool, it does not."""
    reference = json.loads(REFERENCE.read_text())
    truth = {"target_id": reference["objects"][0]["id"], "tool_ids": [], "actions": [], "direction": None}
    assert symmetric_tool_problems(reference, truth) == []
    assert replay(reference, truth) == (True, "")
    labelled = {**truth, "tool_ids": [reference["objects"][1]["id"]], "actions": ["push"], "direction": "+x"}
    assert "the performer can walk up to the target: no tool is needed" in messages(reference, labelled)
    assert not replay(reference, labelled)[0]


def test_an_open_floor_label_on_a_ball_in_lava_is_caught():
    scene, truth = scene_with(tool={"placement": "aligned"})
    on_foot = {**truth, "tool_ids": [], "actions": [], "direction": None}
    assert any("cannot walk up to it" in message for message in messages(scene, on_foot))
    assert not replay(scene, on_foot)[0]


def scene_with(**config):
    family = configured(SymmetricTool, **config)
    _, _, [(scene, truth)] = checked_sample(family, 4, "st_", 0)
    return copy.deepcopy(scene), truth


def messages(scene, truth):
    return [p.message for p in symmetric_tool_problems(scene, truth)]


def test_a_tool_too_short_for_the_pool_is_caught():
    scene, truth = scene_with(tool={"placement": "aligned"})
    tool = scene["objects"][1]
    tool["type"] = tool["type"].rsplit("_x_", 1)[0] + "_x_1_00"
    assert "no tool can push the target out of the lava" in messages(scene, truth)
    assert not replay(scene, truth)[0]


def test_a_rail_across_the_lane_is_caught():
    scene, truth = scene_with(direction="+z", tool={"placement": "aligned", "guide_rails": True})
    rail = scene["objects"][2]["shows"][0]
    target = scene["objects"][0]["shows"][0]["position"]
    rail["position"]["x"] = target["x"]
    rail["position"]["z"] = target["z"] + 2.0
    rail["rotation"]["y"] = 90
    rail["scale"]["z"] = 3.0
    assert "no tool can push the target out of the lava" in messages(scene, truth)
    assert not replay(scene, truth)[0]


def test_a_wrong_label_is_caught():
    scene, truth = scene_with(direction="-x", tool={"placement": "offset_rotated"})
    assert messages(scene, truth) == []
    assert any("none of the simplest plans" in m for m in messages(scene, {**truth, "direction": "+x"}))
    assert any("none of the simplest plans" in m for m in messages(scene, {**truth, "actions": ["push"]}))


def test_a_ball_within_reach_is_caught():
    scene, truth = scene_with()
    scene["lava"] = [c for c in scene["lava"] if abs(c["x"] - scene["objects"][0]["shows"][0]["position"]["x"]) > 0
                     or c["z"] < scene["objects"][0]["shows"][0]["position"]["z"]]
    scene["lava"] = scene["lava"][:3]
    assert "the performer can walk up to the target: no tool is needed" in messages(scene, truth)


@pytest.mark.parametrize(("config", "path"), [
    ({"lava": {"near": 4, "far": 4, "island": 3}}, "lava"),
    ({"room": {"width": 10, "depth": 10}, "lava": {"near": 3, "far": 3, "side": 3}}, "room"),
    ({"room": {"width": 12}, "tool": {"placement": "offset_rotated", "shift": 12}}, "room"),
])
def test_impossible_configs_are_refused(config, path):
    with pytest.raises(ConfigError) as error:
        SymmetricTool(check_config({"family": "symmetric_tool", **config}, SymmetricTool.config_schema()))
    assert error.value.path.startswith(path)


@pytest.mark.parametrize("config", [
    {"tool": {"turn": 91}}, {"direction": "up"}, {"lava": {"island": 2}}, {"tool": {"width": 0.6}}, {"colour": 1},
])
def test_invalid_values_are_refused(config):
    with pytest.raises(ConfigError):
        check_config({"family": "symmetric_tool", **config}, SymmetricTool.config_schema())


def test_directions_and_placements_follow_their_weights():
    family = configured(SymmetricTool, tool={"placement": {"choices": ["aligned", "offset"], "weights": [3, 1]}})
    pipeline = Pipeline(family, 11, "st_")
    truths = [pipeline.produce(i)[0].truth for i in range(400)]
    assert 250 < sum(t["placement"] == "aligned" for t in truths) < 350
    assert {t["direction"] for t in truths} == {"+x", "-x", "+z", "-z"}

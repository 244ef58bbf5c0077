"""Secondary Tool: property tests over random valid configs, the config's error paths, the reference scene.

The label is checked by an independent replay (``tool_replay.py``: shapely, the
exported JSON only): the rectangular tool frees the L tool, the L tool pulls the
ball out, and neither tool alone, pushed as it lies, gets the ball out.
"""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely.geometry import box

from scenegen.errors import ConfigError, GenerationError
from scenegen.factory.config_file import read_config, resolve_config_path
from scenegen.factory.pipeline import Pipeline
from scenegen.families.secondary_tool import SecondaryTool
from scenegen.families.secondary_tool.checks import secondary_tool_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible, value
from tests.kit.tool_replay import object_shape, pushes_out_alone, replay, replay_secondary

REFERENCE = REFERENCE_SCENES / "more" / "eval_7_interactive_secondary_tool_0001_01.json"

configs = st.fixed_dictionaries({
    "family": st.just("secondary_tool"),
    "room": st.fixed_dictionaries({"width": value([31, 35], ranges=False), "depth": value([31, 35], ranges=False)}),
    "ball": st.fixed_dictionaries({"corner": value(["front_left", "front_right", "back_left", "back_right"]),
                                   "before": value([2, 3]), "behind": value([2, 3, 4]), "pull": value(["x", "z"]),
                                   "layout": value(["pool", "ring", "partial_ring"])}),
    "hook": st.fixed_dictionaries({"shape": value(["hooked", "isosceles"]),
                                   "width": value([0.5, 0.75, 1.0], ranges=False), "extra_length": value([0, 1, 2]),
                                   "rotation": value([0, 90, 180, 270], ranges=False),
                                   "margin": value([1.0, 1.5, 2.0])}),
    "rect": st.fixed_dictionaries({"width": value([0.5, 0.75, 1.0], ranges=False),
                                   "push": value(["+x", "-x", "+z", "-z"]), "gap": value([0.5, 1.0, 2.0]),
                                   "shift": value([0.0, 0.5, 1.0]), "turn": value([0, 20, 45, 80])}),
})


@settings(max_examples=examples(25), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config, seed, index):
    family = feasible(SecondaryTool, config)
    sample, documents = Pipeline(family, seed, "sc_", semantic=True).produce(index)
    scene, truth = documents[""], sample.truth
    assert document_problems(scene, family, truth) == []
    room = box(-scene["roomDimensions"]["x"] / 2, -scene["roomDimensions"]["z"] / 2,
               scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2)
    shapes = [object_shape(item) for item in scene["objects"]]
    assert all(room.buffer(1e-6).contains(shape) for shape in shapes)
    assert all(a.intersection(b).area < 1e-9 for i, a in enumerate(shapes) for b in shapes[i + 1:])
    if truth["ball_layout"] != "pool":  # one tool alone, or none
        assert len(truth["tool_ids"]) == (truth["ball_layout"] == "ring") and truth["push_direction"] is None
        assert replay(scene, truth) == (True, "")
        return
    assert replay_secondary(scene, truth) == (True, "")
    for tool_id in truth["tool_ids"]:
        for direction in ("+x", "-x", "+z", "-z"):
            assert not pushes_out_alone(scene, tool_id, direction)


def test_reference_structure_is_matched():
    """Keys, object types, room and goal match the evaluation scene (a goal without last_step and action_list)."""
    reference = json.loads(REFERENCE.read_text())
    family = configured(SecondaryTool, ball={"corner": "front_right"}, hook={"shape": "isosceles", "width": 0.5,
                                                                             "extra_length": 1, "rotation": 180},
                        rect={"push": "-z", "gap": 2.0, "width": 0.5})
    _, documents, _ = checked_sample(family, 0, "sc_", 0)
    scene = documents[""]
    assert set(scene) >= set(reference) - {"name"}
    for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "version", "holes"):
        assert scene[key] == reference[key], key
    assert set(scene["goal"]) == set(reference["goal"])
    for key in ("category", "description", "metadata"):
        assert (scene["goal"][key] == reference["goal"][key]) == (key != "metadata"), key
    assert [o["type"] for o in scene["objects"]] == [o["type"] for o in reference["objects"]]
    for ours, theirs in zip(scene["objects"], reference["objects"], strict=True):
        assert set(ours) == set(theirs)
        assert ours["shows"][0]["position"]["y"] == theirs["shows"][0]["position"]["y"]
        assert ours["shows"][0]["rotation"] == theirs["shows"][0]["rotation"]
    # The ball's pool is the evaluation's: the front-right corner, 3 cells before the ball and 4 behind it.
    corner = {(c["x"], c["z"]) for c in reference["lava"] if c["x"] > 0}
    assert corner <= {(c["x"], c["z"]) for c in scene["lava"]}
    assert scene["objects"][2]["shows"][0]["position"] == reference["objects"][2]["shows"][0]["position"]


def test_a_fixed_pool_centre_lays_the_l_tool_where_the_evaluation_does():
    """Every evaluation scene centres the L tool's pool at (-4.5, 0.5): with ``hook.centre`` so, the pool is the
    evaluation's cells and the tool lies at its centre."""
    reference = json.loads(REFERENCE.read_text())
    family = configured(SecondaryTool, ball={"corner": "front_right"},
                        hook={"shape": "isosceles", "width": 0.5, "extra_length": 1, "rotation": 180,
                              "centre": [-4.5, 0.5]}, rect={"push": "-z", "gap": 2.0, "width": 0.5})
    for index in range(3):
        _, documents, _ = checked_sample(family, index, "sc_", index)
        scene = documents[""]
        pool = {(c["x"], c["z"]) for c in scene["lava"] if c["x"] <= 0}
        assert pool == {(c["x"], c["z"]) for c in reference["lava"] if c["x"] <= 0}
        assert scene["objects"][0]["shows"][0]["position"] == reference["objects"][0]["shows"][0]["position"]


def test_a_pool_short_of_the_front_wall_is_the_evaluation_s_and_passes_the_checks():
    """Half the evaluation's scenes lay the ball's 8 x 8 pool 4 m short of the front wall, the ball at (11, -7)
    (10, 13): those pass the checks, and ``ball.wall_gap: 4`` lays the same pool; its scenes' labels replay."""
    real = json.loads((REFERENCE_SCENES / "eval7" / "eval_7_interactive_secondary_tool_0001_10.json").read_text())
    assert secondary_tool_problems(real, None) == []
    family = configured(SecondaryTool, ball={"corner": "front_right", "wall_gap": 4},
                        hook={"shape": "isosceles", "width": 0.5, "extra_length": 1, "rotation": 180,
                              "centre": [-4.5, 0.5]}, rect={"push": "-z", "gap": 2.0, "width": 0.5})
    for index in range(2):
        _, _, [(scene, truth)] = checked_sample(family, index, "sc_", index)
        assert {(c["x"], c["z"]) for c in scene["lava"]} == {(c["x"], c["z"]) for c in real["lava"]}
        assert scene["objects"][2]["shows"][0]["position"] == real["objects"][2]["shows"][0]["position"]
        assert replay_secondary(scene, truth) == (True, "")


@pytest.mark.parametrize(("place", "actions", "push"), [
    (0, ["push", "pull"], "-z"), (1, ["push", "pull"], "-z"), (2, ["rotate", "push", "pull"], "+z"),
    (3, ["rotate", "push", "pull"], "+z")])
def test_the_rectangular_tool_at_the_evaluation_s_places_frees_the_l_tool(place, actions, push):
    """The evaluation lays the rectangular tool at four places (2 m or 4 m before the L tool's pool, or below it
    turned across the push): from each, one of the simplest pushes that free the L tool is the label's, and it
    replays."""
    raw = read_config(resolve_config_path("eval7_secondary_tool"))
    family = configured(SecondaryTool, **{**raw, "ball": {**raw["ball"], "layout": "pool"},
                                          "rect": {**raw["rect"], "place": place}})
    _, _, [(scene, truth)] = checked_sample(family, place, "sc_", place)
    x, z, rotation = raw["rect"]["places"][place]
    show = scene["objects"][1]["shows"][0]
    assert (show["position"]["x"], show["position"]["z"], show["rotation"]["y"]) == (x, z, rotation)
    assert (truth["actions"], truth["push_direction"]) == (actions, push)
    assert replay_secondary(scene, truth) == (True, "")


def test_a_place_beyond_the_list_is_refused():
    with pytest.raises(ConfigError) as error:
        configured(SecondaryTool, rect={"places": [[-2, 9, 0]], "place": [0, 1]})
    assert error.value.path.startswith("rect.place")


@pytest.mark.parametrize(("name", "layout"), [("02", "ring"), ("14", "partial_ring")])
def test_the_real_rings_pass_the_checks_labelled_with_one_tool_or_none(name, layout):
    """In a ring of lava (02) the rectangular tool alone pushes the ball out; in a partial ring (14) the performer
    walks up to it: labelled so, the real scenes pass the checks and the replay; labelled with both tools, they
    do not. The family lays the same cells."""
    real = json.loads((REFERENCE_SCENES / "eval7" / f"eval_7_interactive_secondary_tool_0001_{name}.json").read_text())
    hook, rect, ball = real["objects"]
    one = layout == "ring"
    truth = {"target_id": ball["id"], "tool_ids": [rect["id"]] if one else [], "actions": ["push"] if one else [],
             "direction": "-z" if one else None}
    assert secondary_tool_problems(real, truth) == []
    assert replay(real, truth) == (True, "")
    both = {**truth, "tool_ids": [rect["id"], hook["id"]], "actions": ["push", "pull"], "direction": "+z",
            "push_direction": "-z"}
    assert secondary_tool_problems(real, both)
    family = configured(SecondaryTool, ball={"corner": "front_right", "layout": layout},
                        hook={"shape": "isosceles", "width": 0.5, "extra_length": 1, "rotation": 180,
                              "centre": [-4.5, 0.5]}, rect={"push": "-z", "gap": 2.0, "width": 0.5})
    _, _, [(scene, made)] = checked_sample(family, 0, "sc_", 0)
    near = {(c["x"], c["z"]) for c in real["lava"] if c["x"] > 5 and c["z"] < 0}
    assert {(c["x"], c["z"]) for c in scene["lava"] if c["x"] > 0} == near
    assert made["ball_layout"] == layout and len(made["tool_ids"]) == one


def test_a_fixed_pool_centre_off_the_cells_is_never_laid():
    family = configured(SecondaryTool, hook={"shape": "isosceles", "width": 0.5, "rotation": 180,
                                             "centre": [-4.0, 0.5]})
    with pytest.raises(GenerationError):
        family.generate(0, np.random.default_rng(0))


def test_the_reference_scene_passes_the_checks():
    reference = json.loads(REFERENCE.read_text())
    assert secondary_tool_problems(reference, None) == []
    hook, rect, ball = reference["objects"]
    truth = {"target_id": ball["id"], "tool_ids": [rect["id"], hook["id"]], "actions": ["push", "pull"],
             "direction": "+z", "push_direction": "-z"}
    assert secondary_tool_problems(reference, truth) == []
    assert replay_secondary(reference, truth) == (True, "")


def scene_with(**config):
    family = configured(SecondaryTool, **config)
    _, _, [(scene, truth)] = checked_sample(family, 4, "sc_", 0)
    return copy.deepcopy(scene), truth


def messages(scene, truth):
    return [p.message for p in secondary_tool_problems(scene, truth)]


def test_a_rectangular_tool_too_short_is_caught():
    scene, truth = scene_with()
    rect = next(o for o in scene["objects"] if o["id"] == truth["tool_ids"][0])
    rect["type"] = rect["type"].rsplit("_x_", 1)[0] + "_x_1_00"
    assert any("no rectangular tool frees" in m for m in messages(scene, truth))
    assert not replay_secondary(scene, truth)[0]


def test_an_l_tool_within_reach_is_caught():
    scene, truth = scene_with()
    hook = next(o for o in scene["objects"] if o["id"] == truth["tool_ids"][1])
    position = hook["shows"][0]["position"]
    cells = [c for c in scene["lava"] if abs(c["x"] - position["x"]) > 6 or abs(c["z"] - position["z"]) > 6]
    scene["lava"] = cells
    assert any("can walk up to the L-shaped tool" in m for m in messages(scene, truth))


def test_a_wrong_label_is_caught():
    scene, truth = scene_with()
    assert messages(scene, truth) == []
    swapped = {**truth, "tool_ids": truth["tool_ids"][::-1]}
    assert any("none of the scene's solutions" in m for m in messages(scene, swapped))
    toward_a_wall = {"+": "-", "-": "+"}[truth["direction"][0]] + truth["direction"][1]
    wrong_way = {**truth, "direction": toward_a_wall}
    assert any("none of the scene's solutions" in m for m in messages(scene, wrong_way))


@pytest.mark.parametrize(("config", "path"), [
    ({"room": {"width": 11, "depth": 11}}, "room"),
    ({"ball": {"before": 6}, "hook": {"width": 1.0}}, "room"),
])
def test_impossible_configs_are_refused(config, path):
    with pytest.raises(ConfigError) as error:
        SecondaryTool(check_config({"family": "secondary_tool", **config}, SecondaryTool.config_schema()))
    assert error.value.path.startswith(path)


@pytest.mark.parametrize("config", [
    {"room": {"width": 30}}, {"ball": {"corner": "middle"}}, {"hook": {"rotation": 45}}, {"rect": {"push": "up"}},
    {"hook": {"margin": 0.5}},
])
def test_invalid_values_are_refused(config):
    with pytest.raises(ConfigError):
        check_config({"family": "secondary_tool", **config}, SecondaryTool.config_schema())

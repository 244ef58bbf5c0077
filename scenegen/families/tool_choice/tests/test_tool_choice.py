"""Tool Choice: property tests over random seeds and random valid configs.

The geometry is recomputed independently of the generator and of the family's
own checks, in :mod:`.tool_choice_replay`.
"""

from __future__ import annotations

import copy
import json
import math

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.factory.pipeline import Pipeline
from scenegen.families.tool_choice import ToolChoice
from scenegen.families.tool_choice.checks import floor_of, tool_choice_problems
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible

from .replay import (
    aligned,
    assert_brought_into_line,
    assert_other_side_useless,
    assert_performer_reaches,
    assert_pushes_ball_out,
    cutting_wall,
    near_edge_under,
    polygon,
    room_shape,
    tool_dimensions,
)


def value(values, ranges=True):
    """A parameter in any shape of the value grammar, drawing from ``values`` (ranges only where allowed)."""
    ordered = sorted(set(values))
    shapes = [st.sampled_from(ordered), st.lists(st.sampled_from(ordered), min_size=1, max_size=3, unique=True),
              st.lists(st.sampled_from(ordered), min_size=1, max_size=3, unique=True).flatmap(
                  lambda c: st.fixed_dictionaries({"choices": st.just(c), "weights": st.lists(
                      st.integers(1, 5), min_size=len(c), max_size=len(c))}))]
    if ranges and all(isinstance(v, (int, float)) for v in ordered) and len(ordered) > 1:
        shapes.append(st.tuples(st.sampled_from(ordered), st.sampled_from(ordered)).map(
            lambda b: {"min": min(b), "max": max(b)}))
    return st.one_of(shapes)


configs = st.fixed_dictionaries({
    "family": st.just("tool_choice"),
    "correct_side": value(["left", "right"]),
    "other_side": value(["none", "too_short", "broken", "obstructed"]),
    "room": st.fixed_dictionaries({"width": value([16, 30, 45, 59]), "depth": value([21, 23, 26])}),
    "ball": st.fixed_dictionaries({"distance": value(range(3, 17)), "z": value(range(3, 8))}),
    "lava": st.fixed_dictionaries({"island": value([1, 3], ranges=False), "near": value(range(1, 5)),
                                   "far": value([1, 2]), "side": value([1, 2])}),
    "tool": st.fixed_dictionaries({"width": value([0.5, 0.75, 1.0], ranges=False), "gap": value([0.0, 0.25, 1.0]),
                                   "offset": value([0.0, 0.5, 1.0]), "too_short_length": value([1], ranges=False),
                                   "broken_pieces": value(range(3, 10)),
                                   "placement": value(["aligned", "offset", "offset_rotated"]),
                                   "shift": value([0.0, 2.0, 5.0, 9.0, 14.0]),
                                   "obstruction": value(["parallel", "diagonal"])}),
})
#: Evaluation-sized rooms and pools, where a too-big tool can lie across the lava (in a small room it may only
#: lie beside it).
big_room_configs = st.tuples(configs, value(range(12, 17)), value([23, 26]), value([3, 4])).map(lambda drawn: {
    **drawn[0], "other_side": "too_big", "room": {"width": 59, "depth": drawn[2]},
    "ball": {"distance": drawn[1], "z": 7}, "lava": {"island": 3, "near": drawn[3], "far": 2, "side": 2},
})


def build(config) -> ToolChoice:
    return feasible(ToolChoice, config)


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config, seed, index):
    assert_scene_sound(config, seed, index)


@settings(max_examples=examples(25), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=big_room_configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_a_too_big_tool_lies_across_the_lava(config, seed, index):
    assert_scene_sound(config, seed, index)


def assert_scene_sound(config, seed, index):
    family = build(config)
    pipeline = Pipeline(family, seed, "tc_", semantic=True)
    sample, documents = pipeline.produce(index)
    scene = documents[""]
    truth = sample.truth
    assert document_problems(scene, family, truth) == []

    objects = {item["id"]: item for item in scene["objects"]}
    shapes = {key: polygon(item) for key, item in objects.items()}
    room = room_shape(scene)
    for key, shape in shapes.items():
        assert room.buffer(1e-6).contains(shape), key
    keys = list(shapes)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)

    # Exactly one target, on the side the manifest names, with the useful tool beside it.
    target = objects[scene["goal"]["metadata"]["target"]["id"]]
    balls = [item for item in objects.values() if item["type"] == "soccer_ball"]
    assert len(balls) == 2 and truth["target_id"] == target["id"]
    target_x, target_z = target["shows"][0]["position"]["x"], target["shows"][0]["position"]["z"]
    assert (target_x < 0) == (truth["correct_side"] == "left")
    tool = objects[truth["useful_tool"]["id"]]
    assert (tool["shows"][0]["position"]["x"] < 0) == (target_x < 0)
    if truth["useful_tool"]["placement"] == "aligned":
        assert_pushes_ball_out(scene, tool, target_x, target_z)
    else:
        assert_brought_into_line(scene, tool, target_x)
        assert_pushes_ball_out(scene, aligned(scene, tool, target_x), target_x, target_z)
    assert_performer_reaches(scene, tool)
    assert_other_side_useless(scene, truth, objects)


def test_reference_structure_is_matched():
    """Units, object types, room, platform, balls and timings match the evaluation scenes."""
    reference = json.loads((REFERENCE_SCENES / "eval_7_interactive_tool_choice_0001_01.json").read_text())
    family = configured(ToolChoice)
    _, documents, _ = checked_sample(family, 0, "tc_", 0)
    scene = documents[""]
    for key in ("roomDimensions", "performerStart", "ceilingMaterial", "floorMaterial", "wallMaterial", "version"):
        assert scene[key] == reference[key], key
    for key in ("category", "description", "last_step", "action_list"):
        assert scene["goal"][key] == reference["goal"][key], key
    platform = next(o for o in scene["objects"] if o["id"].startswith("platform_"))
    reference_platform = next(o for o in reference["objects"] if o["id"].startswith("platform_"))
    for key in ("type", "mass", "materials", "kinematic", "structure", "lips", "shows"):
        assert platform[key] == reference_platform[key], key
    balls = [o for o in scene["objects"] if o["type"] == "soccer_ball"]
    reference_ball = reference["objects"][0]
    for ball in balls:
        for key in ("mass", "salientMaterials", "moveable", "pickupable"):
            assert ball[key] == reference_ball[key]
        assert ball["shows"][0]["scale"] == reference_ball["shows"][0]["scale"]
        assert ball["shows"][0]["position"]["y"] == reference_ball["shows"][0]["position"]["y"]
    # The default pool is the evaluation scenes' pool: 54 cells a side around a 3 x 3 island.
    def by_cell(cell):
        return cell["x"], cell["z"]

    assert sorted(scene["lava"], key=by_cell) == sorted(reference["lava"], key=by_cell)
    tool = scene["objects"][1]
    assert tool["type"].startswith("tool_rect_") and tool["shows"][0]["position"]["y"] == 0.15


def test_sides_are_balanced_by_default():
    family = configured(ToolChoice)
    pipeline = Pipeline(family, 11, "tc_", semantic=True)
    sides = [pipeline.produce(i)[0].truth["correct_side"] for i in range(400)]
    assert 160 < sides.count("left") < 240


def test_other_side_weights_are_followed():
    config = {"family": "tool_choice", "other_side": {"choices": ["none", "broken"], "weights": [3, 1]}}
    family = ToolChoice(check_config(config, ToolChoice.config_schema()))
    kinds = [family.generate(i, np.random.default_rng(i)).truth["other_side"] for i in range(400)]
    assert set(kinds) == {"none", "broken"} and 250 < kinds.count("none") < 350


def scene_with(seed=0, **config):
    """A checked scene and its label from the defaults plus ``config``."""
    family = configured(ToolChoice, **config)
    _, _, [(scene, truth)] = checked_sample(family, seed, "tc_", 0)
    assert tool_choice_problems(scene, truth) == []
    return copy.deepcopy(scene), truth


def object_of(scene, key):
    return next(item for item in scene["objects"] if item["id"] == key)


def target_problems(scene, truth):
    return [p for p in tool_choice_problems(scene, truth) if "no tool can push the target" in p.message]


def other_side_problems(scene, truth):
    return [p for p in tool_choice_problems(scene, truth) if "can push the non-target ball out too" in p.message]


def test_a_moved_tool_needs_room_to_turn():
    scene, truth = scene_with(other_side="none", tool={"placement": "offset_rotated"})
    tool = object_of(scene, truth["useful_tool"]["id"])
    position = tool["shows"][0]["position"]
    width, length = tool_dimensions(tool["type"])
    target = object_of(scene, truth["target_id"])["shows"][0]["position"]
    side = math.copysign(1.0, position["x"])
    # Beside the pool's corner: the tool itself stays off the lava, but turning it, where it lies or slid into
    # its ball's line, would sweep over it.
    position["x"] = target["x"] + math.copysign(4.5, position["x"] - target["x"])
    position["z"] = near_edge_under(scene, target["x"]) - math.hypot(width, length) / 2 + 0.3
    assert target_problems(scene, truth)
    # Beside the platform, in front of the pool: too near the platform to turn where it lies, but slid out into
    # its ball's line it turns freely...
    position["z"] -= 1.0
    position["x"] = side * (0.5 + (width + length) * math.cos(math.radians(45)) / 2 + 0.3)
    assert not target_problems(scene, truth)
    # ...unless a low wall stands across the way.
    wall = copy.deepcopy(next(item for item in scene["objects"] if item["id"].startswith("platform_")))
    wall["id"] = "wall_lane"
    wall["shows"][0]["position"] = {"x": (position["x"] + target["x"]) / 2 + side * 2, "y": 0.125,
                                    "z": position["z"]}
    wall["shows"][0]["scale"] = {"x": 0.1, "y": 0.25, "z": 1.0}
    scene["objects"].append(wall)
    assert target_problems(scene, truth)


def test_a_moved_tool_needs_a_free_lane_into_line():
    scene, truth = scene_with(other_side="none", tool={"placement": "offset"})
    tool = object_of(scene, truth["useful_tool"]["id"])
    position = tool["shows"][0]["position"]
    target = object_of(scene, truth["target_id"])["shows"][0]["position"]
    assert not target_problems(scene, truth)
    # A low wall across the way it slides sideways to its ball's line (along the room's depth, short of the lava).
    wall = copy.deepcopy(next(item for item in scene["objects"] if item["id"].startswith("platform_")))
    wall["id"] = "wall_lane"
    wall["shows"][0]["position"] = {"x": (position["x"] + target["x"]) / 2, "y": 0.125, "z": position["z"]}
    wall["shows"][0]["scale"] = {"x": 0.1, "y": 0.25, "z": 1.0}
    scene["objects"].append(wall)
    assert target_problems(scene, truth)


def test_a_moved_tool_must_be_reachable():
    scene, truth = scene_with(other_side="none", tool={"placement": "offset"})
    tool = object_of(scene, truth["useful_tool"]["id"])
    side = math.copysign(1.0, tool["shows"][0]["position"]["x"])
    depth = scene["roomDimensions"]["z"]
    wall = copy.deepcopy(next(item for item in scene["objects"] if item["id"].startswith("platform_")))
    wall["id"] = "wall_cut"
    wall["shows"][0]["position"] = {"x": side * 1.05, "y": 0.125, "z": 0.0}
    wall["shows"][0]["scale"] = {"x": 0.1, "y": 0.25, "z": depth}
    scene["objects"].append(wall)
    assert target_problems(scene, truth)


def test_a_moved_tool_must_still_span_the_lava():
    scene, truth = scene_with(other_side="none", tool={"placement": "offset_rotated"})
    tool = object_of(scene, truth["useful_tool"]["id"])
    width, _ = tool_dimensions(tool["type"])
    tool["type"] = f"tool_rect_{width:.2f}_x_3_00".replace(".", "_")
    assert target_problems(scene, truth)


@pytest.mark.parametrize("placement", ["aligned", "offset_rotated"])
@pytest.mark.parametrize("obstruction", ["parallel", "diagonal"])
def test_an_obstructed_tool_is_proved_cut_off(obstruction, placement):
    # A moved twin lies away from the platform: a diagonal wall has no room between a turned tool and the platform.
    tool = {"obstruction": obstruction, "placement": placement, "shift_direction": "away"}
    scene, truth = scene_with(other_side="obstructed", tool=tool, ball={"distance": 14, "z": 7})
    assert truth["obstruction"] == obstruction
    (tool_id,) = truth["other_tool_ids"]
    wall_id = cutting_wall(scene, truth)
    wall, tool = object_of(scene, wall_id), object_of(scene, tool_id)
    assert not floor_of(scene).reaches(tool)
    # A gap of two metres at the front: the performer walks round the wall's end to the tool.
    shortened = copy.deepcopy(scene)
    show = object_of(shortened, wall_id)["shows"][0]
    angle = math.radians(show["rotation"]["y"])
    show["scale"]["z"] -= 2.0
    show["position"]["x"] += math.sin(angle)
    show["position"]["z"] += math.cos(angle)
    assert floor_of(shortened).reaches(tool)
    # Without its wall, the twin pushes its ball out (after a move and a turn, for a moved one).
    scene["objects"].remove(wall)
    assert other_side_problems(scene, truth)


def test_labels_have_the_same_keys_in_every_sample():
    family = configured(ToolChoice, other_side=["none", "too_short", "broken", "too_big", "obstructed"])
    pipeline = Pipeline(family, 5, "tc_")
    shapes = {json.dumps(key_shape(pipeline.produce(i)[0].truth)) for i in range(60)}
    assert len(shapes) == 1


def key_shape(value):
    return {key: key_shape(item) for key, item in value.items()} if isinstance(value, dict) else None


def test_the_evaluations_couplings_of_placement_and_other_side_can_be_asked_for():
    """Every moved tool of the evaluation stands beside its twin's parallel wall; its too-short tools are aligned."""
    import numpy as np

    from tests.kit.support import load_family

    generator = load_family("eval7_tool_choice")[1]
    moved = 0
    for index in range(120):
        truth = generator.generate(index, np.random.default_rng(index)).truth
        if truth["useful_tool"]["placement"] != "aligned":
            moved += 1
            assert (truth["other_side"], truth["obstruction"]) == ("obstructed", "parallel"), truth
        if truth["other_side"] == "too_short":
            assert truth["other_tool_placement"] == "aligned"
    assert moved > 0

"""Tool Choice: property tests over random seeds and random valid configs.

The geometry here is recomputed independently of the generator and of the
family's own checks: footprints as shapely polygons from each type's size, the
lava's extent from the lava cells, reachability by a flood fill on a grid.
"""

from __future__ import annotations

import json
import math

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon, box

from scenegen.config import check_config
from scenegen.families.tool_choice import ToolChoice
from scenegen.geometry import (
    Boxes,
    cell_boxes,
    concat,
    inflate,
    object_size,
    occupancy_grid,
    reachable,
)
from scenegen.pipeline import Pipeline
from scenegen.validate import document_problems
from tests.examples import examples

from ..conftest import REFERENCE_SCENES
from .support import checked_sample, configured, feasible


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
                                   "obstructed_rotation": value([0, 30, 90, 135])}),
})


def build(config) -> ToolChoice:
    return feasible(ToolChoice, config)


def polygon(item) -> Polygon:
    show = item["shows"][0]
    scale = show.get("scale", {"x": 1, "y": 1, "z": 1})
    size_x, _, size_z = object_size(item["type"])
    half_x, half_z = size_x * scale["x"] / 2, size_z * scale["z"] / 2
    shape = box(-half_x, -half_z, half_x, half_z)
    # MCS rotation y turns +z toward +x: clockwise in the (x, z) plane, hence the minus.
    shape = affinity.rotate(shape, -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(shape, show["position"]["x"], show["position"]["z"])


def tool_dimensions(tool_type: str) -> tuple[float, float]:
    _, _, w_int, w_frac, _, l_int, l_frac = tool_type.split("_")
    return float(f"{w_int}.{w_frac}"), float(f"{l_int}.{l_frac}")


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config, seed, index):
    family = build(config)
    pipeline = Pipeline(family, seed, "tc_", semantic=True)
    sample, documents = pipeline.produce(index)
    scene = documents[""]
    truth = sample.truth
    assert document_problems(scene, family, truth) == []

    objects = {item["id"]: item for item in scene["objects"]}
    shapes = {key: polygon(item) for key, item in objects.items()}
    room = box(-scene["roomDimensions"]["x"] / 2, -scene["roomDimensions"]["z"] / 2,
               scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2)
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
    assert_pushes_ball_out(scene, tool, target_x, target_z)
    assert_performer_reaches(scene, tool)
    assert_other_side_useless(scene, truth, objects)


def assert_pushes_ball_out(scene, tool, ball_x, ball_z):
    width, length = tool_dimensions(tool["type"])
    x, z = tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]
    column = [c["z"] for c in scene["lava"] if c["x"] == round(ball_x)]
    near, far = min(column) - 0.5, max(column) + 0.5
    assert tool["shows"][0]["rotation"]["y"] % 180 == 0
    assert abs(x - ball_x) < width / 2                       # the ball is in the tool's path
    assert z + length / 2 <= near + 1e-9                      # it starts off the lava
    assert length >= far - near                               # pushed to the lava's edge, it clears the pool
    lane = box(x - width / 2, z - length / 2, x + width / 2, far)
    walls = [polygon(i) for i in scene["objects"] if i["type"] == "cube" and not i["id"].startswith("platform_")]
    assert all(lane.intersection(wall).area == 0 for wall in walls)


def assert_performer_reaches(scene, tool):
    """The performer, stepping off the platform, can walk to the floor behind the tool."""
    _, length = tool_dimensions(tool["type"])
    x, z = tool["shows"][0]["position"]["x"], tool["shows"][0]["position"]["z"]
    room = (scene["roomDimensions"]["x"], scene["roomDimensions"]["z"])
    walls = [i for i in scene["objects"] if i["type"] == "cube"]
    obstacles = concat([cell_boxes([(c["x"], c["z"]) for c in scene["lava"]]),
                        *(Boxes.from_size([(w["shows"][0]["position"]["x"], w["shows"][0]["position"]["z"])],
                                          [w["shows"][0]["scale"]["x"], w["shows"][0]["scale"]["z"]],
                                          w["shows"][0]["rotation"]["y"]) for w in walls)])
    grid = inflate(occupancy_grid(room, obstacles, resolution=0.25))
    start = (math.copysign(1.0, x), scene["performerStart"]["position"]["z"])
    assert reachable(grid, start, (x, z - length / 2 - 0.4))


def assert_other_side_useless(scene, truth, objects):
    kind = truth["other_side"]
    tools = [objects[key] for key in truth["other_tool_ids"]]
    span = max(c["z"] for c in scene["lava"]) - min(c["z"] for c in scene["lava"]) + 1
    if kind == "none":
        assert tools == [] and truth["wall_ids"] == []
    elif kind in ("too_short", "broken"):
        assert tools and all(tool_dimensions(t["type"])[1] < span for t in tools)
    else:
        (tool,), (wall_id,) = tools, truth["wall_ids"]
        wall = polygon(objects[wall_id])
        tool_shape = polygon(tool)
        ball = next(b for b in objects.values() if b["type"] == "soccer_ball" and b["id"] != truth["target_id"])
        ball_point = (ball["shows"][0]["position"]["x"], ball["shows"][0]["position"]["z"])
        # The wall runs from the platform to the side wall between the tool and the pool.
        wall_z = objects[wall_id]["shows"][0]["position"]["z"]
        assert tool_shape.bounds[3] < wall_z < ball_point[1]
        assert wall.bounds[0] <= 0.5 + 1e-9 or wall.bounds[2] >= -0.5 - 1e-9
        assert abs(wall.bounds[2] - wall.bounds[0]) >= scene["roomDimensions"]["x"] / 2 - 0.5 - 1e-6


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

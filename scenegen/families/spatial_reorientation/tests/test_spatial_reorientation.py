"""Spatial Reorientation: property tests over random valid configs (every scene valid, in its room, without
overlaps, its label as an independent replay of the JSON says), the evaluation's 18 scenes, refusals, conformance."""

from __future__ import annotations

import itertools
import json
import math
from functools import partial
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Polygon, box

from scenegen.errors import ConfigError
from scenegen.families.spatial_reorientation import SpatialReorientation
from scenegen.families.spatial_reorientation.checks import replayed
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import written_keys
from tests.kit.support import checked_sample, configured, feasible, value

from .replay import CONTAINERS, hand, label

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_spatial_reorientation_*.json"))
#: Footprints (x, z) at scale 1 of what stands on the floor, besides the containers (the MCS object table).
CHAIR = (0.48, 0.56)

numbers = partial(value, ranges=True)

configs = st.fixed_dictionaries({
    "family": st.just("spatial_reorientation"),
    "room": st.fixed_dictionaries({"width": numbers([10, 12, 14]), "depth": numbers([14, 16, 20]),
                                   "height": numbers([4, 6, 7])}),
    "performer": st.fixed_dictionaries({"start": value(["minus_z", "plus_z"]), "offset": numbers([2, 2.5, 3])}),
    "kidnap": st.fixed_dictionaries({"moved": numbers([0, 0.5, 1]), "x": numbers([-0.2, 0, 0.1]),
                                     "z_shift": numbers([-0.1, 0.1])}),
    "ball": st.fixed_dictionaries({"side": value(["minus_x", "plus_x"])}),
    "containers": st.fixed_dictionaries({"spread": numbers([2, 2.55, 3.5]), "z": numbers([-2, 0, 1.5]),
                                         "scale_xz": numbers([2, 3]), "scale_y": numbers([3, 6])}),
    "landmarks": st.fixed_dictionaries({"trapezoid": numbers([0, 0.5, 1]), "narrow_end": value(["minus_z", "plus_z"]),
                                        "trapezoid_turn": numbers([70, 75, 85]), "coloured_wall": numbers([0, 1]),
                                        "wall": value(["left", "right", "front", "back"]),
                                        "furniture": numbers([0, 0.5, 1]), "furniture_moved": numbers([0, 1])}),
})


def footprint(item: dict[str, Any]) -> Polygon:
    show = item["shows"][-1]
    size = CONTAINERS.get(item["type"], CHAIR)
    scale = item["shows"][0].get("scale") or {"x": 1, "z": 1}
    shape = box(-size[0] * scale["x"] / 2, -size[1] * scale["z"] / 2, size[0] * scale["x"] / 2,
                size[1] * scale["z"] / 2)
    return affinity.translate(affinity.rotate(shape, -show["rotation"]["y"], origin=(0, 0)),
                              show["position"]["x"], show["position"]["z"])


def floor_shapes(scene: dict[str, Any]) -> dict[str, Any]:
    """The containers, the chair (where it ends up) and the platform, as shapes on the floor."""
    shapes = {item["id"]: footprint(item) for item in scene["objects"]
              if item["type"] in CONTAINERS or item["type"] == "folding_chair"}
    platform = next(item for item in scene["objects"] if item["id"].startswith("platform_"))["shows"][0]["scale"]
    shapes["platform"] = box(-platform["x"] / 2, -platform["z"] / 2, platform["x"] / 2, platform["z"] / 2)
    return shapes


@settings(max_examples=examples(40), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config: dict[str, Any], seed: int, index: int) -> None:
    family = feasible(SpatialReorientation, config)
    pairs = checked_sample(family, seed, "sr_", index)[2]
    scene, truth = pairs[0]
    assert document_problems(scene, family, truth) == []
    half_x, half_z = scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2
    shapes = floor_shapes(scene)
    for key, shape in shapes.items():
        assert box(-half_x, -half_z, half_x, half_z).buffer(1e-9).contains(shape), key
    for a, b in itertools.combinations(shapes, 2):
        assert shapes[a].intersection(shapes[b]).area < 1e-9, (a, b)
    said = label(scene)
    assert said["container_id"] == truth["container_id"] and said["moved"] == truth["moved"]
    assert said["side_at_start"] == truth["side_at_start"] and said["side_after"] == truth["side_after"]
    container = next(item for item in scene["objects"] if item["id"] == truth["container_id"])
    assert said["rest_y"] < container["shows"][0]["scale"]["y"] * 0.059 + 0.05  # let go just above the rim
    assert truth["moved"] == (truth["side_at_start"] != truth["side_after"])


def test_a_kidnap_to_the_other_end_swaps_the_hands():
    """Put down at the other end facing back, the performer has the ball's container on its other hand."""
    family = configured(SpatialReorientation, kidnap={"moved": 1.0})
    for index in range(20):
        truth = checked_sample(family, 1, "sr_", index)[0].truth
        assert truth["moved"] and truth["side_after"] != truth["side_at_start"]
    kept = configured(SpatialReorientation, kidnap={"moved": 0.0})
    truth = checked_sample(kept, 1, "sr_", 0)[0].truth
    assert not truth["moved"] and truth["side_after"] == truth["side_at_start"]


@pytest.mark.parametrize(("dx", "facing", "side"), [(1, 0, "right"), (-1, 0, "left"), (1, 180, "left"),
                                                     (-1, 180, "right"), (-2.55, 180.0, "right")])
def test_hands_as_unity_turns(dx, facing, side):
    assert hand(dx, facing) == side


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-5:])
def test_the_real_scenes_replay(path):
    """Each real scene: the ball dropped into the -x container, the performer put down at an end facing the centre;
    the family's checks and the tests' replay read it alike."""
    scene = json.loads(path.read_text())
    said, checked = label(scene), replayed(scene)
    assert checked is not None and said["container_id"] == checked["container_id"] is not None
    assert (said["moved"], said["side_at_start"], said["side_after"]) == (
        checked["moved"], checked["side_at_start"], checked["side_after"])
    assert said["rest_y"] == pytest.approx(0.36)


def test_the_evaluation_template_writes_what_the_real_scenes_write():
    """Keys, goal, object types, materials, masses and the drop's timing as the real files have them."""
    family = SpatialReorientation(_config("eval7_spatial_reorientation.yaml"))
    ours = [checked_sample(family, 5, "sr_", index)[1][""] for index in range(60)]
    real = [json.loads(path.read_text()) for path in REAL]
    mine, theirs = written_keys(ours), written_keys(real)
    for part in mine:
        assert mine[part] <= theirs[part] | {"name"} if part == "top" else mine[part] <= theirs[part], part
    first = real[0]
    for scene in ours[:10]:
        for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "version"):
            assert scene[key] == first[key], key
        assert scene["goal"]["last_step"] == first["goal"]["last_step"]
        assert [a[0].split(",")[0] for a in scene["goal"]["action_list"]] == \
            [a[0].split(",")[0] for a in first["goal"]["action_list"]]
        ball, placer = scene["objects"][0], next(i for i in scene["objects"] if i["id"].startswith("placer_"))
        real_placer = next(i for i in first["objects"] if i["id"].startswith("placer_"))
        assert ball["moves"] == first["objects"][0]["moves"] and ball["togglePhysics"] == first["objects"][0][
            "togglePhysics"]
        assert ball["shows"][0]["position"] == first["objects"][0]["shows"][0]["position"]
        for key in ("moves", "changeMaterials", "states", "materials"):
            assert placer[key] == real_placer[key], key
        assert placer["shows"][0] == real_placer["shows"][0]


@pytest.mark.parametrize(("change", "key"), [
    ({"performer": {"offset": 8}}, "performer.offset"),
    ({"containers": {"spread": 0.4}}, "containers.spread"),
    ({"containers": {"spread": 5.9}}, "containers.spread"),
    ({"landmarks": {"wall": "ceiling"}}, "landmarks.wall"),
])
def test_a_bad_config_is_refused_with_its_key(change, key):
    with pytest.raises(ConfigError) as refused:
        configured(SpatialReorientation, **change)
    assert key in str(refused.value)


def _config(name: str) -> dict[str, Any]:
    from scenegen.factory.config_file import read_config
    from scenegen.plugin.config import check_config

    return check_config(read_config(bundled_templates()[name]), SpatialReorientation.config_schema())


def test_the_moved_chair_is_put_elsewhere_as_the_performer_is_put_down():
    family = configured(SpatialReorientation, landmarks={"furniture": 1.0, "furniture_moved": 1.0})
    scene = checked_sample(family, 2, "sr_", 0)[1][""]
    chair = next(item for item in scene["objects"] if item["type"] == "folding_chair")
    put_down = len(scene["goal"]["action_list"])
    assert len(chair["shows"]) == 2 and chair["shows"][1]["stepBegin"] == put_down
    assert math.dist(*((show["position"]["x"], show["position"]["z"]) for show in chair["shows"])) > 0

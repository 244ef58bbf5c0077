"""Tests Lava and Holes share (they are one task over two kinds of cell): ``test_lava.py`` and ``test_holes.py``
import them and give the family through the module's ``navigation`` fixture (a :class:`Navigation`)."""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.mcs.navigation.checks import navigation_problems
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import load_family
from tests.test_conformance import problems as integer_problems

from .navigation_replay import replay
from .support import checked_sample, configured, feasible


@dataclass(frozen=True)
class Navigation:
    """One navigation family under test: its class, its cells' key and its two evaluation scenes."""

    family: type
    kind: str

    def references(self) -> list[dict]:
        return [json.loads((REFERENCE_SCENES / "more" / f"eval_7_interactive_{self.kind}_0001_0{i}.json").read_text())
                for i in (1, 2)]


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
    "room": st.fixed_dictionaries({"width": value([12, 15, 18, 21]), "depth": value([16, 19, 22, 25])}),
    "performer": st.fixed_dictionaries({"x": value([-5.0, -2.5, 0.0, 1.3, 5.0]), "depth": value([0.75, 1.0, 2.0]),
                                        "rotation": value([0, 45, 90, 225, 315], ranges=False)}),
    "target": st.fixed_dictionaries({"holder": value(["floor", "agent"]), "x": value([-5.0, -1.0, 0.0, 2.2, 5.0]),
                                     "depth": value([0.75, 1.4, 2.5])}),
    "agent": st.fixed_dictionaries({"rotation": value([0, 90, 180, 270], ranges=False),
                                    "outfit": value([0, 1], ranges=False)}),
    "blob": st.fixed_dictionaries({"present": value([True, False], ranges=False),
                                   "type": value(["blob_01", "blob_06", "blob_15", "blob_18", "blob_20"]),
                                   "scale": value([0.8, 1.5, 2.0]), "rotation": value([0, 90, 180, 270], ranges=False),
                                   "distance": value([1.0, 1.5, 3.0]), "bearing": value([0, 90, 146.25, 180])}),
    "field": st.fixed_dictionaries({"layout": value(["walls", "enclosure", "rows"]),
                                    "side": value(["across", "left", "centre", "right"]),
                                    "width": value([5, 7, 11, 13]), "depth": value([5, 8, 10]),
                                    "rows": value([0, 1, 3]), "columns": value([0, 1, 2]),
                                    "near_rows": value([0, 1]), "spine": value([-2, -1, 0, 3]),
                                    "gaps": value([1, 2]), "near_gaps": value([0, 1, 2]),
                                    "scatter": value([0.0, 0.1, 0.25]), "cells": value([0, 12, 24])}),
    "min_detour": st.sampled_from([0, 1, 2]),
})


def scene_of(navigation, seed=0, index=0, **config):
    """A checked scene and its label from the defaults plus ``config``."""
    family = configured(navigation.family, **config)
    _, _, [(scene, truth)] = checked_sample(family, seed, "nav_", index)
    return copy.deepcopy(scene), truth


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(navigation, config, seed, index):
    family = feasible(navigation.family, {"family": navigation.family.name, **config})
    # a config whose fields seldom keep the promise (a ball straight ahead of a narrow field...) is refused
    sample, documents = Pipeline(family, seed, "nav_", semantic=True).produce(index)
    scene = documents[""]
    assert document_problems(scene, family, sample.truth) == []
    replay(json.loads(json.dumps(scene)), navigation.kind, sample.truth)
    assert sample.truth["detour"] >= config["min_detour"]


@pytest.mark.parametrize("template", ["", "eval7_"])
@pytest.mark.parametrize("index", range(8))
def test_the_templates_make_sound_scenes(navigation, template, index):
    _, family = load_family(f"{template}{navigation.kind}")
    _, _, [(scene, truth)] = checked_sample(family, 7, "nav_", index)
    replay(scene, navigation.kind, truth)


def test_the_evaluation_scenes_pass_the_familys_checks(navigation):
    """The checks are the task's, not scenegen's output's: the evaluation's own scenes pass them."""
    family = configured(navigation.family)
    for reference in navigation.references():
        assert document_problems(reference, family, None) == [], reference["name"]
        replay(reference, navigation.kind)


def key_paths(value, prefix=""):
    if isinstance(value, dict):
        return {path for key, item in value.items()
                for path in {f"{prefix}.{key}"} | key_paths(item, f"{prefix}.{key}")}
    if isinstance(value, list) and value and isinstance(value[0], dict):
        return set.union(*(key_paths(item, f"{prefix}[]") for item in value))
    return set()


def role(item):
    if item["type"] == "soccer_ball":
        return "held ball" if "associatedWithAgent" in item else "ball"
    return item["id"].split("_")[0]


def test_the_evaluation_scenes_structure_is_matched(navigation):
    """Top-level keys, every object's key paths and type by role, units, room, goal and timings."""
    references = navigation.references()
    roles: dict[str, dict[str, Any]] = {}
    for reference in references:
        for item in reference["objects"]:
            roles.setdefault(role(item), item)
    _, family = load_family(f"eval7_{navigation.kind}")
    made: dict[str, dict[str, Any]] = {}
    for index in range(40):
        _, _, [(scene, _)] = checked_sample(family, 3, "nav_", index)
        assert set(scene) == set(references[0])
        for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "version", "isometric",
                    "intuitivePhysics", "floorTextures"):
            assert scene[key] == references[0][key], key
        assert scene["goal"] == {**references[0]["goal"], "metadata": {"target": {
            "id": scene["goal"]["metadata"]["target"]["id"]}}}
        assert scene["performerStart"]["position"]["y"] == 1.0
        for item in scene["objects"]:
            made.setdefault(role(item), item)
    assert set(made) == {"ball", "held ball", "blob", "agent", "platform"} >= set(roles)
    for name, item in made.items():
        if name in roles:
            assert key_paths(item) == key_paths(roles[name]), name
            assert item["mass"] == roles[name]["mass"], name
    for reference in references:
        platform = next(o for o in reference["objects"] if o["id"].startswith("platform_"))
        ours = made["platform"]
        for key in ("type", "mass", "kinematic", "structure", "lips"):
            assert ours[key] == platform[key], key
        assert ours["shows"][0]["scale"] == platform["shows"][0]["scale"]
        assert ours["shows"][0]["position"]["y"] == platform["shows"][0]["position"]["y"]
    held = made["held ball"]["shows"][0]
    assert held["position"] == {"x": 0, "y": 0, "z": 0} and held["scale"] == {"x": 1, "y": 1, "z": 1}
    assert made["ball"]["shows"][0]["scale"] == {"x": 2.0, "y": 2.0, "z": 2.0}
    assert made["agent"]["shows"][0]["position"]["y"] == 0 and made["agent"]["type"].startswith("agent_female_")


@pytest.mark.parametrize("template", ["", "eval7_"])
def test_scenes_are_written_as_the_evaluation_writes_them(navigation, template):
    """Conformance with the development half of the real scenes: integers where MCS writes integers
    (:mod:`tests.test_conformance`), the same top-level and goal keys, and no object key the real files never
    write (they have no ``hides`` and no ``changeMaterials``)."""
    real = [json.loads(path.read_text(encoding="utf-8")) for path in
            sorted((REFERENCE_SCENES / "eval7").glob(f"eval_7_interactive_{navigation.kind}_*.json"))]
    object_keys = set().union(*(set(item) for scene in real for item in scene["objects"]))
    _, family = load_family(f"{template}{navigation.kind}")
    for index in range(20):
        _, _, [(scene, _)] = checked_sample(family, 5, "nav_", index)
        assert not integer_problems(scene)
        assert set(scene) == set(real[0]) and set(scene["goal"]) == set(real[0]["goal"])
        assert set().union(*(set(item) for item in scene["objects"])) <= object_keys


def test_a_ball_on_a_dangerous_cell_is_found(navigation):
    scene, truth = scene_of(navigation, target={"holder": "floor"}, blob={"present": False})
    ball = next(o for o in scene["objects"] if o["id"] == truth["target_id"])
    cell = scene[navigation.kind][0]
    ball["shows"][0]["position"].update(x=float(cell["x"]), z=float(cell["z"]))
    messages = [p.message for p in navigation_problems(scene, truth, navigation.kind)]
    assert any("stands on a dangerous cell" in m for m in messages)


def test_a_field_with_no_way_through_is_found(navigation):
    scene, _ = scene_of(navigation)
    front = min(cell["z"] for cell in scene[navigation.kind])
    half = int(scene["roomDimensions"]["x"] // 2)
    scene[navigation.kind] = [*scene[navigation.kind], *({"x": x, "z": front - 1} for x in range(-half, half + 1))]
    messages = [p.message for p in navigation_problems(scene, None, navigation.kind)]
    assert messages == ["no safe walk leads from the platform to the ball"]


def test_a_false_label_or_an_open_straight_way_is_found(navigation):
    scene, truth = scene_of(navigation)
    wrong = {**truth, "path_length": truth["path_length"] + 2}
    assert any("path_length" in p.message for p in navigation_problems(scene, wrong, navigation.kind))
    # Only cells far to one side: the performer walks straight to the ball.
    start = scene["performerStart"]["position"]
    scene[navigation.kind] = [{"x": round(start["x"]), "z": round(start["z"]) + 3}]
    scene[navigation.kind][0]["x"] += 3 if start["x"] < 0 else -3
    messages = [p.message for p in navigation_problems(scene, {**truth, "cells": 1}, navigation.kind)]
    assert any("straight_way_cut is True; the scene says False" in m for m in messages)


def test_cells_off_the_floor_grid_and_a_start_off_the_platform_are_found(navigation):
    scene, _ = scene_of(navigation)
    scene[navigation.kind].append({"x": int(scene["roomDimensions"]["x"]), "z": 0})
    scene["performerStart"]["position"]["y"] = 0.0
    messages = [p.message for p in navigation_problems(scene, None, navigation.kind)]
    assert any("off the room's floor grid" in m for m in messages)
    assert any("does not start on top of a platform" in m for m in messages)


@pytest.mark.parametrize("config, path, words", [
    ({"performer": {"x": 8.6}}, "performer.x", ["side wall"]),
    ({"performer": {"x_by_layout": {"rows": 8.6}}}, "performer.x", ["side wall"]),
    ({"target": {"x": {"min": -9, "max": 0}}}, "target.x", ["side wall"]),
    ({"target": {"depth": 0.5}}, "target.depth", ["0.75"]),
    ({"performer": {"depth": 4.9}, "room": {"depth": 12}, "field": {"depth": 3, "rows": 1}}, "field.depth",
     ["do not fit"]),
    ({"field": {"depth": 30}}, "field.depth", ["do not fit"]),
    ({"field": {"width": 25}}, "field.width", ["wider than a room"]),
    ({"field": {"rows": 9, "depth": 5}}, "field.rows", ["more walls"]),
    ({"field": {"columns": 6, "width": 5}}, "field.columns", ["more walls"]),
    ({"field": {"gaps": 9, "width": 9}}, "field.gaps", ["nothing of a wall"]),
    ({"field": {"gaps": 0, "width": 19}}, "field.gaps", ["no gap"]),
])
def test_config_errors_name_the_problem(navigation, config, path, words):
    with pytest.raises(ConfigError) as error:
        configured(navigation.family, **config)
    assert error.value.path.startswith(path), error.value
    for word in words:
        assert word in str(error.value), (word, str(error.value))


def test_a_promise_no_field_can_keep_is_refused_before_anything_is_made(navigation):
    # Scattered cells alone never lengthen a walk by 40 steps (walls with gaps rarely may).
    with pytest.raises(ConfigError, match=r"^min_detour: cannot lay out the room: only 0 of 200 scenes drawn"):
        configured(navigation.family, min_detour=40, field={"rows": 0, "columns": 0})


def test_the_platform_stands_where_its_field_s_layout_puts_it(navigation):
    """The evaluation pairs its closed rectangles with one platform place and its rows with the other: a layout
    ``performer.x_by_layout`` names puts the platform there (and the record says so); another takes performer.x."""
    paired = {"enclosure": -6.0, "rows": -2.0}
    family = configured(navigation.family, performer={"x": 3.0, "x_by_layout": paired},
                        field={"layout": ["walls", "enclosure", "rows"]})
    pipeline = Pipeline(family, 3, "nav_")
    layouts = set()
    for index in range(24):
        sample, documents = pipeline.produce(index)
        layout = sample.params["field.layout"]
        layouts.add(layout)
        assert documents[""]["performerStart"]["position"]["x"] == sample.params["performer.x"]
        assert sample.params["performer.x"] == paired.get(layout, 3.0)
    assert layouts == {"walls", "enclosure", "rows"}


def test_labels_have_the_same_keys_in_every_sample(navigation):
    family = configured(navigation.family)
    pipeline = Pipeline(family, 5, "nav_")
    assert len({tuple(pipeline.produce(i)[0].truth) for i in range(30)}) == 1

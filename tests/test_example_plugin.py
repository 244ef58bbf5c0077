"""The example plugin of examples/retrieval, loaded from its folder (no install needed): its scenes pass every
check, and an independent shapely model of the written scenes agrees that nothing overlaps, everything is
inside the room and nothing stands on the performer's start."""

from __future__ import annotations

import importlib
import json
import sys
import tomllib
from importlib.metadata import EntryPoint
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import affinity
from shapely.geometry import Point, box

from scenegen.mcs.geometry import PERFORMER_RADIUS, object_size
from scenegen.plugin import discovery as plugins
from tests.examples import examples
from tests.kit.support import checked_sample, configured, feasible, manifest_entries

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "retrieval"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))  # first: the folder's code is tested even if an older copy is installed
Retrieval = importlib.import_module("scenegen_retrieval").Retrieval
TYPES = importlib.import_module("scenegen_retrieval.declaration").TYPES
TOLERANCE = 1e-6


def value(choices):
    """A value of the grammar: a constant or a list of the choices."""
    return st.sampled_from(choices) | st.lists(st.sampled_from(choices), min_size=1, max_size=3)


configs = st.fixed_dictionaries({
    "family": st.just("retrieval"),
    "room": st.fixed_dictionaries({"width": value([6, 8, 12.5]) | st.just({"min": 6, "max": 14}),
                                   "depth": value([6, 9, 20])}),
    "distractors": st.fixed_dictionaries({
        "count": value(range(11)) | st.just({"min": 0, "max": 10}),
        "types": value(TYPES),
        "scale": value([0.1, 0.25, 0.6]) | st.just({"min": 0.1, "max": 0.6}),
    }),
})


def footprint(item):
    """The object's footprint as a shapely polygon: its catalogue size times its scale (a disc by its bounding
    square), turned by its rotation (clockwise seen from above, as Unity turns about y)."""
    show = item["shows"][0]
    size_x, _, size_z = object_size(item["type"])
    scale, position = show["scale"], show["position"]
    half_x, half_z = size_x * scale["x"] / 2, size_z * scale["z"] / 2
    turned = affinity.rotate(box(-half_x, -half_z, half_x, half_z), -show["rotation"]["y"], origin=(0, 0))
    return affinity.translate(turned, position["x"], position["z"])


def assert_laid_out(scene):
    room = scene["roomDimensions"]
    floor = box(-room["x"] / 2, -room["z"] / 2, room["x"] / 2, room["z"] / 2).buffer(TOLERANCE)
    start = scene["performerStart"]["position"]
    performer = Point(start["x"], start["z"])
    shapes = [footprint(item) for item in scene["objects"]]
    for item, shape in zip(scene["objects"], shapes, strict=True):
        assert floor.contains(shape), f"{item['type']} {item['id']} is not inside the room"
        assert shape.distance(performer) >= PERFORMER_RADIUS - TOLERANCE, f"{item['id']} is on the performer"
    for (a, first), (b, second) in combinations(zip(scene["objects"], shapes, strict=True), 2):
        assert first.intersection(second).area < TOLERANCE, f"{a['id']} overlaps {b['id']}"


def assert_truth(scene, truth):
    ball, *distractors = scene["objects"]
    assert truth["target_id"] == scene["goal"]["metadata"]["target"]["id"] == ball["id"]
    assert ball["type"] == "soccer_ball" and truth["target_position"] == ball["shows"][0]["position"]
    assert truth["distractors"] == [{"id": item["id"], "type": item["type"]} for item in distractors]
    assert scene["goal"]["category"] == "retrieval"


@settings(max_examples=examples(40), deadline=None)
@given(config=configs, seed=st.integers(0, 2**32))
def test_every_scene_validates_and_is_laid_out(config, seed):
    family = feasible(Retrieval, config)
    for index in range(3):
        sample, documents, _ = checked_sample(family, seed, "r_", index)  # schema, format and family checks
        scene = documents[""]
        assert_laid_out(scene)
        assert_truth(scene, sample.truth)
        assert len(scene["objects"]) == 1 + sample.params["distractors.count"]
        assert {item["type"] for item in scene["objects"][1:]} <= set(sample.params["distractors.types"])


def test_the_check_finds_overlaps_strays_and_a_wrong_target():
    family = configured(Retrieval, distractors={"count": 3})
    sample, documents, _ = checked_sample(family, 1, "r_", 0)
    scene = documents[""]
    assert family.check(scene, sample.truth) == []
    ball, first, second, _ = scene["objects"]
    first["shows"][0]["position"].update(x=ball["shows"][0]["position"]["x"], z=ball["shows"][0]["position"]["z"])
    second["shows"][0]["position"]["x"] = 100.0
    scene["goal"]["metadata"]["target"]["id"] = first["id"]
    messages = [problem.message for problem in family.check(scene, sample.truth)]
    assert f"{first['id']!r} is not a soccer ball of the scene" in messages
    assert f"the truth's target is {ball['id']!r}" in messages
    assert {f"{ball['id']} overlaps another object", f"{first['id']} overlaps another object",
            f"{second['id']} is not inside the room"} <= set(messages)


@pytest.fixture
def with_retrieval(monkeypatch):
    """The example registered as its pyproject.toml declares it, as `pip install` would."""
    declared = tomllib.loads((EXAMPLE / "pyproject.toml").read_text())["project"]["entry-points"][plugins.GROUP]
    real = plugins.entry_points
    monkeypatch.setattr(plugins, "entry_points", lambda group: [
        *real(group=group), *(EntryPoint(name, target, plugins.GROUP) for name, target in declared.items())])
    plugins.installed_families.cache_clear()
    yield
    plugins.installed_families.cache_clear()


def test_the_bundled_config_makes_valid_scenes_through_the_cli(with_retrieval, run_cli, tmp_path):
    assert "retrieval" in run_cli("list").out
    made = run_cli("make", "--config", str(EXAMPLE / "retrieval.yaml"), "-n", "12", "--check", "--quiet",
                   "--out", str(tmp_path))
    assert made.code == 0, made.err
    validated = run_cli("validate", str(tmp_path))
    assert validated.code == 0 and "12 of 12 files valid" in validated.out, validated.out
    for entry in manifest_entries(tmp_path)[1:]:
        scene = json.loads((tmp_path / entry["file"]).read_text())
        assert_laid_out(scene)
        assert_truth(scene, entry["label"])

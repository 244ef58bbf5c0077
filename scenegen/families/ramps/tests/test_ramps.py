"""Navigation - Ramps: property tests over random valid configs checked by the independent replay (:mod:`.replay`),
the evaluation's scenes against the family's checks and the replay, the eval7 template's structure and
conformance against the real files, and refused configs."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scenegen.errors import ConfigError
from scenegen.factory.pipeline import Pipeline
from scenegen.families.ramps import Ramps
from scenegen.families.ramps.checks import ramps_problems, read_scene
from scenegen.mcs.ramps import read_storeys
from scenegen.plugin.config import check_config
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.support import checked_sample, configured, feasible, load_family, value
from tests.test_conformance import problems as integer_problems

from .fidelity import goal_of
from .replay import Room, bottom, fewest_ramps, replay

REAL = [json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_ramps_*.json"))]


def numbers(options: list[float]) -> st.SearchStrategy[Any]:
    return value(options, ranges=True)


configs = st.fixed_dictionaries({
    "room": st.fixed_dictionaries({"width": numbers([15, 19, 23, 30]), "depth": numbers([15, 21, 25, 30])}),
    "layout": st.fixed_dictionaries({"kind": value(["stacked", "pair", "bridge"]), "flip": value([False, True])}),
    "first": st.fixed_dictionaries({"height": numbers([0.6, 1.0, 1.7, 2.5]), "width": numbers([4, 7.5, 14.6, 25]),
                                    "depth": numbers([1.5, 3, 7.35, 9]), "place": numbers([0, 0.07, 0.5, 1]),
                                    "ramp_side": value(["inward", "left", "right"])}),
    "second": st.fixed_dictionaries({"height": numbers([0.6, 1.2, 1.88, 2.5]), "width": numbers([2, 6.4, 14.8]),
                                     "depth": numbers([1.5, 2.75, 3.5, 5]), "place": numbers([0, 0.3, 1]),
                                     "ramp_side": value(["inward", "left", "right"])}),
    "ramp": st.fixed_dictionaries({"angle": numbers([15, 34, 43, 45]), "width": numbers([1.0, 1.3, 2.5, 3.9]),
                                   "place": numbers([0, 0.5, 1])}),
    "performer": st.fixed_dictionaries({"surface": value(["floor", "first", "second"]),
                                        "facing": value([0, 90, 270, 315])}),
    "target": st.fixed_dictionaries({"surface": value(["floor", "first", "second"]),
                                     "holder": value(["floor", "agent"])}),
    "blob": st.fixed_dictionaries({"present": value([True, False]), "scale": numbers([1.5, 2.68, 3]),
                                   "distance": numbers([1.2, 1.5, 2.5]), "rotation": value([0, 90, 270])}),
})


@settings(max_examples=examples(50), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_and_its_label_true(config: dict[str, Any], seed: int, index: int) -> None:
    """Every document validates (schema and the family's checks) and the independent replay agrees with its label:
    in the room, nothing overlapping on a surface, the ramps rising to gapped lips, the fewest ramps taken."""
    family = feasible(Ramps, {"family": "ramps", **config})
    # a config whose layouts rarely fit (ramps wider than most sides drawn) is refused, never run
    sample, documents = Pipeline(family, seed, "ra_", semantic=True).produce(index)
    scene = json.loads(json.dumps(documents[""]))
    assert document_problems(scene, family, sample.truth) == []
    replay(scene, sample.truth)


@pytest.mark.parametrize("template", ["ramps", "eval7_ramps"])
@pytest.mark.parametrize("index", range(12))
def test_the_templates_make_sound_scenes(template: str, index: int) -> None:
    _, family = load_family(template)
    _, _, [(scene, truth)] = checked_sample(family, 11, "ra_", index)
    replay(scene, truth)


def test_every_kind_of_walk_is_made() -> None:
    """The training template walks along one surface, up, down, and over two ramps (onto and off a bridge, or from
    level to level)."""
    _, family = load_family("ramps")
    walks = {tuple(Pipeline(family, 3, "ra_").produce(index)[0].truth["directions"]) for index in range(300)}
    assert {(), ("up",), ("down",), ("up", "down"), ("down", "up")} <= walks


@pytest.mark.parametrize("real", REAL, ids=lambda real: real["name"])
def test_the_evaluation_scenes_pass_the_checks_and_the_replay(real: dict[str, Any]) -> None:
    """The checks are the task's, not scenegen's: the evaluation's own scenes pass them, and the kit's walk and the
    replay's search find the same number of ramps in each."""
    assert ramps_problems(real, None) == []
    replay(real)
    storeys, _, _, wrong = read_storeys(real)
    assert not wrong and len(storeys.ramps) == 2


def test_a_ramp_without_a_gap_in_its_lip_is_found() -> None:
    real = copy.deepcopy(REAL[0])
    platform = next(item for item in real["objects"] if item["type"] == "cube")
    platform["lips"]["gaps"] = {}
    assert any("no gap" in problem.message for problem in ramps_problems(real, None))


def test_a_ramp_off_its_platform_or_too_steep_is_found() -> None:
    moved, steep = copy.deepcopy(REAL[0]), copy.deepcopy(REAL[0])
    next(item for item in moved["objects"] if item["type"] == "triangle")["shows"][0]["position"]["z"] -= 2
    ramp = next(item for item in steep["objects"] if item["type"] == "triangle")["shows"][0]
    ramp["scale"]["z"] = 0.5 * ramp["scale"]["y"]
    ramp["position"]["z"] += (1.3366 - ramp["scale"]["z"]) / 2  # its high edge still against its platform
    assert any("rises to no platform" in problem.message for problem in ramps_problems(moved, None))
    assert any("more than 45" in problem.message for problem in ramps_problems(steep, None))


def test_a_label_taking_the_wrong_ramps_is_found() -> None:
    family = configured(Ramps, layout={"kind": "stacked"}, performer={"surface": "second"},
                        target={"surface": "floor"}, blob={"present": False})
    _, _, [(scene, truth)] = checked_sample(family, 1, "ra_", 0)
    assert truth["ramp_count"] == 2 and truth["directions"] == ["down", "down"]
    wrong = {**truth, "ramps": truth["ramps"][::-1]}
    messages = [problem.message for problem in ramps_problems(scene, wrong)]
    assert any("not those a walk over the scene takes" in message for message in messages)


def test_a_path_through_a_platform_is_found() -> None:
    family = configured(Ramps, layout={"kind": "bridge"}, performer={"surface": "floor"},
                        target={"surface": "floor"}, blob={"present": False})
    for index in range(50):
        _, _, [(scene, truth)] = checked_sample(family, 2, "ra_", index)
        if truth["ramp_count"] == 2:
            break
    straight = {**truth, "path": [truth["path"][0], truth["path"][-1]], "ramps": [], "directions": [],
                "ramp_count": 0}
    straight["path_length"] = round(truth["straight_distance"], 4)
    messages = [problem.message for problem in ramps_problems(scene, straight)]
    assert any("not clear of edges, lips and objects" in message for message in messages)


@pytest.mark.parametrize("real", REAL, ids=lambda real: real["name"])
def test_the_kit_walk_and_the_replay_agree_on_every_evaluation_scene(real: dict[str, Any]) -> None:
    """The kit's walk (straight legs bending at corners) reaches the goal of every real scene, over as few ramps as
    the replay's search over the walkable pieces finds."""
    read, problems = read_scene(real)
    assert read is not None and not problems
    found = read.walk()
    assert found is not None
    goal = goal_of(real)
    room = Room(real, goal["id"])
    start, where = real["performerStart"]["position"], goal["shows"][0]["position"]
    fewest = fewest_ramps(room, (room.surface_at(start["x"], start["y"], start["z"]), start["x"], start["z"]),
                          (room.surface_at(where["x"], bottom(goal), where["z"]), where["x"], where["z"]))
    assert len(found.ramps) == fewest


def test_the_eval7_template_writes_what_the_real_files_write() -> None:
    """Conformance: top-level, goal and object keys and object types are among the real files'; integers where
    MCS writes integers, and no number to more than four decimals, as there; room, materials and goal as theirs."""
    keys = set().union(*(set(item) for scene in REAL for item in scene["objects"]))
    types = {item["type"] for scene in REAL for item in scene["objects"]}
    for template in ("eval7_ramps", "ramps"):
        _, family = load_family(template)
        for index in range(30):
            _, _, [(scene, _)] = checked_sample(family, 5, "ra_", index)
            assert set(scene) == set(REAL[0]) and set(scene["goal"]) == set(REAL[0]["goal"])
            assert set().union(*(set(item) for item in scene["objects"])) <= keys
            assert {item["type"] for item in scene["objects"]} <= types
            assert not integer_problems(scene)
            assert not re.search(r"\d\.\d{5,}", json.dumps(scene)), "a number written to more than four decimals"
            if template.startswith("eval7"):
                for key in ("roomDimensions", "ceilingMaterial", "floorMaterial", "wallMaterial", "floorTextures"):
                    assert scene[key] == REAL[0][key], key
                assert scene["goal"] == {**REAL[0]["goal"], "metadata": scene["goal"]["metadata"]}


def test_the_structures_are_written_as_the_real_ones() -> None:
    """Platforms and ramps: kinematic structures weighing 125 per cubic metre of their scale, their ramps in their
    material; a held ball at the origin, at scale 1; the agent's look the evaluation's."""
    _, family = load_family("eval7_ramps")
    real_agent = next(item for scene in REAL for item in scene["objects"] if item["type"].startswith("agent_"))
    for index in range(30):
        _, _, [(scene, _)] = checked_sample(family, 9, "ra_", index)
        for item in scene["objects"]:
            if item["type"] in ("cube", "triangle"):
                scale = item["shows"][0]["scale"]
                assert item["mass"] == round(125 * scale["x"] * scale["y"] * scale["z"])
                assert item["kinematic"] and item["structure"]
            if item["type"].startswith("agent_"):
                assert item["agentSettings"] == real_agent["agentSettings"]
                assert item["shows"][0]["rotation"] == real_agent["shows"][0]["rotation"]


@pytest.mark.parametrize(("config", "path"), [
    ({"layout": {"kind": "bridge"}, "target": {"surface": "second"}}, "target.surface"),
    ({"layout": {"kind": "stacked"}, "first": {"width": 7}, "second": {"width": 9}}, "second.width"),
    ({"room": {"height": 4}, "first": {"height": 1.5}, "second": {"height": 1.5}}, "room.height"),
    ({"layout": {"kind": "pair"}, "room": {"width": 12}, "first": {"width": 12, "ramp_side": "left"},
      "ramp": {"width": 4}}, "layout.kind"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out a Navigation - Ramps room") as error:
        Ramps(check_config({"family": "ramps", **config}, Ramps.config_schema()))
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"ramp": {"angle": 50}}, {"layout": {"kind": "tower"}}, {"performer": {"surface": "roof"}},
    {"agent": {"rotation": 45}}, {"first": {"height": 0.2}},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "ramps", **config}, Ramps.config_schema())

"""Interactive Imitation: property tests over random valid configs (every document valid, in the room, without
overlaps, its label what an independent replay of the JSON finds), the evaluation's six scenes (the replay reads
their sequence; the template set to each one's draw writes it), conformance of types and keys, refusals, the
family's own checks and the CLI."""

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
from scenegen.families.interactive_imitation import InteractiveImitation
from scenegen.families.interactive_imitation.checks import imitation_problems
from scenegen.families.interactive_imitation.declaration import SEQUENCES
from scenegen.mcs.geometry.catalog import object_size
from scenegen.plugin.config import check_config
from scenegen.plugin.discovery import bundled_templates
from scenegen.plugin.resources import load_yaml
from scenegen.plugin.schemas import document_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES
from tests.kit.conformance import assert_writes_what_the_real_files_write
from tests.kit.support import as_written, checked_sample, configured, feasible, value

from .replay import assert_label_agrees, kidnap_place, replayed

REAL = sorted((REFERENCE_SCENES / "eval7").glob("eval_7_interactive_imitation_*.json"))
TEMPLATES = bundled_templates()
numbers = partial(value, ranges=True)
#: A body's half width (the performer's, the agent's), as the tests take it: conservative, a square 0.5 m across.
BODY = 0.25

configs = st.fixed_dictionaries({
    "family": st.just("interactive_imitation"),
    "room": st.fixed_dictionaries({"width": numbers([9, 10, 12]), "depth": numbers([14, 20])}),
    "performer": st.fixed_dictionaries({"z": numbers([-4.5, -3.75, -3])}),
    "containers": st.fixed_dictionaries({"x": numbers([0.6, 0.9, 1.5]), "z": numbers([-0.4, 0, 0.5]),
                                         "spacing": numbers([0.9, 1, 1.2]),
                                         "near_material": value(["Custom/Materials/CreamWoodMCS",
                                                                 "Custom/Materials/RedWoodMCS"])}),
    "sequence": value(list(SEQUENCES)),
    "agent": st.fixed_dictionaries({"type": value(["agent_female_06", "agent_female_08"])}),
    "reset": st.fixed_dictionaries({
        "kind": value(["stay", "performer", "containers"]), "performer_x": numbers([-3, 0, 2.94]),
        "performer_z": numbers([-6.6, -3]), "performer_facing": value([0, 90, 340]),
        "containers_x": numbers([-1, 0.5471, 1.5]), "containers_z": numbers([0, 1.1929, 1.5]),
        "containers_turn": numbers([-60, -45, 0, 45]), "agent_x": numbers([-1, 0.5174, 2]),
        "agent_z": numbers([2, 2.9, 3.5])}),
})


def _footprint(item: dict[str, Any], show: dict[str, Any]) -> list[tuple[float, float]]:
    """The corners of a chest's footprint (x, z) at a show, turned as it faces."""
    size = object_size(item["type"])
    angle = math.radians(show.get("rotation", {}).get("y", 0.0))
    centre = (show["position"]["x"], show["position"]["z"])
    corners = [(sx * size[0] / 2, sz * size[2] / 2) for sx in (-1, 1) for sz in (-1, 1)]
    return [(centre[0] + a * math.cos(angle) + b * math.sin(angle), centre[1] - a * math.sin(angle) +
             b * math.cos(angle)) for a, b in corners]


def _inside(points: list[tuple[float, float]], scene: dict[str, Any], margin: float = 0.0) -> bool:
    half = (scene["roomDimensions"]["x"] / 2, scene["roomDimensions"]["z"] / 2)
    return all(abs(x) + margin <= half[0] + 1e-9 and abs(z) + margin <= half[1] + 1e-9 for x, z in points)


def _body_clear(place: tuple[float, float], corners: list[tuple[float, float]]) -> bool:
    """Whether a body's square at ``place`` keeps off a chest's turned footprint (separating axes of both)."""
    box = [(place[0] + sx * BODY, place[1] + sz * BODY) for sx in (-1, 1) for sz in (-1, 1)]
    axes = [(1.0, 0.0), (0.0, 1.0), (corners[1][0] - corners[0][0], corners[1][1] - corners[0][1]),
            (corners[2][0] - corners[0][0], corners[2][1] - corners[0][1])]
    for ax, az in axes:
        ours = [x * ax + z * az for x, z in box]
        theirs = [x * ax + z * az for x, z in corners]
        if max(ours) <= min(theirs) + 1e-9 or max(theirs) <= min(ours) + 1e-9:
            return True
    return False


def _assert_placed(scene: dict[str, Any]) -> None:
    """Every chest in the room at the start and after the reset, apart from the others; the performer, the agent's
    start and its place after the reset inside the room and off every chest; the ball inside the room."""
    chests = [item for item in scene["objects"] if item["type"] == "chest_1"]
    start = scene["performerStart"]["position"]
    kidnapped = kidnap_place(scene["goal"]["action_list"][-1][0])
    agent = next(item for item in scene["objects"] if "agentSettings" in item)
    for moment in (0, -1):
        feet = [_footprint(item, item["shows"][moment]) for item in chests]
        for corners in feet:
            assert _inside(corners, scene)
        for k, corners in enumerate(feet):
            centre = (sum(x for x, _ in corners) / 4, sum(z for _, z in corners) / 4)
            for other in feet[k + 1:]:
                assert min(math.dist(centre, (x, z)) for x, z in other) > 0.3
        bodies = [(start["x"], start["z"]), kidnapped[:2]] + (
            [(agent["shows"][0]["position"]["x"], agent["shows"][0]["position"]["z"])] if moment == 0 else
            [(agent["shows"][1]["position"]["x"], agent["shows"][1]["position"]["z"])])
        for place in bodies:
            assert _inside([place], scene, BODY)
            assert all(_body_clear(place, corners) for corners in feet), place
    ball = next(item for item in scene["objects"] if item["type"] == "soccer_ball")
    assert _inside([(show["position"]["x"], show["position"]["z"]) for show in ball["shows"]], scene)
    drop = ball["shows"][0]["position"]
    assert math.dist((drop["x"], drop["z"]), (start["x"], start["z"])) >= BODY * math.sqrt(2) + 0.11


@settings(max_examples=examples(80), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(config=configs, seed=st.integers(0, 2**31), index=st.integers(0, 10**6))
def test_every_scene_is_valid_in_the_room_without_overlaps_and_its_label_replays(config, seed, index) -> None:
    family = feasible(InteractiveImitation, config)
    sample, documents = Pipeline(family, seed, "ii_", semantic=True).produce(index)
    scene, truth = as_written(documents[""]), sample.truth
    assert document_problems(scene, family, truth) == []
    assert_label_agrees(scene, truth)
    _assert_placed(scene)


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_replay_reads_each_real_scene_s_sequence(path: Path) -> None:
    """The replay, which the generated scenes are held to, finds in each real scene the chests its goal names."""
    real = json.loads(path.read_text())
    assert replayed(real)["sequence_ids"] == real["goal"]["triggeredByTargetSequence"]


def _eval7(**override: Any) -> InteractiveImitation:
    config = load_yaml(TEMPLATES["eval7_interactive_imitation.yaml"].read_text())
    for section, values in override.items():
        config[section] = {**config[section], **values} if isinstance(values, dict) else values
    return InteractiveImitation(check_config(config, InteractiveImitation.config_schema()))


def _as_real(real: dict[str, Any]) -> InteractiveImitation:
    """The eval7 template set to draw what a real scene shows."""
    seen = replayed(real)
    agent = next(item for item in real["objects"] if "agentSettings" in item)
    chests = [item["id"] for item in real["objects"] if item["type"] == "chest_1"]  # far, middle, near
    names = dict(zip(chests, ("far", "middle", "near"), strict=True))
    kind = "containers" if seen["containers_moved"] else "performer" if seen["performer_moved"] else "stay"
    after = agent["shows"][1]["position"]
    return _eval7(sequence="_".join(names[key] for key in seen["sequence_ids"]), agent={"type": agent["type"]},
                  reset={"kind": kind, "agent_x": after["x"], "agent_z": after["z"]})


@pytest.mark.parametrize("path", REAL, ids=lambda path: path.stem[-2:])
def test_the_evaluation_template_makes_each_real_scene_but_for_its_ids(path: Path) -> None:
    """Set to what a real scene draws, the template writes that scene: every key, value and object in order, the
    ids aside (their prefixes kept), the kidnap's numbers read as numbers."""
    real = json.loads(path.read_text())
    ours = checked_sample(_as_real(real), 1, "ii_", 0)[1][""]
    ids = {theirs["id"]: item["id"] for item, theirs in zip(ours["objects"], real["objects"], strict=True)}
    goal = {**real["goal"], "metadata": {"target": {"id": ours["objects"][0]["id"]}},
            "triggeredByTargetSequence": [ids[key] for key in real["goal"]["triggeredByTargetSequence"]]}
    kidnaps = kidnap_place(ours["goal"]["action_list"][-1][0]), kidnap_place(goal["action_list"][-1][0])
    assert kidnaps[0] == kidnaps[1]
    assert {**ours["goal"], "action_list": ours["goal"]["action_list"][:-1]} == \
        {**goal, "action_list": goal["action_list"][:-1]}
    for key in set(real) - {"goal", "objects", "name"}:
        assert ours[key] == real[key], key
    for item, theirs in zip(ours["objects"], real["objects"], strict=True):
        assert item["id"].rsplit("_", 1)[0] == theirs["id"].rsplit("_", 1)[0] or "_" not in theirs["id"]
        assert len(item["id"]) == len(theirs["id"])
        assert {**item, "id": None} == {**theirs, "id": None}


def test_the_types_and_keys_written_are_the_real_files_ones() -> None:
    """Conformance: every object type and key, top-level key, goal key and show key of training and evaluation
    scenes is one the real Interactive Imitation files write."""
    templates = ("interactive_imitation.yaml", "eval7_interactive_imitation.yaml")
    assert_writes_what_the_real_files_write(InteractiveImitation, templates, REAL)


@pytest.mark.parametrize(("config", "path"), [
    ({"containers": {"spacing": 0.8}}, "containers.spacing"),
    ({"containers": {"x": 4.9}}, "containers.x"),
    ({"containers": {"x": -3.7}}, "containers.x"),
    ({"containers": {"z": 8.5}}, "containers.z"),
    ({"performer": {"z": -1.5}}, "performer.z"),
    ({"performer": {"z": -10}}, "performer.z"),
    ({"containers": {"x": 0}, "performer": {"z": -1.9}}, "containers.x"),
    ({"reset": {"performer_x": 4.9}}, "reset.performer_x"),
    ({"reset": {"agent_z": 9.9}}, "reset.agent_z"),
    ({"reset": {"containers_x": 4}}, "reset.containers_x"),
    ({"reset": {"agent_x": 0.9, "agent_z": 0, "kind": "stay"}}, "reset.agent_x"),
    ({"containers": {"near_material": "Custom/Materials/BlueWoodMCS"}}, "containers.near_material"),
])
def test_impossible_configs_are_refused_with_the_key_and_the_reason(config: dict[str, Any], path: str) -> None:
    with pytest.raises(ConfigError, match="cannot lay out an Interactive Imitation room") as error:
        configured(InteractiveImitation, **config)
    assert error.value.path == path


@pytest.mark.parametrize("config", [
    {"sequence": "near_near"}, {"sequence": "left"}, {"reset": {"kind": "agent"}},
    {"agent": {"type": "agent_male_06"}}, {"reset": {"containers_turn": 120}}, {"colour": 1},
])
def test_invalid_values_are_refused(config: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        check_config({"family": "interactive_imitation", **config}, InteractiveImitation.config_schema())


def _scene(**config: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    _, _, [(scene, truth)] = checked_sample(configured(InteractiveImitation, **config), 4, "ii_", 0)
    return copy.deepcopy(scene), copy.deepcopy(truth)


def test_the_checks_catch_a_wrong_order_and_a_chest_left_open() -> None:
    scene, truth = _scene(sequence="middle_far")
    assert imitation_problems(scene, truth) == []
    assert imitation_problems(scene, {**truth, "sequence_ids": truth["sequence_ids"][::-1]})
    left_open = copy.deepcopy(scene)
    chest = next(item for item in left_open["objects"] if item["id"] == truth["sequence_ids"][0])
    chest["openClose"] = chest["openClose"][:1]
    assert any("close" in problem.message for problem in imitation_problems(left_open, truth))


@pytest.mark.parametrize(("sequence", "turn", "opens", "reset"), [
    ("near", None, [22], 55), ("far_near", ("TPM_turnL45", 82), [22, 96], 129),
    ("near_middle", ("TPM_turnR45", 55), [22, 69], 102)])
def test_the_agent_turns_toward_its_next_chest_and_the_reset_follows_the_last(sequence, turn, opens, reset) -> None:
    """Walking to the next chest along the row takes 27 steps a metre after the jump; the agent turns back to face
    the row, left walking toward -z and right toward +z, then jumps; the reset comes 33 steps after the last open."""
    scene, truth = _scene(sequence=sequence)
    agent = next(item for item in scene["objects"] if "agentSettings" in item)
    turns = [(action["id"], action["stepBegin"]) for action in agent["actions"] if action["id"] != "TPE_jump"]
    assert turns == ([turn] if turn else [])
    opened = sorted(entry["step"] for item in scene["objects"] for entry in item.get("openClose", []) if entry["open"])
    assert opened == opens and truth["reset_step"] == reset == len(scene["goal"]["action_list"])


def test_the_cli_makes_and_validates_the_evaluation_template(tmp_path: Path, run_cli: Any) -> None:
    out = tmp_path / "run"
    assert run_cli("make", "--config", "eval7_interactive_imitation", "-n", "6", "--check", "--quiet",
                   "--out", str(out)).code == 0
    assert run_cli("validate", "--check", str(out)).code == 0

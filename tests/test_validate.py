"""The scene schema, the compiled validator against the reference one, and `scenegen validate`."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scenegen.mcs.rules import mcs_problems
from scenegen.plugin.schemas import compiled_validator, reference_validator, schema_problems
from tests.examples import examples
from tests.kit import REFERENCE_SCENES

REFERENCES = sorted(REFERENCE_SCENES.rglob("*.json"))  # every folder: the families' tasks, more/ and eval7/


def test_reference_scenes_are_present():
    assert len(REFERENCES) == 321


@pytest.mark.parametrize("path", REFERENCES, ids=lambda p: p.stem)
def test_reference_scenes_validate_with_both_validators(path):
    scene = json.loads(path.read_text())
    assert schema_problems(scene, "mcs_scene") == []
    assert list(reference_validator("mcs_scene").iter_errors(scene)) == []


#: (path..., key, value): a JSON path into a scene, and the value its last key is set to.
MUTATIONS: list[tuple[Any, ...]] = [
    ("objects", 0, "type", "no_such_object"),
    ("objects", 0, "shows", 0, "position", "x", "far"),
    ("objects", 0, "mass", -1),
    ("objects", 0, "colour", "red"),
    ("lava", 0, "x", 1.5),
    ("goal", "last_step", -3),
    ("roomDimensions", "x", "wide"),
    ("objects", 0, "shows", []),
    ("name", 7),
    ("performerStart", "position", "w", 1),
]


@settings(max_examples=examples(60), deadline=None)
@given(reference=st.sampled_from(REFERENCES), mutation=st.sampled_from(MUTATIONS))
def test_compiled_and_reference_validators_agree(reference, mutation):
    scene = json.loads(reference.read_text())
    target = scene
    *path, last, value = mutation
    for key in path:
        target = target[key] if not isinstance(target, list) or key < len(target) else None
        if target is None:
            return
    mutated = copy.deepcopy(scene)
    holder = mutated
    for key in path:
        holder = holder[key]
    holder[last] = value
    assert compiled_validator("mcs_scene").is_valid(mutated) == reference_validator("mcs_scene").is_valid(mutated)
    assert not compiled_validator("mcs_scene").is_valid(mutated)


def _shell_game_reference() -> dict:
    return json.loads((REFERENCE_SCENES / "eval_7_interactive_shell_game_0001_01.json").read_text())


def test_format_rules_hold_for_the_references():
    for path in REFERENCES:
        assert mcs_problems(json.loads(path.read_text())) == [], path.name


def test_format_rules_name_each_broken_rule_and_where():
    scene = _shell_game_reference()
    objects = scene["objects"]
    moving = next(i for i, item in enumerate(objects) if item.get("moves"))
    lid = next(i for i, item in enumerate(objects) if "lidAttachment" in item)
    objects[1]["id"] = objects[0]["id"]
    objects[moving]["moves"][0]["stepEnd"] = objects[moving]["moves"][0]["stepBegin"] - 2
    objects[lid]["lidAttachment"]["lidAttachmentObjId"] = "nowhere"
    scene["goal"]["metadata"]["target"]["id"] = "nobody"
    found = {(problem.path, problem.message.split(" '")[0]) for problem in mcs_problems(scene)}
    assert found == {
        ("$.objects[1].id", "duplicate object id"),
        (f"$.objects[{moving}].moves[0]", "stepEnd is before stepBegin"),
        (f"$.objects[{lid}].lidAttachment", "lid attaches to an object that is not in the scene"),
        ("$.goal.metadata.target.id", "target"),
    }


def test_an_empty_step_range_is_not_a_mistake():
    """A range ending one step before it begins lasts no step (the real Knowledgeable Agents scenes write them)."""
    scene = _shell_game_reference()
    moving = next(item for item in scene["objects"] if item.get("moves"))
    moving["moves"][0]["stepEnd"] = moving["moves"][0]["stepBegin"] - 1
    assert mcs_problems(scene) == []


def _swap(scene: dict, shown: int, hidden: int) -> dict:
    """``scene`` with a copy of its ball (same id) shown at ``shown``, the ball itself hidden at ``hidden``."""
    ball = next(item for item in scene["objects"] if item["type"] == "soccer_ball")
    twin = copy.deepcopy(ball) | {"type": "sphere"}
    for show in twin["shows"]:
        show["stepBegin"] += shown
    ball["hides"] = [{"stepBegin": hidden}]
    scene["objects"].append(twin)
    return scene


def test_an_id_may_pass_to_an_object_shown_as_its_holder_is_hidden():
    """The real Shape Constancy scenes turn an object into another by hiding it and showing one with its id."""
    assert mcs_problems(_swap(_shell_game_reference(), 117, 117)) == []
    assert mcs_problems(_swap(_shell_game_reference(), 200, 117)) == []


def test_two_objects_with_one_id_in_the_scene_at_once_are_refused():
    scene = _swap(_shell_game_reference(), 116, 117)
    assert [(problem.path, problem.message.split(" '")[0]) for problem in mcs_problems(scene)] == [
        (f"$.objects[{len(scene['objects']) - 1}].id", "duplicate object id")]
    for item in scene["objects"]:
        item.pop("hides", None)  # both there for good
    assert mcs_problems(scene)


def test_validate_command_accepts_generated_output(run_cli, tmp_path):
    assert run_cli("make", "--config", "tool_choice", "-n", "3", "--out", str(tmp_path)).code == 0
    result = run_cli("validate", str(tmp_path))
    assert result.code == 0 and "3 of 3 files valid" in result.out


def test_validate_command_names_file_and_json_path(run_cli, tmp_path):
    assert run_cli("make", "--config", "tool_choice", "-n", "2", "--out", str(tmp_path)).code == 0
    path = tmp_path / "tool_choice_000001.json"
    scene = json.loads(path.read_text())
    scene["objects"][1]["shows"][0]["position"]["x"] = "left"
    path.write_text(json.dumps(scene))
    result = run_cli("validate", str(tmp_path))
    assert result.code == 1
    assert f"{path}: $.objects[1].shows[0].position.x:" in result.out
    assert "sha256" in result.out


def test_validate_command_catches_semantic_errors(run_cli, tmp_path):
    assert run_cli("make", "--config", "tool_choice", "-n", "1", "--out", str(tmp_path)).code == 0
    path = tmp_path / "tool_choice_000000.json"
    scene = json.loads(path.read_text())
    scene["goal"]["metadata"]["target"]["id"] = scene["objects"][-1]["id"]  # the other ball
    path.write_text(json.dumps(scene))
    assert "no tool can push" not in run_cli("validate", str(path)).out  # what make checks: schema and format
    result = run_cli("validate", "--check", str(path))
    assert result.code == 1
    assert "no tool can push the target ball" in result.out


def test_validate_plain_scene_without_a_run(run_cli):
    result = run_cli("validate", *map(str, REFERENCES))
    assert result.code == 0 and "321 of 321 files valid" in result.out


def test_validate_missing_and_malformed_files(run_cli, tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text("{not json")
    result = run_cli("validate", str(broken), str(tmp_path / "missing.json"))
    assert result.code == 1
    assert "not JSON" in result.out and "no such file" in result.out

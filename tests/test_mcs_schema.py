"""The MCS scene schema against the real Eval 7 scenes: every one is accepted (and passes the format rules of
``scenegen.mcs.rules.mcs_problems``), every kind of mistake refused.

Each rejection case is one change to a deep copy of a real fixture scene (or of
``full``, a real scene that also uses every documented key the real scenes
leave out). The unchanged scene must be valid, and both validators, the
pure-Python reference and the compiled one of the hot path, must then refuse
the changed one with every error at or under the changed key: so each case
fails if the schema stops catching that mistake, or catches it for another
reason.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from scenegen.mcs.rules import mcs_problems
from scenegen.plugin import resources
from scenegen.plugin.schemas import compiled_validator, reference_validator, schema_problems
from tests.kit import REFERENCE_SCENES

SCENES = sorted(REFERENCE_SCENES.rglob("*.json"))
DELETE = object()  # a case's value that removes the key instead of setting it


def test_every_fixture_folder_is_present():
    by_folder = Counter(path.parent.name for path in SCENES)
    assert by_folder == {"mcs_scenes": 8, "more": 13, "eval7": 300}


@pytest.mark.parametrize("path", SCENES, ids=lambda p: str(p.relative_to(REFERENCE_SCENES)))
def test_every_real_scene_is_valid_with_both_validators_and_the_format_rules(path: Path):
    scene = json.loads(path.read_text(encoding="utf-8"))
    errors = [f"{error.json_path}: {error.message}" for error in reference_validator("mcs_scene").iter_errors(scene)]
    assert errors == []
    assert jsonschema.Draft202012Validator(resources.load_schema("mcs_scene")).is_valid(scene)
    assert compiled_validator("mcs_scene").is_valid(scene)
    assert schema_problems(scene, "mcs_scene") == []
    assert mcs_problems(scene) == []


def test_schema_is_2020_12_and_closed_wherever_it_lists_properties():
    schema = resources.load_schema("mcs_scene")
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$id"] == "mcs_scene.schema.json"

    def open_objects(node: Any, where: str) -> list[str]:
        found = []
        if isinstance(node, dict):
            if "properties" in node and node.get("additionalProperties") is not False:
                found.append(where)
            for key, child in node.items():
                found += open_objects(child, f"{where}/{key}")
        elif isinstance(node, list):
            for i, child in enumerate(node):
                found += open_objects(child, f"{where}/{i}")
        return found

    assert open_objects(schema, "#") == []


# --- the documented keys that no real scene uses -------------------------------------------------------------


def _load(name: str) -> dict[str, Any]:
    matches = [path for path in SCENES if path.stem == name]
    assert len(matches) == 1, name
    return json.loads(matches[0].read_text(encoding="utf-8"))


@cache
def _fixture(name: str) -> dict[str, Any]:
    return _full() if name == "full" else _load(name)


def _full() -> dict[str, Any]:
    """A real Lava scene (a human agent, a blob, a platform, the ball) given every documented key it lacks."""
    scene = _load("eval_7_interactive_lava_0001_01")
    step_range = {"stepBegin": 1, "stepEnd": 3, "repeat": True, "stepWait": 2}
    physics = {"enable": True, "angularDrag": 0.5, "bounciness": 0.1, "drag": 2.0, "dynamicFriction": 0.6,
               "staticFriction": 0.6}
    scene |= {
        "roomMaterials": dict.fromkeys(("left", "right", "front", "back"), "Custom/Materials/GreyDrywallMCS"),
        "restrictOpenDoors": True,
        "restrictOpenObjects": True,
        "partitionFloor": {"leftHalf": 0.5, "rightHalf": 0},
        "floorProperties": physics,
        "wallProperties": physics,
        "toggleLights": [step_range],
        "floorTextures": [{"material": "Custom/Materials/Red",
                           "positions": [{"x": 1, "z": -2}, {"x": 2, "y": 0, "z": -2}]}],
    }
    scene["goal"] |= {"info_list": ["target ball"], "task_list": ["retrieval"], "type_list": ["interactive"],
                      "last_preview_phase_step": -1}
    agent = _first(scene, "agentSettings")
    agent["actions"] = [{"stepBegin": 1, "stepEnd": 10, "id": "TPF_wave", "isLoopAnimation": True},
                        {"stepBegin": 12, "id": "Point_start_index_finger"}]
    agent["agentMovement"] = {"stepBegin": 20, "repeat": False, "sequence": [
        {"animation": "TPF_walk", "endPoint": {"x": -1.0, "z": 8.0}},
        {"animation": "TPF_run", "endPoint": {"x": -1.0, "y": 0.0, "z": 6.0}},
    ]}
    platform = next(item for item in scene["objects"] if item["type"] == "cube")
    platform["lips"] = {"front": True, "back": True, "left": False, "right": False,
                        "gaps": {"front": [{"low": 0.2, "high": 0.4}], "back": [], "left": [], "right": []}}
    ball = scene["objects"][0]
    vector = {"x": 0.0, "y": 1.0, "z": 0.0}
    ball |= {
        "centerOfMass": vector,
        "forces": [{"stepBegin": 5, "stepEnd": 6, "vector": vector, "impulse": True, "relative": False,
                    "repeat": False, "stepWait": 0}],
        "torques": [{"stepBegin": 5, "stepEnd": 5, "vector": vector}],
        "ghosts": [step_range],
        "shrouds": [step_range],
        "hides": [{"stepBegin": 30}],
        "teleports": [{"stepBegin": 31, "position": {"x": 1.0, "y": 0.11, "z": 1.0}}],
        "resizes": [{"stepBegin": 32, "stepEnd": 33, "size": {"x": 2, "y": 2, "z": 2}, "repeat": False}],
        "moves": [{"stepBegin": 34, "stepEnd": 35, "vector": vector, "globalSpace": True}],
        "rotates": [{"stepBegin": 34, "stepEnd": 35, "vector": vector, "repeat": True, "stepWait": 1}],
        "togglePhysics": [{"stepBegin": 36}],
        "changeMaterials": [{"stepBegin": 37, "materials": ["Custom/Materials/Red"]}],
        "nullParent": {"position": vector, "rotation": vector, "scale": {"x": 1, "y": 1, "z": 1}},
        "locationParent": platform["id"],
        "maxAngularVelocity": 7,
        "materialFile": "Custom/Materials/Blue",
        "openable": False,
        "opened": False,
        "openClose": [{"step": 3, "open": True}, {"step": 4, "open": False}],
        "locked": False,
        "canContainTarget": False,
        "triggeredBy": False,
        "physics": True,
        "physicsProperties": physics,
        "receptacle": False,
        "resetCenterOfMass": True,
        "seesaw": False,
        "kinematic": False,
        "structure": False,
        "states": [["held"], []],
    }
    blob = next(item for item in scene["objects"] if item["type"].startswith("blob_"))
    blob["type"] = f"{blob['type']}_nose"
    return json.loads(json.dumps(scene))  # no shared sub-dicts: a case changes one place only


def _first(scene: dict[str, Any], key: str) -> dict[str, Any]:
    return next(item for item in scene["objects"] if key in item)


def test_a_real_scene_with_every_documented_key_is_valid():
    scene = _fixture("full")
    errors = [f"{error.json_path}: {error.message}" for error in reference_validator("mcs_scene").iter_errors(scene)]
    assert errors == []
    assert compiled_validator("mcs_scene").is_valid(scene)


# --- rejection cases -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class First:
    """In a path: the index of the first object with a non-empty ``key`` (or a type starting with ``type_prefix``,
    or an id starting with ``id_prefix``)."""

    key: str = ""
    type_prefix: str = ""
    id_prefix: str = ""

    def index(self, objects: Sequence[dict[str, Any]]) -> int:
        if self.key:
            return next(i for i, item in enumerate(objects) if item.get(self.key))
        if self.id_prefix:
            return next(i for i, item in enumerate(objects) if item["id"].startswith(self.id_prefix))
        return next(i for i, item in enumerate(objects) if item["type"].startswith(self.type_prefix))


AGENT = First(key="agentSettings")
LID = First(key="lidAttachment")
MOVING = First(key="moves")
PLATFORM = First(type_prefix="cube")

TOOL_CHOICE = "eval_7_interactive_tool_choice_0001_01"
SHELL_GAME = "eval_7_interactive_shell_game_0001_01"
HIDDEN_ROTATION = "eval_7_interactive_set_rotation_0001_03"
HELPER_HINDERER = "eval_7_passive_agents_helper_hinderer_0001_01"
LAVA = "eval_7_interactive_lava_0001_01"
HOLES = "eval_7_interactive_holes_0001_01"
# eval7/: the constructs only the development half of the tasks uses
ARITHMETIC = "eval_7_interactive_arithmetic_0001_09"  # goal.metadata targets and pickup_number
IMITATION = "eval_7_interactive_imitation_0001_02"  # goal.triggeredByTargetSequence
GRAVITY = "eval_7_passive_physics_gravity_support_0001_06"  # resetCenterOfMassAtY
KNOWLEDGEABLE = "eval_7_interactive_knowledgeable_agents_0001_01"  # 'true' strings, the _15 animations, hairMaterial 4
OBJECT_PERMANENCE = "eval_7_interactive_object_permanence_0001_01"  # salientMaterials null
NOTCHED = First(id_prefix="notched_occluder")


@dataclass(frozen=True)
class Case:
    id: str
    scene: str
    path: tuple[Any, ...]
    value: Any


CASES = [
    # the scene
    Case("scene: wrong type (name)", TOOL_CHOICE, ("name",), 7),
    Case("scene: empty name", TOOL_CHOICE, ("name",), ""),
    Case("scene: unknown key", TOOL_CHOICE, ("colour",), "red"),
    Case("scene: misspelt key (the doc example's 'verison')", TOOL_CHOICE, ("verison",), 2),
    Case("scene: missing name", TOOL_CHOICE, ("name",), DELETE),
    Case("scene: missing objects", TOOL_CHOICE, ("objects",), DELETE),
    Case("scene: room size below zero", TOOL_CHOICE, ("roomDimensions", "x"), -1),
    Case("scene: room size missing an axis", TOOL_CHOICE, ("roomDimensions", "y"), DELETE),
    Case("scene: unknown key in a vector", TOOL_CHOICE, ("performerStart", "position", "w"), 1),
    Case("scene: lava cell off the grid", TOOL_CHOICE, ("lava", 0, "x"), 1.5),
    Case("scene: hole cell without z", HOLES, ("holes", 0, "z"), DELETE),
    Case("scene: wrong type (isometric)", HELPER_HINDERER, ("isometric",), "yes"),
    Case("scene: unknown wall in roomMaterials", "full", ("roomMaterials", "ceiling"), "Custom/Materials/Red"),
    Case("scene: partitionFloor beyond 1", "full", ("partitionFloor", "leftHalf"), 1.5),
    Case("scene: floor texture without material", "full", ("floorTextures", 0, "material"), DELETE),
    Case("scene: light toggle without stepEnd", "full", ("toggleLights", 0, "stepEnd"), DELETE),
    Case("scene: floor friction above 1", "full", ("floorProperties", "staticFriction"), 1.5),
    # an object
    Case("object: wrong type (mass)", TOOL_CHOICE, ("objects", 0, "mass"), "heavy"),
    Case("object: mass not above zero", TOOL_CHOICE, ("objects", 0, "mass"), 0),
    Case("object: unknown key", TOOL_CHOICE, ("objects", 0, "colour"), "red"),
    Case("object: missing id", TOOL_CHOICE, ("objects", 0, "id"), DELETE),
    Case("object: missing type", TOOL_CHOICE, ("objects", 0, "type"), DELETE),
    Case("object: missing shows", TOOL_CHOICE, ("objects", 0, "shows"), DELETE),
    Case("object: empty shows", TOOL_CHOICE, ("objects", 0, "shows"), []),
    Case("object: unknown type", TOOL_CHOICE, ("objects", 0, "type"), "no_such_object"),
    Case("object: deprecated type", TOOL_CHOICE, ("objects", 0, "type"), "cake"),
    Case("object: a nose on a non-blob", TOOL_CHOICE, ("objects", 0, "type"), "soccer_ball_nose"),
    Case("object: wrong type (materials)", TOOL_CHOICE, ("objects", 1, "materials"), "Custom/Materials/Red"),
    Case("object: empty material name", TOOL_CHOICE, ("objects", 1, "materials", 0), ""),
    Case("object: wrong type (pickupable)", TOOL_CHOICE, ("objects", 0, "pickupable"), "true"),
    Case("object: 'yes' for kinematic (the real 'true' is fine)", KNOWLEDGEABLE, ("objects", NOTCHED, "kinematic"),
         "yes"),
    Case("object: 'True' for structure", KNOWLEDGEABLE, ("objects", NOTCHED, "structure"), "True"),
    Case("object: 1 for kinematic", KNOWLEDGEABLE, ("objects", NOTCHED, "kinematic"), 1),
    Case("object: salientMaterials a string (the real null is fine)", OBJECT_PERMANENCE,
         ("objects", First(type_prefix="desk_"), "salientMaterials"), "wood"),
    Case("object: wrong type (resetCenterOfMassAtY)", GRAVITY,
         ("objects", First(key="resetCenterOfMassAtY"), "resetCenterOfMassAtY"), "low"),
    Case("object: a static variant no scene uses", SHELL_GAME, ("objects", 0, "type"), "bowl_6_static"),
    Case("object: a container beyond the generator's twelve", SHELL_GAME, ("objects", 0, "type"),
         "container_symmetric_13"),
    Case("object: a door that does not exist", SHELL_GAME, ("objects", 0, "type"), "door_4c"),
    Case("object: labels must be a string", LAVA, ("objects", AGENT, "labels"), []),
    Case("object: states not a list of lists", SHELL_GAME, ("objects", First(key="states"), "states", 0), "active"),
    Case("object: unknown key in lips", TOOL_CHOICE, ("objects", PLATFORM, "lips", "top"), True),
    Case("object: lip gap beyond the edge", "full", ("objects", PLATFORM, "lips", "gaps", "front", 0, "high"), 1.2),
    Case("object: physicsProperties bounciness above 1", "full", ("objects", 0, "physicsProperties", "bounciness"), 2),
    Case("object: openClose step without open", "full", ("objects", 0, "openClose", 0, "open"), DELETE),
    Case("object: teleport without position", "full", ("objects", 0, "teleports", 0, "position"), DELETE),
    Case("object: resize without size", "full", ("objects", 0, "resizes", 0, "size"), DELETE),
    Case("object: unknown key in nullParent", "full", ("objects", 0, "nullParent", "pivot"), {"x": 0}),
    Case("object: ghost without stepEnd", "full", ("objects", 0, "ghosts", 0, "stepEnd"), DELETE),
    # a shows step and the other step lists
    Case("shows: wrong type (position.x)", TOOL_CHOICE, ("objects", 1, "shows", 0, "position", "x"), "left"),
    Case("shows: unknown key", TOOL_CHOICE, ("objects", 1, "shows", 0, "velocity"), {"x": 1}),
    Case("shows: missing stepBegin", TOOL_CHOICE, ("objects", 1, "shows", 0, "stepBegin"), DELETE),
    Case("shows: negative step", TOOL_CHOICE, ("objects", 1, "shows", 0, "stepBegin"), -1),
    Case("shows: fractional step", TOOL_CHOICE, ("objects", 1, "shows", 0, "stepBegin"), 0.5),
    Case("moves: stepEnd 96.5 (the real 96.0 is fine)", HIDDEN_ROTATION, ("objects", MOVING, "moves", 0, "stepEnd"),
         96.5),
    Case("moves: missing vector", HIDDEN_ROTATION, ("objects", MOVING, "moves", 0, "vector"), DELETE),
    Case("hides: negative step", HELPER_HINDERER, ("objects", First(key="hides"), "hides", 0, "stepBegin"), -3),
    Case("changeMaterials: materials not a list", HELPER_HINDERER,
         ("objects", First(key="changeMaterials"), "changeMaterials", 0, "materials"), "Custom/Materials/Red"),
    Case("lidAttachment: missing the container id", SHELL_GAME, ("objects", LID, "lidAttachment", "lidAttachmentObjId"),
         DELETE),
    # the goal
    Case("goal: wrong type (last_step)", TOOL_CHOICE, ("goal", "last_step"), "many"),
    Case("goal: negative last_step", TOOL_CHOICE, ("goal", "last_step"), -3),
    Case("goal: unknown key", TOOL_CHOICE, ("goal", "reward"), 1),
    Case("goal: action_list step not a list", TOOL_CHOICE, ("goal", "action_list", 0), "RotateRight"),
    Case("goal: empty action name", TOOL_CHOICE, ("goal", "action_list", 0, 0), ""),
    Case("goal: metadata target without id", TOOL_CHOICE, ("goal", "metadata", "target", "id"), DELETE),
    Case("goal: unknown key in metadata", TOOL_CHOICE, ("goal", "metadata", "goal_object"), {"id": "x"}),
    Case("goal: targets entry without id", ARITHMETIC, ("goal", "metadata", "targets", 0, "id"), DELETE),
    Case("goal: targets entry with an empty id", ARITHMETIC, ("goal", "metadata", "targets", 1, "id"), ""),
    Case("goal: unknown key in a targets entry", ARITHMETIC, ("goal", "metadata", "targets", 0, "colour"), "red"),
    Case("goal: targets info not a list of strings", ARITHMETIC, ("goal", "metadata", "targets", 0, "info"), "ball"),
    Case("goal: targets not a list", ARITHMETIC, ("goal", "metadata", "targets"), {"id": "ball"}),
    Case("goal: empty targets", ARITHMETIC, ("goal", "metadata", "targets"), []),
    Case("goal: target beside targets", ARITHMETIC, ("goal", "metadata", "target"), {"id": "ball"}),
    Case("goal: wrong type (pickup_number)", ARITHMETIC, ("goal", "metadata", "pickup_number"), "2"),
    Case("goal: fractional pickup_number", ARITHMETIC, ("goal", "metadata", "pickup_number"), 1.5),
    Case("goal: pickup_number 0", ARITHMETIC, ("goal", "metadata", "pickup_number"), 0),
    Case("goal: pickup_number without targets", TOOL_CHOICE, ("goal", "metadata", "pickup_number"), 1),
    Case("goal: triggeredByTargetSequence not a list", IMITATION, ("goal", "triggeredByTargetSequence"), "chest"),
    Case("goal: empty triggeredByTargetSequence", IMITATION, ("goal", "triggeredByTargetSequence"), []),
    Case("goal: empty id in triggeredByTargetSequence", IMITATION, ("goal", "triggeredByTargetSequence", 0), ""),
    Case("goal: object in triggeredByTargetSequence", IMITATION, ("goal", "triggeredByTargetSequence", 1),
         {"id": "chest"}),
    Case("goal: unknown key in the target", TOOL_CHOICE, ("goal", "metadata", "target", "colour"), "red"),
    Case("goal: last_preview_phase_step below -1", "full", ("goal", "last_preview_phase_step"), -2),
    Case("goal: wrong type (habituation_total)", HELPER_HINDERER, ("goal", "habituation_total"), "8"),
    # an agent: settings, actions, movement
    Case("agentSettings: wrong type (chest)", LAVA, ("objects", AGENT, "agentSettings", "chest"), "red"),
    Case("agentSettings: unknown key", LAVA, ("objects", AGENT, "agentSettings", "hat"), 1),
    Case("agentSettings: skin beyond the options", LAVA, ("objects", AGENT, "agentSettings", "skin"), 14),
    Case("agentSettings: hatMaterial below -1", LAVA, ("objects", AGENT, "agentSettings", "hatMaterial"), -2),
    Case("agentSettings: hairMaterial beyond 4 (the real 4 is fine)", KNOWLEDGEABLE,
         ("objects", AGENT, "agentSettings", "hairMaterial"), 5),
    Case("agentSettings: wrong type (showJacket)", LAVA, ("objects", AGENT, "agentSettings", "showJacket"), 1),
    Case("actions: missing id", LAVA, ("objects", AGENT, "actions"), [{"stepBegin": 0}]),
    Case("actions: unknown animation", LAVA, ("objects", AGENT, "actions"), [{"stepBegin": 0, "id": "dance"}]),
    Case("actions: a _15 variant no agent has", KNOWLEDGEABLE, ("objects", AGENT, "actions", 0, "id"),
         "Point_start_15"),
    Case("actions: unknown key", "full", ("objects", AGENT, "actions", 0, "speed"), 2),
    Case("actions: negative stepEnd", "full", ("objects", AGENT, "actions", 0, "stepEnd"), -1),
    Case("agentMovement: missing repeat", "full", ("objects", AGENT, "agentMovement", "repeat"), DELETE),
    Case("agentMovement: sequence point without endPoint", "full",
         ("objects", AGENT, "agentMovement", "sequence", 0, "endPoint"), DELETE),
    Case("agentMovement: unknown key in a sequence point", "full",
         ("objects", AGENT, "agentMovement", "sequence", 1, "speed"), 1.5),
    Case("associatedWithAgent: wrong type", LAVA, ("objects", First(key="associatedWithAgent"), "associatedWithAgent"),
         {"id": "agent"}),
    Case("canContainTarget: wrong type", "full", ("objects", 0, "canContainTarget"), "yes"),
    Case("triggeredBy: wrong type", "full", ("objects", 0, "triggeredBy"), ["performer"]),
    # forces and torques
    Case("forces: missing vector", "full", ("objects", 0, "forces", 0, "vector"), DELETE),
    Case("forces: wrong type (impulse)", "full", ("objects", 0, "forces", 0, "impulse"), "yes"),
    Case("forces: unknown key", "full", ("objects", 0, "forces", 0, "mode"), "impulse"),
    Case("forces: unknown axis in the vector", "full", ("objects", 0, "forces", 0, "vector", "w"), 1),
    Case("torques: negative stepBegin", "full", ("objects", 0, "torques", 0, "stepBegin"), -1),
]


def _resolve(scene: dict[str, Any], path: Sequence[Any]) -> list[str | int]:
    resolved: list[str | int] = []
    node: Any = scene
    for part in path:
        key = part.index(node) if isinstance(part, First) else part
        resolved.append(key)
        exists = key in node if isinstance(node, dict) else key < len(node)
        node = node[key] if exists else None  # only the last part may name a key that is not there yet
    return resolved


def _mutated(case: Case) -> tuple[dict[str, Any], list[str | int]]:
    scene = copy.deepcopy(_fixture(case.scene))
    path = _resolve(scene, case.path)
    holder: Any = scene
    for key in path[:-1]:
        holder = holder[key]
    if case.value is DELETE:
        assert path[-1] in holder, f"{case.id}: nothing to delete at {path}"
        del holder[path[-1]]
    else:
        holder[path[-1]] = copy.deepcopy(case.value)
    return scene, path


def _under(where: Sequence[str | int], place: Sequence[str | int]) -> bool:
    return list(where[:len(place)]) == list(place)


def test_rejection_cases_are_many_and_distinct():
    assert len(CASES) >= 15
    assert len({case.id for case in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.id)
def test_each_mistake_is_refused_by_both_validators_where_it_is(case: Case):
    assert reference_validator("mcs_scene").is_valid(_fixture(case.scene)), "the unchanged scene must be valid"
    scene, path = _mutated(case)
    parent = path[:-1]

    reference_errors = list(reference_validator("mcs_scene").iter_errors(scene))
    assert reference_errors, f"{case.id}: the reference validator accepts it"
    assert all(_under(list(error.absolute_path), parent) for error in reference_errors), \
        [(error.json_path, error.message) for error in reference_errors]

    compiled = compiled_validator("mcs_scene")
    assert not compiled.is_valid(scene), f"{case.id}: the compiled validator accepts it"
    compiled_errors = list(compiled.iter_errors(scene))
    assert compiled_errors and all(_under(list(error.instance_path), parent) for error in compiled_errors), \
        [(error.instance_path, error.message) for error in compiled_errors]
    assert schema_problems(scene, "mcs_scene")


def test_cases_change_copies_only():
    names = sorted({case.scene for case in CASES})
    before = {name: json.dumps(_fixture(name), sort_keys=True) for name in names}
    for case in CASES:
        _mutated(case)
    assert before == {name: json.dumps(_fixture(name), sort_keys=True) for name in names}

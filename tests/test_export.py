"""The MCS exporter: floor cells in any sequence form, shared between documents; each modelled key written as
the real evaluation scenes write it; whole numbers as integers where MCS writes integers."""

from __future__ import annotations

import json
from typing import Any

from scenegen.folder.output_folder import dump_json
from scenegen.mcs.export import to_document
from scenegen.mcs.model import (
    AgentAction,
    AgentMovement,
    AgentSettings,
    AgentWaypoint,
    FloorTexture,
    Force,
    Goal,
    Materials,
    Motion,
    OpenClose,
    Scene,
    SceneObject,
    Show,
)
from scenegen.mcs.objects import soccer_ball
from scenegen.plugin.schemas import schema_problems

WALL = "AI2-THOR/Materials/Walls/DrywallBeige"

# Two objects of eval_7_interactive_holes_0001_02.json, as the released file writes them: an interactive
# agent and the ball it holds.
REAL_AGENT: dict[str, Any] = {
    "id": "agent_8577ea41-d285-48ab-b1ee-4fe355a85e50",
    "type": "agent_female_02",
    "mass": 75,
    "agentSettings": {
        "chest": 7, "skin": 13, "chestMaterial": 5, "eyes": 0, "feet": 1, "feetMaterial": 8, "hair": 9,
        "hairMaterial": 2, "hatMaterial": 5, "hideHair": False, "isElder": False, "legs": 0, "legsMaterial": 14,
        "glasses": 0, "jacket": 0, "jacketMaterial": 0, "tie": 0, "tieMaterial": 0, "showBeard": False,
        "showGlasses": False, "showJacket": False, "showTie": False,
    },
    "actions": [],
    "shows": [{
        "stepBegin": 0,
        "position": {"x": -2.0959, "y": 0, "z": 9.0873},
        "rotation": {"x": 0, "y": 270, "z": 0},
        "scale": {"x": 1, "y": 1, "z": 1},
    }],
    "labels": "",
}
REAL_HELD_BALL = {
    "id": "e549649d-bc08-4fe4-bd77-03d590cab172",
    "type": "soccer_ball",
    "mass": 2.0,
    "salientMaterials": ["rubber"],
    "moveable": True,
    "pickupable": True,
    "shows": [{
        "position": {"x": 0, "y": 0, "z": 0},
        "rotation": {"x": 0.0, "y": 0.0, "z": 0.0},
        "stepBegin": 0,
        "scale": {"x": 1, "y": 1, "z": 1},
    }],
    "materials": [],
    "associatedWithAgent": "agent_8577ea41-d285-48ab-b1ee-4fe355a85e50",
}


def _scene(lava=(), objects=None, **fields) -> Scene:
    ball = soccer_ball("ball", 1.0, 2.0)
    return Scene(room=(10.0, 3.0, 10.0), materials=Materials(WALL, WALL, WALL), performer_position=(0.0, 0.0, -4.0),
                 objects=[ball] if objects is None else objects,
                 goal=Goal("retrieval", 100, metadata={"target": {"id": "ball"}}), lava=lava, **fields)


def _written(document) -> str:
    """The bytes ``scenegen make`` writes for ``document``, as text."""
    return dump_json(document).decode()


def _only(item: SceneObject) -> dict:
    """``item`` exported alone, after a round trip through the bytes written to disk."""
    return json.loads(dump_json(to_document(_scene(objects=[item]), "a")["objects"][0]))


def _real_agent() -> SceneObject:
    return SceneObject(
        id="agent_8577ea41-d285-48ab-b1ee-4fe355a85e50", type="agent_female_02", mass=75, materials=None,
        agent_settings=AgentSettings(chest=7, skin=13, chest_material=5, eyes=0, feet=1, feet_material=8, hair=9,
                                     hair_material=2, hat_material=5, legs=0, legs_material=14),
        actions=[], shows=[Show((-2.0959, 0, 9.0873), rotation=(0.0, 270.0, 0.0), scale=(1, 1, 1))], labels="")


def test_cells_given_as_tuples_or_lists_export_alike():
    as_tuples = to_document(_scene(((3, 1), (3, 2))), "a")
    as_lists = to_document(_scene([[3, 1], [3, 2]]), "a")
    assert as_tuples == as_lists
    assert as_tuples["lava"] == ({"x": 3, "z": 1}, {"x": 3, "z": 2})
    assert schema_problems(as_tuples, "mcs_scene") == []


def test_documents_with_the_same_cells_share_one_exported_list():
    first, second = to_document(_scene(((0, 4),)), "a"), to_document(_scene(((0, 4),)), "b")
    assert first["lava"] is second["lava"]


def test_cells_are_written_as_integers_as_in_the_real_scenes():
    assert to_document(_scene([(3.0, -1.0)]), "a")["lava"] == ({"x": 3, "z": -1},)
    assert [type(v) for v in to_document(_scene(((3.0, -1.0),)), "a")["lava"][0].values()] == [int, int]


def test_an_interactive_agent_is_written_as_the_real_scenes_write_it():
    """agentSettings (every key, in the real order), actions written even when empty, no materials, labels."""
    assert _written(_only(_real_agent())) == _written(REAL_AGENT)


def test_agent_settings_default_to_option_zero_and_keep_the_real_key_order():
    written = to_document(_scene(objects=[SceneObject("agent", "agent_male_01", [Show((0.0, 0.0, 0.0))],
                                                      agent_settings=AgentSettings(hat_material=-1))]), "a")
    settings = written["objects"][0]["agentSettings"]
    assert list(settings) == list(REAL_AGENT["agentSettings"])
    assert settings["hatMaterial"] == -1
    assert {key: value for key, value in settings.items() if key != "hatMaterial"} == {
        key: False if isinstance(value, bool) else 0 for key, value in REAL_AGENT["agentSettings"].items()
        if key != "hatMaterial"}


def test_a_ball_held_by_an_agent_names_it_last_as_the_real_scenes_do():
    ball = soccer_ball("e549649d-bc08-4fe4-bd77-03d590cab172", 0, 0, scale=2.0)
    ball.shows = [Show((0, 0, 0), scale=(1, 1, 1))]
    ball.associated_with_agent = "agent_8577ea41-d285-48ab-b1ee-4fe355a85e50"
    exported = _only(ball)
    # Equal as JSON values; scenegen writes the ball's rotation as integers where this real ball writes 0.0.
    assert exported == REAL_HELD_BALL
    assert list(exported)[-1] == "associatedWithAgent"


def test_agent_actions_and_movement():
    agent = SceneObject(
        "agent", "agent_female_01", [Show((1.0, 0.0, 2.0), rotation=(0.0, 90.0, 0.0))], materials=None,
        agent_settings=AgentSettings(),
        actions=[AgentAction("TPF_wave", 3, step_end=8, is_loop_animation=True), AgentAction("TPF_clap", 20)],
        agent_movement=AgentMovement(10, [AgentWaypoint("TPF_walk", (1.5, -2.0)), AgentWaypoint("TPF_run", (0, 3))],
                                     repeat=True))
    exported = _only(agent)
    assert list(exported) == ["id", "type", "agentSettings", "actions", "shows", "agentMovement"]
    # The MCS generator's order: stepEnd last and only when set; isLoopAnimation always.
    assert _written(exported["actions"]) == _written([
        {"id": "TPF_wave", "stepBegin": 3, "isLoopAnimation": True, "stepEnd": 8},
        {"id": "TPF_clap", "stepBegin": 20, "isLoopAnimation": False},
    ])
    assert _written(exported["agentMovement"]) == _written({
        "repeat": True,
        "stepBegin": 10,
        "sequence": [{"animation": "TPF_walk", "endPoint": {"x": 1.5, "z": -2.0}},
                     {"animation": "TPF_run", "endPoint": {"x": 0, "z": 3}}],
    })


def test_forces_write_only_the_options_given():
    item = SceneObject("box", "cube", [Show((0.0, 0.5, 0.0))], forces=[
        Force(1, 4, (0.0, 0.0, 250.0)),
        Force(6, 6, (10.5, 0.0, 0.0), impulse=True, relative=False, repeat=True, step_wait=5),
    ])
    assert _written(_only(item)["forces"]) == _written([
        {"stepBegin": 1, "stepEnd": 4, "vector": {"x": 0.0, "y": 0.0, "z": 250.0}},
        {"stepBegin": 6, "stepEnd": 6, "vector": {"x": 10.5, "y": 0.0, "z": 0.0},
         "impulse": True, "relative": False, "repeat": True, "stepWait": 5},
    ])


def test_doors_and_containers_open_close_and_parents():
    door = SceneObject("door", "door_4", [Show((0.0, 0.0, 3.0))], openable=True, opened=False, locked=True,
                       open_close=[OpenClose(5, True), OpenClose(12, False)])
    exported = _only(door)
    assert list(exported) == ["id", "type", "materials", "openable", "opened", "locked", "shows", "openClose"]
    assert exported["openClose"] == [{"step": 5, "open": True}, {"step": 12, "open": False}]
    child = _only(SceneObject("toy", "car_1", [Show((0.0, 0.1, 0.0))], location_parent="table"))
    assert list(child) == ["id", "type", "materials", "locationParent", "shows"] and child["locationParent"] == "table"


def test_a_container_for_the_target_and_a_triggered_object():
    exported = _only(SceneObject("box", "chest_1", [Show((0.0, 0.0, 0.0))], can_contain_target=True,
                                 triggered_by=True))
    assert exported["canContainTarget"] is True and exported["triggeredBy"] is True


def test_scene_level_keys():
    plain = to_document(_scene(), "a")
    assert plain["intuitivePhysics"] is False and plain["floorTextures"] == [] and "restrictOpenDoors" not in plain
    carpet = FloorTexture("AI2-THOR/Materials/Fabrics/Carpet2", ((1, 2), (1, 3)))
    document = to_document(_scene(intuitive_physics=True, restrict_open_doors=True, restrict_open_objects=True,
                                  floor_textures=(carpet,)), "a")
    assert document["intuitivePhysics"] is True
    assert document["floorTextures"] == [{"material": "AI2-THOR/Materials/Fabrics/Carpet2",
                                          "positions": ({"x": 1, "z": 2}, {"x": 1, "z": 3})}]
    assert list(document)[-2:] == ["restrictOpenDoors", "restrictOpenObjects"]


def test_goal_extras_follow_the_metadata():
    """Category keys (habituation_total of the passive agent scenes, answer...) go through ``extra``."""
    goal = Goal("agents", 271, action_list=[["Pass"]], extra={"habituation_total": 8, "answer": {"choice": "expected"}})
    document = to_document(Scene((10.0, 3.0, 10.0), Materials(WALL, WALL, WALL), (0.0, 0.0, 0.0), [], goal), "a")
    assert list(document["goal"]) == ["category", "last_step", "action_list", "metadata", "habituation_total",
                                      "answer"]


def test_new_fields_left_unset_add_no_key():
    exported = _only(SceneObject("box", "cube", [Show((0.0, 0.5, 0.0))], mass=1.0, materials=["m"], kinematic=True))
    assert list(exported) == ["id", "type", "mass", "materials", "kinematic", "shows"]


def test_every_new_key_passes_the_scene_schema():
    ball = soccer_ball("ball", 0, 0)
    ball.associated_with_agent = "agent"
    agent = _real_agent()
    agent.id = "agent"
    agent.actions = [AgentAction("TPF_wave", 3, step_end=8)]
    agent.agent_movement = AgentMovement(10, [AgentWaypoint("TPF_walk", (1.5, -2.0))])
    box = SceneObject("box", "cube", [Show((0.0, 0.5, 0.0))], forces=[Force(1, 4, (0.0, 0.0, 250.0), impulse=True)],
                      location_parent="agent")
    chest = SceneObject("chest", "chest_1", [Show((2.0, 0.0, 0.0))], openable=True, opened=True, locked=False,
                        open_close=[OpenClose(5, False)], can_contain_target=True, triggered_by=False)
    document = to_document(_scene(objects=[ball, agent, box, chest], intuitive_physics=True, restrict_open_doors=True,
                                  floor_textures=(FloorTexture("AI2-THOR/Materials/Fabrics/Carpet2", ((1, 2),)),)),
                           "a")
    assert schema_problems(json.loads(dump_json(document)), "mcs_scene") == []


# Whole numbers as integers (see tests/test_conformance.py for the fields, learned from the real scenes).

def test_rotations_and_motion_vectors_write_whole_values_as_integers():
    item = SceneObject("turntable", "rotating_cog", [Show((0.0, 0.05, 1.0), rotation=(-0.0, 90.0, 12.5),
                                                          scale=(4.0, 5.0, 4.0))],
                       moves=[Motion(0, 14, (0.0, -0.25, 0.0))], rotates=[Motion(80, 97, (0.0, -5.0, 0.0))])
    written = _written(_only(item))
    assert '"rotation":{"x":0,"y":90,"z":12.5}' in written
    exported = _only(item)
    assert exported["moves"][0]["vector"] == {"x": 0, "y": -0.25, "z": 0}
    assert [type(v) for v in exported["moves"][0]["vector"].values()] == [int, float, int]
    assert [type(v) for v in exported["rotates"][0]["vector"].values()] == [int, int, int]
    # Positions and scales keep their floats, as the real scenes mostly write them.
    assert [type(v) for v in exported["shows"][0]["position"].values()] == [float, float, float]
    assert [type(v) for v in exported["shows"][0]["scale"].values()] == [float, float, float]


def test_room_and_performer_start_keep_their_floats():
    """The real scenes write roomDimensions and performerStart (rotation too) as floats: 10.0, 90.0."""
    document = json.loads(dump_json(to_document(_scene(performer_rotation=(0.0, 90.0, 0.0)), "a")))
    assert document["roomDimensions"] == {"x": 10.0, "y": 3.0, "z": 10.0}
    assert '"y":90.0' in _written(document["performerStart"]["rotation"])
    assert '"x":10.0' in _written(document["roomDimensions"])


def test_values_that_are_not_whole_numbers_pass_through():
    item = SceneObject("tool", "tool_rect_0_50_x_9_00", [
        Show((0.0, 0.15, 0.0), rotation=(0.0, 1e300, 0.0)),  # too large for a 64-bit integer: stays a float
        Show((0.0, 0.15, 0.0), rotation=(0, 45, 0), step=1),  # integers stay integers
        # any sequence, uncached: a list on purpose (as an untyped plugin may pass it), though the model types a tuple
        Show((0.0, 0.15, 0.0), rotation=[0.0, 36.0274, 0.0], step=2),  # type: ignore[arg-type]
    ])
    shows = _only(item)["shows"]
    assert shows[0]["rotation"]["y"] == 1e300 and isinstance(shows[0]["rotation"]["y"], float)
    assert shows[1]["rotation"] == {"x": 0, "y": 45, "z": 0}
    assert shows[2]["rotation"] == {"x": 0, "y": 36.0274, "z": 0}

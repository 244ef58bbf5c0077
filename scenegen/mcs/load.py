"""Read an MCS scene document (parsed JSON) into a :class:`scenegen.mcs.model.Scene`: the inverse of
:func:`scenegen.mcs.export.to_document`.

``to_document(*from_document(document))`` gives the document back, equal as parsed
JSON: the same keys with the same values, every real Eval 7 scene of
``tests/fixtures/mcs_scenes`` included (``tests/test_reference_scenes.py``). Two
things do not come back as they were written, and neither changes a value: the
order of keys (the exporter's, not the file's), and how a whole number is written
where the exporter writes integers (a rotation of ``0.0`` comes back ``0``; a step
written ``96.0`` is read as the integer 96).

The model holds only what scenegen uses and what the real scenes write, not every
key the format documents: a key the model has no field for (``ghosts``,
``teleports``, a move's ``globalSpace``...) is refused with a :class:`ValueError`
naming where it is, rather than dropped. A key the exporter always writes that the
document leaves out (``screenshot``, ``holes``...) takes the model's default.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from scenegen.mcs.export import AGENT_SETTINGS, FORCE_OPTIONS, PARTITION_FLOOR, PHYSICS_PROPERTIES, ROOM_MATERIALS
from scenegen.mcs.model import (
    NULL,
    AgentAction,
    AgentMovement,
    AgentSettings,
    AgentWaypoint,
    FloorTexture,
    Force,
    Goal,
    LidAttachment,
    MaterialChange,
    Materials,
    Motion,
    OpenClose,
    PartitionFloor,
    PhysicsProperties,
    RoomMaterials,
    Scene,
    SceneObject,
    Show,
    StepRange,
    Vec3,
)

_Record = TypeVar("_Record")

_SCENE_KEYS = frozenset({
    "name", "version", "ceilingMaterial", "floorMaterial", "wallMaterial", "roomMaterials", "roomDimensions",
    "performerStart", "isometric", "isometricFrontRight", "intuitivePhysics", "screenshot", "floorTextures",
    "holes", "lava", "partitionFloor", "restrictOpenDoors", "restrictOpenObjects", "goal", "objects",
})
_GOAL_FIELDS = frozenset({"category", "description", "last_step", "action_list", "metadata"})

# Keys of an object read as they are written, by model attribute (flags, strings, numbers).
_PLAIN = (
    ("mass", "mass"), ("moveable", "moveable"), ("pickupable", "pickupable"), ("openable", "openable"),
    ("receptacle", "receptacle"), ("kinematic", "kinematic"), ("structure", "structure"), ("physics", "physics"),
    ("opened", "opened"), ("locked", "locked"), ("location_parent", "locationParent"),
    ("associated_with_agent", "associatedWithAgent"), ("labels", "labels"), ("can_contain_target", "canContainTarget"),
    ("triggered_by", "triggeredBy"), ("reset_center_of_mass", "resetCenterOfMass"),
    ("reset_center_of_mass_at_y", "resetCenterOfMassAtY"),
)
_OBJECT_KEYS = frozenset({
    "id", "type", "shows", "materials", "salientMaterials", "lips", "agentSettings", "actions", "agentMovement",
    "moves", "rotates", "forces", "changeMaterials", "hides", "togglePhysics", "openClose", "states",
    "lidAttachment", "centerOfMass", "physicsProperties", "shrouds", *(key for _, key in _PLAIN),
})

# A vector's axes, in the order the scenes write them.
_AXES = ("x", "y", "z")


def from_document(document: Mapping[str, Any]) -> tuple[Scene, str]:
    """The scene ``document`` describes, and its name: ``to_document(*from_document(document))`` writes it back.

    Raises :class:`ValueError` for a key the model cannot hold, naming its JSON path.
    """
    _known(document, _SCENE_KEYS, "$")
    performer = document["performerStart"]
    _known(performer, {"position", "rotation"}, "$.performerStart")
    scene = Scene(
        room=_vec3(document["roomDimensions"], "$.roomDimensions"),
        materials=Materials(document["ceilingMaterial"], document["floorMaterial"], document.get("wallMaterial")),
        performer_position=_vec3(performer["position"], "$.performerStart.position"),
        performer_rotation=_vec3(performer["rotation"], "$.performerStart.rotation"),
        objects=[_object(item, f"$.objects[{i}]") for i, item in enumerate(document["objects"])],
        goal=_goal(document["goal"]),
        lava=_cells(document.get("lava", ()), "$.lava"),
        holes=_cells(document.get("holes", ()), "$.holes"),
        floor_textures=tuple(_floor_texture(texture, f"$.floorTextures[{i}]")
                             for i, texture in enumerate(document.get("floorTextures", ()))),
        version=document.get("version", 2),
        isometric=document.get("isometric", False),
        isometric_front_right=document.get("isometricFrontRight", False),
        intuitive_physics=document.get("intuitivePhysics", False),
        screenshot=document.get("screenshot", False),
        restrict_open_doors=document.get("restrictOpenDoors"),
        restrict_open_objects=document.get("restrictOpenObjects"),
        room_materials=_optional(document, "roomMaterials", RoomMaterials, ROOM_MATERIALS, "$"),
        partition_floor=_optional(document, "partitionFloor", PartitionFloor, PARTITION_FLOOR, "$"),
    )
    return scene, document["name"]


def _known(mapping: Mapping[str, Any], keys: Iterable[str], where: str) -> None:
    """Refuse a key of ``mapping`` outside ``keys``: the model has nowhere to keep it."""
    unknown = mapping.keys() - set(keys)
    if unknown:
        raise ValueError(f"{where}: the scene model has no field for {', '.join(sorted(unknown))}")


def _vec3(vector: Mapping[str, float], where: str) -> Vec3:
    if vector.keys() != set(_AXES):
        raise ValueError(f"{where}: the scene model holds this vector only with all of x, y and z")
    return vector["x"], vector["y"], vector["z"]


def _step(value: float) -> int:
    """A step as an integer (the real scenes write some as ``96.0``)."""
    return int(value)


def _cells(cells: Iterable[Mapping[str, int]], where: str) -> tuple[tuple[int, int], ...]:
    found = []
    for i, cell in enumerate(cells):
        _known(cell, {"x", "z"}, f"{where}[{i}]")
        found.append((cell["x"], cell["z"]))
    return tuple(found)


def _floor_texture(texture: Mapping[str, Any], where: str) -> FloorTexture:
    _known(texture, {"material", "positions"}, where)
    return FloorTexture(texture["material"], _cells(texture["positions"], f"{where}.positions"))


def _fields(mapping: Mapping[str, Any], keys: Sequence[tuple[str, str]], where: str) -> dict[str, Any]:
    """The model's keyword arguments for ``mapping``'s keys (by model attribute), refusing any other key."""
    _known(mapping, (key for _, key in keys), where)
    return {name: mapping[key] for name, key in keys if key in mapping}


def _optional(mapping: Mapping[str, Any], key: str, record: Callable[..., _Record],
              keys: Sequence[tuple[str, str]], where: str) -> _Record | None:
    """The record at ``mapping[key]``, or None when the key is not there."""
    if key not in mapping:
        return None
    return record(**_fields(mapping[key], keys, f"{where}.{key}"))


def _goal(goal: Mapping[str, Any]) -> Goal:
    """Goal keys the model has no field of its own for go to ``extra``, as they were."""
    return Goal(
        category=goal["category"],
        last_step=goal.get("last_step"),
        action_list=_strings_per_step(goal["action_list"]) if "action_list" in goal else None,
        description=goal.get("description"),
        metadata=copy.deepcopy(goal.get("metadata", {})),
        extra={key: copy.deepcopy(value) for key, value in goal.items() if key not in _GOAL_FIELDS},
    )


def _strings_per_step(lists: Iterable[Iterable[str]]) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(strings) for strings in lists)


def _object(item: Mapping[str, Any], where: str) -> SceneObject:
    _known(item, _OBJECT_KEYS, where)
    get = item.get
    hides = get("hides")
    return SceneObject(
        id=item["id"],
        type=item["type"],
        shows=[_show(show, f"{where}.shows[{i}]") for i, show in enumerate(item["shows"])],
        materials=tuple(item["materials"]) if "materials" in item else None,
        salient_materials=_salient_materials(item),
        lips=copy.deepcopy(item["lips"]) if "lips" in item else None,
        agent_settings=_agent_settings(item["agentSettings"], f"{where}.agentSettings")
        if "agentSettings" in item else None,
        actions=[_action(action, f"{where}.actions[{i}]") for i, action in enumerate(item["actions"])]
        if "actions" in item else None,
        agent_movement=_agent_movement(item["agentMovement"], f"{where}.agentMovement")
        if "agentMovement" in item else None,
        moves=[_motion(move, f"{where}.moves[{i}]") for i, move in enumerate(get("moves", ()))],
        rotates=[_motion(turn, f"{where}.rotates[{i}]") for i, turn in enumerate(get("rotates", ()))],
        forces=[_force(force, f"{where}.forces[{i}]") for i, force in enumerate(get("forces", ()))],
        change_materials=[_material_change(change, f"{where}.changeMaterials[{i}]")
                          for i, change in enumerate(get("changeMaterials", ()))],
        hides=_steps(hides or (), f"{where}.hides"),
        write_empty_hides="hides" in item and not hides,
        toggle_physics=_steps(get("togglePhysics", ()), f"{where}.togglePhysics"),
        open_close=[_open_close(entry, f"{where}.openClose[{i}]") for i, entry in enumerate(get("openClose", ()))],
        states=_strings_per_step(get("states", ())),
        lid_attachment=_lid_attachment(item["lidAttachment"], f"{where}.lidAttachment")
        if "lidAttachment" in item else None,
        center_of_mass=_vec3(item["centerOfMass"], f"{where}.centerOfMass") if "centerOfMass" in item else None,
        physics_properties=_optional(item, "physicsProperties", PhysicsProperties, PHYSICS_PROPERTIES, where),
        shrouds=[_step_range(shroud, f"{where}.shrouds[{i}]") for i, shroud in enumerate(get("shrouds", ()))],
        **{name: item[key] for name, key in _PLAIN if key in item},
    )


def _salient_materials(item: Mapping[str, Any]) -> Any:
    if "salientMaterials" not in item:
        return None
    materials = item["salientMaterials"]
    return NULL if materials is None else tuple(materials)


def _show(show: Mapping[str, Any], where: str) -> Show:
    _known(show, {"stepBegin", "position", "rotation", "scale"}, where)
    rotation = show.get("rotation", {})
    _known(rotation, _AXES, f"{where}.rotation")
    return Show(
        position=_vec3(show["position"], f"{where}.position"),
        rotation=(rotation.get("x", 0), rotation.get("y", 0), rotation.get("z", 0)),
        scale=_vec3(show["scale"], f"{where}.scale") if "scale" in show else None,
        step=_step(show["stepBegin"]),
        rotation_axes="".join(axis for axis in _AXES if axis in rotation),
    )


def _motion(motion: Mapping[str, Any], where: str) -> Motion:
    _known(motion, {"stepBegin", "stepEnd", "vector"}, where)
    return Motion(_step(motion["stepBegin"]), _step(motion["stepEnd"]), _vec3(motion["vector"], f"{where}.vector"))


def _force(force: Mapping[str, Any], where: str) -> Force:
    _known(force, {"stepBegin", "stepEnd", "vector", *(key for _, key in FORCE_OPTIONS)}, where)
    return Force(_step(force["stepBegin"]), _step(force["stepEnd"]), _vec3(force["vector"], f"{where}.vector"),
                 **{name: force[key] for name, key in FORCE_OPTIONS if key in force})


def _step_range(step_range: Mapping[str, Any], where: str) -> StepRange:
    _known(step_range, {"stepBegin", "stepEnd"}, where)
    return StepRange(_step(step_range["stepBegin"]), _step(step_range["stepEnd"]))


def _steps(entries: Iterable[Mapping[str, Any]], where: str) -> tuple[int, ...]:
    steps = []
    for i, entry in enumerate(entries):
        _known(entry, {"stepBegin"}, f"{where}[{i}]")
        steps.append(_step(entry["stepBegin"]))
    return tuple(steps)


def _material_change(change: Mapping[str, Any], where: str) -> MaterialChange:
    _known(change, {"stepBegin", "materials"}, where)
    return MaterialChange(_step(change["stepBegin"]), tuple(change["materials"]))


def _open_close(entry: Mapping[str, Any], where: str) -> OpenClose:
    _known(entry, {"step", "open"}, where)
    return OpenClose(_step(entry["step"]), entry["open"])


def _lid_attachment(attachment: Mapping[str, Any], where: str) -> LidAttachment:
    _known(attachment, {"stepBegin", "lidAttachmentObjId"}, where)
    return LidAttachment(_step(attachment["stepBegin"]), attachment["lidAttachmentObjId"])


def _action(action: Mapping[str, Any], where: str) -> AgentAction:
    _known(action, {"id", "stepBegin", "stepEnd", "isLoopAnimation"}, where)
    return AgentAction(action["id"], _step(action["stepBegin"]),
                       _step(action["stepEnd"]) if "stepEnd" in action else None, action.get("isLoopAnimation"))


def _agent_settings(settings: Mapping[str, Any], where: str) -> AgentSettings:
    """The model writes every key but ``chestMaterial`` (which some real agents leave out)."""
    missing = {key for name, key in AGENT_SETTINGS if name != "chest_material"} - settings.keys()
    if missing:
        raise ValueError(f"{where}: the scene model writes {', '.join(sorted(missing))} on every agent")
    fields = _fields(settings, AGENT_SETTINGS, where)
    return AgentSettings(**{"chest_material": None, **fields})


def _agent_movement(movement: Mapping[str, Any], where: str) -> AgentMovement:
    _known(movement, {"stepBegin", "sequence", "repeat"}, where)
    legs = []
    for i, leg in enumerate(movement["sequence"]):
        _known(leg, {"animation", "endPoint"}, f"{where}.sequence[{i}]")
        end = leg["endPoint"]
        _known(end, {"x", "z"}, f"{where}.sequence[{i}].endPoint")
        legs.append(AgentWaypoint(leg["animation"], (end["x"], end["z"])))
    return AgentMovement(_step(movement["stepBegin"]), tuple(legs), movement["repeat"])

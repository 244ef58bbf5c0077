"""Export a :class:`scenegen.mcs.model.Scene` to an MCS scene document (a JSON-ready dict);
:func:`scenegen.mcs.load.from_document` reads one back.

Key order follows the real MCS evaluation scenes so generated files read like them.

Numbers are written as the real scenes write them. Rotations (``shows[].rotation``)
and the per-step vectors of ``moves`` and ``rotates`` are integer fields there: a
whole value is written as a JSON integer (``90``, not ``90.0``; ``-0.0`` as ``0``),
a fraction as it is (``-0.25``). Positions, scales, masses, ``performerStart`` and
``roomDimensions`` are written as the model holds them: the real scenes write
their whole values either way (scales, masses) or mostly as floats (the others).
``tests/test_conformance.py`` learns the integer fields from the real scenes and
holds the exporter to them; ``docs/mcs_facts.md`` 9 has the counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from scenegen.mcs.model import (
    NULL,
    AgentAction,
    AgentMovement,
    Force,
    Goal,
    Keyframes,
    Motion,
    Scene,
    SceneObject,
    Show,
    Vec3,
)

# agentSettings keys, in the order the real scenes write them, by model attribute.
AGENT_SETTINGS = (
    ("chest", "chest"), ("skin", "skin"), ("chest_material", "chestMaterial"), ("eyes", "eyes"), ("feet", "feet"),
    ("feet_material", "feetMaterial"), ("hair", "hair"), ("hair_material", "hairMaterial"),
    ("hat_material", "hatMaterial"), ("hide_hair", "hideHair"), ("is_elder", "isElder"), ("legs", "legs"),
    ("legs_material", "legsMaterial"), ("glasses", "glasses"), ("jacket", "jacket"),
    ("jacket_material", "jacketMaterial"), ("tie", "tie"), ("tie_material", "tieMaterial"),
    ("show_beard", "showBeard"), ("show_glasses", "showGlasses"), ("show_jacket", "showJacket"),
    ("show_tie", "showTie"),
)

# A force's optional keys, in the order the real scenes write them, by model attribute.
FORCE_OPTIONS = (("impulse", "impulse"), ("relative", "relative"), ("repeat", "repeat"), ("step_wait", "stepWait"))

# Keys of the optional records, in the order the real scenes write them, by model attribute.
ROOM_MATERIALS = (("front", "front"), ("left", "left"), ("right", "right"), ("back", "back"))
PARTITION_FLOOR = (("left_half", "leftHalf"), ("right_half", "rightHalf"))
PHYSICS_PROPERTIES = (
    ("enable", "enable"), ("dynamic_friction", "dynamicFriction"), ("static_friction", "staticFriction"),
    ("bounciness", "bounciness"), ("drag", "drag"), ("angular_drag", "angularDrag"),
)

# Exported integer vectors (rotations, per-step vectors) by the model's tuple. Scenes repeat a handful of them
# (mostly no rotation at all): a cached dict costs less than building one. Cleared when it reaches the bound.
_WHOLE_VECTORS: dict[Vec3, dict[str, float]] = {}
_WHOLE_VECTORS_BOUND = 4096
# Whole floats at least this large stay floats (an integer past 64 bits cannot be written).
_LARGE = 2.0**62


def to_document(scene: Scene, name: str, shared: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The MCS scene JSON for ``scene``, named ``name`` (by convention the file's stem).

    ``shared`` caches exported objects by identity across the documents of one
    sample: the two scenes of a pair share most objects, exported once. The
    exported dicts are shared too, and so are the cell lists (``lava``,
    ``holes``) of every document with the same cells and the rotation and motion
    vectors of every document: a document must not be modified once exported.
    """
    shared = {} if shared is None else shared
    document: dict[str, Any] = {
        "name": name,
        "version": scene.version,
        "ceilingMaterial": scene.materials.ceiling,
        "floorMaterial": scene.materials.floor,
        "wallMaterial": scene.materials.wall,
        "roomDimensions": _vector(scene.room),
        "performerStart": {
            "position": _vector(scene.performer_position),
            "rotation": _vector(scene.performer_rotation),
        },
        "isometric": scene.isometric,
        "isometricFrontRight": scene.isometric_front_right,
        "intuitivePhysics": scene.intuitive_physics,
        "screenshot": scene.screenshot,
        "floorTextures": [{"material": texture.material, "positions": _cells(texture.positions)}
                          for texture in scene.floor_textures] if scene.floor_textures else [],
        "holes": _cells(scene.holes),
        "lava": _cells(scene.lava),
        "goal": _goal(scene.goal),
        "objects": [_exported(item, shared) for item in scene.objects],
    }
    if scene.restrict_open_doors is not None:
        document["restrictOpenDoors"] = scene.restrict_open_doors
    if scene.restrict_open_objects is not None:
        document["restrictOpenObjects"] = scene.restrict_open_objects
    if scene.materials.wall is None:
        del document["wallMaterial"]
    if scene.room_materials is not None:
        document["roomMaterials"] = _record(scene.room_materials, ROOM_MATERIALS)
    if scene.partition_floor is not None:
        document["partitionFloor"] = _record(scene.partition_floor, PARTITION_FLOOR)
    return document


def _record(record: object, keys: Sequence[tuple[str, str]]) -> dict[str, Any]:
    """The keys of ``record`` that are set (not None), named as the scene writes them."""
    return {key: value for name, key in keys if (value := getattr(record, name)) is not None}


def _vector(vector: Vec3) -> dict[str, float]:
    x, y, z = vector
    return {"x": x, "y": y, "z": z}


def _whole_vector(vector: Vec3) -> dict[str, float]:
    """``vector`` with its whole components as integers, cached by value (see the module docstring)."""
    if vector.__class__ is tuple:  # the model's type: hashable
        document = _WHOLE_VECTORS.get(vector)
        if document is None:
            if len(_WHOLE_VECTORS) >= _WHOLE_VECTORS_BOUND:
                _WHOLE_VECTORS.clear()
            document = _WHOLE_VECTORS[vector] = _integral(vector)
        return document
    return _integral(vector)


def _integral(vector: Vec3) -> dict[str, float]:
    x, y, z = vector
    return {"x": _whole(x), "y": _whole(y), "z": _whole(z)}


def _whole(value: float) -> float:
    """A whole float as an int (90.0 -> 90, -0.0 -> 0); anything else unchanged (fractions, nan, inf, ints)."""
    if isinstance(value, float) and value.is_integer() and -_LARGE < value < _LARGE:
        return int(value)
    return value


def _cells(cells: Sequence[Sequence[int]]) -> Sequence[dict[str, int]]:
    if isinstance(cells, tuple):  # the model's type: hashable, so cached
        return _cached_cells(cells)
    return tuple({"x": int(x), "z": int(z)} for x, z in cells)


@lru_cache(maxsize=256)
def _cached_cells(cells: tuple[tuple[int, int], ...]) -> tuple[dict[str, int], ...]:
    # Runs repeat a few layouts: a layout's hundred-odd cell dicts are built once, in a tuple shared by documents.
    return tuple({"x": int(x), "z": int(z)} for x, z in cells)


def _goal(goal: Goal) -> dict[str, Any]:
    document: dict[str, Any] = {"category": goal.category}
    if goal.description is not None:
        document["description"] = goal.description
    if goal.last_step is not None:
        document["last_step"] = goal.last_step
    if goal.action_list is not None:
        document["action_list"] = goal.action_list
    document["metadata"] = goal.metadata
    document.update(goal.extra)
    return document


def _shows(shows: Sequence[Show]) -> list[dict[str, Any]]:
    if not isinstance(shows, Keyframes):
        return [_show(show) for show in shows]
    # Keyframes: written as _show writes each of them, keys in the same order, without a Show object each.
    y, rotation = shows.y, _whole_vector(shows.rotation)
    documents = [{"stepBegin": step, "position": {"x": x, "y": y, "z": z}, "rotation": rotation}
                 for step, x, z in shows.steps]
    if documents and shows.scale is not None:
        documents[0]["scale"] = _vector(shows.scale)
    return documents


def _show(show: Show) -> dict[str, Any]:
    if show.rotation_axes != "xyz":
        return _show_with_axes(show)
    document: dict[str, Any] = {
        "stepBegin": show.step,
        "position": _vector(show.position),
        "rotation": _whole_vector(show.rotation),
    }
    if show.scale is not None:
        document["scale"] = _vector(show.scale)
    return document


def _show_with_axes(show: Show) -> dict[str, Any]:
    """A show that writes only some axes of its rotation, or no rotation at all."""
    document: dict[str, Any] = {"stepBegin": show.step, "position": _vector(show.position)}
    if show.rotation_axes:
        rotation = _integral(show.rotation)
        document["rotation"] = {axis: rotation[axis] for axis in show.rotation_axes}
    if show.scale is not None:
        document["scale"] = _vector(show.scale)
    return document


def _exported(item: SceneObject, shared: dict[int, dict[str, Any]]) -> dict[str, Any]:
    document = shared.get(id(item))
    if document is None:
        document = shared[id(item)] = _object(item)
    return document


def _object(item: SceneObject) -> dict[str, Any]:
    document: dict[str, Any] = {"id": item.id, "type": item.type}
    if item.mass is not None:
        document["mass"] = item.mass
    if item.materials is not None:
        document["materials"] = item.materials
    if item.salient_materials is not None:
        document["salientMaterials"] = None if item.salient_materials is NULL else item.salient_materials
    # The optional flags, in the order they are written; one test each, as a loop of getattr calls costs
    # several times more.
    if item.moveable is not None:
        document["moveable"] = item.moveable
    if item.pickupable is not None:
        document["pickupable"] = item.pickupable
    if item.openable is not None:
        document["openable"] = item.openable
    if item.receptacle is not None:
        document["receptacle"] = item.receptacle
    if item.kinematic is not None:
        document["kinematic"] = item.kinematic
    if item.structure is not None:
        document["structure"] = item.structure
    if item.physics is not None:
        document["physics"] = item.physics
    if item.opened is not None:
        document["opened"] = item.opened
    if item.locked is not None:
        document["locked"] = item.locked
    if item.lips is not None:
        document["lips"] = item.lips
    if item.location_parent is not None:
        document["locationParent"] = item.location_parent
    if item.agent_settings is not None:
        document["agentSettings"] = _record(item.agent_settings, AGENT_SETTINGS)
    if item.actions is not None:
        document["actions"] = [_action(action) for action in item.actions]
    document["shows"] = _shows(item.shows)
    if item.agent_movement is not None:
        document["agentMovement"] = _agent_movement(item.agent_movement)
    if item.moves:
        document["moves"] = [_motion(m) for m in item.moves]
    if item.rotates:
        document["rotates"] = [_motion(m) for m in item.rotates]
    if item.forces:
        document["forces"] = [_force(f) for f in item.forces]
    if item.change_materials:
        document["changeMaterials"] = [{"stepBegin": c.step, "materials": c.materials} for c in item.change_materials]
    if item.hides or item.write_empty_hides:
        document["hides"] = [{"stepBegin": step} for step in item.hides]
    if item.toggle_physics:
        document["togglePhysics"] = [{"stepBegin": step} for step in item.toggle_physics]
    if item.open_close:
        document["openClose"] = [{"step": o.step, "open": o.open} for o in item.open_close]
    if item.states:
        document["states"] = item.states
    if item.lid_attachment is not None:
        document["lidAttachment"] = {
            "stepBegin": item.lid_attachment.step,
            "lidAttachmentObjId": item.lid_attachment.container_id,
        }
    if item.associated_with_agent is not None:
        document["associatedWithAgent"] = item.associated_with_agent
    if item.center_of_mass is not None:
        document["centerOfMass"] = _vector(item.center_of_mass)
    if item.reset_center_of_mass is not None:
        document["resetCenterOfMass"] = item.reset_center_of_mass
    if item.reset_center_of_mass_at_y is not None:
        document["resetCenterOfMassAtY"] = item.reset_center_of_mass_at_y
    if item.physics_properties is not None:
        document["physicsProperties"] = _record(item.physics_properties, PHYSICS_PROPERTIES)
    if item.shrouds:
        document["shrouds"] = [{"stepBegin": s.step_begin, "stepEnd": s.step_end} for s in item.shrouds]
    if item.can_contain_target is not None:
        document["canContainTarget"] = item.can_contain_target
    if item.triggered_by is not None:
        document["triggeredBy"] = item.triggered_by
    if item.labels is not None:
        document["labels"] = item.labels
    return document


def _motion(motion: Motion) -> dict[str, Any]:
    return {"stepBegin": motion.step_begin, "stepEnd": motion.step_end, "vector": _whole_vector(motion.vector)}


def _force(force: Force) -> dict[str, Any]:
    return {"stepBegin": force.step_begin, "stepEnd": force.step_end, "vector": _vector(force.vector),
            **_record(force, FORCE_OPTIONS)}


def _action(action: AgentAction) -> dict[str, Any]:
    # The order of the MCS generator that wrote the evaluation scenes: stepEnd last, and only when set.
    document: dict[str, Any] = {"id": action.id, "stepBegin": action.step_begin}
    if action.is_loop_animation is not None:
        document["isLoopAnimation"] = action.is_loop_animation
    if action.step_end is not None:
        document["stepEnd"] = action.step_end
    return document


def _agent_movement(movement: AgentMovement) -> dict[str, Any]:
    return {
        "repeat": movement.repeat,
        "stepBegin": movement.step_begin,
        "sequence": [{"animation": leg.animation, "endPoint": {"x": leg.end_point[0], "z": leg.end_point[1]}}
                     for leg in movement.sequence],
    }

"""Export a :class:`scenegen.model.Scene` to an MCS scene document (a JSON-ready dict).

Key order follows the real MCS evaluation scenes so generated files read like them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..model import Goal, Motion, Scene, SceneObject, Show, Vec3

# Optional object flags, in the order they are written.
_FLAGS = ("moveable", "pickupable", "openable", "receptacle", "kinematic", "structure", "physics")


def to_document(scene: Scene, name: str, shared: dict[int, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The MCS scene JSON for ``scene``, named ``name`` (by convention the file's stem).

    ``shared`` caches exported objects by identity across the documents of one
    sample: the two scenes of a pair share most objects, exported once. The
    exported dicts are shared too, and so are the cell lists (``lava``,
    ``holes``) of every document with the same cells: a document must not be
    modified once exported.
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
        "intuitivePhysics": False,
        "screenshot": False,
        "floorTextures": [],
        "holes": _cells(scene.holes),
        "lava": _cells(scene.lava),
        "goal": _goal(scene.goal),
        "objects": [_exported(item, shared) for item in scene.objects],
    }
    if scene.restrict_open_objects is not None:
        document["restrictOpenObjects"] = scene.restrict_open_objects
    return document


def _vector(vector: Vec3) -> dict[str, float]:
    x, y, z = vector
    return {"x": x, "y": y, "z": z}


def _cells(cells: Sequence[Sequence[int]]) -> list[dict[str, int]]:
    if isinstance(cells, tuple):  # the model's type: hashable, so cached
        return _cached_cells(cells)
    return [{"x": x, "z": z} for x, z in cells]


@lru_cache(maxsize=256)
def _cached_cells(cells: tuple[tuple[int, int], ...]) -> list[dict[str, int]]:
    # Runs repeat a few layouts: a layout's hundred-odd cell dicts are built once.
    return [{"x": x, "z": z} for x, z in cells]


def _goal(goal: Goal) -> dict[str, Any]:
    document: dict[str, Any] = {"category": goal.category}
    if goal.description is not None:
        document["description"] = goal.description
    document["last_step"] = goal.last_step
    document["action_list"] = goal.action_list
    document["metadata"] = goal.metadata
    document.update(goal.extra)
    return document


def _show(show: Show) -> dict[str, Any]:
    document: dict[str, Any] = {
        "stepBegin": show.step,
        "position": _vector(show.position),
        "rotation": _vector(show.rotation),
    }
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
    document["materials"] = item.materials
    if item.salient_materials is not None:
        document["salientMaterials"] = item.salient_materials
    for flag in _FLAGS:
        value = getattr(item, flag)
        if value is not None:
            document[flag] = value
    if item.lips is not None:
        document["lips"] = item.lips
    document["shows"] = [_show(show) for show in item.shows]
    if item.moves:
        document["moves"] = [_motion(m) for m in item.moves]
    if item.rotates:
        document["rotates"] = [_motion(m) for m in item.rotates]
    if item.change_materials:
        document["changeMaterials"] = [{"stepBegin": c.step, "materials": c.materials} for c in item.change_materials]
    if item.hides:
        document["hides"] = [{"stepBegin": step} for step in item.hides]
    if item.toggle_physics:
        document["togglePhysics"] = [{"stepBegin": step} for step in item.toggle_physics]
    if item.states:
        document["states"] = item.states
    if item.lid_attachment is not None:
        document["lidAttachment"] = {
            "stepBegin": item.lid_attachment.step,
            "lidAttachmentObjId": item.lid_attachment.container_id,
        }
    return document


def _motion(motion: Motion) -> dict[str, Any]:
    return {"stepBegin": motion.step_begin, "stepEnd": motion.step_end, "vector": _vector(motion.vector)}

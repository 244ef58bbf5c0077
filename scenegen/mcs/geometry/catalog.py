"""MCS object sizes and footprints, from the data file ``scenegen/mcs/data/objects.json``.

The file is read once.  Tool families are stored as rules (widths x lengths) and
expanded here into one entry per type name, e.g. ``tool_rect_0_75_x_9_00``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import Any

import numpy as np

from scenegen.mcs.geometry.shapes import Boxes, Footprints, pose, rotate
from scenegen.plugin.resources import package_text

#: A scale or position: one number for all axes, ``(x, y, z)``, or an MCS ``{"x", "y", "z"}`` dict.
Vector3 = float | Sequence[float] | Mapping[str, float]

_PIVOTS = {"centre", "bottom"}
_FOOTPRINTS = {"box", "disc", "l_shape"}


@dataclass(frozen=True)
class ObjectFacts:
    """What the solver knows about one object type, at scale 1."""

    type: str
    size: tuple[float, float, float]
    #: ``"centre"``, ``"bottom"`` or ``"custom"`` (a blob's standing height).
    pivot: str
    #: Height of the pivot (``shows[].position.y``) above the object's bottom.
    pivot_height: float
    #: ``"box"``, ``"disc"`` (modelled by its bounding square) or ``"l_shape"``.
    footprint: str
    #: Width of each arm of an ``l_shape``; ``None`` otherwise.
    arm_width: float | None = None


def _facts(object_type: str, entry: Mapping[str, Any]) -> ObjectFacts:
    size = tuple(float(value) for value in entry["size"])
    if len(size) != 3 or min(size) <= 0:
        raise ValueError(f"objects.json: {object_type} needs three positive sizes, got {size}")
    if entry["footprint"] not in _FOOTPRINTS:
        raise ValueError(f"objects.json: {object_type} has unknown footprint {entry['footprint']!r}")
    if (entry["footprint"] == "l_shape") != ("arm_width" in entry):
        raise ValueError(f"objects.json: {object_type}: an arm_width goes with an l_shape footprint, and only there")
    pivot = entry["pivot"]
    if isinstance(pivot, str):
        if pivot not in _PIVOTS:
            raise ValueError(f"objects.json: {object_type} has unknown pivot {pivot!r}")
        height = size[1] / 2 if pivot == "centre" else 0.0
    else:
        pivot, height = "custom", float(pivot)
    return ObjectFacts(object_type, size, pivot, height, entry["footprint"], entry.get("arm_width"))


def _tool_entries(prefix: str, rule: Mapping[str, Any], height: float) -> dict[str, dict[str, Any]]:
    """Expand one tool family rule into ``{type name: object entry}``."""
    entries = {}
    for variant in rule["variants"]:
        for width in variant["widths"]:
            for length in variant["lengths"]:
                name = f"{prefix}_{width:.2f}_x_{length:.2f}".replace(".", "_")
                size_x = rule["x_per_width"] * width + rule["x_per_length"] * length
                entries[name] = {"size": [size_x, height, length], "pivot": "centre", "footprint": rule["footprint"]}
                if rule["footprint"] == "l_shape":
                    entries[name]["arm_width"] = width
    return entries


@cache
def catalog() -> Mapping[str, ObjectFacts]:
    """Every known object type, read from the data file once."""
    data = json.loads(package_text("mcs/data/objects.json"))
    entries = dict(data["objects"])
    for prefix, rule in data["tool_families"].items():
        entries.update(_tool_entries(prefix, rule, data["tool_height"]))
    return MappingProxyType({name: _facts(name, entry) for name, entry in entries.items()})


def object_facts(object_type: str) -> ObjectFacts:
    """Size, pivot and footprint kind of an MCS object type."""
    try:
        return catalog()[object_type]
    except KeyError:
        raise KeyError(f"unknown MCS object type {object_type!r} (not in scenegen/mcs/data/objects.json)") from None


def object_size(object_type: str) -> tuple[float, float, float]:
    """``(x, y, z)`` size in metres at scale 1."""
    return object_facts(object_type).size


def as_xyz(value: Vector3) -> np.ndarray:
    """A :data:`Vector3` as a float array ``[x, y, z]``."""
    if isinstance(value, Mapping):
        return np.array([value["x"], value["y"], value["z"]], dtype=float)
    return np.broadcast_to(np.asarray(value, dtype=float), (3,)).copy()


def resting_y(object_type: str, scale: Vector3 = 1.0, support: float = 0.0) -> float:
    """The ``position.y`` that puts the object's bottom on a support at height ``support``."""
    return support + object_facts(object_type).pivot_height * float(as_xyz(scale)[1])


def shape(object_type: str, scale: Vector3 = 1.0) -> Boxes:
    """Local footprint: the object's boxes relative to its pivot, at rotation 0.

    ``y`` holds each box's ``[bottom, top]`` relative to the pivot. Cached per
    (type, scale): treat the result as read-only.
    """
    if isinstance(scale, (int, float)):
        return _shape(object_type, float(scale), float(scale), float(scale))
    return _shape(object_type, *(float(v) for v in as_xyz(scale)))


@lru_cache(maxsize=4096)
def _shape(object_type: str, sx: float, sy: float, sz: float) -> Boxes:
    facts = object_facts(object_type)
    size_x, size_y, size_z = facts.size
    bottom = -facts.pivot_height * sy
    vertical = [bottom, bottom + size_y * sy]
    if facts.footprint != "l_shape":
        return Boxes.from_size([0.0, 0.0], [size_x * sx, size_z * sz], 0.0, vertical)
    arm = facts.arm_width
    if arm is None:  # never: _facts requires an arm_width with every l_shape
        raise ValueError(f"objects.json: the l_shape {object_type} has no arm_width")
    # Long arm along z on the -x side; short arm across the +z end, reaching +x.
    centres = np.array([[(arm - size_x) / 2, 0.0], [arm / 2, (size_z - arm) / 2]])
    sizes = np.array([[arm, size_z], [size_x - arm, arm]])
    return Boxes.from_size(centres * [sx, sz], sizes * [sx, sz], 0.0, vertical)


def footprint(object_type: str, position: Vector3, rotation_y: float = 0.0, scale: Vector3 = 1.0) -> Boxes:
    """World footprint of one object: its boxes at ``position`` (x, y, z), rotated ``rotation_y`` degrees."""
    x, y, z = as_xyz(position)
    return pose(shape(object_type, scale), [[x, z]], [rotation_y], [y]).boxes


def footprints(items: Sequence[tuple[str, Vector3, float, Vector3]]) -> Footprints:
    """World footprints of many objects in one vectorised transform.

    ``items[i]`` is ``(type, position, rotation_y, scale)`` of object ``i``, which
    owns the boxes whose ``owner`` is ``i``.
    """
    local = [shape(object_type, scale) for object_type, _, _, scale in items]
    owner = np.repeat(np.arange(len(items)), [len(boxes) for boxes in local])
    positions = np.array([as_xyz(position)[[0, 2]] for _, position, _, _ in items]).reshape(-1, 2)
    rotations = np.array([rotation for _, _, rotation, _ in items], dtype=float)
    offsets = np.concatenate([boxes.centre for boxes in local]) if local else np.zeros((0, 2))
    boxes = Boxes(positions[owner] + rotate(offsets, rotations[owner]),
                  np.concatenate([boxes.half for boxes in local]) if local else np.zeros((0, 2)),
                  rotations[owner] + (np.concatenate([boxes.angle for boxes in local]) if local else 0.0))
    return Footprints(boxes, owner, len(items))

"""A small typed model of an MCS scene.

Families build these; :mod:`scenegen.export.mcs` turns them into MCS scene JSON.
Only what scenegen's families use is modelled; every field maps onto one key of
the MCS scene format (``shared/reference/mcs_scene_schema.rst``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Vec3 = tuple[float, float, float]

ORIGIN: Vec3 = (0.0, 0.0, 0.0)
UNIT: Vec3 = (1.0, 1.0, 1.0)


@dataclass(slots=True)
class Show:
    """The object appears at ``step`` with this pose (``scale`` None: leave it out)."""

    position: Vec3
    rotation: Vec3 = ORIGIN
    scale: Vec3 | None = UNIT
    step: int = 0


@dataclass(slots=True)
class Motion:
    """A per-step displacement (``moves``) or rotation in degrees (``rotates``) over an inclusive step range."""

    step_begin: int
    step_end: int
    vector: Vec3


@dataclass(slots=True)
class MaterialChange:
    step: int
    materials: list[str]


@dataclass(slots=True)
class LidAttachment:
    step: int
    container_id: str


@dataclass(slots=True)
class SceneObject:
    """One object of a scene. Boolean flags left as None are omitted from the file."""

    id: str
    type: str
    shows: list[Show]
    materials: list[str] = field(default_factory=list)
    mass: float | None = None
    salient_materials: list[str] | None = None
    moveable: bool | None = None
    pickupable: bool | None = None
    openable: bool | None = None
    receptacle: bool | None = None
    kinematic: bool | None = None
    structure: bool | None = None
    physics: bool | None = None
    lips: dict[str, bool] | None = None
    moves: list[Motion] = field(default_factory=list)
    rotates: list[Motion] = field(default_factory=list)
    change_materials: list[MaterialChange] = field(default_factory=list)
    hides: list[int] = field(default_factory=list)
    toggle_physics: list[int] = field(default_factory=list)
    states: list[list[str]] = field(default_factory=list)
    lid_attachment: LidAttachment | None = None


@dataclass(slots=True)
class Goal:
    """The scene's goal. ``extra`` holds category-specific keys (e.g. ``habituation_total``)."""

    category: str
    last_step: int
    action_list: list[list[str]] = field(default_factory=list)
    description: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Materials:
    ceiling: str
    floor: str
    wall: str


@dataclass(slots=True)
class Scene:
    """A whole MCS scene. ``lava`` and ``holes`` are integer (x, z) floor cells."""

    room: Vec3
    materials: Materials
    performer_position: Vec3
    objects: list[SceneObject]
    goal: Goal
    performer_rotation: Vec3 = ORIGIN
    lava: tuple[tuple[int, int], ...] = ()
    holes: tuple[tuple[int, int], ...] = ()
    version: int = 2
    restrict_open_objects: bool | None = None
    isometric: bool = False
    isometric_front_right: bool = False

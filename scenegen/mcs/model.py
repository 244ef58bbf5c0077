"""A small typed model of an MCS scene.

Families build these; :mod:`scenegen.mcs.export` turns them into MCS scene JSON, and
:mod:`scenegen.mcs.load` reads such JSON back into them (every real Eval 7 scene
of the test fixtures comes back whole). Only what scenegen's families use and what
the real Eval 7 scenes write is modelled; every field maps onto one key of the MCS
scene format, as the repo's scene schema ``schema/mcs_scene.schema.json`` describes
it, except a few that say how a key is written as some real scenes write it
(``Show.rotation_axes``, ``SceneObject.write_empty_hides``). The engine's conventions
and the evaluation scenes' figures are in ``docs/mcs_facts.md``.

Sequences are typed as read-only and the value records are frozen: families share
motions, state and action lists between objects and scenes, so none may change in
place. A field left at its default (None, or an empty sequence) is not written,
except where a comment says otherwise; a family that never sets a field gets
exactly the document it got before the field existed.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

Vec3 = tuple[float, float, float]

ORIGIN: Vec3 = (0.0, 0.0, 0.0)
UNIT: Vec3 = (1.0, 1.0, 1.0)

#: A boolean flag as the real scenes write it: mostly ``true``/``false``, but the Knowledgeable Agents scenes write
#: the string ``"true"`` on some (the simulator reads both alike).
Flag = bool | Literal["true", "false"]


class Null(Enum):
    """JSON ``null`` for a key a real scene writes as null (None leaves a key out)."""

    NULL = None


NULL = Null.NULL


@dataclass(slots=True)
class Show:
    """The object appears at ``step`` with this pose (``scale`` None: leave it out).

    ``rotation_axes`` names the axes of ``rotation`` that are written: all of them, or
    (as the real Imitation scenes write some shows) only some, or none (``""``: the
    key is left out). The simulator reads an axis left out as 0.
    """

    position: Vec3
    rotation: Vec3 = ORIGIN
    scale: Vec3 | None = UNIT
    step: int = 0
    rotation_axes: str = "xyz"


@dataclass(frozen=True, slots=True)
class Keyframes(Sequence[Show]):
    """The shows of an object moved by keyframes, one per step it moves (the passive agents' blobs): at each
    ``(step, x, z)`` it stands at height ``y`` turned by ``rotation``, and only the first show carries ``scale``.

    Held as plain tuples, as they are made: such an object has hundreds of shows, and the exporter writes them
    straight from here rather than from a :class:`Show` each.
    """

    steps: tuple[tuple[int, float, float], ...]
    y: float
    rotation: Vec3
    scale: Vec3 | None

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        step, x, z = self.steps[index]
        first = index in (0, -len(self.steps))
        return Show((x, self.y, z), self.rotation, self.scale if first else None, step)

    def __add__(self, more: Sequence[Show]) -> Sequence[Show]:
        """These shows, then ``more``: still keyframes when ``more`` continues them (same height and rotation, no
        scale of its own)."""
        if isinstance(more, Keyframes) and (more.y, more.rotation, more.scale) == (self.y, self.rotation, None):
            return Keyframes(self.steps + more.steps, self.y, self.rotation, self.scale)
        return [*self, *more]


@dataclass(frozen=True, slots=True)
class Motion:
    """A per-step displacement (``moves``) or rotation in degrees (``rotates``) over an inclusive step range."""

    step_begin: int
    step_end: int
    vector: Vec3


@dataclass(frozen=True, slots=True)
class Force:
    """A force in newtons (``forces``) pushed on the object over an inclusive step range.

    ``impulse``: Unity's impulse mode; ``relative``: in the object's own axes
    instead of the room's; ``repeat``: run the range again after waiting
    ``step_wait`` steps, forever. None leaves a key out (the engine's default, false / 0).
    """

    step_begin: int
    step_end: int
    vector: Vec3
    impulse: bool | None = None
    relative: bool | None = None
    repeat: bool | None = None
    step_wait: int | None = None


@dataclass(frozen=True, slots=True)
class StepRange:
    """An inclusive step range (one entry of ``shrouds``)."""

    step_begin: int
    step_end: int


@dataclass(frozen=True, slots=True)
class PhysicsProperties:
    """Custom friction, bounciness and drag (``physicsProperties``); None leaves a key out."""

    enable: bool | None = None
    angular_drag: float | None = None
    bounciness: float | None = None
    drag: float | None = None
    dynamic_friction: float | None = None
    static_friction: float | None = None


@dataclass(frozen=True, slots=True)
class MaterialChange:
    step: int
    materials: Sequence[str]


@dataclass(frozen=True, slots=True)
class LidAttachment:
    step: int
    container_id: str


@dataclass(frozen=True, slots=True)
class OpenClose:
    """The simulator opens (``open``) or closes the object at ``step`` (one entry of ``openClose``)."""

    step: int
    open: bool


@dataclass(slots=True)
class AgentSettings:
    """How an interactive agent (``agent_female_01`` ...) looks: its ``agentSettings``.

    Each number picks an option from the MCS agent settings tables (``hat_material``
    -1: no hat). Every key is written, in this order, as the real interactive
    scenes do; ``jacket``, ``jacket_material`` and ``show_jacket`` are written by
    the real scenes although the format documentation leaves them out.
    ``chest_material`` None leaves it out, as some real agents do.
    """

    chest: int = 0
    skin: int = 0
    chest_material: int | None = 0
    eyes: int = 0
    feet: int = 0
    feet_material: int = 0
    hair: int = 0
    hair_material: int = 0
    hat_material: int = 0
    hide_hair: bool = False
    is_elder: bool = False
    legs: int = 0
    legs_material: int = 0
    glasses: int = 0
    jacket: int = 0
    jacket_material: int = 0
    tie: int = 0
    tie_material: int = 0
    show_beard: bool = False
    show_glasses: bool = False
    show_jacket: bool = False
    show_tie: bool = False


@dataclass(frozen=True, slots=True)
class AgentAction:
    """An animation (``id``, e.g. ``TPF_wave``) an agent starts at ``step_begin``: one entry of ``actions``.

    It plays once, or over and over with ``is_loop_animation``, until ``step_end``
    (None: no end step; the key is then left out). ``is_loop_animation`` None leaves
    the key out, as some real actions do.
    """

    id: str
    step_begin: int
    step_end: int | None = None
    is_loop_animation: bool | None = False


@dataclass(frozen=True, slots=True)
class AgentWaypoint:
    """One leg of an agent's walk: to ``end_point`` (x, z) playing ``animation`` (e.g. ``TPM_walk``)."""

    animation: str
    end_point: tuple[float, float]


@dataclass(slots=True)
class AgentMovement:
    """An interactive agent's walk (``agentMovement``): its legs from ``step_begin``; ``repeat`` starts them over."""

    step_begin: int
    sequence: Sequence[AgentWaypoint]
    repeat: bool = False


@dataclass(slots=True)
class SceneObject:
    """One object of a scene. Boolean flags left as None are omitted from the file.

    ``materials`` None leaves the key out (the real interactive agents have none);
    an empty list is written as ``[]``. ``actions`` None leaves the key out, while an
    empty list is written as ``[]``, as the real scenes do on every interactive agent.
    ``labels`` is written by the real scenes on interactive agents (an empty string).
    Doors and ramps need no field of their own: they are object types (a ramp is a
    ``triangle``; a platform's ``lips`` may hold ``gaps`` for it), and a door uses
    ``openable``, ``opened``, ``locked`` and ``open_close``.

    ``salient_materials`` :data:`NULL` writes ``null``, as the real Object Permanence
    scenes do on their desks; ``write_empty_hides`` writes ``hides: []`` when there is
    nothing to hide, as the real passive agent scenes do.
    """

    id: str
    type: str
    shows: Sequence[Show]
    materials: Sequence[str] | None = ()
    mass: float | None = None
    salient_materials: Sequence[str] | Null | None = None
    moveable: bool | None = None
    pickupable: bool | None = None
    openable: bool | None = None
    receptacle: bool | None = None
    kinematic: Flag | None = None
    structure: Flag | None = None
    physics: bool | None = None
    lips: dict[str, Any] | None = None
    moves: Sequence[Motion] = ()
    rotates: Sequence[Motion] = ()
    change_materials: Sequence[MaterialChange] = ()
    hides: Sequence[int] = ()
    toggle_physics: Sequence[int] = ()
    states: Sequence[Sequence[str]] = ()
    lid_attachment: LidAttachment | None = None
    opened: bool | None = None
    locked: bool | None = None
    location_parent: str | None = None
    agent_settings: AgentSettings | None = None
    actions: Sequence[AgentAction] | None = None
    agent_movement: AgentMovement | None = None
    forces: Sequence[Force] = ()
    open_close: Sequence[OpenClose] = ()
    associated_with_agent: str | None = None
    labels: str | None = None
    can_contain_target: bool | None = None
    triggered_by: bool | None = None
    center_of_mass: Vec3 | None = None
    reset_center_of_mass: bool | None = None
    reset_center_of_mass_at_y: float | None = None
    physics_properties: PhysicsProperties | None = None
    shrouds: Sequence[StepRange] = ()
    write_empty_hides: bool = False


@dataclass(slots=True)
class Goal:
    """The scene's goal.

    ``extra`` holds the keys of a category of scenes, written after ``metadata`` in
    its own order: ``habituation_total`` (passive agent scenes), ``answer``,
    ``last_preview_phase_step``, ``triggeredByTargetSequence``... Goal keys the
    released scenes write are all covered: ``category``, ``description``,
    ``last_step``, ``action_list``, ``metadata``, and in ``extra`` ``habituation_total``
    and ``triggeredByTargetSequence``. ``last_step`` or ``action_list`` None leaves the
    key out, as some real scenes do (the tool tasks write no ``last_step``).
    """

    category: str
    last_step: int | None
    action_list: Sequence[Sequence[str]] | None = ()
    description: str | None = None
    metadata: dict[str, Any] = field(default_factory=dict)
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Materials:
    """The room's materials; ``wall`` None leaves ``wallMaterial`` out (a scene with ``roomMaterials`` may)."""

    ceiling: str
    floor: str
    wall: str | None


@dataclass(frozen=True, slots=True)
class RoomMaterials:
    """A material for each wall (``roomMaterials``); None leaves a wall out (it takes ``wallMaterial``)."""

    front: str | None = None
    left: str | None = None
    right: str | None = None
    back: str | None = None


@dataclass(frozen=True, slots=True)
class PartitionFloor:
    """Lava by halves of the room (``partitionFloor``): the share of each half that is lava; None leaves a key out."""

    left_half: float | None = None
    right_half: float | None = None


@dataclass(frozen=True, slots=True)
class FloorTexture:
    """A material laid on some 1 x 1 m floor cells (one entry of ``floorTextures``), cells as integer (x, z)."""

    material: str
    positions: tuple[tuple[int, int], ...]


@dataclass(slots=True)
class Scene:
    """A whole MCS scene. ``lava`` and ``holes`` are integer (x, z) floor cells.

    ``intuitive_physics``, ``screenshot``, ``floor_textures``, ``holes`` and ``lava`` are
    always written (false and empty lists by default), as every real scene writes them.
    """

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
    intuitive_physics: bool = False
    floor_textures: tuple[FloorTexture, ...] = ()
    restrict_open_doors: bool | None = None
    room_materials: RoomMaterials | None = None
    partition_floor: PartitionFloor | None = None
    screenshot: bool = False

"""The door occluder of the evaluation's forced-choice rooms, the platforms those rooms are split by, and the
timeline of a load lowered behind the occluder (Solidity, Support Relations); the two-door occluder of Occluded
Trajectory and Collisions (:func:`descending_doors` over a :class:`DoorWall` across no platform).

Such a room (``docs/mcs_facts.md`` 16) is crossed along z by a platform the performer starts on. A wall with
three doors descends from above the ceiling across the room: a middle door on the platform (its sill is the
platform's top) and a door on the floor either side, each in the middle of its section of the wall. Every door
opening is :data:`DOOR_WIDTH` wide and :data:`DOOR_HEIGHT` tall; posts fill its section beside it and a top piece
above it, up to the wall's top. The evaluation lists the middle door first, then the left and the right one
(``door_4b``), each followed by its ``wall_top``, ``wall_left`` and ``wall_right`` (one id shared by the three).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.model import MaterialChange, Motion, SceneObject, Show, Vec3
from scenegen.mcs.objects import kinematic_structure, structure_mass
from scenegen.mcs.task import Refusal
from scenegen.mcs.timeline import RELEASE_WAIT, RISE_WAIT, SPEED, drop_states
from scenegen.mcs.tracking.props import CYAN, MAGENTA
from scenegen.plugin.family import Evidence
from scenegen.plugin.params import number, one_of
from scenegen.plugin.values import Parameters

#: The rooms' height: the occluder starts its descent this far above where it ends, from above the ceiling.
#: Where the load hangs over the platforms says where it comes to rest and through which door it is seen: the task
#: itself, which the shortcut probe leaves out (the ball or container lowered, the placers, the platforms).
WHERE_IT_HANGS = Evidence("the load lowered (a ball, a container), its placers and the platforms under it",
                          without(either(of_type("soccer_ball", "container_asymmetric_01"), with_id_prefix("placer_"),
                                         with_id_prefix("platform_"))))

ROOM_HEIGHT = 7.0
#: Where the occluding wall stands (its centre plane along z).
WALL_Z = -0.25
WALL_THICKNESS = 0.1
DOOR_WIDTH = 0.84
DOOR_HEIGHT = 2.0
DOOR_MASS = 125
#: The wall's pieces weigh what they would if the wall's top were this high, whatever its height.
MASS_TOP = 4.25
#: The doors in the order the evaluation lists them, and each one's type.
DOORS = ("middle", "left", "right")
DOOR_TYPES = {"middle": "door_4", "left": "door_4", "right": "door_4b"}
#: The steps of the occluder's descent (ROOM_HEIGHT at SPEED), the first step of whatever comes down first, and
#: what follows a descent: the load follows a landed occluder after OCCLUDER_WAIT steps; an occluder following the
#: load starts at OCCLUDER_AFTER_LOAD, and the placers let go when it lands.
OCCLUDER_DESCENT = round(ROOM_HEIGHT / SPEED)
FIRST_STEP = 9
OCCLUDER_WAIT = 9
OCCLUDER_AFTER_LOAD = 21
#: After letting go, a placer waits RISE_WAIT steps and rises as many steps as it came down. With the occluder
#: first the performer is held until the placers are up; with the load first, LOAD_FIRST_HOLD steps after the
#: release. A placer lets go RELEASE_WAIT steps after landing when the occluder is already down.
LOAD_FIRST_HOLD = 27
#: The narrowest piece of wall beside or above a door (the evaluation's narrowest is 0.08), and how far before the
#: wall the performer starts at least.
MIN_POST = 0.05
PERFORMER_CLEAR = 0.5
#: A placer's lower end hangs this far above what it holds.
GRIP = 0.01

Box = tuple[Vec3, Vec3]  # centre and size


#: Config domains the families of a three-door room (Solidity, Support Relations) declare alike: the room's sides,
#: a size in metres, and a side of the platform.
ROOM_SIDE = number("room_side", 6, 20, "metres")
SIZE = number("size", 0.1, 10, "metres")
PLATFORM_SIDE = one_of("side", ("left", "right"), "a side of the platform, as the performer looks along it")


@dataclass(frozen=True)
class DoorWall:
    """The occluding wall of a room ``room_width`` wide, across a platform ``platform_width`` wide whose top
    (``sill``) the middle door stands on; its top ``top`` above the floor. A wall across no platform
    (``platform_width`` 0) has only its ``left`` and ``right`` doors, each in the middle of its half of the room
    (the two-door occluder of Occluded Trajectory and Collisions)."""

    room_width: float
    platform_width: float
    sill: float
    top: float
    #: Where the wall stands along z (its centre plane).
    z: float = WALL_Z

    def door_x(self, door: str) -> float:
        """The centre of a door: the middle of its section of the wall."""
        return sum(self.section(door)) / 2

    def door_bottom(self, door: str) -> float:
        return self.sill if door == "middle" else 0.0

    def section(self, door: str) -> tuple[float, float]:
        """The stretch of x the door's section of the wall spans."""
        inner, outer = self.platform_width / 2, self.room_width / 2
        return {"middle": (-inner, inner), "left": (-outer, -inner), "right": (inner, outer)}[door]

    def leaves_open(self, reach: float) -> bool:
        """Whether something behind the wall reaching ``reach`` out from the centre line (a platform's extension,
        a wider far platform) leaves the side doors' openings free, :data:`MIN_POST` to spare: else the performer,
        through a side door, would face it."""
        return reach + MIN_POST <= self.door_x("right") - DOOR_WIDTH / 2

    def pieces(self, door: str, top: float | None = None) -> dict[str, Box]:
        """Where the ``wall_top``, ``wall_left`` and ``wall_right`` beside and above ``door`` stand once down
        (centre and size); ``top``: the wall's top, if not its own."""
        low, high = self.section(door)
        bottom = self.door_bottom(door)
        post = (high - low - DOOR_WIDTH) / 2
        posts = bottom + DOOR_HEIGHT / 2
        above = (self.top if top is None else top) - bottom - DOOR_HEIGHT
        return {"top": ((self.door_x(door), bottom + DOOR_HEIGHT + above / 2, self.z),
                        (high - low, above, WALL_THICKNESS)),
                "left": ((low + post / 2, posts, self.z), (post, DOOR_HEIGHT, WALL_THICKNESS)),
                "right": ((high - post / 2, posts, self.z), (post, DOOR_HEIGHT, WALL_THICKNESS))}


@dataclass(frozen=True)
class Phases:
    """The steps of a load (a ball, a container) lowered for ``descent`` steps and of the occluder coming down,
    the occluder first or the load first, then the placers letting go and rising."""

    load_first: bool
    descent: int

    @cached_property
    def load(self) -> tuple[int, int]:
        start = FIRST_STEP if self.load_first else self.occluder[1] + OCCLUDER_WAIT
        return start, start + self.descent - 1

    @cached_property
    def occluder(self) -> tuple[int, int]:
        start = OCCLUDER_AFTER_LOAD if self.load_first else FIRST_STEP
        return start, start + OCCLUDER_DESCENT - 1

    @cached_property
    def release(self) -> int:
        return self.occluder[1] if self.load_first else self.load[1] + RELEASE_WAIT

    @cached_property
    def rise(self) -> tuple[int, int]:
        return self.release + RISE_WAIT, self.release + RISE_WAIT + self.descent - 1

    @cached_property
    def passes(self) -> int:
        """How many steps the performer is held (its forced Pass actions)."""
        return self.release + LOAD_FIRST_HOLD if self.load_first else self.rise[1]


def door_wall(keys: Sequence[str], wall: DoorWall, phases: Phases, wall_material: str,
              door_material: str) -> list[SceneObject]:
    """The occluder's doors and pieces, descending with ``phases``: ``keys`` holds six ids, a door's and its
    pieces' for each door in :data:`DOORS` order."""
    return descending_doors(keys, wall, DOOR_TYPES, phases.occluder, (wall_material, door_material), MASS_TOP)


def descending_doors(keys: Sequence[str], wall: DoorWall, types: Mapping[str, str], steps: tuple[int, int],
                     materials: tuple[str, str], mass_top: float | None = None) -> list[SceneObject]:
    """The doors ``types`` names (door -> object type, in the order they are listed) and the pieces beside and
    above each, coming down :data:`SPEED` a step over ``steps`` (first and last) to where ``wall`` stands:
    ``keys`` holds a door's and its pieces' id for each door; ``materials`` the wall's and the doors'; the
    pieces weigh what they would if the wall's top were ``mass_top`` (None: its own)."""
    down = (Motion(*steps, (0.0, -SPEED, 0.0)),)
    lift = (steps[1] - steps[0] + 1) * SPEED
    wall_material, door_material = materials
    objects = []
    for door, door_key, wall_key in zip(types, keys[::2], keys[1::2], strict=True):
        objects.append(SceneObject(f"door_{door_key}", types[door],
                                   [Show(_rounded((wall.door_x(door), wall.door_bottom(door), wall.z), lift))],
                                   materials=[door_material], mass=DOOR_MASS, kinematic=True, openable=True,
                                   moves=down))
        heavy = wall.pieces(door, mass_top)
        for piece, (centre, size) in wall.pieces(door).items():
            objects.append(SceneObject(f"wall_{piece}_{wall_key}", "cube", [Show(_rounded(centre, lift),
                                                                                 scale=_rounded(size))],
                                       materials=[wall_material], mass=structure_mass(heavy[piece][1]),
                                       kinematic=True, structure=True, moves=down))
    return objects


def door_id(keys: Sequence[str], door: str, doors: Sequence[str] = DOORS) -> str:
    """The id :func:`door_wall` (or :func:`descending_doors`, listing ``doors``) gives ``door`` from the same
    ``keys``."""
    return f"door_{keys[2 * list(doors).index(door)]}"


def wall_refusals(parameters: Parameters) -> Iterator[Refusal]:
    """What keeps the occluding wall from fitting a room's config (``room.width``, ``platform.width``,
    ``platform.height``, ``occluder.top``, ``room.depth`` and ``performer.margin``): every door fits its section
    with posts beside it, the wall reaches above the middle door, and the performer starts before the wall."""
    low, high = parameters.low, parameters.high
    needed = DOOR_WIDTH + 2 * MIN_POST
    if high("platform.width") / 2 + needed > low("room.width") / 2:
        yield "room.width", f"a side door and its posts need {needed:g} m of wall beside the platform"
    if low("platform.width") < needed:
        yield "platform.width", f"the middle door and its posts need a platform at least {needed:g} m wide"
    if low("occluder.top") < high("platform.height") + DOOR_HEIGHT + MIN_POST:
        yield "occluder.top", f"the wall must reach {MIN_POST:g} m above the middle door ({DOOR_HEIGHT:g} m tall)"
    if low("room.depth") / 2 + WALL_Z - WALL_THICKNESS / 2 < high("performer.margin") + PERFORMER_CLEAR:
        yield "performer.margin", f"the performer must start on the platform {PERFORMER_CLEAR:g} m before the wall"


def settled(item: Mapping[str, Any]) -> Vec3:
    """Where an object of a written scene stands once its ``moves`` are done (the checks of a door room read the
    wall, the platforms and the load there)."""
    x, y, z = (float(item["shows"][0]["position"][axis]) for axis in "xyz")
    for move in item.get("moves", []):
        steps = move["stepEnd"] - move["stepBegin"] + 1
        x, y, z = x + steps * move["vector"]["x"], y + steps * move["vector"]["y"], z + steps * move["vector"]["z"]
    return x, y, z


def _rounded(vector: Vec3, lift: float = 0.0) -> Vec3:
    """A vector written to four decimals (``lift`` added to its y)."""
    return (round(vector[0], 4), round(vector[1] + lift, 4), round(vector[2], 4))


def lips(rimmed: Collection[str] = (), gaps: Mapping[str, Sequence[tuple[float, float]]] | None = None
         ) -> dict[str, Any]:
    """A platform's ``lips``: which of its edges (``front``, ``back``, ``left``, ``right``) have a low rim, and
    along a rimmed edge the stretches without one (``gaps``: side -> (low, high) shares of the edge from its near
    end)."""
    written: dict[str, Any] = {side: side in rimmed for side in ("front", "back", "left", "right")}
    if gaps:
        written["gaps"] = {side: [{"low": low, "high": high} for low, high in stretches]
                           for side, stretches in gaps.items()}
    return written


def platform(key: str, centre: Vec3, size: Vec3, material: str, rim: dict[str, Any]) -> SceneObject:
    """A platform (a ``platform_`` cube standing on the floor)."""
    return kinematic_structure(f"platform_{key}", "cube", centre, size, material, lips=rim)


def holder(key: str, x: float, z: float, load_top: float, half_height: float, width: float,
           phases: Phases) -> SceneObject:
    """A placer (a pole) holding a load whose top is at ``load_top`` when lowering starts: it comes down with the
    load, turns Cyan as it lets go, then rises."""
    return kinematic_structure(
        f"placer_{key}", "cylinder", (x, round(load_top + GRIP + half_height, 4), z), (width, half_height, width),
        MAGENTA, moves=(Motion(*phases.load, (0.0, -SPEED, 0.0)), Motion(*phases.rise, (0.0, SPEED, 0.0))),
        change_materials=(MaterialChange(phases.release, (CYAN,)),), states=drop_states(phases.release))

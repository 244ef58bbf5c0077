"""The passive-physics room of MCS Evaluation 7 (Object Permanence, Shape Constancy, Spatio-Temporal Continuity):
the fixed room and camera, the Pass-only goal, the occluders that rise, turn and fall, and the toys thrown in.

Facts as the development half writes them (docs/mcs_facts.md, "Passive physics: the room, occluders and toys"):
a 10 x 3 x 10 m room, the performer at (0, 0, -4.5) facing +z, ``intuitivePhysics`` true, goal category
"intuitive physics" with an empty description and metadata and one Pass per step. An occluder is a wall (a thin
cube) hung from a pole (a cylinder) standing at z = 1: either upright (the pole above it, the wall turning about y
to show what is behind it) or sideways (the pole reaching in from the side wall, the wall turning about x). Each
rises 0.25 m a step for six steps, turns 90 degrees over a task's number of steps, turns back and falls again;
just before the scene ends it rises and turns once more (the reveal).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scenegen.mcs.actions import passes
from scenegen.mcs.evidence import without
from scenegen.mcs.frame import room_materials
from scenegen.mcs.geometry import object_size
from scenegen.mcs.model import Force, Goal, Materials, Motion, Scene, SceneObject, Show, StepRange, Vec3
from scenegen.mcs.objects import OCCLUDER_MASS
from scenegen.plugin.family import Evidence
from scenegen.plugin.params import number, one_of

#: The room every passive-physics scene of the evaluation uses, and the performer's place in it.
ROOM: Vec3 = (10.0, 3.0, 10.0)
PERFORMER: Vec3 = (0.0, 0.0, -4.5)
#: Where an occluder's wall stands (its centre's z) and how thick it is.
OCCLUDER_Z = 1.0
OCCLUDER_THICKNESS = 0.1
#: The wall's height standing upright and standing sideways, the pole's radius scale and (upright) half length.
UPRIGHT_HEIGHT, SIDEWAYS_HEIGHT = 3.0, 1.8
POLE_SCALE, UPRIGHT_POLE_HALF = 0.095, 0.5
#: How far an occluder moves a step, and for how many steps; how far it turns in all (over a task's own number of
#: steps: Object Permanence 30, Spatio-Temporal Continuity 9, Shape Constancy 6).
LIFT_PER_STEP, LIFT_STEPS = 0.25, 6
TURN_DEGREES = 90
#: The step the occluder's opening show begins on (rise, turn, turn back, fall), the steps it waits turned, and the
#: steps the reveal (a rise and a turn) ends before the scene does.
OPENING_START = 1
TURN_BACK_GAP = 4
REVEAL_TAIL = 3
#: Space a toy keeps from the room's walls, from an occluder's wall, and between two occluders.
CLEARANCE = 0.05


@dataclass(frozen=True, slots=True)
class OccluderTiming:
    """The steps an occluder rises, turns, turns back and falls on, and rises and turns on for the reveal."""

    turn_steps: int
    rise: tuple[int, int]
    turn: tuple[int, int]
    turn_back: tuple[int, int]
    fall: tuple[int, int]
    reveal_rise: tuple[int, int]
    reveal_turn: tuple[int, int]

    @property
    def hidden(self) -> tuple[int, int]:
        """The first step the occluder hides what is behind it and the last (it is down between its fall and the
        reveal's rise)."""
        return self.fall[1] + 1, self.reveal_rise[0] - 1


    @property
    def turn_per_step(self) -> float:
        """Degrees a step, over the turn."""
        return TURN_DEGREES / self.turn_steps


def occluder_timing(last_step: int, turn_steps: int) -> OccluderTiming:
    """The opening show from step 1, each turn over ``turn_steps`` steps, and the reveal ending three steps before
    the scene's last (Object Permanence: 1-76 and 201-236 of 240)."""
    rise = (OPENING_START, OPENING_START + LIFT_STEPS - 1)
    turn = (rise[1] + 1, rise[1] + turn_steps)
    turn_back = (turn[1] + TURN_BACK_GAP + 1, turn[1] + TURN_BACK_GAP + turn_steps)
    fall = (turn_back[1] + 1, turn_back[1] + LIFT_STEPS)
    reveal = last_step - REVEAL_TAIL - turn_steps - LIFT_STEPS
    reveal_rise = (reveal, reveal + LIFT_STEPS - 1)
    return OccluderTiming(turn_steps, rise, turn, turn_back, fall, reveal_rise,
                          (reveal_rise[1] + 1, reveal_rise[1] + turn_steps))


def occluder(wall_id: str, pole_id: str, x: float, width: float, materials: tuple[str, str], timing: OccluderTiming,
             *, sideways: bool) -> list[SceneObject]:
    """An occluder's wall and pole at ``x``, ``width`` wide, ``materials`` (wall, pole); sideways, its pole
    reaches in from the nearer side wall and the wall turns about x, else the pole stands on it and it turns
    about y."""
    height = SIDEWAYS_HEIGHT if sideways else UPRIGHT_HEIGHT
    wall_show = Show((x, height / 2, OCCLUDER_Z), (0, 0, 0), (width, height, OCCLUDER_THICKNESS))
    if sideways:
        side = -1.0 if x <= 0 else 1.0
        inner = x + side * width / 2
        half = (ROOM[0] / 2 - abs(inner) + ROOM[0] / 4) / 2  # from the wall's edge out through the room's wall
        pole_show = Show((round(inner + side * half, 3), height / 2, OCCLUDER_Z), (0, 0, 90),
                         (POLE_SCALE, round(half, 3), POLE_SCALE))  # written to the millimetre, as the evaluation
        pole_lift: Vec3 = (-side * LIFT_PER_STEP, 0, 0)  # the pole slides out sideways as the wall rises
        turn: Vec3 = (_whole(timing.turn_per_step), 0, 0)
    else:
        pole_show = Show((x, height + UPRIGHT_POLE_HALF, OCCLUDER_Z), (0, 0, 0),
                         (POLE_SCALE, UPRIGHT_POLE_HALF, POLE_SCALE))
        pole_lift, turn = (0, LIFT_PER_STEP, 0), (0, _whole(timing.turn_per_step), 0)
    moves = _lifts(timing, (0, LIFT_PER_STEP, 0))
    back: Vec3 = (-turn[0], -turn[1], 0)
    rotates = [Motion(*timing.turn, turn), Motion(*timing.turn_back, back), Motion(*timing.reveal_turn, turn)]
    wall = SceneObject(wall_id, "cube", [wall_show], materials=[materials[0]], mass=OCCLUDER_MASS, kinematic=True,
                       structure=True, moves=moves, rotates=rotates)
    pole = SceneObject(pole_id, "cylinder", [pole_show], materials=[materials[1]], mass=OCCLUDER_MASS,
                       kinematic=True, structure=True, moves=_lifts(timing, pole_lift))
    return [wall, pole]


def _whole(degrees: float) -> float:
    """A turn a step, written whole when it is (as the evaluation writes 3, 10, 15)."""
    return int(degrees) if float(degrees).is_integer() else round(degrees, 4)


def _lifts(timing: OccluderTiming, lift: Vec3) -> list[Motion]:
    down: Vec3 = (-lift[0], -lift[1], -lift[2])
    return [Motion(*timing.rise, lift), Motion(*timing.fall, down), Motion(*timing.reveal_rise, lift)]


@dataclass(frozen=True, slots=True)
class Toy:
    """A toy as the passive-physics scenes throw it: its type, scale, mass, the height its pivot stands at on
    the floor (each as the evaluation writes it for that type) and its rotation y facing -x (the way it travels
    when thrown from the right; +180 from the left)."""

    type: str
    scale: float
    mass: float
    floor_y: float
    facing_left: int

    def extent(self, rotation_y: float) -> tuple[float, float]:
        """Its extent along x and along z turned ``rotation_y`` degrees (its box's bounds)."""
        size = object_size(self.type)
        sin, cos = abs(math.sin(math.radians(rotation_y))), abs(math.cos(math.radians(rotation_y)))
        return (size[0] * cos + size[2] * sin) * self.scale, (size[0] * sin + size[2] * cos) * self.scale


#: The toys of the development half, by type (docs/mcs_facts.md, "Passive physics": Toys).
TOYS = {toy.type: toy for toy in (
    Toy("car_6", 0.77, 19.25, 0.0039, 180), Toy("truck_3", 1.33, 6.65, 0.0067, 270),
    Toy("taxi", 0.82, 20.5, 0.0041, 180), Toy("car_4", 7.86, 19.65, 0.0393, 180),
    Toy("trolley_1", 2.27, 11.35, 0.0114, 270), Toy("truck_2", 2.03, 10.15, 0.0102, 270),
    Toy("racecar_red", 5.98, 14.95, 0.0299, 270), Toy("military_truck", 0.43, 10.75, 0.0022, 180),
    Toy("toddler_ride_on_car", 0.75, 18.75, 0.0037, 180),
)}
#: The material every toy's salience says it is made of.
TOY_SALIENT = "wood"


def toy(object_id: str, kind: Toy, material: str, shows: Sequence[Show], *, forces: Sequence[Force] = (),
        hides: Sequence[int] = (), toggle_physics: Sequence[int] = (), moves: Sequence[Motion] = (),
        shrouds: Sequence[StepRange] = ()) -> SceneObject:
    """A toy of ``kind`` shown as ``shows`` say (the first carries its scale), pushed by ``forces`` or moved by
    script (``moves``: then kinematic, so that the simulator adds nothing to the script), shrouded (invisible)
    over ``shrouds``."""
    return SceneObject(object_id, kind.type, shows, materials=[material], mass=kind.mass,
                       salient_materials=[TOY_SALIENT], moveable=True, pickupable=True, forces=forces, hides=hides,
                       toggle_physics=toggle_physics, moves=moves, kinematic=True if moves else None,
                       shrouds=shrouds)


def passive_physics_goal(last_step: int) -> Goal:
    """The goal of a passive-physics scene: watch (Pass) until ``last_step``."""
    return Goal(category="intuitive physics", last_step=last_step, action_list=passes(last_step), description="",
                metadata={})


def passive_physics_scene(materials: Materials, objects: list[SceneObject], last_step: int, *, room: Vec3 = ROOM,
                          performer: Vec3 = PERFORMER) -> Scene:
    """A passive-physics scene, watched from a fixed place: the evaluation's room and place unless given."""
    return Scene(room=room, materials=materials, performer_position=performer, objects=objects,
                 goal=passive_physics_goal(last_step), version=3, intuitive_physics=True)


def drawn_passive_physics_scene(drawn: Mapping[str, Any], objects: list[SceneObject], last_step: int) -> Scene:
    """A passive-physics scene in a config's drawn room (``room.width``, ``room.height``, ``room.depth``) and
    materials, watched from (0, 0, ``performer.z``) facing +z."""
    room = (float(drawn["room.width"]), float(drawn["room.height"]), float(drawn["room.depth"]))
    return passive_physics_scene(room_materials(drawn), objects, last_step, room=room,
                                 performer=(0.0, 0.0, float(drawn["performer.z"])))


#: How high above its floor height a toy is dropped in from, by its depth: just above the performer's view there
#: (the evaluation: 5.64 at z 3.35, 5.68 at z 3.45, 6.34 at z 5.1); it falls in, seen, through the passive-physics
#: room's ceiling.
DROP_BASE, DROP_PER_DEPTH = 4.3, 0.4


def drop_height(z: float) -> float:
    """The height above its floor height a toy at depth ``z`` is dropped in from."""
    return round(DROP_BASE + DROP_PER_DEPTH * z, 4)


def shadow(occluder_x: float, occluder_width: float, z: float) -> tuple[float, float]:
    """The stretch along x at depth ``z`` that an occluder at ``occluder_x`` hides from the performer: the shadow
    its wall casts from the performer's place (x 0), wider and farther out the deeper it lies, within the room
    (``CLEARANCE`` from its side walls). The evaluation stands its toys at the middle of it (x -0.2057 at
    z 3.45 behind Object Permanence's occluder; -1.95 at z 5.1 and 1.55 at z 3.35 behind Shape Constancy's two)."""
    reach = (z - PERFORMER[2]) / (OCCLUDER_Z - PERFORMER[2])
    inside = ROOM[0] / 2 - CLEARANCE
    return max((occluder_x - occluder_width / 2) * reach, -inside), min((occluder_x + occluder_width / 2) * reach,
                                                                         inside)


#: The toys are the objects of a passive-physics scene that are not structures: where they are, whether one vanishes,
#: appears or turns into another shape is the event the task is about, which the shortcut probe leaves out.
#: Config domains the passive-physics families (Object Permanence, Shape Constancy, Spatio-Temporal Continuity)
#: declare alike: a toy of :data:`TOYS`, a step of the scene and an occluder's width.
TOY = one_of("toy", tuple(TOYS), "a toy of the passive-physics scenes")
STEP = number("step", 1, 3000, "steps", integer=True)
WIDTH = number("width", 0.3, 5, "metres")

THE_TOYS = Evidence("the toys (their `shows`, `hides` and any stand-in: where each is and what becomes of it)",
                    without(lambda thing, objects: not thing.get("structure")))

"""The forced-choice room the evaluation's Spatial Elimination, Number Comparison and Arithmetic scenes share.

A platform 0.5 m wide and 1 m tall runs the room's whole depth along x = 0 and
splits the floor into a left (x < 0) and a right side (x > 0). The performer
starts on it near the front wall; a small black block lies on the platform ahead
of it. Once the performer steps down to one side it cannot climb back, so it has
chosen (the room as measured: ``docs/fidelity/spatial_elimination.md``,
``docs/fidelity/number_comparison.md``). Number Comparison and Arithmetic add the
multi-retrieval goal (every ball on the chosen side) and an occluder wall over
each side, hung from a pole, that comes down to hide the balls; Arithmetic adds the
placers that set balls down on a side or lift them away (as measured:
``docs/fidelity/arithmetic.md``).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from scenegen.mcs.actions import Action
from scenegen.mcs.evidence import either, of_type, with_id_prefix, without
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.model import Goal, MaterialChange, Motion, SceneObject, Show
from scenegen.mcs.objects import OCCLUDER_MASS, TARGET_BALL_RADIUS, kinematic_structure, structure_cube
from scenegen.mcs.task import Refusal
from scenegen.mcs.timeline import ACTIVE, INACTIVE, RISE_WAIT, SPEED, Drop, drop_states
from scenegen.mcs.tracking.props import CYAN, MAGENTA
from scenegen.plugin.family import Evidence
from scenegen.plugin.params import number, one_of

#: The platform's width (x) and height; it runs the room's depth.
#: Where the balls lie is what says the side of a forced choice (the ball in sight, the side with more balls): the
#: task itself, which the shortcut probe leaves out: the balls, the placers that set them down or lift them, and the
#: goal's metadata, which names the balls to pick up (as the evaluation's multi-retrieval goals do).
THE_BALLS = Evidence("the balls, the placers moving them and the goal naming its targets (where each ball lies)",
                     without(either(of_type("soccer_ball"), with_id_prefix("placer_")), goal=("metadata",)))

PLATFORM_WIDTH = 0.5
PLATFORM_HEIGHT = 1.0
#: performerStart's y in every forced-choice scene of the evaluation.
PERFORMER_Y = 2.25
#: The black block on the platform ahead of the performer: its scale (x, y, z) and material.
STOP_BLOCK = (0.5, 0.25, 0.25)
STOP_MATERIAL = "Custom/Materials/Black"
SIDES = ("left", "right")
#: Config domains the forced-choice families with a dividing platform declare alike: a side of the platform, and a
#: place along z.
PLATFORM_SIDE = one_of("side", SIDES, "a side of the platform")
ALONG = number("along", -14, 14, "metres along z from the room's centre")
#: How many draws a family's feasibility probe lays out, and the least share of them that must lay a scene out
#: (:func:`scenegen.mcs.task.rarely_laid_out`; then a sample's 100 draws all fail less than once in 10,000 samples).
PROBES = 200
YIELD = 0.1


def side_of(x: float) -> str:
    """The side of the platform a point at ``x`` lies on."""
    return "left" if x < 0 else "right"


def other_side(side: str) -> str:
    """The side across the platform."""
    return "right" if side == "left" else "left"


def sign_of(side: str) -> int:
    """-1 on the left side, +1 on the right."""
    return -1 if side == "left" else 1


def dividing_platform(object_key: str, depth: float, material: str, height: float = PLATFORM_HEIGHT) -> SceneObject:
    """The platform splitting a room ``depth`` deep (``platform_`` id, lips all open); Agent Identification's is
    ``height`` 0.5 m tall."""
    return structure_cube(f"platform_{object_key}", (0, height / 2, 0), (PLATFORM_WIDTH, height, depth), material,
                          lips=True)


def stop_block(object_key: str, z: float) -> SceneObject:
    """The black block lying on the platform at ``z``, ahead of the performer (a ``wall_`` id)."""
    return structure_cube(f"wall_{object_key}", (0, PLATFORM_HEIGHT + STOP_BLOCK[1] / 2, z), STOP_BLOCK, STOP_MATERIAL)


def platform_reach(stop_z: float) -> float:
    """The farthest z the performer's centre reaches along the platform before the black block at ``stop_z``."""
    return stop_z - STOP_BLOCK[2] / 2 - PERFORMER_RADIUS


def start_refusals(low: Callable[[str], Any], high: Callable[[str], Any]) -> Iterator[Refusal]:
    """Why a config's performer may not start on the platform behind the black block, both inside the room (``low``
    and ``high``: the least and the most a parameter is drawn)."""
    if high("performer.z") >= platform_reach(low("platform.stop_z")):
        yield "performer.z", (f"a start at z {high('performer.z')} does not leave the performer behind the black "
                              f"block at z {low('platform.stop_z')}")
    if max(abs(low("performer.z")), abs(high("platform.stop_z"))) > low("room.depth") / 2 - PERFORMER_RADIUS:
        yield "performer.z", f"the start or the black block lies outside a room {low('room.depth')} m deep"


def sphere_hidden(eye: tuple[float, float, float], centre: tuple[float, float, float], radius: float,
                  box: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]) -> bool:
    """Whether a box standing on the floor hides a sphere wholly from ``eye`` (x, y, z), the box lying between them
    along +z: ``box`` is its (x, y, z) extents, low to high.

    Every sight line to the sphere lies inside its tangent wedges seen from above (x against z) and from the side
    (y against z); the sphere is hidden when both wedges, where they leave the box's far face, are still within
    the box's x extent and below its top (a line that is within the box at its far face entered it before)."""
    far = box[2][1] - eye[2]
    (low_x, high_x), (_, top), _ = box
    across = _wedge(centre[0] - eye[0], centre[2] - eye[2], radius)
    up = _wedge(centre[1] - eye[1], centre[2] - eye[2], radius)
    return (low_x <= eye[0] + far * across[0] and eye[0] + far * across[1] <= high_x
            and eye[1] + far * up[1] < top)


def _wedge(offset: float, ahead: float, radius: float) -> tuple[float, float]:
    """The least and greatest slope (offset per metre ahead) of a line from the origin touching a circle of
    ``radius`` at (``offset``, ``ahead``)."""
    centre, half = math.atan2(offset, ahead), math.asin(min(1.0, radius / math.hypot(offset, ahead)))
    return math.tan(centre - half), math.tan(centre + half)


#: How the multi-retrieval scenes name their targets, and the words each target's ``info`` lists.
MULTI_RETRIEVAL_DESCRIPTION = ("Find and pick up as many objects as possible of type: small light black white rubber "
                               "ball.")
BALL_INFO = ("small", "light", "black", "white", "rubber", "ball", "black white", "small light", "small rubber",
             "small black white", "small ball", "light rubber", "light black white", "light ball", "rubber black white",
             "rubber ball", "black white ball", "small light black white rubber ball")


def multi_retrieval_goal(target_ids: Sequence[str], last_step: int, actions: Sequence[Action] = (),
                         tied: Sequence[str] = ()) -> Goal:
    """The goal to pick up every ball in ``target_ids`` (``multi retrieval``), by ``last_step``. On a tie the
    balls of the other side, ``tied``, are listed after them, each ball's words marked ``target`` or ``non
    target``, and the goal asks for as many as one side holds (``pickup_number``), as the evaluation's tied scenes
    write it."""
    def listed(keys: Sequence[str], mark: tuple[str, ...]) -> list[dict[str, Any]]:
        return [{"id": key, "info": [*BALL_INFO, *mark]} for key in keys]

    if not tied:
        return Goal(category="multi retrieval", description=MULTI_RETRIEVAL_DESCRIPTION, last_step=last_step,
                    action_list=actions, metadata={"targets": listed(target_ids, ())})
    metadata = {"targets": listed(target_ids, ("target",)) + listed(tied, ("non target",)),
                "pickup_number": len(target_ids)}
    return Goal(category="multi retrieval", description=MULTI_RETRIEVAL_DESCRIPTION, last_step=last_step,
                action_list=actions, metadata=metadata)


#: The pole: its scale (a cylinder 2 m long at scale 1, lying along x), and how far above the wall's centre it hangs.
POLE_SCALE = (0.095, 0.6, 0.095)
POLE_LENGTH = 2 * POLE_SCALE[1]
POLE_RISE = 0.65


@dataclass(frozen=True)
class Occluder:
    """An occluder wall over one side: centred ``x`` from the platform's centre line at ``z``, its size, and how it
    comes down: ``steps`` steps from step 1, ``speed`` metres a step, until it stands on the floor."""

    x: float
    z: float
    width: float
    height: float
    thickness: float
    steps: int
    speed: float
    material: str

    @property
    def drop(self) -> float:
        """How far the wall comes down: from its start to the floor."""
        return self.steps * self.speed

    def box(self, side: str) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
        """The lowered wall's extents (x, y, z) on ``side``, low to high."""
        x = sign_of(side) * self.x
        return ((x - self.width / 2, x + self.width / 2), (0.0, self.height),
                (self.z - self.thickness / 2, self.z + self.thickness / 2))


def lowered_occluder(object_key: str, side: str, occluder: Occluder, pole_material: str) -> list[SceneObject]:
    """The occluder wall over ``side`` and the pole it hangs from (ids ``occluder_wall_``/``occluder_pole_`` and
    ``object_key``), both moving down together from step 1; the pole, turned 90 degrees about z, is moved along
    its own x, which is the room's -y."""
    sign, top = sign_of(side), occluder.height / 2 + occluder.drop
    wall = SceneObject(f"occluder_wall_{object_key}", "cube", mass=OCCLUDER_MASS, materials=[occluder.material],
                       kinematic=True, structure=True,
                       shows=[Show((sign * occluder.x, top, occluder.z), scale=(occluder.width, occluder.height,
                                                                                occluder.thickness))],
                       moves=[Motion(1, occluder.steps, (0, -occluder.speed, 0))])
    pole_x = sign * (occluder.x + occluder.width / 2 + POLE_LENGTH / 2)
    pole = SceneObject(f"occluder_pole_{object_key}", "cylinder", mass=OCCLUDER_MASS, materials=[pole_material],
                       kinematic=True, structure=True,
                       shows=[Show((pole_x, top + POLE_RISE, occluder.z), rotation=(0, 0, 90), scale=POLE_SCALE)],
                       moves=[Motion(1, occluder.steps, (-occluder.speed, 0, 0))])
    return [wall, pole]


#: The Arithmetic placers: a pole 8 m tall (a cylinder 2 m tall at scale 1) coming down :data:`PLACER_DESCENT`
#: steps at :data:`~scenegen.mcs.timeline.SPEED` until it touches the top of a ball on the floor.
PLACER_SCALE = (0.09, 4.0, 0.09)
PLACER_DESCENT = 30
#: A placer that adds nothing hangs this much higher than one holding a ball (the evaluation's 12.0 against 11.94).
EMPTY_ADD_RISE = 0.06
#: What a placer does: set a ball down, lift one away, or come down and go up empty as if adding or lifting.
PLACER_KINDS = ("add", "remove", "add_nothing", "remove_nothing")


def placer(object_key: str, x: float, z: float, start: int, kind: str) -> SceneObject:
    """A placer coming down over (x, z) from step ``start`` (``placer_`` id) to do ``kind``: adding, it holds its
    ball until it stands on the floor (Magenta, active), lets go (Cyan) and rises :data:`RISE_WAIT` steps later;
    lifting, it comes down empty (Cyan, inactive), grips the ball (Magenta, active) as a drop placer lets go, and
    rises with it; the empty ones move as a lifting one does."""
    drop = Drop(start, PLACER_DESCENT)
    adds = kind == "add"
    grip = drop.landed if adds else drop.release
    rise = (grip + RISE_WAIT, grip + RISE_WAIT + PLACER_DESCENT - 1)
    holding = kind in ("add", "add_nothing")
    states = drop_states(grip) if holding else (INACTIVE,) * (grip - 1) + (ACTIVE,)
    bottom = 2 * TARGET_BALL_RADIUS + PLACER_DESCENT * SPEED + (EMPTY_ADD_RISE if kind == "add_nothing" else 0.0)
    return kinematic_structure(f"placer_{object_key}", "cylinder", (x, round(bottom + PLACER_SCALE[1], 4), z),
                                PLACER_SCALE, MAGENTA if holding else CYAN,
                                moves=[Motion(start, drop.landed, (0, -SPEED, 0)), Motion(*rise, (0, SPEED, 0))],
                                change_materials=[MaterialChange(grip, [CYAN if holding else MAGENTA])],
                                states=states)


def carried(ball: SceneObject, start: int, kind: str) -> SceneObject:
    """A ball as a placer starting at ``start`` carries it: ``add``, held up high and set down on the floor, then
    given physics; ``remove``, made kinematic as the placer starts and lifted with it."""
    drop = Drop(start, PLACER_DESCENT)
    (x, _, z) = ball.shows[0].position
    if kind == "add":
        high = Show((x, round(TARGET_BALL_RADIUS + PLACER_DESCENT * SPEED, 4), z), scale=ball.shows[0].scale)
        return replace(ball, shows=[high], kinematic=True, moves=[Motion(start, drop.landed, (0, -SPEED, 0))],
                       toggle_physics=[drop.landed + 1])
    return replace(ball, kinematic=False, toggle_physics=[start], moves=[Motion(*drop.rise, (0, SPEED, 0))])

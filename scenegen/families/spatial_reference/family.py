"""The Spatial Reference family (MCS eval 7): two chests stand on the floor, one each side of the platform the
performer starts on; the ball is in one of them. Behind them a stage runs along the back wall with a turntable on
each side, and on the turntables stand a human agent, who comes to point at the ball's chest, and a blob, whose
nose comes to face a chest of its own choosing; either may stand alone. The agent points straight away or after
walking across its turntable, the blob faces its chest straight away or is turned there by its turntable. The
label is the chest the agent points at (the ball's)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.spatial_reference.declaration import DECLARATION
from scenegen.mcs.actions import passes
from scenegen.mcs.agent_acts import LEG_STEPS, POINT_STEPS, THE_POINT, one_leg, pointing
from scenegen.mcs.forced_choice import PLATFORM_WIDTH, PROBES, YIELD, other_side, sign_of
from scenegen.mcs.geometry.catalog import object_size, resting_y
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.model import AgentSettings, Motion, Scene, SceneObject, Show
from scenegen.mcs.objects import blob, human_agent, kinematic_structure, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility, rarely_laid_out
from scenegen.plugin.family import Evidence

#: Each agent type's outfit, as the evaluation dresses it (``docs/fidelity/spatial_reference.md``); the male's
#: writes no chestMaterial.
OUTFITS = {
    "agent_female_04": AgentSettings(chest=1, skin=0, chest_material=10, eyes=1, feet=0, feet_material=0, hair=3,
                                     hair_material=0, hat_material=-1, legs=0, legs_material=14),
    "agent_male_06": AgentSettings(chest=5, skin=3, chest_material=None, eyes=3, feet=2, feet_material=0, hair=4,
                                   hair_material=0, hat_material=-1, legs=1, legs_material=22),
}
BLOB_TYPE = "blob_13_nose"
CONTAINER_TYPE = "chest_1"
#: A chest_1's mass at scale 1 (the real scenes' 13.5 at scale 0.9; taken to scale linearly).
CONTAINER_MASS = 15.0
#: Where the ball lies inside its chest (its locationParent), and its mass at scale 1.
BALL_IN_CONTAINER, BALL_MASS = (0.0, 0.137, 0.0), 1.0
#: A turntable's scale y (it is scale y / 50 = 0.1 m thick), how far above its top the pointers stand, and how fast
#: it turns (degrees a step, anticlockwise seen from above).
TURNTABLE_SCALE_Y, STAND_GAP, TURN_SPEED = 5.0, 0.01, 5
TURNTABLE_HEIGHT = TURNTABLE_SCALE_Y * object_size("rotating_cog")[1]
#: The black block on the dividing platform: its scale and material.
STOP_BLOCK, STOP_MATERIAL = (0.5, 0.25, 0.25), "Custom/Materials/Black"
#: How near the facing a pointer's chest lies, at most, and how far off the other chest, at least (degrees).
AIM_TOLERANCE, AIM_SEPARATION = 3.0, 15.0
#: The least room left between two things that must not touch.
CLEARANCE = 0.05
#: How far a place written to the centimetre may lie from where it was worked out (diagonally).
PLACE_ROUNDING = 0.01

Point = tuple[float, float]


@dataclass(frozen=True)
class Pointer:
    """The agent or the blob: the side of its turntable, the side of the chest it ends facing, and its pose at the
    start and at the end."""

    side: str
    aim: str
    start: Point
    start_facing: int
    end: Point
    end_facing: int


@dataclass(frozen=True)
class Layout:
    agent: Pointer | None
    blob: Pointer | None
    #: How many steps the blob's turntable turns from step 1 (0: it does not).
    turn_steps: int
    #: The step the agent starts to point at (None: no agent).
    point_step: int | None


class SpatialReference(McsTask):
    name = "spatial_reference"
    description = "Spatial Reference: follow the agent's point to the chest with the ball, not the blob's (MCS eval 7)."
    makes = ("Spatial Reference",)
    about = ("MCS eval 7 Spatial Reference: two chests before a stage; on its turntables a human agent points at the "
             "chest holding the ball (straight away, or after walking across its turntable) and a blob faces a chest "
             "of its own with its nose (straight away, or turned there by its turntable); either may stand alone")
    label_about = ("the `container` side (`left`, `right`) and `container_id` of the ball's chest, which the agent "
                   "points at; the `agent_id` (None without an agent), its `agent_motion` and `point_step`; the "
                   "`blob_id`, the side the blob faces (`blob_faces`) and its `blob_motion`; the `cast`")
    declaration = DECLARATION
    answers = ("container",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"container": THE_POINT}
    cues = ("cast", "agent_motion", "blob_motion", "blob_faces")
    lays_out = "a Spatial Reference room"
    checks = "scenegen.families.spatial_reference.checks:spatial_reference_problems"
    ids = 12
    attempts = 100

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        attempt = _attempt(drawn)
        return attempt if isinstance(attempt, Layout) else None

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        height, stand = float(drawn["platform.height"]), _stand(drawn)
        containers = {side: _container(key, side, drawn) for side, key in zip(("left", "right"), ids[1:3],
                                                                                strict=True)}
        ball = SceneObject(ids[0], "soccer_ball", [Show(BALL_IN_CONTAINER)], materials=[], mass=BALL_MASS,
                           salient_materials=["rubber"], moveable=True, pickupable=True,
                           location_parent=containers[drawn["ball.side"]].id)
        pointers = [pointer for pointer in (layout.agent, layout.blob) if pointer is not None]
        turned = layout.blob.side if layout.blob is not None and layout.turn_steps else None
        turntables = [_turntable(key, side, drawn, layout.turn_steps if side == turned else 0)
                      for side, key in zip(("left", "right"), ids[5:7], strict=True)
                      if any(pointer.side == side for pointer in pointers)]
        stop = structure_cube(f"blocking_wall_{ids[7]}{ids[8]}", (0, height + STOP_BLOCK[1] / 2,
                                                                  float(drawn["platform.stop_z"])),
                              STOP_BLOCK, STOP_MATERIAL)
        standing = [*self._agent(ids[9], drawn, layout, stand), *_blob(ids[10], drawn, layout.blob, stand)]
        objects = [ball, containers["left"], containers["right"], *_platforms(ids[3:5], drawn), *turntables, stop,
                   *standing]
        last = layout.point_step + POINT_STEPS if layout.point_step is not None else layout.turn_steps
        scene = self.frame(drawn, (0.0, height, float(drawn["performer.z"])), objects, ball.id,
                           actions=passes(last), description="Find and pick up the tiny light black white rubber ball.")
        scene.performer_rotation = (float(drawn["performer.tilt"]), 0.0, 0.0)
        return scene, self._truth(drawn, layout, containers[drawn["ball.side"]].id, standing)

    def _agent(self, key: str, drawn: Mapping[str, Any], layout: Layout, stand: float) -> list[SceneObject]:
        """The agent, pointing at ``point_step`` after walking across its turntable if it walks (none: empty)."""
        if layout.agent is None or layout.point_step is None:
            return []
        pose = layout.agent
        agent = human_agent(key, drawn["agent.type"], *pose.start, pose.start_facing, OUTFITS[drawn["agent.type"]],
                            y=stand)
        agent.actions = pointing(layout.point_step)
        if pose.start != pose.end:
            agent.agent_movement = one_leg(layout.turn_steps + 1, pose.end)
        return [agent]

    def _truth(self, drawn: Mapping[str, Any], layout: Layout, container_id: str,
               standing: list[SceneObject]) -> dict[str, Any]:
        agent = next((item.id for item in standing if item.id.startswith("agent_")), None)
        blob_id = next((item.id for item in standing if item.id.startswith("blob_")), None)
        return {
            "container": drawn["ball.side"], "container_id": container_id, "cast": drawn["cast"],
            "agent_id": agent, "agent_motion": drawn["agent.motion"] if agent else None,
            "point_step": layout.point_step,
            "blob_id": blob_id, "blob_faces": layout.blob.aim if layout.blob else None,
            "blob_motion": drawn["blob.motion"] if blob_id else None,
        }

    @feasibility
    def _stage_and_platform(self) -> Iterator[Refusal]:
        """The turntables fit the stage, apart, with the pointers on them; the stage leaves the front half of the
        smallest room free; the performer starts on the dividing platform, inside the room and behind the black
        block."""
        low, high = self.parameters.low, self.parameters.high
        radius = high("turntable.diameter") / 2
        if high("turntable.x") + radius > low("room.width") / 2:
            yield "turntable.x", f"a turntable {high('turntable.x')} m out leaves a room {low('room.width')} m wide"
        if low("turntable.x") - radius < CLEARANCE:
            yield "turntable.x", f"turntables {low('turntable.x')} m out, {2 * radius} m across, touch each other"
        if 2 * radius > low("stage.depth"):
            yield "turntable.diameter", (f"a turntable {2 * radius} m across overhangs a stage {low('stage.depth')} m "
                                         "deep")
        if high("pointers.rim") + PLACE_ROUNDING > low("turntable.diameter") / 2:
            yield "pointers.rim", (f"a pointer {high('pointers.rim')} m from the centre stands off a turntable "
                                   f"{low('turntable.diameter')} m across")
        if high("stage.depth") > low("room.depth") / 2:
            yield "stage.depth", f"a stage {high('stage.depth')} m deep fills the back half of the room or more"
        if not low("performer.z") - PERFORMER_RADIUS > -low("room.depth") / 2:
            yield "performer.z", f"a start at z {low('performer.z')} is not inside a room {low('room.depth')} m deep"
        if high("performer.z") + PERFORMER_RADIUS >= low("platform.stop_z") - STOP_BLOCK[2] / 2:
            yield "performer.z", f"a start at z {high('performer.z')} is not behind the black block"

    @feasibility
    def _layouts_often(self) -> Iterator[Refusal]:
        """Enough draws lay the chests and the pointers out, each pointer's chest plainly the one it faces
        (:func:`scenegen.mcs.task.rarely_laid_out`)."""
        rng = np.random.default_rng(0)
        yield from rarely_laid_out((_attempt(self.draw(rng)) for _ in range(PROBES)), YIELD)


def _attempt(drawn: Mapping[str, Any]) -> Layout | Refusal:
    """The layout of a draw, or why it cannot be laid out (the parameter to blame and the reason)."""
    half = object_size(CONTAINER_TYPE)[0] * drawn["containers.scale"] / 2
    front = drawn["room.depth"] / 2 - drawn["stage.depth"]
    depth = object_size(CONTAINER_TYPE)[2] * drawn["containers.scale"] / 2
    if drawn["containers.x"] - half < PLATFORM_WIDTH / 2 + CLEARANCE or \
            drawn["containers.x"] + half > drawn["room.width"] / 2 - CLEARANCE:
        return "containers.x", "a chest touches the dividing platform or a wall"
    if drawn["containers.z"] + depth > front - CLEARANCE or drawn["containers.z"] - depth < -drawn["room.depth"] / 2:
        return "containers.z", "a chest touches the stage or the front wall"
    cast, ball = drawn["cast"], drawn["ball.side"]
    agent = blob_pose = None
    if cast in ("both", "agent"):
        side = ball if drawn["agent.aim"] == "straight" else other_side(ball)
        agent = _pointer(drawn, side, ball, 180 if drawn["agent.motion"] == "walk" else 0)
    if cast in ("both", "blob"):
        side = other_side(agent.side) if agent is not None else drawn["blob.side"]
        aim = side if drawn["blob.aim"] == "straight" else other_side(side)
        blob_pose = _pointer(drawn, side, aim, _start_turn(drawn, side, aim))
        if drawn["blob.motion"] == "turned" and blob_pose.start_facing == blob_pose.end_facing:
            return "blob.start", "a turned blob would start facing its chest already"
    if any(pointer is not None and not _plain_aim(drawn, pointer) for pointer in (agent, blob_pose)):
        return "containers.x", "from a turntable the two chests lie too near the same way to tell which is faced"
    turn_steps = (blob_pose.start_facing - blob_pose.end_facing) % 360 // TURN_SPEED if blob_pose is not None else 0
    walked = LEG_STEPS if agent is not None and agent.start != agent.end else 0
    return Layout(agent, blob_pose, turn_steps, turn_steps + 1 + walked if agent is not None else None)


def _pointer(drawn: Mapping[str, Any], side: str, aim: str, turn: int) -> Pointer:
    """A pointer on ``side``'s turntable ending on its rim facing ``aim``'s chest, from its centre; it starts
    ``turn`` degrees round (turned back by its turntable, or across it: 180 degrees, facing out)."""
    centre = _turntable_centre(drawn, side)
    chest = (sign_of(aim) * drawn["containers.x"], float(drawn["containers.z"]))
    facing = round(math.degrees(math.atan2(chest[0] - centre[0], chest[1] - centre[1]))) % 360
    start_facing = (facing + turn) % 360
    return Pointer(side, aim, _on_rim(drawn, centre, start_facing), start_facing, _on_rim(drawn, centre, facing),
                   facing)


def _start_turn(drawn: Mapping[str, Any], side: str, aim: str) -> int:
    """How far a turned blob's turntable turns it (0: it does not): from ``blob.start`` (measured from the back
    wall toward the turntable's outside) anticlockwise round to its chest, in whole steps."""
    if drawn["blob.motion"] != "turned":
        return 0
    start = sign_of(side) * int(drawn["blob.start"]) % 360
    facing = _pointer(drawn, side, aim, 0).end_facing
    return (start - facing) % 360 // TURN_SPEED * TURN_SPEED


def _plain_aim(drawn: Mapping[str, Any], pointer: Pointer) -> bool:
    """Whether the pointer's chest lies within :data:`AIM_TOLERANCE` of its facing at the end, the other chest at
    least :data:`AIM_SEPARATION` off it."""
    offsets = {}
    for side in ("left", "right"):
        bearing = math.degrees(math.atan2(sign_of(side) * drawn["containers.x"] - pointer.end[0],
                                          drawn["containers.z"] - pointer.end[1]))
        offsets[side] = abs((bearing - pointer.end_facing + 180) % 360 - 180)
    return offsets[pointer.aim] <= AIM_TOLERANCE and offsets[other_side(pointer.aim)] >= AIM_SEPARATION


def _turntable_centre(drawn: Mapping[str, Any], side: str) -> Point:
    return sign_of(side) * float(drawn["turntable.x"]), drawn["room.depth"] / 2 - drawn["stage.depth"] / 2


def _on_rim(drawn: Mapping[str, Any], centre: Point, facing: float) -> Point:
    """The point ``pointers.rim`` from ``centre`` in the direction ``facing`` (degrees from +z toward +x), to the
    centimetre."""
    angle, rim = math.radians(facing), float(drawn["pointers.rim"])
    return round(centre[0] + rim * math.sin(angle), 2), round(centre[1] + rim * math.cos(angle), 2)


def _stand(drawn: Mapping[str, Any]) -> float:
    """The height the pointers stand at: on a turntable on the stage."""
    return round(float(drawn["platform.height"]) + TURNTABLE_HEIGHT + STAND_GAP, 4)


def _container(key: str, side: str, drawn: Mapping[str, Any]) -> SceneObject:
    scale = float(drawn["containers.scale"])
    return SceneObject(key, CONTAINER_TYPE, [Show((sign_of(side) * float(drawn["containers.x"]), 0,
                                                   float(drawn["containers.z"])), (0.0, 180.0, 0.0),
                                                  (scale, scale, scale))],
                       materials=[drawn["containers.material"]], mass=round(CONTAINER_MASS * scale, 4),
                       salient_materials=["metal"], receptacle=True, openable=True)


def _platforms(keys: list[str], drawn: Mapping[str, Any]) -> list[SceneObject]:
    """The stage along the back wall and the dividing platform from the front wall to it."""
    height, depth, width = float(drawn["platform.height"]), float(drawn["room.depth"]), float(drawn["room.width"])
    stage, material = float(drawn["stage.depth"]), drawn["platform.material"]
    length = depth - stage
    return [structure_cube(f"platform_{keys[0]}", (0, height / 2, depth / 2 - stage / 2), (width, height, stage),
                           material, lips=True),
            structure_cube(f"platform_{keys[1]}", (0, height / 2, length / 2 - depth / 2),
                           (PLATFORM_WIDTH, height, length), material, lips=True)]


def _turntable(key: str, side: str, drawn: Mapping[str, Any], steps: int) -> SceneObject:
    """The turntable on ``side``, turning anticlockwise over ``steps`` steps from step 1 (0: still)."""
    x, z = _turntable_centre(drawn, side)
    diameter = float(drawn["turntable.diameter"])
    turns = [Motion(1, steps, (0, -TURN_SPEED, 0))] if steps else []
    return kinematic_structure(f"turntable_{key}", "rotating_cog",
                               (x, float(drawn["platform.height"]) + TURNTABLE_HEIGHT / 2, z),
                               (diameter, TURNTABLE_SCALE_Y, diameter), drawn["turntable.material"], rotates=turns)


def _blob(key: str, drawn: Mapping[str, Any], pose: Pointer | None, stand: float) -> list[SceneObject]:
    """The blob at its start (none: empty)."""
    if pose is None:
        return []
    scale = round(float(drawn["blob.scale"]), 4)
    return [blob(key, BLOB_TYPE, pose.start[0], round(resting_y(BLOB_TYPE, scale, stand), 4), pose.start[1],
                 pose.start_facing, scale, drawn["blob.material"])]

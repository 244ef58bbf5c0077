"""The Set Rotation family, visible and hidden (MCS eval 6/7, "Set Rotation", "Hidden Set Rotation").

One or more identical open containers stand in a row on a turntable in front of
the performer, through its centre or ``containers.offset`` off it. A placer
lowers the ball into one and lets it fall in; placers lower and attach a lid on
every container. Then either the turntable rotates 90 to 360 degrees (5 degrees
per step), carrying the containers, or the performer is forced
(``goal.action_list``) around the turntable, ending facing it. In hidden scenes
a tube occluder descends round the turntable just before, and rises once a full
360 degrees would have finished. The performer Passes whenever
anything moves.

Direction convention (seen from above, x right and z ahead of the performer):
``clockwise`` turns +z toward +x, i.e. MCS ``rotates.y`` = +5 per step, and the
turntable's near edge moves to the performer's left; for a forced walk,
clockwise is MoveLeft + RotateRight. (The evaluation scenes all use -5:
counter-clockwise.)

Pairs: the twin changes the ball's container, the direction, or the angle, so
that the answer changes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, ClassVar

import numpy as np

from scenegen.families.set_rotation.declaration import DECLARATION
from scenegen.families.set_rotation.layout import TURNTABLE_HEIGHT, TURNTABLE_SCALE_Y, row_error, row_offsets
from scenegen.families.set_rotation.script import FULL_TURN, TUBE, Timing, schedule, tube, turntable
from scenegen.families.set_rotation.walk import path as walk_path
from scenegen.mcs.evidence import either, of_type, without
from scenegen.mcs.geometry import PERFORMER_RADIUS, Boxes, InsideRoom, OutsideDisc
from scenegen.mcs.model import Scene, SceneObject
from scenegen.mcs.rotation import turned
from scenegen.mcs.task import Refusal, feasibility
from scenegen.mcs.timeline import BALL_DESCENT, LID_DESCENT, Drop
from scenegen.mcs.tracking import props
from scenegen.mcs.tracking.base import TrackingFamily
from scenegen.mcs.tracking.fit import layout_error
from scenegen.mcs.tracking.params import odd_container
from scenegen.plugin.family import Evidence

#: The ball and lid timeline of every Set Rotation scene (``docs/mcs_facts.md`` 3.3).
BALL_DROP = Drop(0, BALL_DESCENT)
#: How far apart (metres) the ball's container ends in the two scenes of a pair turned two ways: a pair's answers
#: must lie apart for the pair to tell the turns apart.
TWIN_APART = 0.1
LID_DROP = Drop(BALL_DROP.end + 1, LID_DESCENT)
#: Where the ball ends, as the performer then sees it, is what the ball going in, where the containers stand and
#: the turn (or the walk) show; the tube hiding the turn rises when a full turn would have ended, so it tells the
#: turn's kind and pace too.
THE_TURN = Evidence("the ball and the placer lowering it, every object's place (`shows`) and the turn (every "
                    "`rotates`, the forced walk's `goal.action_list`, the tube hiding it)",
                    without(either(props.BALL_AND_PLACER, of_type(TUBE)), keys=("shows", "rotates"),
                            goal=("action_list",)))



@dataclass(frozen=True)
class Plan:
    """Everything one scene depends on besides its drawn materials."""

    offsets: tuple[float, ...]  # container x relative to the turntable's centre, left to right
    row_z: float  # the row's z relative to the turntable's centre
    ball: int
    odd: int | None
    motion: str
    direction: str
    degrees: int
    hidden: bool


class SetRotation(TrackingFamily):
    name = "set_rotation"
    description = ("Set Rotation: track the container holding the ball while a turntable rotates or the performer "
                   "is walked round it, optionally hidden by a tube (MCS eval 6/7).")
    makes = ("Set Rotation", "Hidden Set Rotation")
    about = ("MCS Set Rotation: one to five containers on a turntable; ball in, lids on, then the turntable turns "
             "90-360° either way at 5° a step, or the performer is walked round it; `hidden: true` "
             "(`hidden_set_rotation.yaml`) lowers a tube occluder over the motion")
    label_about = ("the target container's id, its final position, the ball's container and what moved, as in the "
                   "shell game; and the performer's final pose and the container's position as the performer then "
                   "sees it")

    declaration = DECLARATION
    lays_out = "a set_rotation scene"
    answers = ("container_index", "relative_position.right", "relative_position.ahead")
    evidence: ClassVar[Mapping[str, Evidence]] = {
        "container_index": props.BALL_GOING_IN, "relative_position.right": THE_TURN,
        "relative_position.ahead": THE_TURN}

    def allocate(self, plan: Plan, rng: np.random.Generator) -> Keys:
        return Keys.draw(rng, len(plan.offsets))

    def _pair_values(self, plan: Plan, twin: Plan, factor: str) -> dict[str, Any]:
        field, meaning = _FACTORS[factor]
        return {"a": getattr(plan, field), "b": getattr(twin, field), "meaning": meaning}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Plan:
        count = drawn["containers.count"]
        offsets = row_offsets(count, drawn["containers.size"], drawn["turntable.radius"],
                              drawn["containers.spacing"], drawn["containers.spread"])
        row_z = drawn["containers.offset"]
        if drawn["ball.container"] == "first":
            ball = 0
        else:
            moving = _off_centre(offsets, row_z)
            ball = moving[int(rng.integers(len(moving)))]
        odd = odd_container(drawn["containers.odd"], drawn["containers.odd_index"], count, rng)
        return Plan(offsets, row_z, ball, odd, drawn["motion"], drawn["direction"], drawn["degrees"],
                    bool(drawn["hidden"]))

    def twin(self, drawn: Mapping[str, Any], plan: Plan, rng: np.random.Generator) -> Plan | None:
        """The plan with the drawn pair_factor changed so that the answer changes; None if it cannot."""
        factor = drawn["pair_factor"]
        if factor == "ball_container":
            options = [i for i in _off_centre(plan.offsets, plan.row_z) if i != plan.ball]
            if not options:
                return None
            return replace(plan, ball=options[int(rng.integers(len(options)))])
        if factor == "rotation_direction":
            if plan.degrees % 180 == 0:  # 180 or 360 degrees either way end in the same place
                return None
            flipped = "counter_clockwise" if plan.direction == "clockwise" else "clockwise"
            return _apart(drawn, plan, replace(plan, direction=flipped))
        angles = [d for d in self.parameters.support("degrees") if d % FULL_TURN != plan.degrees % FULL_TURN]
        if not angles:
            return None
        return _apart(drawn, plan, replace(plan, degrees=angles[int(rng.integers(len(angles)))]))

    # --- building ---------------------------------------------------------------------------

    def build(self, drawn: dict[str, Any], plan: Plan, keys: Keys,
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        count = len(plan.offsets)
        size, radius, centre_z = drawn["containers.size"], drawn["turntable.radius"], drawn["turntable.z"]
        performer_z = drawn["performer.z"]
        top = TURNTABLE_HEIGHT + size
        timing = _timing(plan, drawn)
        places = [(x, centre_z + plan.row_z) for x in plan.offsets]
        materials = [drawn["containers.odd_material"] if i == plan.odd else drawn["containers.material"]
                     for i in range(count)]

        objects: list[SceneObject] = [props.ball(keys.ball, *places[plan.ball], top, BALL_DROP)]
        objects += [props.container(keys.containers[i], x, z, TURNTABLE_HEIGHT, size, materials[i])
                    for i, (x, z) in enumerate(places)]
        objects += [props.lid(keys.lids[i], x, z, top, size, materials[i], keys.containers[i], LID_DROP)
                    for i, (x, z) in enumerate(places)]
        objects.append(props.ball_placer(keys.ball_placer, *places[plan.ball], top, BALL_DROP))
        objects += [props.lid_placer(keys.lid_placers[i], x, z, top, size, LID_DROP)
                    for i, (x, z) in enumerate(places)]
        objects.append(turntable(keys.turntable, radius, centre_z, drawn["turntable.material"], timing))
        if plan.hidden:
            objects.append(tube(keys.tube, radius + drawn["tube.margin"], centre_z, drawn["tube.material"], timing))

        scene = self._room_scene(drawn, performer_z, objects, timing.actions, keys.ball)
        return scene, _truth(plan, drawn, timing, keys.ball, keys.containers[plan.ball])

    # --- feasibility ------------------------------------------------------------------------

    @feasibility
    def _turntable_fits(self) -> Iterator[Refusal]:
        """The containers fit the turntable, the turntable (or tube) the room, and the performer and its walks
        stay clear of it."""
        p = self.parameters
        for count in p.support("containers.count"):
            for radius in {p.low("turntable.radius"), p.high("turntable.radius")}:
                for spread, offset in product({p.low("containers.spread"), p.high("containers.spread")},
                                              {p.low("containers.offset"), p.high("containers.offset")}):
                    for spacing in p.support("containers.spacing"):
                        reason = row_error(count, p.high("containers.size"), radius, spacing, spread, offset)
                        if reason:
                            yield "containers", (f"{count} containers of {p.high('containers.size')} m on a "
                                                 f"turntable of radius {radius} m: {reason}")
        room = (p.low("room.width"), p.low("room.depth"))
        hidden = True in p.support("hidden")
        outer = p.high("turntable.radius") + (p.high("tube.margin") if hidden else 0.0)
        what = "tube occluder" if hidden else "turntable"
        kind, scale = (TUBE, (2 * outer, 4.0, 2 * outer)) if hidden else (
            "rotating_cog", (2 * outer, TURNTABLE_SCALE_Y, 2 * outer))
        for centre_z in {p.low("turntable.z"), p.high("turntable.z")}:
            inside = InsideRoom(room, name="inside the room")
            reason = layout_error(kind, scale, [(f"the {what}", 0.0, centre_z)], [inside])
            if reason:
                yield "turntable", f"a {room[0]} x {room[1]} m room: {reason}"
        nearest = p.low("turntable.z") - p.high("performer.z")
        if nearest < outer + PERFORMER_RADIUS:
            yield "performer.z", (f"the performer starts {nearest} m from the turntable's centre, inside the {what} "
                                  f"(radius {outer} m)")
        if "performer" in p.support("motion"):
            yield from self._walks(room, outer, what)

    def _walks(self, room: tuple[float, float], outer: float, what: str) -> Iterator[Refusal]:
        """Every forced walk keeps the performer in the room and off the turntable (or tube)."""
        p = self.parameters
        for centre_z in {p.low("turntable.z"), p.high("turntable.z")}:
            for performer_z in {p.low("performer.z"), p.high("performer.z")}:
                distance = centre_z - performer_z
                for direction in p.support("direction"):
                    steps = walk_path(distance, direction, max(p.support("degrees")))
                    points = steps + np.array([0.0, performer_z])
                    body = Boxes(points, PERFORMER_RADIUS, 0.0)
                    for constraint in (InsideRoom(room, name="inside the room"),
                                       OutsideDisc((0.0, centre_z), outer, name=f"clear of the {what}")):
                        bad = np.flatnonzero(~constraint(body))
                        if len(bad):
                            x, z = points[bad[0]]
                            yield "performer.z", (f"the forced walk {distance:g} m round the turntable's centre "
                                                  f"takes the performer to ({x:.2f}, {z:.2f}), not {constraint.name}")

    @feasibility
    def _script_ends_in_time(self) -> Iterator[Refusal]:
        """The script ends before the last step."""
        p = self.parameters
        latest = max(schedule(motion, "clockwise", max(p.support("degrees")), bool(hidden), LID_DROP.end,
                              centre_z - performer_z).end
                     for motion in p.support("motion") for hidden in p.support("hidden")
                     for centre_z in {p.low("turntable.z"), p.high("turntable.z")}
                     for performer_z in {p.low("performer.z"), p.high("performer.z")})
        if latest >= self.last_step:
            yield "last_step", f"{self.last_step} ends the scene before the script does (step {latest})"

    @feasibility
    def _pairs_possible(self) -> Iterator[Refusal]:
        """In pair mode, some allowed factor can change the answer."""
        if not self.pairs:
            return
        p = self.parameters
        factors = set(p.support("pair_factor"))
        degrees = set(p.support("degrees"))
        if ("ball_container" in factors and max(p.support("containers.count")) >= 2) or \
                ("rotation_direction" in factors and degrees & {90, 270}) or \
                ("rotation_angle" in factors and len({d % FULL_TURN for d in degrees}) >= 2):
            return
        yield "pair_factor", (f"no allowed factor ({', '.join(sorted(factors))}) can change the answer: "
                              "ball_container needs two or more containers, rotation_direction 90 or 270 degrees, "
                              "rotation_angle two different angles")


def _off_centre(offsets: tuple[float, ...], row_z: float) -> list[int]:
    """The containers off the turntable's centre: those a turn or a walk moves (as the performer sees them)."""
    return [i for i, x in enumerate(offsets) if math.hypot(x, row_z) > 1e-6]


#: Per pair factor: the Plan field it changes, and what the pair record's values mean.
_FACTORS = {
    "ball_container": ("ball", "index (left to right) of the container the ball is dropped into"),
    "rotation_direction": ("direction", "direction of the turn or walk, seen from above"),
    "rotation_angle": ("degrees", "degrees of the turn or walk"),
}


@dataclass(frozen=True)
class Keys(props.PropKeys):
    """Object ids of one scene (shared by both documents of a pair)."""

    turntable: str
    tube: str

    @classmethod
    def draw(cls, rng: np.random.Generator, count: int) -> Keys:
        common, (turntable, tube) = props.draw_prop_keys(rng, count, 2)
        return cls(**common, turntable=f"turntable_{turntable}", tube=f"tube_occluder_{tube}")


def _apart(drawn: Mapping[str, Any], plan: Plan, twin: Plan) -> Plan | None:
    """``twin``, a plan turned otherwise than ``plan``, if the performer sees the ball's container end
    :data:`TWIN_APART` or more from where it sees it end in ``plan``; else None (a container near the
    turntable's centre ends in nearly one place however it turns, and the pair would not tell the turns
    apart)."""
    (right, ahead), (twin_right, twin_ahead) = (_seen(*_end(p, drawn, _timing(p, drawn))) for p in (plan, twin))
    return twin if math.hypot(right - twin_right, ahead - twin_ahead) >= TWIN_APART else None


def _timing(plan: Plan, drawn: Mapping[str, Any]) -> Timing:
    """When the turn or walk of ``plan`` happens, and (for a walk) where it takes the performer."""
    return schedule(plan.motion, plan.direction, plan.degrees, plan.hidden, LID_DROP.end,
                    drawn["turntable.z"] - drawn["performer.z"])


def _place(plan: Plan, drawn: Mapping[str, Any]) -> tuple[float, float]:
    """Where the ball's container stands (x, z) before the turn."""
    return plan.offsets[plan.ball], drawn["turntable.z"] + plan.row_z


def _end(plan: Plan, drawn: Mapping[str, Any],
         timing: Timing) -> tuple[tuple[float, float], tuple[float, float, float]]:
    """Where the ball's container ends (x, z), and the performer's pose then (x, z, heading)."""
    centre_z, performer_z = drawn["turntable.z"], drawn["performer.z"]
    place = _place(plan, drawn)
    if plan.motion == "turntable":
        dx, dz = turned(place[0], place[1] - centre_z, _turn(plan))
        return (round(dx, 6), round(dz + centre_z, 6)), (0.0, performer_z, 0.0)
    dx, dz, heading = timing.walked
    return place, (dx, performer_z + dz, heading)


def _seen(final: tuple[float, float], pose: tuple[float, float, float]) -> tuple[float, float]:
    """Where the performer at ``pose`` sees the point ``final``: to its right, and ahead."""
    return turned(final[0] - pose[0], final[1] - pose[1], -pose[2])


def _turn(plan: Plan) -> int:
    """The turn in degrees, clockwise positive."""
    return plan.degrees if plan.direction == "clockwise" else -plan.degrees


def _truth(plan: Plan, drawn: Mapping[str, Any], timing: Timing, target: str, container: str) -> dict[str, Any]:
    place = _place(plan, drawn)
    final, pose = _end(plan, drawn, timing)
    container_turn = float(_turn(plan)) if plan.motion == "turntable" else 0.0
    right, ahead = _seen(final, pose)
    return {
        "target_id": target,
        "container_id": container,
        "container_index": plan.ball,
        "start_position": {"x": place[0], "z": place[1]},
        "final_position": {"x": final[0], "z": final[1]},
        "final_rotation_y": container_turn,
        "moved": plan.motion,
        "direction": plan.direction,
        "degrees": plan.degrees,
        "hidden": plan.hidden,
        "odd_container_index": plan.odd,
        "performer_final": {"x": round(pose[0], 6) + 0.0, "z": round(pose[1], 6) + 0.0, "rotation_y": pose[2]},
        "relative_position": {"right": round(right, 6) + 0.0, "ahead": round(ahead, 6) + 0.0},
        "ball_released_step": BALL_DROP.release,
        "lids_attached_step": LID_DROP.landed,
        "motion_steps": [timing.begin, timing.turned],
        "performer_free_step": timing.end + 1,
    }


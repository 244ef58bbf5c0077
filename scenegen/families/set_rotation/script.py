"""What happens once the lids are on: the tube, the turn or the forced walk, and the action list.

Steps are the evaluation's (``docs/mcs_facts.md`` 5.2-5.5): in a visible scene the
turntable starts turning, 5 degrees a step, on step 80, while the lid placers
are still rising (:data:`~scenegen.mcs.timeline.AFTER_LIDS`), and a forced walk's
first action comes a step later; in a hidden scene the tube descends for 15
steps once the lid placers are up, and the turn starts on the step after,
the walk a step later again. The tube rises a fixed number of steps after a full
360-degree turn or walk would have ended, and the performer is made to Pass on
every step something moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from scenegen.families.set_rotation.layout import TURNTABLE_HEIGHT, TURNTABLE_SCALE_Y
from scenegen.families.set_rotation.walk import walk
from scenegen.mcs.actions import Action, passes
from scenegen.mcs.model import Motion, SceneObject
from scenegen.mcs.objects import kinematic_structure
from scenegen.mcs.timeline import AFTER_LIDS, SPEED
from scenegen.mcs.tracking.props import ROOM_HEIGHT

DEGREES_PER_STEP = 5
TUBE_DESCENT = 15  # steps of 0.25 m: from above the ceiling down to the floor
FULL_TURN = 360
#: Steps from the last step of a full 360-degree turn, or walk, to the first of the tube's rise (170 and 424).
TUBE_WAIT = {"turntable": 2, "performer": 3}
#: The tube occluder's type.
TUBE = "tube_wide"
#: Steps the action list of a hidden scene runs past the tube's rise (188 and 439 long in every evaluation scene).
HIDDEN_TAIL = {"turntable": 4, "performer": 1}


@dataclass(frozen=True)
class Timing:
    """When things happen once the lids are on, and the performer's actions (one per step, from step 1)."""

    begin: int  # first step of the rotation or walk
    turned: int  # its last step
    rotation: Motion | None
    tube_down: tuple[int, int] | None
    tube_up: tuple[int, int] | None
    actions: tuple[Action, ...]
    walked: tuple[float, float, float]  # the performer's (dx, dz, heading) at the end of its walk

    @property
    def end(self) -> int:
        """The last step whose action is forced."""
        return len(self.actions)


@lru_cache(maxsize=1024)
def schedule(motion: str, direction: str, degrees: int, hidden: bool, lids_up: int, distance: float) -> Timing:
    """Steps of the tube, the rotation or walk, and the action list, once the lid placers are up at ``lids_up``.

    ``distance`` is how far the performer starts from the turntable's centre. The result is
    shared between scenes.
    """
    tube_down = (lids_up + 1, lids_up + TUBE_DESCENT) if hidden else None
    start = tube_down[1] + 1 if tube_down else lids_up + AFTER_LIDS
    sign = 1.0 if direction == "clockwise" else -1.0
    rotation = None
    walked = (0.0, 0.0, 0.0)
    forced: tuple[Action, ...] = ()
    if motion == "turntable":
        first, duration = start, degrees // DEGREES_PER_STEP
        full_end = start + FULL_TURN // DEGREES_PER_STEP - 1
        rotation = Motion(start, start + duration - 1, (0.0, sign * DEGREES_PER_STEP, 0.0))
    else:
        # A walk's first action is the one after step `start`'s: action_list[start] is step start + 1. The
        # performer walks round the other way, so that the containers turn `direction` as it sees them.
        around = walk_direction(direction)
        steps = walk(distance, around, degrees)
        forced, first, duration = steps.actions, start + 1, len(steps.actions)
        full_end = start + len(walk(distance, around, FULL_TURN).actions)
        walked = (steps.dx, steps.dz, steps.heading)
    turned = first + duration - 1
    tube_up = None
    length = turned
    if hidden:
        rise = full_end + TUBE_WAIT[motion]
        tube_up = (rise, rise + TUBE_DESCENT - 1)
        length = tube_up[1] + HIDDEN_TAIL[motion]
    actions = passes(first - 1) + forced + passes(length - turned) if forced else passes(length)
    return Timing(first, turned, rotation, tube_down, tube_up, actions, walked)


def walk_direction(direction: str) -> str:
    """Which way the performer walks round the turntable for the containers to turn ``direction`` as it sees
    them: the other way (the evaluation turns its turntable counter-clockwise and walks its performer clockwise)."""
    return "counter_clockwise" if direction == "clockwise" else "clockwise"


def turntable(key: str, radius: float, centre_z: float, material: str, timing: Timing) -> SceneObject:
    scale = (2 * radius, TURNTABLE_SCALE_Y, 2 * radius)
    return kinematic_structure(key, "rotating_cog", (0.0, TURNTABLE_HEIGHT / 2, centre_z), scale, material,
                               rotates=[timing.rotation] if timing.rotation else [])


def tube(key: str, radius: float, centre_z: float, material: str, timing: Timing) -> SceneObject:
    """The tube occluder: above the ceiling, down round the turntable, and up again."""
    scale = (round(2 * radius, 4), ROOM_HEIGHT, round(2 * radius, 4))
    high = 1.5 * ROOM_HEIGHT - SPEED  # 5.75: it descends 3.75 m to stand on the floor
    if timing.tube_down is None or timing.tube_up is None:
        raise ValueError("a tube needs a hidden scene's timing")
    return kinematic_structure(key, TUBE, (0.0, high, centre_z), scale, material,
                               moves=[Motion(*timing.tube_down, (0.0, -SPEED, 0.0)),
                                      Motion(*timing.tube_up, (0.0, SPEED, 0.0))])

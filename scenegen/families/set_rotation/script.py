"""What happens once the lids are on: the tube, the turn or the forced walk, and the action list.

Steps follow ``docs/mcs_facts.md`` 5.2-5.5, with every phase starting the step
after the previous one ends: the tube (hidden scenes) descends for 15 steps, the
turntable turns 5 degrees per step or the performer walks, and the tube rises 2
steps after a full 360-degree turn (or walk) would have ended. The performer is
made to Pass on every step something moves.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ...mcs.actions import Action, passes
from ...mcs.objects import kinematic_structure
from ...mcs.timeline import SPEED
from ...mcs.tracking.props import ROOM_HEIGHT
from ...model import Motion, SceneObject
from .layout import TURNTABLE_HEIGHT, TURNTABLE_SCALE_Y
from .walk import walk

DEGREES_PER_STEP = 5
TUBE_DESCENT = 15  # steps of 0.25 m: from above the ceiling down to the floor
#: The tube rises this many steps after a full 360-degree turn (or walk) would have ended.
TUBE_WAIT = 2
FULL_TURN = 360


@dataclass(frozen=True)
class Timing:
    """When things happen once the lids are on, and the performer's actions."""

    begin: int  # first step of the rotation or walk
    turned: int  # its last step
    rotation: Motion | None
    tube_down: tuple[int, int] | None
    tube_up: tuple[int, int] | None
    actions: tuple[Action, ...]
    walked: tuple[float, float, float]  # the performer's (dx, dz, heading) at the end of its walk

    @property
    def end(self) -> int:
        return self.tube_up[1] if self.tube_up else self.turned


@lru_cache(maxsize=1024)
def schedule(motion: str, direction: str, degrees: int, hidden: bool, first: int, distance: float) -> Timing:
    """Steps of the tube, the rotation or walk, and the action list, starting at step ``first``.

    ``distance`` is how far the performer starts from the turntable's centre. The result is
    shared between scenes.
    """
    tube_down = (first, first + TUBE_DESCENT - 1) if hidden else None
    start = tube_down[1] + 1 if tube_down else first
    sign = 1.0 if direction == "clockwise" else -1.0
    rotation = None
    walked = (0.0, 0.0, 0.0)
    if motion == "turntable":
        duration, full = degrees // DEGREES_PER_STEP, FULL_TURN // DEGREES_PER_STEP
        rotation = Motion(start, start + duration - 1, (0.0, sign * DEGREES_PER_STEP, 0.0))
        forced: tuple[Action, ...] = ()
    else:
        steps = walk(distance, direction, degrees)
        forced = steps.actions
        duration, full = len(forced), len(walk(distance, direction, FULL_TURN).actions)
        walked = (steps.dx, steps.dz, steps.heading)
    turned = start + duration - 1
    tube_up = None
    if hidden:
        rise = start + full - 1 + TUBE_WAIT
        tube_up = (rise, rise + TUBE_DESCENT - 1)
    end = tube_up[1] if tube_up else turned
    # A walk's first action is on step `start` (action_list[start - 1]).
    actions = passes(start - 1) + forced + passes(end - turned) if forced else passes(end)
    return Timing(start, turned, rotation, tube_down, tube_up, actions, walked)


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
    return kinematic_structure(key, "tube_wide", (0.0, high, centre_z), scale, material,
                               moves=[Motion(*timing.tube_down, (0.0, -SPEED, 0.0)),
                                      Motion(*timing.tube_up, (0.0, SPEED, 0.0))])

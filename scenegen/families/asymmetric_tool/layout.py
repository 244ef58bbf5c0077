"""Where an Asymmetric Tool scene's lava and hooked tool lie, in the lane frame of the pull.

The lane frame puts the ball at the origin with the pull along +v, toward the
floor (see :mod:`scenegen.mcs.tools.layout`; how far the tool is pulled and how
long it must be: :mod:`scenegen.mcs.tools.hooks`). The lava spans the room's whole
width and runs from the wall behind the ball to ``before`` cells past it, so it
reaches three walls (``docs/mcs_facts.md`` 10.4). The tool lies along v with its
hook (the short arm, at its far end) ``gap`` behind the ball, centred on the
ball's line, and its long arm reaching out of the lava toward the performer.
A *rotated* tool lies about the same centre turned away from the ball, the way
that opens the corner of its arms to the ball, so that turned back it takes
the ball in that corner (``scenegen.mcs.tools.turning``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from scenegen.mcs.objects import TARGET_BALL_RADIUS
from scenegen.mcs.tools.hooks import OUT_OF_LAVA, far_end, pull_distance
from scenegen.mcs.tools.lanes import STANDING_DEPTH
from scenegen.mcs.tools.layout import TURN_MARGIN
from scenegen.mcs.tools.plans import SIDESTEP, SIDESTEP_MARGIN

#: How far at least a rotated tool's corner nearest the floor still reaches out of the lava.
TURNED_OUT_OF_LAVA = OUT_OF_LAVA / 2
#: Where the tool lies: in its pull pose; turned about the same centre away from the ball (to be turned back
#: before the pull); or turned about it across the ball's side (to be slid aside, turned and slid back first).
PLACEMENTS = ("aligned", "rotated", "across")


@dataclass(frozen=True)
class Hook:
    """The tool in the lane frame: its length, arm width and lateral half-extent, and the hook's gap to the ball."""

    length: int
    width: float
    half_across: float
    gap: float

    @property
    def far_end(self) -> float:
        """v of the tool's far end: the back of its hook."""
        return far_end(self.gap, self.width)

    @property
    def centre(self) -> float:
        return self.far_end + self.length / 2

    @property
    def near_end(self) -> float:
        return self.far_end + self.length


def half_across(shape: str, width: float, length: int) -> float:
    """Half the tool's extent across the pull: 3W for a hooked tool, L for an isosceles one."""
    return (3 * width if shape == "hooked" else length) / 2


def depth_needed(behind: int, before: int, hook: Hook) -> float:
    """The room's depth along the pull that the lava, the tool and the pull need: from the wall behind the ball
    to where the performer stands at the end of the pull."""
    return behind + 0.5 + hook.near_end + pull_distance(before, hook.gap) + STANDING_DEPTH


def turn_extent(hook: Hook, turn: float) -> tuple[float, float]:
    """Half-extents (across, along the pull) of the room a rotated tool's box sweeps about its centre turning back
    from ``turn`` degrees, with a margin so that writing its pose to centimetres never brings it nearer a wall."""
    across, along = hook.half_across, hook.length / 2
    return (_largest_turned(across, along, turn) + TURN_MARGIN, _largest_turned(along, across, turn) + TURN_MARGIN)


def turning_reach(hook: Hook) -> float:
    """Radius of the disc the tool's box sweeps turning about its centre."""
    return math.hypot(hook.half_across, hook.length / 2)


def sidestep(hook: Hook) -> float:
    """How far across the pull a tool laid across the ball's side is slid aside before it turns: to where the disc
    it sweeps turning clears the ball as the checks want it (:mod:`scenegen.mcs.tools.plans`), in their steps."""
    clearance = turning_reach(hook) + TARGET_BALL_RADIUS + SIDESTEP_MARGIN
    aside = math.sqrt(max(0.0, clearance**2 - hook.centre**2))
    return math.ceil(aside / SIDESTEP) * SIDESTEP


def across_extent(hook: Hook) -> tuple[float, float]:
    """Half-extents (across, along the pull) of the room a tool laid across the ball's side needs about its pull
    pose's centre: the disc it turns in, slid aside either way, with the margin of :func:`turn_extent`."""
    reach = turning_reach(hook) + TURN_MARGIN
    return sidestep(hook) + reach, reach


def _largest_turned(cos_part: float, sin_part: float, turn: float) -> float:
    """The largest ``cos_part * cos(t) + sin_part * sin(t)`` for t from 0 to ``turn`` degrees (a box's half-extent
    along one axis as it turns)."""
    peak = math.degrees(math.atan2(sin_part, cos_part))
    if peak <= turn:
        return math.hypot(cos_part, sin_part)
    return max(cos_part, cos_part * math.cos(math.radians(turn)) + sin_part * math.sin(math.radians(turn)))


def turned_reach_loss(hook: Hook, turn: float) -> float:
    """How much less far out of the lava a tool turned ``turn`` degrees the way a rotated tool is turned reaches
    than the aligned tool: its nearest corner to the floor is then the long arm's outer corner at the near end."""
    radians = math.radians(turn)
    return hook.length / 2 * (1 - math.cos(radians)) - hook.half_across * math.sin(radians)

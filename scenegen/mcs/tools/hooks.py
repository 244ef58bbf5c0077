"""An L-shaped tool laid to pull the ball out of lava: how far it is pulled, and how long it must be.

In the lane frame of the pull (the ball at the origin, the pull along +v, toward
the floor; see :mod:`.layout`) the tool lies along v with its hook (the short arm,
at its far end) ``gap`` behind the ball and its long arm reaching out of the lava,
whose edge toward the floor is ``before`` cells past the ball's cell. Pulled
straight until the hook's face reaches that edge, it drags the ball out
(``docs/mcs_facts.md`` 10.4, 10.5).
"""

from __future__ import annotations

from scenegen.mcs.objects import TARGET_BALL_RADIUS
from scenegen.mcs.tools.kinds import HOOKED_LENGTHS

#: How far at least the tool's near end reaches out of the lava, so the performer takes hold of it from the floor.
OUT_OF_LAVA = 1.0


def far_end(gap: float, width: float) -> float:
    """v of the tool's far end (the back of its hook of arm ``width``) when the hook lies ``gap`` behind the ball."""
    return -(TARGET_BALL_RADIUS + gap) - width


def pull_distance(before: int, gap: float) -> float:
    """How far the tool is pulled: the hook's face from behind the ball to the lava's edge."""
    return before + 0.5 + TARGET_BALL_RADIUS + gap


def least_length(before: int, gap: float, width: float) -> float:
    """The length a tool needs for its near end to reach OUT_OF_LAVA past the lava's edge."""
    return before + 0.5 + OUT_OF_LAVA - far_end(gap, width)


def hook_length(before: int, gap: float, width: float, extra: int) -> int | None:
    """The shortest hooked length at least ``extra`` metres over the least, the longest if that is too long; None
    when even the longest is shorter than the least."""
    least = least_length(before, gap, width)
    if least > max(HOOKED_LENGTHS):
        return None
    return next((length for length in HOOKED_LENGTHS if length >= least + extra), max(HOOKED_LENGTHS))

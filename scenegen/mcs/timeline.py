"""Step timings of placers, as in the evaluation scenes (``docs/mcs_facts.md`` 3.3, 4.2).

Every placer, carried object and dragged container moves 0.25 m per step.
Step ranges are inclusive. A scene is a sequence of phases (drop the ball, drop
the lids, drag a container, rotate...), each starting where the evaluation
starts it: mostly the step after the previous one ended, but what follows the
lids begins while their placers are still rising (:data:`AFTER_LIDS`), and what
follows a drag begins on the step its dragger is up (:data:`AFTER_DRAG`). The
placers then share a step or two in the air, far above the containers.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

SPEED = 0.25  # metres per step

#: Steps a drop placer descends with the ball, with a lid; and a dragger descends to its container.
BALL_DESCENT = 15
LID_DESCENT = 16
DRAGGER_DESCENT = 14
#: A drop placer lets go this many steps after its descent ends, and rises this many steps after letting go.
RELEASE_WAIT = 6
RISE_WAIT = 5
#: A dragger grabs (turns Magenta) this many steps after its descent, and drags after DRAG_WAIT;
#: it lets go GRAB_WAIT steps after the drag and rises DRAG_WAIT steps after it.
GRAB_WAIT = 2
DRAG_WAIT = 5

#: Steps from the lid placers' last step to the first step of the first drag, turn or walk that follows (80 after
#: lid placers up at 81, in every drop-first Shell Game and visible Set Rotation scene).
AFTER_LIDS = -1
#: Steps from a dragger's last step to the first step of what follows it (a second dragger, the ball's placer).
AFTER_DRAG = 0

#: How many ``inactive`` entries a dragger's ``states`` list after it lets go: the list stops three steps
#: before its pole is up (every dragger of the real Shell Game scenes).
DRAGGER_STATES_AFTER = 13

#: One step's ``states`` entry of a placer (a tuple, as the state lists are shared between scenes).
ACTIVE = ("active",)
INACTIVE = ("inactive",)


@dataclass(frozen=True)
class Drop:
    """A placer descending with its load from ``start``, letting go, and rising again."""

    start: int
    descent: int

    @property
    def landed(self) -> int:
        """Last step of the descent: the load rests on its target (a lid attaches here)."""
        return self.start + self.descent - 1

    @property
    def release(self) -> int:
        """The placer lets go (a ball gets physics; the placer turns Cyan)."""
        return self.landed + RELEASE_WAIT

    @property
    def rise(self) -> tuple[int, int]:
        begin = self.release + RISE_WAIT
        return begin, begin + self.descent - 1

    @property
    def end(self) -> int:
        return self.rise[1]


@dataclass(frozen=True)
class Drag:
    """A dragger descending onto a container from ``start``, dragging it in three legs, and rising.

    The legs are ``toward`` steps toward the performer (-z), ``abs(sideways)`` steps
    along x (its sign gives the direction), then ``toward`` steps away (+z).
    """

    start: int
    toward: int
    sideways: int

    @property
    def landed(self) -> int:
        return self.start + DRAGGER_DESCENT - 1

    @property
    def grab(self) -> int:
        return self.landed + GRAB_WAIT

    @property
    def legs(self) -> tuple[tuple[int, int, float, float], ...]:
        """``(first step, last step, dx, dz)`` per step of each leg."""
        first = self.landed + DRAG_WAIT
        across = abs(self.sideways)
        sign = 1.0 if self.sideways > 0 else -1.0
        return (
            (first, first + self.toward - 1, 0.0, -SPEED),
            (first + self.toward, first + self.toward + across - 1, sign * SPEED, 0.0),
            (first + self.toward + across, first + 2 * self.toward + across - 1, 0.0, SPEED),
        )

    @property
    def dragged(self) -> int:
        """Last step of the drag."""
        return self.legs[2][1]

    @property
    def let_go(self) -> int:
        return self.dragged + GRAB_WAIT

    @property
    def rise(self) -> tuple[int, int]:
        begin = self.dragged + DRAG_WAIT
        return begin, begin + DRAGGER_DESCENT - 1

    @property
    def end(self) -> int:
        return self.rise[1]


@cache
def drop_states(release: int) -> tuple[tuple[str, ...], ...]:
    """A drop placer's ``states`` as the evaluation writes them (``docs/mcs_facts.md`` 3.2): active while it
    holds its load, one ``inactive`` at index ``release - 1``, and nothing after (the list ends at the release)."""
    return (ACTIVE,) * (release - 1) + (INACTIVE,)


@cache
def drag_states(grab: int, let_go: int) -> tuple[tuple[str, ...], ...]:
    """A dragger's ``states`` as the evaluation writes them (``docs/mcs_facts.md`` 3.2): active from the grab
    until it lets go, inactive before, and :data:`DRAGGER_STATES_AFTER` inactive entries after letting go."""
    return (INACTIVE,) * grab + (ACTIVE,) * (let_go - grab) + (INACTIVE,) * DRAGGER_STATES_AFTER

"""The timeline of one file of a pair: every agent's keyframes, the goal object's shows and colour changes,
and the trials, with the evaluation's timings."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from scenegen.mcs.gridworld.cast import Keyframe
from scenegen.mcs.gridworld.motion import Point
from scenegen.mcs.gridworld.patterns import Pattern, Walk, turning_steps

# Timings measured on the evaluation pairs (docs/mcs_facts.md 13.4).
#: Steps from one mover's last keyframe to the next mover's first, per task.
TURN_GAP = {"approach": 3, "imitation": 4}
#: Steps from the test trial's last keyframe to the scene's last step, per task.
TEST_END = {"approach": 3, "imitation": 4}
#: The agents' roles: ``main`` is the agent whose preference the scene is about (it approaches in Approach and
#: imitates in Imitation), ``preferred`` the one it showed a preference for in the familiarisation trials, and
#: ``other`` the third.
ROLES = ("main", "preferred", "other")

#: (step, x, z): where an agent is from that step on.


@dataclass
class Take:
    """One file's timeline: every agent's keyframes, the goal's, its colour changes and the trials."""

    tracks: dict[str, list[Keyframe]] = field(default_factory=lambda: {role: [] for role in ROLES})
    goal: list[Keyframe] = field(default_factory=list)
    goal_hidden: int | None = None
    #: Steps the goal turns red (True) or back to its colour (False).
    changes: list[tuple[int, bool]] = field(default_factory=list)
    #: Each familiarisation trial's (first step, first step of the next).
    trials: list[tuple[int, int]] = field(default_factory=list)
    test_start: int = 0
    last_step: int = 0

    def copy(self) -> Take:
        return replace(self, tracks={role: list(frames) for role, frames in self.tracks.items()},
                       goal=list(self.goal), changes=list(self.changes), trials=list(self.trials))

    def stand(self, role: str, step: int, point: Point) -> None:
        """``role`` stands at ``point`` from ``step`` (no keyframe when it already does)."""
        track = self.tracks[role]
        if not track or track[-1][1:] != point:
            track.append((step, *point))

    def move(self, role: str, first: int, walk: Walk) -> int:
        """``role`` walks ``walk`` from step ``first``; the step of its last keyframe."""
        xs, zs = walk
        self.tracks[role].extend(zip(range(first, first + len(xs)), xs, zs, strict=True))
        return first + len(xs) - 1

    def touch(self, steps: Sequence[int]) -> None:
        """The goal is touched on each of ``steps``: each touch turns it red, or back when it is red."""
        for step in steps:
            self.changes.append((step, not self.red))

    @property
    def red(self) -> bool:
        return bool(self.changes) and self.changes[-1][1]

    def next_trial(self, start: int, end: int) -> None:
        """Close a familiarisation trial ``[start, end)``; the goal is its own colour again for the next."""
        self.trials.append((start, end))
        if self.red:
            self.changes.append((end, False))


def columns(points: Sequence[Point]) -> Walk:
    """Keyframe positions given as points, as a :data:`Walk`."""
    return [x for x, _ in points], [z for _, z in points]


def touch_steps(first: int, pattern: Pattern) -> list[int]:
    """The steps an agent walking ``pattern`` from step ``first`` stands at its last leg's far end."""
    return [first + step for step in turning_steps(pattern)]

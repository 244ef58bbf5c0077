"""The actors of the passive-agent grid worlds, shared by every family set in one (Helper/Hinderer,
True/False Belief, Approach and Imitation): blob agents and goal objects at the scale the evaluation scenes
use, the keyframes they move by, and the room, views and colours those scenes share (``docs/mcs_facts.md`` 7).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeVar

import numpy as np

from scenegen.mcs.geometry import footprint, object_size, resting_y
from scenegen.mcs.model import Keyframes, MaterialChange, SceneObject, Show, Vec3

T = TypeVar("T")

#: (step, x, z): where an actor is from that step on.
Keyframe = tuple[int, float, float]

ROOM: Vec3 = (10, 3, 10)

#: The evaluation scenes' pauses around a trial's walks, in steps (docs/mcs_facts.md 7.4): from a trial's first
#: step to its first moving keyframe, from a familiarisation walk's last keyframe to EndHabituation (where the next
#: trial begins), and from the test walk's last keyframe to the scene's last step.
START_DELAY, END_DELAY, TEST_END_DELAY = 3, 5, 4

WALL_HEIGHT = 0.125
WALL_MATERIAL = "Custom/Materials/Black"
HIGHLIGHT = "Custom/Materials/Red"
PILLAR_SCALE: Vec3 = (0.5, 3, 0.5)
ZERO: Vec3 = (0, 0, 0)

#: The converter's size factor per blob (scale = factor * 0.3, so the larger side is about 0.3 m).
BLOB_FACTORS: dict[str, float] = {
    "blob_02": 3.03, "blob_03": 4.0, "blob_04": 3.33, "blob_05": 2.63,
    "blob_07": 4.0, "blob_10": 4.16, "blob_11": 2.85, "blob_12": 3.33,
}
#: Goal object scale and rotation per type: those the evaluation scenes use as they use them (docs/mcs_facts.md 1,
#: 12.2, 13.2: the cube turned 45 degrees, the tube and the cone with base upright), the seed's other shapes at
#: the same 0.45 m across and 0.45 m tall (the cylinder's height is twice its scale).
GOAL_SHAPES: dict[str, tuple[Vec3, int]] = {
    "circle_frustum_with_base": ((0.45, 0.225, 0.45), 0),
    "semi_sphere_with_base": ((0.45, 0.225, 0.45), 0),
    "pyramid_with_base": ((0.3181, 0.225, 0.3181), 45),
    "cube_hollow_narrow": ((0.3181, 0.45, 0.3181), 45),
    "cone_with_base": ((0.45, 0.225, 0.45), 0),
    "tube_narrow": ((0.45, 0.45, 0.45), 0),
    "sphere": ((0.45, 0.45, 0.45), 0),
    "cylinder": ((0.45, 0.225, 0.45), 0),
    "cube": ((0.3181, 0.45, 0.3181), 45),
    "cone": ((0.45, 0.45, 0.45), 0),
    "pyramid": ((0.45, 0.45, 0.45), 0),
    "circle_frustum": ((0.45, 0.45, 0.45), 0),
    "square_frustum": ((0.45, 0.45, 0.45), 0),
}
#: (isometric, isometricFrontRight, z of the performer's pillar) per view (docs/mcs_facts.md 7.1). A view
#: without isometric would put the camera inside the grid, and no evaluation scene has one.
VIEWS: dict[str, tuple[bool, bool, float]] = {
    "isometric_front_right": (True, True, 4.0),
    "isometric": (True, False, -4.0),
}


@dataclass(frozen=True)
class Body:
    """An object type at the scale the scenes use: its scale, resting y and half footprint (x, z) at rotation 0."""

    type: str
    scale: Vec3
    y: float
    half: tuple[float, float]
    rotation: int = 0

    def turned(self, rotation: int) -> tuple[float, float]:
        """The half footprint after turning by a multiple of 90 degrees."""
        return self.half if rotation % 180 == 0 else (self.half[1], self.half[0])


@dataclass(frozen=True)
class Member:
    """One agent of a scene."""

    id: str
    body: Body
    colour: str
    rotation: int

    @property
    def half(self) -> tuple[float, float]:
        return self.body.turned(self.rotation)

    def params(self) -> dict[str, Any]:
        return {"id": self.id, "type": self.body.type, "colour": self.colour, "rotation": self.rotation}


def distinct(pool: Sequence[T], count: int, rng: np.random.Generator) -> list[T]:
    """``count`` distinct entries of ``pool`` in a random order (the grid-world tasks' agents and goal objects each
    take a look of their own)."""
    return [pool[i] for i in rng.permutation(len(pool))[:count]]


def blob_body(name: str) -> Body:
    """A blob agent at the evaluation scenes' scale (its larger side about 0.3 m)."""
    factor = round(BLOB_FACTORS[name] * 0.3, 4)
    size_x, _, size_z = object_size(name)
    return Body(name, (factor, factor, factor), _round_half_up(resting_y(name, factor)),
                (size_x * factor / 2, size_z * factor / 2))


def goal_body(name: str) -> Body:
    """A goal object at the scale and rotation :data:`GOAL_SHAPES` gives its type."""
    scale, rotation = GOAL_SHAPES[name]
    low_x, low_z, high_x, high_z = footprint(name, (0.0, 0.0, 0.0), rotation, scale).total_bounds()
    half = (float(max(-low_x, high_x)), float(max(-low_z, high_z)))
    return Body(name, scale, _round_half_up(resting_y(name, scale)), half, rotation)


def _round_half_up(value: float) -> float:
    return round(value + 1e-9, 4)


def keyframe_shows(keyframes: Sequence[Keyframe], y: float, rotation: Vec3, scale: Vec3 | None) -> Keyframes:
    """One show per keyframe; only the first carries the scale."""
    return Keyframes(tuple(keyframes), y, rotation, scale)


def agent_object(member: Member, keyframes: Sequence[Keyframe]) -> SceneObject:
    """A kinematic blob agent moved by ``keyframes``, written with ``hides: []`` as every evaluation scene writes
    its agents."""
    return SceneObject(id=member.id, type=member.body.type, materials=[member.colour], kinematic=True, physics=True,
                       shows=keyframe_shows(keyframes, member.body.y, (0, member.rotation, 0), member.body.scale),
                       write_empty_hides=True)


def goal_object(key: str, body: Body, colour: str, keyframes: Sequence[Keyframe], red_on: Iterable[int],
                red_off: Iterable[int], hides: Sequence[int] = ()) -> SceneObject:
    """A kinematic goal object moved by ``keyframes`` that turns red (:data:`HIGHLIGHT`) on each step of ``red_on``
    (an agent's contact) and back to its colour on each of ``red_off`` (the next trial's start); hidden on the
    steps ``hides``, else written with ``hides: []`` as the evaluation's goals are."""
    return kinematic_goal(key, body, colour, goal_shows(body, keyframes), goal_changes(colour, red_on, red_off),
                          hides)


def goal_changes(colour: str, red_on: Iterable[int], red_off: Iterable[int]) -> list[MaterialChange]:
    """A goal's changes of material, in step order: red (:data:`HIGHLIGHT`) on each step of ``red_on``, back to
    ``colour`` on each of ``red_off``."""
    changes = [MaterialChange(step, [HIGHLIGHT]) for step in red_on]
    changes += [MaterialChange(step, [colour]) for step in red_off]
    changes.sort(key=lambda change: change.step)
    return changes


def goal_shows(body: Body, keyframes: Sequence[Keyframe]) -> Keyframes:
    """The shows of a goal object of ``body`` moved by ``keyframes`` (at its height, turned as it stands)."""
    return keyframe_shows(keyframes, body.y, (0, body.rotation, 0), body.scale)


def kinematic_goal(key: str, body: Body, colour: str, shows: Sequence[Show], changes: list[MaterialChange],
                   hides: Sequence[int] = ()) -> SceneObject:
    """A kinematic goal object of ``body`` in ``colour``, moved by ``shows`` and recoloured by ``changes``; hidden
    on the steps ``hides``, else written with ``hides: []`` as the evaluation's goals are."""
    return SceneObject(id=key, type=body.type, materials=[colour], kinematic=True, physics=True, shows=shows,
                       change_materials=changes, hides=hides, write_empty_hides=not hides)


def with_test(agent: SceneObject, keyframes: Sequence[Keyframe]) -> SceneObject:
    """``agent`` with one file's test-trial keyframes after its own, at its height and rotation (what comes before
    is shared by both files of a pair)."""
    first = agent.shows[0]
    more = keyframe_shows(keyframes, first.position[1], first.rotation, None)
    shows = agent.shows + more if isinstance(agent.shows, Keyframes) else [*agent.shows, *more]
    return replace(agent, shows=shows)

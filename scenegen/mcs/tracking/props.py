"""Containers, lids, the ball and the placers (poles) that carry them, as in the evaluation scenes.

Geometry and flags follow ``docs/mcs_facts.md`` sections 1 and 3: a
``separate_container`` of side ``size`` with its pivot at the bottom, a ``lid``
dropped onto it and attached, a ``soccer_ball`` lowered kinematically and let
go, and ``cylinder`` placers whose pole reaches from the load up through the
ceiling. Masses: container ``10 * size``, lid ``0.25 * size``, ball 1, placers the
structural rule on their scale.

What does not depend on an object's id or x/z (heights, scales, the motion
and state sequences) is computed once per distinct timeline and size and
shared between objects and scenes, as tuples of frozen records.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from scenegen.mcs.evidence import carrying, either, of_type, without
from scenegen.mcs.model import LidAttachment, MaterialChange, Motion, SceneObject, Show, Vec3
from scenegen.mcs.objects import SOCCER_BALL_SIZE, kinematic_structure, object_ids
from scenegen.mcs.timeline import BALL_DESCENT, DRAGGER_DESCENT, SPEED, Drag, Drop, drag_states, drop_states
from scenegen.plugin.family import Evidence

ROOM_HEIGHT = 4.0  # the placers' reach and timings are those of the evaluation rooms
MAGENTA = "Custom/Materials/Magenta"
CYAN = "Custom/Materials/Cyan"

BALL_PLACER_HALF_HEIGHT = 1.825
BALL_PLACER_WIDTH = 0.05
#: The ball is lowered until its centre is this high (or 0.15 m above a taller container's top).
BALL_LOWEST = 0.65
BALL_ABOVE_CONTAINER = 0.15
LID_THICKNESS = 0.08  # at scale 1
#: A dragger grips its container this far behind the container's centre (-z), per metre of container size.
DRAGGER_OFFSET = -0.4

_DOWN = (0.0, -SPEED, 0.0)
_UP = (0.0, SPEED, 0.0)
_WOOD = ("wood",)
_RUBBER = ("rubber",)
_UNIT = (1.0, 1.0, 1.0)
_BALL = "soccer_ball"

#: What an agent watches to know the ball's container: the ball, and the placer lowering it into one.
BALL_AND_PLACER = either(of_type(_BALL), carrying(of_type(_BALL)))
BALL_GOING_IN = Evidence("the ball and the placer lowering it (where the ball goes in)", without(BALL_AND_PLACER))

def placer_width(size: float) -> float:
    """A placer's x/z scale: a fifth of what it holds, within [0.05, 0.25]."""
    return round(min(max(0.2 * size, 0.05), 0.25), 4)


def container(key: str, x: float, z: float, floor_y: float, size: float, material: str) -> SceneObject:
    return SceneObject(
        id=key,
        type="separate_container",
        mass=round(10 * size, 4),
        materials=[material],
        salient_materials=_WOOD,
        receptacle=True,
        openable=True,
        shows=[Show((x, floor_y, z), scale=(size, size, size))],
    )


@lru_cache(maxsize=4096)
def _lid_parts(container_top: float, size: float, drop: Drop) -> tuple[float, float, tuple[Motion, ...]]:
    return (round(container_top + drop.descent * SPEED, 4), round(0.25 * size, 4),
            (Motion(drop.start, drop.landed, _DOWN),))


def lid(key: str, x: float, z: float, container_top: float, size: float, material: str,
        container_id: str, drop: Drop) -> SceneObject:
    """A lid lowered from above the ceiling onto a container's top and attached to it on landing."""
    y, mass, moves = _lid_parts(container_top, size, drop)
    return SceneObject(
        id=key,
        type="lid",
        mass=mass,
        materials=[material],
        salient_materials=_WOOD,
        openable=True,
        shows=[Show((x, y, z), scale=(size, size, size))],
        moves=moves,
        lid_attachment=LidAttachment(drop.landed, container_id),
    )


@lru_cache(maxsize=4096)
def ball_heights(container_top: float) -> tuple[float, float]:
    """Centre heights of the ball when lowering starts and when the placer lets go."""
    low = round(max(BALL_LOWEST, container_top + BALL_ABOVE_CONTAINER), 4)
    return round(low + BALL_DESCENT * SPEED, 4), low


@lru_cache(maxsize=4096)
def _ball_moves(drop: Drop) -> tuple[tuple[Motion, ...], tuple[int, ...]]:
    return (Motion(drop.start, drop.landed, _DOWN),), (drop.release,)


def ball(key: str, x: float, z: float, container_top: float, drop: Drop) -> SceneObject:
    """The soccer ball, kinematic while its placer lowers it, given physics on release to fall into the container."""
    moves, release = _ball_moves(drop)
    return SceneObject(
        id=key,
        type=_BALL,
        mass=1.0,
        salient_materials=_RUBBER,
        moveable=True,
        pickupable=True,
        kinematic=True,
        shows=[Show((x, ball_heights(container_top)[0], z), scale=_UNIT)],
        moves=moves,
        toggle_physics=release,
    )


@lru_cache(maxsize=4096)
def _drop_placer_parts(load_top: float, half_height: float, width: float, drop: Drop) -> tuple:
    scale = (width, half_height, width)
    return (round(load_top + half_height, 4), scale,
            (Motion(drop.start, drop.landed, _DOWN), Motion(*drop.rise, _UP)),
            (MaterialChange(drop.release, (CYAN,)),), drop_states(drop.release))


def drop_placer(key: str, x: float, z: float, load_top: float, half_height: float, width: float,
                drop: Drop) -> SceneObject:
    """A pole whose lower end holds a load whose top starts at ``load_top``: Magenta while holding, then Cyan."""
    y, scale, moves, changes, states = _drop_placer_parts(load_top, half_height, width, drop)
    return _placer(key, (x, y, z), scale, MAGENTA, moves, changes, states)


def ball_placer(key: str, x: float, z: float, container_top: float, drop: Drop) -> SceneObject:
    ball_top = round(ball_heights(container_top)[0] + SOCCER_BALL_SIZE / 2, 4)
    return drop_placer(key, x, z, ball_top, BALL_PLACER_HALF_HEIGHT, BALL_PLACER_WIDTH, drop)


def lid_placer(key: str, x: float, z: float, container_top: float, size: float, drop: Drop) -> SceneObject:
    return drop_placer(key, x, z, *_lid_placer_geometry(container_top, size, drop), drop)


@lru_cache(maxsize=4096)
def _lid_placer_geometry(container_top: float, size: float, drop: Drop) -> tuple[float, float, float]:
    """The lid's top where lowering starts, and the pole's half height and width (it reaches the ceiling)."""
    lid_top = container_top + drop.descent * SPEED + LID_THICKNESS * size
    return lid_top, round((ROOM_HEIGHT - container_top) / 2, 4), placer_width(size)


@lru_cache(maxsize=4096)
def drag_motions(drag: Drag) -> tuple[Motion, ...]:
    """The three legs of a drag, shared by the container and its dragger."""
    return tuple(Motion(first, last, (dx, 0.0, dz)) for first, last, dx, dz in drag.legs)


@lru_cache(maxsize=4096)
def _dragger_parts(container_top: float, size: float, drag: Drag) -> tuple:
    half_height = ROOM_HEIGHT / 2
    width = placer_width(size)
    scale = (width, half_height, width)
    return (round(container_top + DRAGGER_DESCENT * SPEED + half_height, 4), round(DRAGGER_OFFSET * size, 4),
            scale,
            (Motion(drag.start, drag.landed, _DOWN), *drag_motions(drag), Motion(*drag.rise, _UP)),
            (MaterialChange(drag.grab, (MAGENTA,)), MaterialChange(drag.let_go, (CYAN,))),
            drag_states(drag.grab, drag.let_go))


def dragger(key: str, x: float, z: float, container_top: float, size: float, drag: Drag) -> SceneObject:
    """A pole that descends onto the container at (x, z), grabs it (Magenta), drags it, lets go (Cyan) and rises."""
    y, offset, scale, moves, changes, states = _dragger_parts(container_top, size, drag)
    return _placer(key, (x, y, round(z + offset, 4)), scale, CYAN, moves, changes, states)


def _placer(key: str, position: Vec3, scale: Vec3, material: str, moves: Sequence[Motion],
            changes: Sequence[MaterialChange], states: Sequence[Sequence[str]]) -> SceneObject:
    return kinematic_structure(key, "cylinder", position, scale, material, moves=moves, change_materials=changes,
                               states=states)


@dataclass(frozen=True)
class PropKeys:
    """The ids of the props every tracking scene has (shared by both documents of a pair); a family
    adds the ids of its own objects in a subclass."""

    ball: str
    containers: list[str]
    lids: list[str]
    ball_placer: str
    lid_placers: list[str]


def draw_prop_keys(rng: np.random.Generator, count: int, extra: int) -> tuple[dict[str, Any], list[str]]:
    """The :class:`PropKeys` fields for ``count`` containers, and ``extra`` more ids drawn after them."""
    keys = object_ids(rng, 3 * count + 2 + extra)
    placers = [f"placer_{key}" for key in keys[2 * count + 1:3 * count + 2]]
    fields = {"ball": keys[0], "containers": keys[1:count + 1], "lids": keys[count + 1:2 * count + 1],
              "ball_placer": placers[0], "lid_placers": placers[1:]}
    return fields, keys[3 * count + 2:]

"""Builders for the MCS objects several families use, with the evaluation scenes' conventions.

Masses follow the MCS generator's rules (``docs/mcs_facts.md`` section 0):
structures weigh ``max(1, round(125 * sx * sy * sz))``; a soccer ball weighs its
scale.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from ..model import SceneObject, Show, Vec3

SOCCER_BALL_SIZE = 0.22  # metres, at scale 1
TOOL_HEIGHT = 0.3


def object_id(rng: np.random.Generator, prefix: str = "") -> str:
    """A version-4 UUID drawn from ``rng`` (so ids are reproducible), with an optional prefix."""
    return prefix + object_ids(rng, 1)[0]


def object_ids(rng: np.random.Generator, count: int) -> list[str]:
    """``count`` version-4 UUIDs drawn from ``rng`` at once."""
    # Raw 64-bit words from the generator's stream, each written big-endian in hex: several times cheaper
    # than rng.bytes + uuid.UUID.
    digits = rng.bit_generator.random_raw(2 * count).byteswap().tobytes().hex()
    return [_uuid4(digits[start:start + 32]) for start in range(0, 32 * count, 32)]


def _uuid4(bits: str) -> str:
    variant = "89ab"[int(bits[16], 16) & 3]
    return f"{bits[:8]}-{bits[8:12]}-4{bits[13:16]}-{variant}{bits[17:20]}-{bits[20:]}"


def structure_mass(scale: Vec3) -> int:
    sx, sy, sz = scale
    return max(1, round(125 * sx * sy * sz))


def soccer_ball(object_key: str, x: float, z: float, scale: float = 1.0, floor_y: float = 0.0) -> SceneObject:
    """A pickupable soccer ball resting on the floor (its pivot is its centre)."""
    return SceneObject(
        id=object_key,
        type="soccer_ball",
        mass=float(scale),
        salient_materials=["rubber"],
        moveable=True,
        pickupable=True,
        shows=[Show((x, floor_y + SOCCER_BALL_SIZE * scale / 2, z), scale=(scale, scale, scale))],
    )


def kinematic_structure(object_key: str, object_type: str, position: Vec3, scale: Vec3, material: str, *,
                        rotation_y: float = 0.0, **behaviour: Any) -> SceneObject:
    """A kinematic structural object (a platform, a wall, a turntable, an occluder, a placer's pole), weighed
    by the structural rule on its scale; ``behaviour`` holds further :class:`SceneObject` fields (``moves``...)."""
    return SceneObject(
        id=object_key,
        type=object_type,
        mass=structure_mass(scale),
        materials=[material],
        kinematic=True,
        structure=True,
        shows=[Show(position, rotation=(0.0, rotation_y, 0.0), scale=scale)],
        **behaviour,
    )


def structure_cube(object_key: str, centre: Vec3, scale: Vec3, material: str, rotation_y: float = 0.0,
                   *, lips: bool = False) -> SceneObject:
    """A kinematic structural cube: a platform, a low wall, a block."""
    lip_sides = {"front": False, "back": False, "left": False, "right": False} if lips else None
    return kinematic_structure(object_key, "cube", centre, scale, material, rotation_y=rotation_y, lips=lip_sides)


@lru_cache(maxsize=256)
def rect_tool_type(width: float, length: float) -> str:
    """``tool_rect_0_75_x_9_00`` for a 0.75 x 9 rectangular tool."""
    return f"tool_rect_{_dimension(width)}_x_{_dimension(length)}"


def rect_tool(object_key: str, width: float, length: float, x: float, z: float, rotation_y: float,
              material: str) -> SceneObject:
    """A rectangular (symmetric) tool lying on the floor; its long axis is z at rotation 0."""
    return SceneObject(
        id=object_key,
        type=rect_tool_type(width, length),
        materials=[material],
        shows=[Show((x, TOOL_HEIGHT / 2, z), rotation=(0.0, rotation_y, 0.0))],
    )


def _dimension(metres: float) -> str:
    return f"{metres:.2f}".replace(".", "_")

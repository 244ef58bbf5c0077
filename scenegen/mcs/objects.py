"""Builders for the MCS objects several families use, with the evaluation scenes' conventions.

Masses follow the MCS generator's rules (``docs/mcs_facts.md`` section 0):
structures weigh ``max(1, round(125 * sx * sy * sz))``; a soccer ball weighs its
scale.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from scenegen.mcs.model import AgentSettings, SceneObject, Show, Vec3
from scenegen.mcs.tools.kinds import tool_type

SOCCER_BALL_SIZE = 0.22  # metres, at scale 1
#: A scale-1 soccer ball's radius, the height of its centre on the floor: the ball that Containers, Obstacles and
#: Occluders hide, and the one the tracking tasks move under their containers.
SOCCER_BALL_RADIUS = SOCCER_BALL_SIZE / 2
#: The soccer ball a retrieval task lays on the floor (the tool tasks' target and Tool Choice's decoy, Lava's and
#: Holes' ball): the evaluation's scale-2 ball, 0.44 m across (``docs/mcs_facts.md`` 1, 6.1, 10.2). An agent holds
#: one at scale 1 (:func:`held_ball`).
TARGET_BALL_SCALE = 2.0
TARGET_BALL_RADIUS = SOCCER_BALL_SIZE * TARGET_BALL_SCALE / 2
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


#: The mass every occluder part (wall, pole) writes in the evaluation's scenes, whatever its size (not
#: :func:`structure_mass`).
OCCLUDER_MASS = 100


def structure_mass(scale: Vec3) -> int:
    """A structure's mass from its scale: 125 per cubic metre of it, at least 1."""
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


def rect_tool(object_key: str, width: float, length: float, x: float, z: float, rotation_y: float,
              material: str) -> SceneObject:
    """A rectangular (symmetric) tool lying on the floor; its long axis is z at rotation 0."""
    return SceneObject(
        id=object_key,
        type=tool_type("rect", width, length),
        materials=[material],
        shows=[Show((x, TOOL_HEIGHT / 2, z), rotation=(0.0, rotation_y, 0.0))],
    )


def hooked_tool(object_key: str, shape: str, width: float, length: float, x: float, z: float, rotation_y: float,
                material: str) -> SceneObject:
    """An L-shaped tool lying on the floor: ``shape`` ``hooked`` (arms L and 3W) or ``isosceles`` (both L); at
    rotation 0 its long arm runs along z and its short arm (the hook) crosses the +z end toward +x."""
    return SceneObject(
        id=object_key,
        type=tool_type(shape, width, length),
        materials=[material],
        shows=[Show((x, TOOL_HEIGHT / 2, z), rotation=(0.0, rotation_y, 0.0))],
    )


#: Mass the evaluation scenes give every interactive agent, human or blob (``docs/mcs_facts.md`` 11.3).
AGENT_MASS = 75
#: A human agent's size at scale 1, x, y, z (SCH agent table); it stands with its pivot at its feet.
HUMAN_AGENT_SIZE = (0.5, 1.6, 0.5)
#: The soccer ball's mass wherever the evaluation scenes hand it to an agent: the scale-2 ball's, at scale 1.
HELD_BALL_MASS = 2.0


def platform(object_key: str, x: float, z: float, material: str) -> SceneObject:
    """The 1 m cube the performer starts on (``platform_`` id, lips all open), its top 1 m up."""
    return structure_cube(f"platform_{object_key}", (x, 0.5, z), (1.0, 1.0, 1.0), material, lips=True)


def held_ball(object_key: str, agent_id: str, mass: float = HELD_BALL_MASS) -> SceneObject:
    """A soccer ball an agent holds until asked for it (InteractWithAgent): MCS wants it at scale 1, and the
    evaluation scenes leave it at the origin, where the agent's hand, not its position, puts it (the Agent
    Identification scenes weigh it 1.0, as a scale-1 ball)."""
    return SceneObject(
        id=object_key,
        type="soccer_ball",
        mass=mass,
        salient_materials=["rubber"],
        moveable=True,
        pickupable=True,
        shows=[Show((0.0, 0.0, 0.0))],
        associated_with_agent=agent_id,
    )


def human_agent(object_key: str, agent_type: str, x: float, z: float, rotation_y: float,
                settings: AgentSettings, y: float = 0.0) -> SceneObject:
    """An interactive human agent (``agent_female_01``...) standing on the floor (or on something ``y`` high), with
    no scripted actions."""
    return SceneObject(
        id=f"agent_{object_key}",
        type=agent_type,
        mass=AGENT_MASS,
        materials=None,
        agent_settings=settings,
        actions=(),
        shows=[Show((x, y, z), rotation=(0.0, rotation_y, 0.0))],
        labels="",
    )


def blob(object_key: str, blob_type: str, x: float, y: float, z: float, rotation_y: float, scale: float,
         material: str) -> SceneObject:
    """A blob standing on the floor (``y``: its standing height at this scale), with physics and one colour."""
    return SceneObject(
        id=f"blob_{object_key}",
        type=blob_type,
        mass=AGENT_MASS,
        materials=[material],
        physics=True,
        shows=[Show((x, y, z), rotation=(0.0, rotation_y, 0.0), scale=(scale, scale, scale))],
    )


def white_occluder(object_key: str, shows: Sequence[Show]) -> SceneObject:
    """A white kinematic block that hides what stands behind it and moves only by its ``shows`` (the True/False
    Belief occluders: a ``cube`` with neither mass nor lips, docs/mcs_facts.md 12.2)."""
    return SceneObject(id=object_key, type="cube", materials=["Custom/Materials/White"], kinematic=True,
                       structure=True, physics=True, shows=shows)

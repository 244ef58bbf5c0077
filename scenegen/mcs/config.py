"""Config entries MCS families declare alike: the room's materials and height, the last step, pair mode."""

from __future__ import annotations

from typing import Any

from scenegen.plugin.params import MATERIAL, Param, Setting, number

#: The latest goal.last_step a config may ask for.
MAX_LAST_STEP = 100_000

#: Which way something faces, as the scenes write a rotation about y.
FACING = number("facing", 0, 359, "degrees", integer=True)

#: The room's height (MCS roomDimensions.y) wherever a family lets a config choose it.
ROOM_HEIGHT = number("room_height", 2, 10, "metres")


def room_materials(ceiling: Any, floor: Any, wall: Any) -> tuple[Param, ...]:
    """``materials.ceiling``, ``materials.floor`` and ``materials.wall``, with their defaults."""
    return (
        Param("materials.ceiling", MATERIAL, ceiling, "Ceiling material."),
        Param("materials.floor", MATERIAL, floor, "Floor material."),
        Param("materials.wall", MATERIAL, wall, "Wall material."),
    )


def room_height(default: Any) -> Param:
    """``room.height``, with its default."""
    return Param("room.height", ROOM_HEIGHT, default, "Room height.")


def last_step(default: int, meaning: str, *, minimum: int = 1) -> Setting:
    """``last_step``: the scene's goal.last_step, from ``minimum`` to :data:`MAX_LAST_STEP`."""
    return Setting("last_step", {"type": "integer", "minimum": minimum, "maximum": MAX_LAST_STEP}, default, meaning)


def pairs(meaning: str) -> Setting:
    """``pairs``: whether every sample also gets its counterfactual twin (``scenegen make --pairs`` sets it)."""
    return Setting("pairs", {"type": "boolean"}, False, meaning)

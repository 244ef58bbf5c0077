"""Config entries both container-tracking families declare: container size, the room and the performer."""

from __future__ import annotations

from scenegen.plugin.params import Domain, Param, number

CONTAINER_SIZE = number("size", 0.3, 1.0, "metres (a container is a cube of this side)")
PERFORMER_Z = number("performer_z", -15, 15, "metres")

ODD_INDEX = Domain("odd_index", {
    "anyOf": [{"type": "integer", "minimum": 0, "maximum": 8}, {"const": "any"}],
    "description": "a container's index, left to right from 0, or any"})
#: Which container is odd, when one is (both families).
ODD_INDEX_PARAM = Param(
    "containers.odd_index", ODD_INDEX, "any",
    "Which container is odd: any (one of two or more at random, the ball's included, so that the colour says "
    "nothing of the answer), or its index left to right from 0, and then none in a row too short to have it (the "
    "evaluation paints the second of five from the right, index 3, and no container of a shorter row).")

#: What the ``pairs`` setting means in both families.
PAIRS_MEANING = (
    "Emit a counterfactual twin for every sample (`scenegen make --pairs` sets this): documents `<name>_a.json` and "
    "`<name>_b.json` that differ in exactly one factor (see pair_factor), chosen so that the correct container differs."
)
#: Sections both families have.
SECTIONS = {
    "room": "The room (MCS roomDimensions); its height is 4 m, as the placers' timings assume.",
    "materials": "Room materials.",
}


def room_entries(room_size: Domain, side: float, performer_z: float) -> tuple[Param, ...]:
    """``room.width``, ``room.depth`` (both ``side`` by default) and ``performer.z``."""
    return (
        Param("room.width", room_size, side, "Room size along x."),
        Param("room.depth", room_size, side, "Room size along z."),
        Param("performer.z", PERFORMER_Z, performer_z, "z of the performer's start."),
    )

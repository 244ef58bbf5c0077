"""Config entries both container-tracking families declare: container size, the room and the performer."""

from __future__ import annotations

from scenegen.plugin.params import Domain, Param, number

CONTAINER_SIZE = number("size", 0.3, 1.0, "metres (a container is a cube of this side)")
PERFORMER_Z = number("performer_z", -15, 15, "metres")

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

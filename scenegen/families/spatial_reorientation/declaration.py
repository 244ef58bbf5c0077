"""Spatial Reorientation's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import FACING, last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The ends of the platform, by the sign of z: where the performer starts and where it is put down again.
ENDS = ("minus_z", "plus_z")
#: The room's walls a landmark colour may cover (MCS roomMaterials keys).
WALLS = ("left", "right", "front", "back")
#: The containers the evaluation's scenes hide the ball in.
CONTAINER_TYPES = ("bowl_4_static",)

SHARE = number("share", 0, 1)
ROOM_SIDE = number("room_side", 8, 30, "metres")
END = one_of("end", ENDS, "an end of the platform: minus_z or plus_z")
SIDE = one_of("side", ("minus_x", "plus_x"), "a side of the room, by the sign of x")
WALL = one_of("wall", WALLS, "a wall of the room (MCS roomMaterials key)")
CONTAINER = one_of("container_type", CONTAINER_TYPES, "an MCS container type")
OFFSET = number("offset", 1, 10, "metres")
SHIFT = number("shift", -0.5, 0.5, "metres")
SCALE = number("scale", 0.5, 8, "times the type's size")
SPREAD = number("spread", 1, 6, "metres from the platform's centre line")
TURN = number("turn", 60, 89, "degrees between a trapezoid wall and the room's width", integer=True)
POSITION = number("position", -14, 14, "metres from the room's centre")

DECLARATION = Declaration(
    family="spatial_reorientation",
    title="Spatial Reorientation config",
    description=("Spatial Reorientation (MCS eval 7): a ball dropped into one of two containers either side of a "
                 "platform; the performer looks round, is then put down at the same end of the platform or the "
                 "other, and must find the ball, with landmarks (a trapezoidal room, a coloured wall, furniture, "
                 "which may itself be moved) to tell which is which. Every parameter takes the value grammar: a "
                 "constant, a list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 12, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 16, "Room size along z: the platform runs its whole depth."),
        room_height(6),
        Param("performer.start", END, list(ENDS), "The end of the platform the performer starts at, facing the "
              "other."),
        Param("performer.offset", OFFSET, 2.5, "How far from its end wall the performer starts."),
        Param("kidnap.moved", SHARE, 0.5, "Share of scenes whose performer is put down at the other end of the "
              "platform (else at the end it started at), facing the room's centre."),
        Param("kidnap.x", SHIFT, -0.1, "Where along x the performer is put down (the evaluation puts it 0.1 m "
              "off the platform's centre line)."),
        Param("kidnap.z_shift", SHIFT, 0.1, "How far along +z from its start's mirror point the performer is put "
              "down (the evaluation adds 0.1 m)."),
        Param("ball.side", SIDE, ["minus_x", "plus_x"], "The side whose container the ball is dropped into."),
        Param("containers.type", CONTAINER, list(CONTAINER_TYPES), "The two containers' type."),
        Param("containers.spread", SPREAD, 2.55, "How far from the platform's centre line each container stands."),
        Param("containers.z", POSITION, 0.0, "Where along z both containers stand."),
        Param("containers.scale_xz", SCALE, 3.0, "The containers' scale across (x and z)."),
        Param("containers.scale_y", SCALE, 6.0, "The containers' scale up (y)."),
        Param("containers.material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color 2",
              "The containers' material."),
        Param("landmarks.trapezoid", SHARE, 0.5, "Share of rooms made trapezoidal by two long walls, one each side, "
              "turned so that the room narrows toward one end."),
        Param("landmarks.narrow_end", END, list(ENDS), "The end a trapezoidal room narrows toward."),
        Param("landmarks.trapezoid_turn", TURN, 75, "The angle between a trapezoid wall and the room's width (90: "
              "parallel to the room's own walls)."),
        Param("landmarks.coloured_wall", SHARE, 0.5, "Share of rooms with one wall in a colour of its own."),
        Param("landmarks.wall", WALL, list(WALLS), "The wall in a colour of its own."),
        Param("landmarks.wall_material", MATERIAL, "Custom/Materials/PurpleDrywallMCS", "That wall's material."),
        Param("landmarks.furniture", SHARE, 0.5, "Share of rooms with a folding chair standing in a corner of an "
              "end."),
        Param("landmarks.furniture_moved", SHARE, 0.5, "Share of those whose chair is moved elsewhere while the "
              "performer is put down (a landmark that misleads)."),
        Param("furniture.x", POSITION, {"min": -4, "max": 4}, "The chair's place along x."),
        Param("furniture.z", POSITION, {"min": -6, "max": 6}, "The chair's place along z."),
        Param("furniture.facing", FACING, {"min": 0, "max": 359}, "The chair's facing."),
        Param("furniture.moved_x", POSITION, {"min": -4, "max": 4}, "Where along x a moved chair is put."),
        Param("furniture.moved_z", POSITION, {"min": -6, "max": 6}, "Where along z a moved chair is put."),
        Param("furniture.moved_facing", FACING, {"min": 0, "max": 359}, "A moved chair's facing."),
        Param("furniture.material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color 4",
              "The chair's material."),
        Param("platform.material", MATERIAL, "Custom/Materials/GreenDrywallMCS",
              "The platform's material (the evaluation paints it as the walls)."),
        *room_materials("Custom/Materials/WhiteDrywallMCS", "Custom/Materials/WhiteCarpetMCS",
                        "Custom/Materials/GreenDrywallMCS"),
        last_step(2700, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "Where the performer starts, on the platform running the room's depth.",
        "kidnap": "Where the performer is put down after watching (EndHabituation with a new place).",
        "ball": "The soccer ball, dropped by a placer into a container.",
        "containers": "The two containers, either side of the platform.",
        "landmarks": "What tells the room's ends and sides apart.",
        "furniture": "The folding chair, when there is one.",
        "platform": "The platform the performer stands on.",
        "materials": "Room materials.",
    },
)

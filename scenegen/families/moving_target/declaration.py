"""Moving Target Prediction's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import FACING, last_step, room_height, room_materials
from scenegen.mcs.launch import LAUNCH_STEP
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

ROOM_SIDE = number("room_side", 8, 30, "metres")
DEPTH = number("position", -14, 14, "metres from the room's centre")
PLATFORM_SIDE = number("platform_side", 0.5, 4, "metres")
TILT = number("tilt", 0, 30, "degrees, down from level", integer=True)
SIDE = one_of("side", ("left", "right"), "the wall the device is on (left: -x)")
OFFSET = number("offset", -5, 5, "metres along z")
ANGLE = number("angle", 0, 45, "degrees")
IMPULSE = number("impulse", 5, 40, "newton-seconds")
SHARE = number("share", 0, 0.95, "share of each half of the floor")

DECLARATION = Declaration(
    family="moving_target",
    title="Moving Target Prediction config",
    description=("Moving Target Prediction (MCS eval 7): after a full look round from a platform, a soccer ball is "
                 "launched along the floor from a device on a side wall, across a safe zone between two strips of "
                 "lava, and must be caught before it rolls into the far lava. Every parameter takes the value "
                 "grammar: a constant, a list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 18, "Room size along x (the device's wall is at -x or +x)."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z."),
        room_height(3),
        Param("performer.z", DEPTH, -5, "The platform's and the performer's place along z (x is 0)."),
        Param("performer.tilt", TILT, [10, 20], "How far the performer looks down at the start (rotation x)."),
        Param("performer.facing", FACING, [280, 290, 300], "The performer's facing at the start (rotation y)."),
        Param("platform.width", PLATFORM_SIDE, 2, "The platform's size along x (its top is 1 m up)."),
        Param("platform.depth", PLATFORM_SIDE, 2, "The platform's size along z."),
        Param("platform.material", MATERIAL, "Custom/Materials/WhiteDrywallMCS", "The platform's material."),
        Param("launch.side", SIDE, "left", "The wall the device is on; the ball rolls toward the other."),
        Param("launch.z", DEPTH, -1, "The line along x the launches are set about."),
        Param("launch.offset", OFFSET, [-1.9, 0, 1.9], "Where the device stands off that line, along z."),
        Param("launch.angle", ANGLE, 20, "How far an offset device is turned toward the line (a device on the line "
              "points straight across)."),
        Param("launch.impulse", IMPULSE, [18.5, 19.5, 20.0], "The impulse launching the ball (its speed is the "
              "impulse over its mass, 2 kg)."),
        Param("launch.step", LAUNCH_STEP, 37, "The step the ball is launched on (37: just after the 36 turns of the "
              "look round)."),
        Param("lava.share", SHARE, {"choices": [0, 0.8], "weights": [2, 1]}, "The share of each half of the floor, "
              "from its wall inward, that is lava (partitionFloor); 0 writes no partition."),
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 3",
                        "Custom/Materials/WhiteDrywallMCS"),
        last_step(3500, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start, on the platform at x 0.",
        "platform": "The platform the performer starts on (a cube, 1 m high).",
        "launch": "The throwing device (a tube_wide on its side, 0.25 m in from its wall) and the ball's launch.",
        "lava": "The lava (MCS partitionFloor): a strip along each side wall, the safe zone between them.",
        "materials": "Room materials.",
    },
)

"""Object Permanence (interactive)'s config, declared once: the schema, the draw table and the reference derive
from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.launch import LAUNCH_STEP
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: What stands in front of each side's hiding place: a desk_3, a wall 1 m high, or one 0.25 m high.
FRONTS = ("desk", "tall", "low")

ROOM_SIDE = number("room_side", 6, 30, "metres")
DEPTH = number("position", -14, 14, "metres from the room's centre")
SIZE = number("size", 0.1, 10, "metres")
SIDE = one_of("side", ("left", "right"), "a side of the room (left: -x)")
HEIGHT = number("launch_height", 1.5, 8, "metres")
TILT = number("tilt", -30, 30, "degrees, up from level")
IMPULSE = number("impulse", 1, 60, "newton-seconds")
FRONT = one_of("front", FRONTS, "what hides the ball from the front")

DECLARATION = Declaration(
    family="object_permanence",
    title="Object Permanence (interactive) config",
    description=("Object Permanence, interactive (MCS eval 7): from a platform that splits the room in two, the "
                 "performer watches a soccer ball thrown from a device high on a side wall land behind an occluder, "
                 "on its own side or across the platform on the other; it must jump down on the right side (a forced "
                 "choice). Every parameter takes the value grammar: a constant, a list (uniform choice), "
                 "{min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x (the devices are on the walls at -x and +x)."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z (the platform runs all of it)."),
        room_height(8),
        Param("performer.z", DEPTH, -5.5, "The performer's start along z, on the platform (x 0)."),
        Param("platform.width", SIZE, 0.5, "The platform's width along x (it is 1 m high and as deep as the room)."),
        Param("platform.material", MATERIAL, "AI2-THOR/Materials/Metals/Metal", "The platform's material."),
        Param("launch.side", SIDE, "right", "The wall whose device throws the ball (the other one holds still)."),
        Param("launch.z", DEPTH, 2.75, "The devices' place along z."),
        Param("launch.height", HEIGHT, 3.5, "The devices' height (their centres)."),
        Param("launch.tilt", TILT, -5, "How far the ball is tilted up from level in its device (rotation z)."),
        Param("launch.impulse", IMPULSE, [4, 24], "The impulse throwing the ball (its speed is the impulse over its "
              "mass, 2 kg): a weak throw lands on the device's side, a strong one across the platform."),
        Param("launch.step", LAUNCH_STEP, 1, "The step the ball is thrown on."),
        Param("occluder.front", FRONT, {"choices": list(FRONTS), "weights": [1, 1, 2]},
              "What hides each side's hiding place from the front: a desk_3, or a wall 1 m or 0.25 m high."),
        Param("occluder.x", SIZE, 2.375, "How far the front piece's centre is from the room's middle, along x."),
        Param("occluder.z", DEPTH, 0.75, "The front wall's centre along z (its back face bounds the hiding place)."),
        Param("occluder.width", SIZE, 1.75, "The front wall's width along x."),
        Param("occluder.wall_x", SIZE, 1.625, "How far each side wall's centre is from the room's middle, along x: "
              "the wall between the hiding place and the platform."),
        Param("occluder.wall_depth", SIZE, 3.75, "The side walls' length along z, back from the front wall."),
        Param("occluder.material", MATERIAL, "Custom/Materials/White", "The occluders' material."),
        Param("occluder.desk_material", MATERIAL, "AI2-THOR/Materials/Wood/WoodGrain_Brown", "The desks' material."),
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige", "AI2-THOR/Materials/Fabrics/CarpetDark",
                        "AI2-THOR/Materials/Metals/Metal"),
        last_step(2100, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start, on the platform at x 0.",
        "platform": "The platform the performer starts on: 1 m high, running the room's depth, splitting it in two.",
        "launch": "The two throwing devices (tube_wide on their sides, 0.25 m in from the side walls) and the throw.",
        "occluder": "Each side's hiding place: a front piece, and a wall between it and the platform (1 m high).",
        "materials": "Room materials.",
    },
)

"""Retrieval - Obstacles' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import FACING, last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The obstacles the evaluation's scenes use.
OBSTACLE_TYPES = ("table_8", "desk_10")

ROOM_SIDE = number("room_side", 6, 40, "metres")
POSITION = number("position", -19, 19, "metres from the room's centre")
DISTANCE = number("ball_distance", 1, 30, "metres")
BEARING = number("bearing", -180, 180, "degrees, clockwise from the performer's facing")
PLACE = one_of("place", ("between", "beyond"), "where the obstacle stands on the performer's line to the ball")
OBSTACLE = one_of("obstacle_type", OBSTACLE_TYPES, "an MCS furniture type")
WIDTH = number("obstacle_width", 0.3, 3, "metres")
DEPTH = number("depth_scale", 0.5, 2, "times the type's own depth")
GAP = number("gap", 0.2, 3, "metres")
OFFSET = number("offset", 0, 1.5, "metres")
COUNT = number("count", 0, 4, "objects", integer=True)

DECLARATION = Declaration(
    family="obstacles",
    title="Retrieval - Obstacles config",
    description=("Retrieval - Obstacles (MCS eval 7): a soccer ball, and a table or desk between it and the performer "
                 "(walk round it) or beyond it. Every parameter takes the value grammar: a constant, a list (uniform "
                 "choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 18, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 13, "Room size along z."),
        room_height(3),
        Param("performer.x", POSITION, {"min": -3, "max": 3}, "The performer's start along x."),
        Param("performer.z", POSITION, {"min": -3, "max": 3}, "The performer's start along z."),
        Param("performer.facing", FACING, {"min": 0, "max": 359}, "The performer's facing (rotation y)."),
        Param("ball.distance", DISTANCE, {"min": 2, "max": 6}, "How far the ball is from the performer's start."),
        Param("ball.bearing", BEARING, {"min": -180, "max": 180},
              "Where the ball is seen from the start: degrees clockwise from the performer's facing."),
        Param("obstacle.place", PLACE, ["between", "beyond"], "Whether the obstacle stands between the performer "
              "and the ball (the way must go round it) or beyond the ball (the way is straight)."),
        Param("obstacle.type", OBSTACLE, list(OBSTACLE_TYPES), "The obstacle's type."),
        Param("obstacle.width", WIDTH, 0.5, "The obstacle's width across the line (its scale x makes it so)."),
        Param("obstacle.depth_scale", DEPTH, 1.0, "The obstacle's scale along the line (scale z)."),
        Param("obstacle.gap", GAP, 0.25, "Space between the ball's edge and the obstacle's face, plus the "
              "performer's width (0.5 m) when the obstacle stands between, so that the performer fits there."),
        Param("obstacle.offset", OFFSET, 0, "How far the obstacle's centre lies off the line, to a side drawn "
              "either way (0: both ways round are equally short; far enough off, it no longer blocks the way)."),
        Param("obstacle.table_material", MATERIAL, "AI2-THOR/Materials/Metals/Metal", "A table_8's material."),
        Param("obstacle.desk_material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 2",
              "A desk_10's material."),
        Param("distractors.count", COUNT, 2, "Toys about the room, off the way: a block_blank_wood_cube, a plate_1, "
              "a block, a plate."),
        Param("distractors.block_material", MATERIAL,
              "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/blue_1x1", "The blocks' material."),
        Param("distractors.plate_material", MATERIAL, "Custom/Materials/VioletWoodMCS", "The plates' material."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 3",
                        "Custom/Materials/BrownDrywallMCS"),
        last_step(3600, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "ball": "The soccer ball (scale 1), from the performer's start.",
        "obstacle": "The furniture in the way (or beyond the ball), facing along the performer's line to the ball.",
        "distractors": "Small toys placed about the room, clear of every shortest way to the ball.",
        "materials": "Room materials.",
    },
)

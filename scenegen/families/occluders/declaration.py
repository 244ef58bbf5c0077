"""Retrieval - Occluders' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import FACING, last_step, pairs, room_height, room_materials
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, Setting, number, one_of

#: The furniture the evaluation's scenes hide the ball behind, or stand about the room.
OCCLUDER_TYPES = ("sofa_chair_10", "antique_armchair_2", "antique_armchair_3", "sofa_2", "bed_14")

ROOM_SIDE = number("room_side", 6, 40, "metres")
POSITION = number("position", -19, 19, "metres from the room's centre")
DISTANCE = number("ball_distance", 1, 30, "metres")
BEARING = number("bearing", -180, 180, "degrees, clockwise from the performer's facing")
OCCLUDER = one_of("occluder_type", OCCLUDER_TYPES, "an MCS furniture type")
GAP = number("gap", 0.1, 3, "metres")
TURN = number("turn", 0, 359, "degrees", integer=True)
COUNT = number("count", 0, 5, "objects", integer=True)
TOY_WOOD = "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/wood_1x1"
PLACES = {"anyOf": [{"type": "null"}, {"type": "array", "minItems": 1, "items": {
    "type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number", "minimum": -19, "maximum": 19}}}]}

DECLARATION = Declaration(
    family="occluders",
    title="Retrieval - Occluders config",
    description=("Retrieval - Occluders (MCS eval 7): a soccer ball on the floor, hidden from the performer's start "
                 "behind a piece of furniture or in plain view before it, more furniture and toys about the room. "
                 "Every parameter takes the value grammar: a constant, a list (uniform choice), {min, max} (uniform "
                 "range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 15, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 19, "Room size along z."),
        room_height(4),
        Param("performer.x", POSITION, -1.77, "The performer's start along x."),
        Param("performer.z", POSITION, -6.23, "The performer's start along z."),
        Param("performer.facing", FACING, 315, "The performer's facing (rotation y)."),
        Param("ball.hidden", FLAG, [True, False], "Whether the occluder stands between the performer's start and "
              "the ball (it hides the ball) or beyond the ball (the ball is in plain view from the start)."),
        Param("ball.distance", DISTANCE, {"min": 2, "max": 8}, "How far the ball is from the performer's start "
              "(unless `ball.places` gives its place)."),
        Param("ball.bearing", BEARING, {"min": -180, "max": 180}, "Where the ball is seen from the start: degrees "
              "clockwise from the performer's facing (unless `ball.places` gives its place)."),
        Setting("ball.places", PLACES, None, "Places [x, z] the ball takes, one of them uniformly; null: the "
                "drawn distance and bearing place it."),
        Param("occluder.type", OCCLUDER, ["sofa_chair_10", "antique_armchair_2"], "The furniture on the line from "
              "the start through the ball, facing along it."),
        Param("occluder.gap", GAP, 0.5, "Space between the ball's edge and the occluder's face."),
        Param("others.count", COUNT, 0, "More furniture about the room, clear of every sight line to the ball."),
        Param("others.type", OCCLUDER, list(OCCLUDER_TYPES), "Each further piece's type (drawn for each) but the "
              "last of two or more."),
        Param("others.last_type", OCCLUDER, list(OCCLUDER_TYPES), "The last further piece's type, where there are "
              "two or more (the evaluation's is a bed or a sofa)."),
        Param("others.turn", TURN, 0, "Each further piece's rotation, from the performer's facing (drawn for each)."),
        Setting("others.places", PLACES, None, "Places [x, z] of the further pieces, the first piece at the first "
                "place and so on; null: anywhere in the room."),
        Param("toys.count", COUNT, 5, "Toys about the room, clear of every sight line to the ball: a truck_1 (scale "
              "2.5), a block_blank_wood_cube, an apple_1, a truck_3 (scale 1.25) and a tall block, in turn."),
        Param("toys.truck_1_material", MATERIAL, TOY_WOOD, "The truck_1's material."),
        Param("toys.cube_material", MATERIAL, "Custom/Materials/OliveWoodMCS", "The block's material."),
        Param("toys.truck_3_material", MATERIAL, "Custom/Materials/WhiteWoodMCS", "The truck_3's material."),
        Param("toys.tall_block_material", MATERIAL, "Custom/Materials/VioletWoodMCS", "The tall block's material."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall", "AI2-THOR/Materials/Fabrics/CarpetGreen",
                        "Custom/Materials/RedDrywallMCS"),
        last_step(3900, "The scene's last step (goal.last_step)."),
        pairs("Emit a counterfactual twin for every sample (`scenegen make --pairs` sets this): documents "
              "`<name>_a.json` and `<name>_b.json` that differ only in the side of the ball the occluder stands "
              "on, so that the ball is hidden in one and in view in the other."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "ball": "The soccer ball (scale 1), from the performer's start.",
        "occluder": "The furniture on the line from the start through the ball: before the ball or beyond it.",
        "others": "Further furniture, none of it in the way of a sight line to the ball.",
        "toys": "Small toys, none of them in the way of a sight line to the ball.",
        "materials": "Room materials.",
    },
)

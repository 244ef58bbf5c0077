"""Retrieval - Containers' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import FACING, last_step, room_height, room_materials
from scenegen.mcs.containers import CONTAINERS
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Domain, Param, Setting, number, one_of

#: The toys the evaluation's scenes scatter about the room.
TOY_TYPES = ("bowl_6", "cup_6", "block_blank_wood_cylinder", "train_1", "dog_on_wheels_2", "truck_4", "crayon_pink")
#: The evaluation's containers in the order its scenes take them: a first lineup, then a second one.
EVALUATION_LINEUPS = ("toolbox_8 circular_container military_case_5", "chest_7 military_case_4 military_case_2")
#: Where the evaluation's scenes stand their first, second and third container.
EVALUATION_SLOTS = [[-3.18, -0.6], [-2.1, 2.99], [-3.2, 2.22]]
#: The toys of every evaluation scene (the same ten, in the same places).
EVALUATION_TOYS = [
    {"type": "bowl_6", "material": "Custom/Materials/WhiteWoodMCS", "scale": [1, 1, 1], "x": -2.92, "z": 0.68},
    {"type": "cup_6", "material": "Custom/Materials/BlackWoodMCS", "scale": [1, 1, 1], "x": -2.45, "z": -3.17},
    {"type": "block_blank_wood_cylinder",
     "material": "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/gray_1x1", "scale": [2, 1, 2],
     "x": -1.77, "z": 4.08},
    {"type": "train_1", "material": "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/yellow_1x1",
     "scale": [1, 1, 1], "x": -1.47, "z": -1.75},
    {"type": "dog_on_wheels_2", "material": "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/red_1x1",
     "scale": [0.6, 0.6, 0.6], "x": -1.47, "z": 4.79},
    {"type": "truck_4", "material": "Custom/Materials/AzureWoodMCS", "scale": [0.5, 0.5, 0.5], "x": -3.89, "z": 4.01},
    {"type": "bowl_6", "material": "AI2-THOR/Materials/Wood/WoodGrain_Brown", "scale": [1, 1, 1], "x": -0.31,
     "z": 1.35},
    {"type": "block_blank_wood_cylinder", "material": "AI2-THOR/Materials/Wood/DarkWoodSmooth2", "scale": [1, 1, 1],
     "x": -4.81, "z": -5.23},
    {"type": "crayon_pink", "material": None, "scale": [1, 1, 1], "x": 3.85, "z": -1.88},
    {"type": "bowl_6", "material": "Custom/Materials/BlackWoodMCS", "scale": [1, 1, 1], "x": -2.52, "z": -0.82},
]

_TYPE_NAME = "(" + "|".join(CONTAINERS) + ")"
LINEUP = Domain("lineup", {"type": "string", "pattern": f"^{_TYPE_NAME}( {_TYPE_NAME})*$",
                           "description": "container types, separated by spaces, in the order a scene takes them"})
ROOM_SIDE = number("room_side", 6, 30, "metres")
POSITION = number("position", -14, 14, "metres from the room's centre")
COUNT = number("count", 1, 6, "containers", integer=True)
TOYS = number("toys", 0, 12, "toys", integer=True)
SCALE = number("scale_factor", 0.5, 2, "times the type's scale in the evaluation")
TURN = number("turn", 0, 720, "degrees")
ORDER = one_of("order", ("in_order", "shuffled"), "how the scene's containers are taken from the lineup")
HOLDER = one_of("holder", ("first", "any"), "which container holds a hidden ball")
TOY = one_of("toy", TOY_TYPES, "an MCS toy type")
XZ = {"type": "array", "minItems": 2, "maxItems": 2, "items": {"type": "number", "minimum": -14, "maximum": 14}}
PLACED_TOY = {"type": "object", "required": ["type", "material", "scale", "x", "z"], "additionalProperties": False,
              "properties": {"type": {"enum": list(TOY_TYPES)}, "material": {"type": ["string", "null"]},
                             "scale": {"type": "array", "minItems": 3, "maxItems": 3,
                                       "items": {"type": "number", "minimum": 0.1, "maximum": 5}},
                             "x": {"type": "number"}, "z": {"type": "number"}}}

DECLARATION = Declaration(
    family="containers",
    title="Retrieval - Containers config",
    description=("Retrieval - Containers (MCS eval 7): a soccer ball on the floor or hidden in one of several closed "
                 "containers (chests, military cases, a toolbox, a circular container) among toys; open them to "
                 "find it. Every parameter takes the value grammar: a constant, a list (uniform choice), {min, max} "
                 "(uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 12, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 11, "Room size along z."),
        room_height(5),
        Param("performer.x", POSITION, 2.47, "The performer's start along x."),
        Param("performer.z", POSITION, -0.13, "The performer's start along z."),
        Param("performer.facing", FACING, 225, "The performer's facing (rotation y); containers and toys face "
              "the same way (the trains, trucks and dogs the other way), as the evaluation turns them."),
        Param("containers.lineup", LINEUP, EVALUATION_LINEUPS[0],
              "The container types a scene may take, in order."),
        Param("containers.count", COUNT, {"choices": [1, 2, 3], "weights": [1, 2, 3]},
              "How many containers stand in the room (at most the lineup's length)."),
        Param("containers.order", ORDER, "in_order", "`in_order`: the lineup's first `count` types, in order (as "
              "the evaluation takes them); `shuffled`: `count` of its types drawn at random, in random order."),
        Param("containers.scale", SCALE, 1.0, "Every container's scale, as a factor of the scale the evaluation "
              "gives its type (toolbox_8 7, circular_container 1.75, military_case_5 0.6, military_case_2 0.9, "
              "chest_7 and military_case_4 1); a hidden ball must still fit in each."),
        Setting("containers.slots", {"type": "array", "items": XZ}, EVALUATION_SLOTS, "Where the first, second... "
                "container stands (x, z); an empty list scatters them about the room instead."),
        *(Param(f"container_materials.{kind}", MATERIAL, material, f"A {kind}'s material.")
          for kind, material in (("toolbox_8", "AI2-THOR/Materials/Metals/WhiteMetal"),
                                 ("circular_container", "AI2-THOR/Materials/Plastics/OrangePlastic"),
                                 ("military_case_5", "AI2-THOR/Materials/Metals/HammeredMetal_AlbedoTransparency 1"),
                                 ("chest_7", "AI2-THOR/Materials/Metals/BlackSmoothMeta"),
                                 ("military_case_4", "AI2-THOR/Materials/Metals/BrownMetal 1"),
                                 ("military_case_2", "AI2-THOR/Materials/Metals/BlackSmoothMeta"))),
        Param("ball.hidden", FLAG, {"choices": [True, False], "weights": [1, 2]},
              "Whether the ball is hidden in a container (else it lies on the floor)."),
        Param("ball.holder", HOLDER, "first", "Which container holds a hidden ball: the `first` the scene lists "
              "(as in the evaluation), or `any` of them, each as likely."),
        Param("ball.x", POSITION, -2.1535, "Where a ball on the floor lies, along x."),
        Param("ball.z", POSITION, -0.5146, "Where a ball on the floor lies, along z."),
        Param("ball.turn", TURN, 625.2448, "A ball on the floor's rotation y (the evaluation writes it past 360)."),
        Setting("toys.placed", {"type": "array", "items": PLACED_TOY}, EVALUATION_TOYS, "Toys at fixed places "
                "(type, material or null, scale, x, z); an empty list scatters `toys.count` toys instead."),
        Param("toys.count", TOYS, 10, "How many toys are scattered about the room when none are placed."),
        Param("toys.type", TOY, list(TOY_TYPES), "A scattered toy's type (drawn for each)."),
        Param("toys.material", MATERIAL, "Custom/Materials/WhiteWoodMCS",
              "A scattered toy's material (drawn for each; a crayon has none)."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/CarpetDarkGreen",
                        "Custom/Materials/VioletWoodMCS"),
        last_step(2800, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "containers": "The closed containers (openable, each able to hold the ball).",
        "container_materials": "Each container type's material.",
        "ball": "The soccer ball (scale 1): hidden in a container, or on the floor.",
        "toys": "The toys about the room.",
        "materials": "Room materials.",
    },
)

"""The Retrieval config, declared once: scenegen derives its schema, draw table and reference from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: Distractor types the geometry catalogue (scenegen/data/objects.json) knows the size of: primitive blocks.
TYPES = ("cube", "sphere", "cone", "cylinder", "pyramid", "square_frustum", "circle_frustum", "tube_wide")
ROOM_SIZE = number("room_size", 4, 30, "metres")

DECLARATION = Declaration(
    family="retrieval",
    title="Retrieval config",
    description=(
        "Retrieval: a soccer ball (the target) and distractor blocks lie on the floor, none overlapping and all clear "
        "of the performer, who starts in the middle of the room, looks around, and must find and pick up the ball. "
        "Every numeric or categorical parameter takes the value grammar: a constant, a list (uniform choice), "
        "{min, max} (uniform range) or {choices, weights}."
    ),
    entries=(
        Param("room.width", ROOM_SIZE, 10, "Room size along x."),
        Param("room.depth", ROOM_SIZE, 10, "Room size along z."),
        Param("distractors.count", number("count", 0, 20, "objects", integer=True), {"min": 2, "max": 8},
              "How many distractors lie on the floor."),
        Param("distractors.types", one_of("distractor_type", TYPES, "a primitive block type"), list(TYPES),
              "Type of each distractor, drawn for each one."),
        Param("distractors.scale", number("scale", 0.1, 1.0, "scale (metres for a unit block)"),
              {"min": 0.2, "max": 0.5}, "Scale of each distractor, the same on every axis; drawn for each one."),
        Param("distractors.material", MATERIAL, list(palette("goal_object")), "Material of each distractor."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/Carpet3",
                        "AI2-THOR/Materials/Walls/DrywallBeige"),
        last_step(1000, "The scene's last step (goal.last_step); the look around takes the first 36.", minimum=36),
    ),
    sections={
        "room": "The room (MCS roomDimensions); 3 m high.",
        "distractors": "The objects that are not the target; their per-object values are drawn for each one.",
        "materials": "Room materials.",
    },
)

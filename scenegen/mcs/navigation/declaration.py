"""The config of a navigation family (Lava, Holes), declared once for both: each family gives its defaults.

Lava and Holes are one task over two kinds of dangerous floor cells, so they
share every parameter; only the defaults differ, as the evaluation scenes do
(``docs/mcs_facts.md`` 11).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.geometry.catalog import catalog
from scenegen.mcs.materials import palette
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, Setting, number, one_of

#: The human agents that hold the ball (SCH agent table; the evaluation scenes use female ones).
AGENT_TYPES = tuple(f"agent_female_0{n}" for n in range(1, 9))
BLOB_TYPES = tuple(name for name in catalog() if name.startswith("blob_"))
BLOB_MATERIALS = palette("agent")
#: Facings of the agent and the blob: the evaluation's are whole quarter turns.
QUARTER_TURNS = (0, 90, 180, 270)
#: The performer's facing at the start: any multiple of 45 degrees (the evaluation's are 90 and 225).
EIGHTH_TURNS = tuple(range(0, 360, 45))

ROOM_WIDTH = number("room_width", 8, 40, "metres")
ROOM_DEPTH = number("room_depth", 12, 40, "metres")
SIDEWAYS = number("sideways", -19, 19, "metres from the room's centre line")
FROM_WALL = number("from_wall", 0.5, 5, "metres")
CELLS = number("field_cells", 1, 40, "floor cells (1 m each)", integer=True)
LINES = number("lines", 0, 10, "walls of cells", integer=True)
SHARE = number("share", 0, 0.6, "share of the field's cells")
HOLDER = one_of("holder", ("floor", "agent"), "where the ball is")
AGENT_TYPE = one_of("agent_type", AGENT_TYPES, "a human agent type")
QUARTER = one_of("quarter_turn", QUARTER_TURNS, "degrees", json_type="integer")
EIGHTH = one_of("eighth_turn", EIGHTH_TURNS, "degrees", json_type="integer")
BLOB_TYPE = one_of("blob_type", BLOB_TYPES, "a blob type")
BLOB_MATERIAL = one_of("blob_material", BLOB_MATERIALS, "a blob colour")
BLOB_SCALE = number("blob_scale", 0.8, 2.0, "scale factor")
BLOB_DISTANCE = number("blob_distance", 1.0, 3.0, "metres")


def navigation_declaration(family: str, danger: str, defaults: Mapping[str, Any]) -> Declaration:
    """The declaration of the navigation family ``family`` over ``danger`` cells ("lava", "hole"), with the
    family's ``defaults`` by path (every path below must have one)."""
    return Declaration(
        family=family,
        title=f"{family.capitalize()} config",
        description=(
            f"{family.capitalize()} (MCS eval 7, \"Navigation - Holes and Lava\"): the performer starts on a 1 m "
            f"platform near the front wall; the soccer ball, on the floor or held by a human agent, is near the back "
            f"wall, across a field of {danger} cells: walls of cells with gaps, and scattered cells. The straight "
            f"way is always cut, so the performer must go round or through a gap. Every numeric or categorical "
            f"parameter takes the value grammar: a constant, a list (uniform choice), {{min, max}} (uniform range) "
            f"or {{choices, weights}}."
        ),
        entries=(
            Param("room.width", ROOM_WIDTH, defaults["room.width"], "Room size along x."),
            Param("room.depth", ROOM_DEPTH, defaults["room.depth"], "Room size along z (front wall to back wall)."),
            room_height(defaults["room.height"]),
            Param("performer.x", SIDEWAYS, defaults["performer.x"], "x of the platform the performer starts on."),
            Param("performer.depth", FROM_WALL, defaults["performer.depth"],
                  "Distance from the front wall (-z) to the platform's centre."),
            Param("performer.rotation", EIGHTH, defaults["performer.rotation"], "The performer's facing (y)."),
            Param("target.holder", HOLDER, defaults["target.holder"],
                  "Whether the ball lies on the floor or a human agent holds it (InteractWithAgent to get it)."),
            Param("target.x", SIDEWAYS, defaults["target.x"], "x of the ball, or of the agent holding it."),
            Param("target.depth", FROM_WALL, defaults["target.depth"],
                  "Distance from the back wall (+z) to the ball or its holder."),
            Param("agent.type", AGENT_TYPE, defaults["agent.type"], "Type of the agent holding the ball."),
            Param("agent.rotation", QUARTER, defaults["agent.rotation"], "The agent's facing (y)."),
            Param("blob.present", FLAG, defaults["blob.present"], "Whether a blob stands near the ball."),
            Param("blob.type", BLOB_TYPE, defaults["blob.type"], "The blob's type."),
            Param("blob.scale", BLOB_SCALE, defaults["blob.scale"], "The blob's scale (all three axes)."),
            Param("blob.material", BLOB_MATERIAL, defaults["blob.material"], "The blob's colour."),
            Param("blob.rotation", QUARTER, defaults["blob.rotation"], "The blob's facing (y)."),
            Param("blob.distance", BLOB_DISTANCE, defaults["blob.distance"],
                  "Distance from the ball (or its holder) to the blob, beside or behind it."),
            Param("field.width", CELLS, defaults["field.width"],
                  f"Width (x) of the rectangle of floor the field of {danger} cells covers, in cells."),
            Param("field.depth", CELLS, defaults["field.depth"],
                  "Depth (z) of the field's rectangle, in cells; it lies between the platform and the ball."),
            Param("field.rows", LINES, defaults["field.rows"],
                  f"Walls of {danger} cells across the field's whole width (along x)."),
            Param("field.columns", LINES, defaults["field.columns"],
                  f"Walls of {danger} cells along the field's whole depth (along z)."),
            Param("field.gaps", LINES, defaults["field.gaps"], "Free cells cut in each wall, where the performer "
                  "can stand (a wall across the whole room needs one to be passable)."),
            Param("field.scatter", SHARE, defaults["field.scatter"],
                  f"Share of the field's other cells made {danger} cells, at random (never a gap)."),
            Param("platform.material", MATERIAL, defaults["platform.material"], "The platform's material."),
            *room_materials(defaults["materials.ceiling"], defaults["materials.floor"], defaults["materials.wall"]),
            Setting("min_detour", {"type": "integer", "minimum": 0, "maximum": 40}, defaults["min_detour"],
                    f"The least the {danger} cells must lengthen the shortest safe walk from the platform to the ball, "
                    "in 1 m grid steps, against the same room without them (samples whose field does not are drawn "
                    "again)."),
            last_step(defaults["last_step"], "The scene's last step (goal.last_step)."),
        ),
        sections={
            "room": "The room (MCS roomDimensions).",
            "performer": "The platform the performer starts on, and its facing.",
            "target": "The soccer ball, or the human agent holding it.",
            "agent": "The human agent holding the ball (when target.holder is agent).",
            "blob": "A blob standing near the ball, as in some evaluation scenes.",
            "field": f"The {danger} cells, on the 1 m floor grid.",
            "platform": "The platform's look.",
            "materials": "Room materials.",
        },
    )

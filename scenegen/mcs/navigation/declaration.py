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
from scenegen.mcs.model import AgentSettings
from scenegen.mcs.navigation.field import LAYOUTS, SIDES
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, Setting, number, one_of

#: The human agents that hold the ball (SCH agent table; the evaluation scenes use female ones).
AGENT_TYPES = tuple(f"agent_female_0{n}" for n in range(1, 9))
BLOB_TYPES = tuple(name for name in catalog() if name.startswith("blob_"))
BLOB_MATERIALS = palette("agent")
#: The two outfits the evaluation's agents wear, the lava scenes' first (``docs/mcs_facts.md`` 11.3): agentSettings
#: options have no documented ranges, so only outfits known to dress an agent are drawn.
OUTFITS = (
    AgentSettings(chest=8, skin=0, chest_material=13, eyes=2, feet=0, feet_material=3, hair=5, hair_material=0,
                  hat_material=-1, legs=0, legs_material=11),
    AgentSettings(chest=7, skin=13, chest_material=5, eyes=0, feet=1, feet_material=8, hair=9, hair_material=2,
                  hat_material=5, legs=0, legs_material=14),
)
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
BEARING = number("bearing", 0, 180, "degrees from +x (right) toward the back wall (+z)")
OUTFIT = one_of("outfit", tuple(range(len(OUTFITS))), "an outfit the evaluation's agents wear (0: lava's, 1: holes')",
                json_type="integer")
LAYOUT = one_of("field_layout", LAYOUTS, "how the field is built")
SIDE = one_of("field_side", SIDES, "where the field stands across the room")
COLUMN = number("column", -19, 19, "x of a column of floor cells", integer=True)
COUNT = number("cell_count", 0, 400, "floor cells (0: as many as the layout and scatter make)", integer=True)

#: The defaults the evaluation's lava and holes scenes share (``docs/mcs_facts.md`` 11); each family gives the rest.
SHARED_DEFAULTS: Mapping[str, Any] = {
    "room.width": 18, "room.height": 4,
    "performer.x": {"min": -7.5, "max": 7.5}, "performer.depth": {"min": 0.75, "max": 1.25},
    "performer.rotation": list(EIGHTH_TURNS),
    "target.holder": ["floor", "agent"], "target.x": {"min": -7.5, "max": 7.5},
    "agent.type": list(AGENT_TYPES), "agent.rotation": list(QUARTER_TURNS), "agent.outfit": [0, 1],
    "blob.present": [True, False], "blob.type": ["blob_18", "blob_20"], "blob.scale": {"min": 1.4, "max": 1.8},
    "blob.material": ["Custom/Materials/Rose", "Custom/Materials/Violet"], "blob.rotation": list(QUARTER_TURNS),
    "blob.distance": {"min": 1.3, "max": 1.7}, "blob.bearing": {"min": 0, "max": 180},
    "field.layout": "walls", "field.side": "across", "field.width": {"min": 9, "max": 19},
    "field.rows": {"min": 1, "max": 4}, "field.columns": {"min": 0, "max": 2},
    "field.near_rows": {"min": 0, "max": 1}, "field.spine": [-1, 0], "field.gaps": [1, 2], "field.near_gaps": [1, 2],
    "field.scatter": {"min": 0.05, "max": 0.2}, "field.cells": 0,
    "min_detour": 2,
}


def navigation_declaration(family: str, danger: str, own: Mapping[str, Any]) -> Declaration:
    """The declaration of the navigation family ``family`` over ``danger`` cells ("lava", "hole"): its defaults
    are :data:`SHARED_DEFAULTS` and the family's ``own`` by path (between them, every path below has one)."""
    defaults = {**SHARED_DEFAULTS, **own}
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
            Setting("performer.x_by_layout",
                    {"type": "object", "properties": dict.fromkeys(LAYOUTS, SIDEWAYS), "additionalProperties": False},
                    defaults.get("performer.x_by_layout", {}),
                    "x of the platform for each field layout named here, as the evaluation pairs them (its closed "
                    "rectangles with one place, its rows with the other); a layout not named takes performer.x, "
                    "drawn apart from the layout."),
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
            Param("agent.outfit", OUTFIT, defaults["agent.outfit"], "The agent's outfit (agentSettings)."),
            Param("blob.present", FLAG, defaults["blob.present"], "Whether a blob stands near the ball."),
            Param("blob.type", BLOB_TYPE, defaults["blob.type"], "The blob's type."),
            Param("blob.scale", BLOB_SCALE, defaults["blob.scale"], "The blob's scale (all three axes)."),
            Param("blob.material", BLOB_MATERIAL, defaults["blob.material"], "The blob's colour."),
            Param("blob.rotation", QUARTER, defaults["blob.rotation"], "The blob's facing (y)."),
            Param("blob.distance", BLOB_DISTANCE, defaults["blob.distance"],
                  "Distance from the ball (or its holder) to the blob."),
            Param("blob.bearing", BEARING, defaults["blob.bearing"],
                  "Direction from the ball (or its holder) to the blob: 0 beside it on the right, 90 behind it, 180 "
                  "beside it on the left (where the blob would not stand wholly in the room, the nearest of a few "
                  "spots beside or behind it that does)."),
            Param("field.layout", LAYOUT, defaults["field.layout"],
                  f"How the field of {danger} cells is built: walls of cells with gaps across and along it (walls); "
                  "a closed rectangle of cells with a cross wall through it (enclosure); rows every other row from "
                  "a spine column to the side walls, spanning the room's width (rows)."),
            Param("field.side", SIDE, defaults["field.side"],
                  "Where the field's rectangle stands: across the straight way from the platform to the ball, which "
                  "it must then cut; or against the left or right wall, or centred, wherever the straight way runs "
                  "(the label's straight_way_cut says whether it cuts it). A rows field spans the room anyway."),
            Param("field.width", CELLS, defaults["field.width"],
                  "Width (x) of the walls or enclosure field's rectangle of floor, in cells."),
            Param("field.depth", CELLS, defaults["field.depth"],
                  "Depth (z) of the walls or enclosure field's rectangle, in cells; it lies between the platform and "
                  "the ball."),
            Param("field.rows", LINES, defaults["field.rows"],
                  f"Walls of {danger} cells across the field: across its whole width (walls); every other row from "
                  "the spine to the side wall away from the platform (rows, whose depth is twice this less one)."),
            Param("field.columns", LINES, defaults["field.columns"],
                  f"Walls of {danger} cells along the walls field's whole depth (along z)."),
            Param("field.near_rows", LINES, defaults["field.near_rows"],
                  "Rows of the rows field every other row from the side wall on the platform's side to the spine "
                  "(at most field.rows)."),
            Param("field.spine", COLUMN, defaults["field.spine"], "x of the rows field's spine column."),
            Param("field.gaps", LINES, defaults["field.gaps"], "Free cells cut in each wall of a walls field and "
                  "each row of a rows field, where the performer can stand (a wall across the whole room needs one "
                  "to be passable)."),
            Param("field.near_gaps", LINES, defaults["field.near_gaps"],
                  "Free cells cut in each row of a rows field before the spine (0 seals that side off: the walk "
                  "then winds through the rows beyond the spine)."),
            Param("field.scatter", SHARE, defaults["field.scatter"],
                  f"Share of the field's other cells made {danger} cells, at random (never a gap)."),
            Param("field.cells", COUNT, defaults["field.cells"],
                  "The field's exact number of cells: more are scattered (never on a gap), or scattered and then "
                  "wall cells taken away, until it holds this many (0: as many as its layout and scatter make)."),
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

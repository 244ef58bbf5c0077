"""Spatial Elimination's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.forced_choice import ALONG, PLATFORM_SIDE, SIDES
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: What stands on a side: a ``cover`` (a wall wide and tall enough to hide the ball), a ``lying`` or ``standing``
#: bar (too low or too narrow to hide it), or nothing.
WALL_KINDS = ("cover", "lying", "standing", "none")

ROOM_SIDE = number("room_side", 6, 30, "metres")
ACROSS = number("across", 0.5, 14, "metres from the platform's centre line")
PLACE = one_of("place", ("front", "behind"), "in front of the ball side's wall (seen) or behind it (hidden)")
KIND = one_of("wall_kind", WALL_KINDS, "what stands on a side")
OFFSET = number("offset", -1, 1, "metres toward the platform")
GAP = number("gap", 0.05, 2, "metres")
SIZE = number("size", 0.1, 3, "metres")

DECLARATION = Declaration(
    family="spatial_elimination",
    title="Spatial Elimination config",
    description=("Spatial Elimination (MCS eval 7): a platform splits the room; one side's wall hides the ball or "
                 "the ball lies in sight, the other side is visibly empty. Every parameter takes the value "
                 "grammar: a constant, a list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z (the platform's length)."),
        room_height(8),
        Param("performer.z", ALONG, -5.5, "Where the performer starts on the platform."),
        Param("platform.stop_z", ALONG, -4, "Where the small black block lies on the platform, ahead of the "
              "performer."),
        Param("ball.side", PLATFORM_SIDE, list(SIDES), "The side the ball is on: the answer."),
        Param("ball.place", PLACE, ["front", "behind"], "Whether the ball lies in front of its side's wall, in "
              "sight, or behind it, hidden from the start (only behind a cover, the other side then holding no "
              "cover)."),
        Param("ball.front_offset", OFFSET, 0.1379, "A ball in front: its x from its wall's centre, toward the "
              "platform."),
        Param("ball.behind_offset", OFFSET, -0.0679, "A ball behind: its x from its wall's centre, toward the "
              "platform."),
        Param("ball.gap", GAP, 0.18, "Space between the ball and its wall's face."),
        Param("walls.ball_side", KIND, "cover", "What stands on the ball's side when the ball lies in front "
              "(behind, it is always a cover)."),
        Param("walls.other_side", KIND, ["lying", "standing"], "What stands on the other side (a cover only when "
              "the ball lies in sight)."),
        Param("walls.x", ACROSS, 2, "How far each side's wall stands from the platform's centre line (x)."),
        Param("walls.z", ALONG, 1.75, "Where the walls stand along the room (z)."),
        Param("walls.cover_width", SIZE, 0.6, "A cover's width (x)."),
        Param("walls.cover_height", SIZE, 0.6, "A cover's height."),
        Param("walls.bar_length", SIZE, 1.8, "A bar's length: its width lying, its height standing."),
        Param("walls.bar_thickness", SIZE, 0.2, "A bar's other side: less than the ball's width, so that it hides "
              "nothing."),
        Param("walls.depth", SIZE, 0.2, "Every wall's depth (z)."),
        Param("walls.material", MATERIAL, "Custom/Materials/LimeWoodMCS", "The walls' material."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 3",
                        "Custom/Materials/SpringGreenDrywallMCS"),
        last_step(2100, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start on the platform (x 0), facing along it.",
        "platform": "The platform splitting the room (its material is the walls' of the room).",
        "ball": "The soccer ball (scale 2) and where it lies against its side's wall.",
        "walls": "The wall standing on each side, mirror images in place.",
        "materials": "Room materials.",
    },
)

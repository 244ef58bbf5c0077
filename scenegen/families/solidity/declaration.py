"""Solidity's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.doors import PLATFORM_SIDE, ROOM_SIDE, SIZE
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

DOORS = ("left", "middle", "right")

GAP = number("gap", 0.05, 5, "metres")
SIGNED = number("offset", -2, 2, "metres")
STEPS = number("steps", 1, 26, "steps", integer=True)
DOOR = one_of("door", DOORS, "a door of the occluding wall")
ORDER = one_of("order", ("occluder_first", "ball_first"), "what comes down first")

DECLARATION = Declaration(
    family="solidity",
    title="Solidity config",
    description=("Solidity (MCS eval 7): a placer lowers a soccer ball behind where a wall with three doors comes "
                 "down, and lets it go; it falls onto the platform's extension (the middle door) or onto the floor "
                 "left or right of the platform (that side's door). Every parameter takes the value grammar: a "
                 "constant, a list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x (its height is 7 m, which the occluder's descent "
              "assumes)."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z; the platform runs its whole depth."),
        Param("performer.margin", SIZE, 0.5, "How far from the front wall the performer starts, on the platform "
              "facing along it."),
        Param("platform.width", SIZE, 1, "The platform's width; the middle door's section of the wall spans it."),
        Param("platform.height", SIZE, 1, "The platform's height: the middle door's sill."),
        Param("platform.material", MATERIAL, "AI2-THOR/Materials/Metals/BrownMetal 1",
              "The platform's and its extension's material."),
        Param("extension.side", PLATFORM_SIDE, ["left", "right"],
              "The side of the platform the extension juts out from."),
        Param("extension.width", SIZE, 1.0915, "How far the extension juts out from the platform."),
        Param("extension.height", SIZE, 0.8, "The extension's height (at most the platform's)."),
        Param("extension.front", SIZE, 0.5, "Where along z the extension begins (behind the occluding wall, at "
              "z = -0.25); it reaches the back wall."),
        Param("occluder.top", SIZE, [3.25, 4.25], "Height of the occluding wall's top."),
        Param("occluder.material", MATERIAL, "Custom/Materials/MaroonWoodMCS", "The occluding wall's material."),
        Param("occluder.door_material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color 4",
              "The doors' material."),
        Param("timing.order", ORDER, ["occluder_first", "ball_first"], "Whether the occluder comes down before "
              "the ball is lowered (the placer lets go 6 steps after it stops) or while it is (the placer lets go "
              "as the occluder lands)."),
        Param("ball.door", DOOR, list(DOORS), "Where the ball is let go: over the extension (middle) or over the "
              "floor left or right of the platform; the door to open follows."),
        Param("ball.floor_gap", GAP, {"min": 0.5, "max": 1.51}, "Space between a ball over the floor and the side "
              "of the platform, or of the extension, beside it (drawn again where the ball would not clear the "
              "room's wall by 5 cm)."),
        Param("ball.offset", SIGNED, 0, "How far from the extension's centre line a ball over it hangs (toward "
              "the platform's side when negative)."),
        Param("ball.z", SIZE, 3.25, "Where along z the ball hangs (over the extension's stretch of z)."),
        Param("ball.descent", STEPS, 21, "Steps the placer lowers the ball, 0.25 m each, from under the ceiling."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey", "AI2-THOR/Materials/Wood/WornWood",
                        "AI2-THOR/Materials/Metals/BrownMetal 1"),
        last_step(2100, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "platform": "The platform the performer starts on, the room's whole depth, at x = 0.",
        "extension": "The lower platform jutting out from one side of the platform's far half.",
        "occluder": "The wall with three doors that comes down at z = -0.25.",
        "timing": "The order of the scene's phases.",
        "ball": "The soccer ball (scale 2) and its placer.",
        "materials": "Room materials.",
    },
)

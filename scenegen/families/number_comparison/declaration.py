"""Number Comparison's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.forced_choice import SIDES
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, number, one_of

#: The most balls a side holds (the evaluation's rule: zero to five).
MOST_BALLS = 5

ROOM_SIDE = number("room_side", 6, 30, "metres")
ALONG = number("along", -14, 14, "metres along z from the room's centre")
ACROSS = number("across", 0.3, 14, "metres from the platform's centre line")
TILT = number("tilt", 0, 30, "degrees down")
SIDE = one_of("side", SIDES, "a side of the platform")
COUNT = number("count", 0, MOST_BALLS, "balls", integer=True)
MORE = number("more", 1, MOST_BALLS, "balls (at least one: some ball is a target)", integer=True)
SPACING = number("spacing", 0.3, 3, "metres")
JITTER = number("jitter", 0, 0.5, "metres")
FILL = one_of("fill", ("in_order", "shuffled"), "which of a side's places its balls take")
LISTING = one_of("listing", ("targets_first", "shuffled"), "the order the balls are listed in")
SIZE = number("size", 0.05, 8, "metres")
STEPS = number("steps", 1, 200, "steps", integer=True)
SPEED = number("speed", 0.05, 1, "metres a step")

DECLARATION = Declaration(
    family="number_comparison",
    title="Number Comparison config",
    description=("Number Comparison (MCS eval 7): a platform splits the room; each side holds zero to five balls, "
                 "seen at the start, and occluders may come down over both sides; every ball on the side with more "
                 "is a target. Every parameter takes the value grammar: a constant, a list (uniform choice), "
                 "{min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z (the platform's length)."),
        room_height(8),
        Param("performer.z", ALONG, -5.5, "Where the performer starts on the platform."),
        Param("performer.tilt", TILT, 10, "How far the performer looks down at the start (rotation x)."),
        Param("platform.stop_z", ALONG, -4.5, "Where the small black block lies on the platform, ahead of the "
              "performer."),
        Param("balls.side", SIDE, list(SIDES), "The side with more balls (on a tie, the side listed first)."),
        Param("balls.more", MORE, {"choices": [1, 2, 3, 4], "weights": [2, 4, 2, 2]},
              "How many balls that side holds."),
        Param("balls.fewer", COUNT, {"choices": [0, 1, 2], "weights": [3, 5, 2]}, "How many the other side holds "
              "(as many at most: a draw of more is drawn again; as many is a tie, every ball a target)."),
        Param("balls.x", ACROSS, 2, "|x| of the middle of each side's balls."),
        Param("balls.spacing", SPACING, 0.5, "Distance between neighbouring balls of a row (x)."),
        Param("balls.front_z", ALONG, 2.75, "z of the front row of balls."),
        Param("balls.row_gap", SPACING, 2, "Distance from the front row to the back row (z)."),
        Param("balls.jitter", JITTER, 0, "Most a ball lies off its place, along x and along z."),
        Param("balls.fill", FILL, "in_order", "A side's balls take its places in order (middle, inner, outer of the "
              "front row, then inner and middle of the back row) or at random."),
        Param("balls.listing", LISTING, "targets_first", "The balls are listed the side with more first (each "
              "side in its places' order), or shuffled."),
        Param("occluders.present", FLAG, {"choices": [True, False], "weights": [2, 3]},
              "Whether an occluder comes down over each side at the start, hiding its balls once down."),
        Param("occluders.x", ACROSS, 1.55, "|x| of each occluder's centre."),
        Param("occluders.z", ALONG, 0, "z of the occluders."),
        Param("occluders.width", SIZE, 2.5, "An occluder's width (x)."),
        Param("occluders.height", SIZE, 1.5, "An occluder's height."),
        Param("occluders.thickness", SIZE, 0.1, "An occluder's thickness (z)."),
        Param("occluders.steps", STEPS, 26, "How many steps, from step 1, the occluders take to come down to the "
              "floor (the performer passes meanwhile)."),
        Param("occluders.speed", SPEED, 0.25, "How far they come down each step."),
        Param("occluders.material", MATERIAL, "Custom/Materials/GreyDrywallMCS", "The occluders' material."),
        Param("occluders.left_pole_material", MATERIAL, "AI2-THOR/Materials/Metals/BrushedIron_AlbedoTransparency",
              "The left occluder's pole's material."),
        Param("occluders.right_pole_material", MATERIAL, "AI2-THOR/Materials/Metals/Metal",
              "The right occluder's pole's material."),
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige", "AI2-THOR/Materials/Wood/LightWoodCounters 1",
                        "Custom/Materials/RedDrywallMCS"),
        last_step(2100, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start on the platform (x 0), facing along it.",
        "platform": "The platform splitting the room (its material is the walls' of the room).",
        "balls": "The soccer balls (scale 2) on each side, in two rows of places.",
        "occluders": "The occluder walls, one over each side, hung from poles, that come down at the start.",
        "materials": "Room materials.",
    },
)

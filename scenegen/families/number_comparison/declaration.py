"""Number Comparison's and Arithmetic's configs, declared once: the schemas, the draw tables and the references
derive from them. The two tasks share the room, the balls' places and the occluders."""

from __future__ import annotations

from typing import Any

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.forced_choice import ALONG, PLATFORM_SIDE, SIDES
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, Setting, number, one_of

#: The most balls a side holds (the evaluation's rule: zero to five).
MOST_BALLS = 5

ROOM_SIDE = number("room_side", 6, 30, "metres")
ACROSS = number("across", 0.3, 14, "metres from the platform's centre line")
TILT = number("tilt", 0, 30, "degrees down")
COUNT = number("count", 0, MOST_BALLS, "balls", integer=True)
MORE = number("more", 1, MOST_BALLS, "balls (at least one: some ball is a target)", integer=True)
SPACING = number("spacing", 0.3, 3, "metres")
JITTER = number("jitter", 0, 0.5, "metres")
FILL = one_of("fill", ("in_order", "shuffled"), "which of a side's places its balls take")
LISTING = one_of("listing", ("targets_first", "shuffled"), "the order the balls are listed in")
SIZE = number("size", 0.05, 8, "metres")
STEPS = number("steps", 1, 200, "steps", integer=True)
SPEED = number("speed", 0.05, 1, "metres a step")
OPERATION = one_of("operation", ("add", "remove"), "what the placers do")
AMOUNT = number("amount", 0, 4, "balls", integer=True)
STILL = number("still", 0, MOST_BALLS, "balls", integer=True)
STILL_BY = one_of("still_by", ("count", "lead"), "how the side left alone's balls are drawn")
LEAD = number("lead", -4, 4, "balls", integer=True)

GRAMMAR = ("Every parameter takes the value grammar: a constant, a list (uniform choice), {min, max} (uniform range) "
           "or {choices, weights}.")
SECTIONS = {
    "room": "The room (MCS roomDimensions).",
    "performer": "The performer's start on the platform (x 0), facing along it.",
    "platform": "The platform splitting the room (its material is the walls' of the room).",
    "balls": "The soccer balls (scale 2) on each side, in two rows of places.",
    "occluders": "The occluder walls, one over each side, hung from poles, that come down at the start.",
    "materials": "Room materials.",
}


def _start(stop_z: float) -> tuple[Param, ...]:
    """The room, the performer's start and the black block."""
    return (
        Param("room.width", ROOM_SIDE, 8, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z (the platform's length)."),
        room_height(8),
        Param("performer.z", ALONG, -5.5, "Where the performer starts on the platform."),
        Param("performer.tilt", TILT, 10, "How far the performer looks down at the start (rotation x)."),
        Param("platform.stop_z", ALONG, stop_z, "Where the small black block lies on the platform, ahead of the "
              "performer."),
    )


def _places(defaults: dict[str, Any], order: str) -> tuple[Param, ...]:
    """Where a side's balls lie: ``order`` says the order its places are taken in."""
    return (
        Param("balls.x", ACROSS, defaults["x"], "|x| of each side's first place."),
        Param("balls.spacing", SPACING, defaults["spacing"], "Distance between neighbouring places of a row (x)."),
        Param("balls.front_z", ALONG, defaults["front_z"], "z of the front row of places."),
        Param("balls.row_gap", SPACING, 2, "Distance from the front row to the back row (z)."),
        Param("balls.jitter", JITTER, 0, "Most a ball lies off its place, along x and along z."),
        Param("balls.fill", FILL, "in_order", f"A side's balls take its places in order ({order}) or at random."),
        Param("balls.listing", LISTING, "targets_first", "The balls are listed the side with more (at the end) "
              "first, each side in its places' order, or shuffled."),
    )


def _occluders(present: Any, material: str, left: str, right: str) -> tuple[Param, ...]:
    return (
        Param("occluders.present", FLAG, present,
              "Whether an occluder comes down over each side at the start, hiding its balls once down."),
        Param("occluders.x", ACROSS, 1.55, "|x| of each occluder's centre."),
        Param("occluders.z", ALONG, 0, "z of the occluders."),
        Param("occluders.width", SIZE, 2.5, "An occluder's width (x)."),
        Param("occluders.height", SIZE, 1.5, "An occluder's height."),
        Param("occluders.thickness", SIZE, 0.1, "An occluder's thickness (z)."),
        Param("occluders.steps", STEPS, 26, "How many steps, from step 1, the occluders take to come down to the "
              "floor (the performer passes meanwhile)."),
        Param("occluders.speed", SPEED, 0.25, "How far they come down each step."),
        Param("occluders.material", MATERIAL, material, "The occluders' material."),
        Param("occluders.left_pole_material", MATERIAL, left, "The left occluder's pole's material."),
        Param("occluders.right_pole_material", MATERIAL, right, "The right occluder's pole's material."),
    )


def _end(materials: tuple[str, str, str]) -> tuple[Param | Setting, ...]:
    return (*room_materials(*materials), last_step(2100, "The scene's last step (goal.last_step)."))


DECLARATION = Declaration(
    family="number_comparison",
    title="Number Comparison config",
    description=("Number Comparison (MCS eval 7): a platform splits the room; each side holds zero to five balls, "
                 "seen at the start, and occluders may come down over both sides; every ball on the side with more "
                 f"is a target. {GRAMMAR}"),
    entries=(
        *_start(-4.5),
        Param("balls.side", PLATFORM_SIDE, list(SIDES), "The side with more balls (on a tie, the side listed first)."),
        Param("balls.more", MORE, {"choices": [1, 2, 3, 4], "weights": [2, 4, 2, 2]},
              "How many balls that side holds."),
        Param("balls.fewer", COUNT, {"choices": [0, 1, 2], "weights": [3, 5, 2]}, "How many the other side holds "
              "(as many at most: a draw of more is drawn again; as many is a tie, every ball a target)."),
        *_places({"x": 2, "spacing": 0.5, "front_z": 2.75},
                 "middle, inner, outer of the front row, then inner and middle of the back row"),
        *_occluders({"choices": [True, False], "weights": [2, 3]}, "Custom/Materials/GreyDrywallMCS",
                    "AI2-THOR/Materials/Metals/BrushedIron_AlbedoTransparency", "AI2-THOR/Materials/Metals/Metal"),
        *_end(("AI2-THOR/Materials/Walls/DrywallBeige", "AI2-THOR/Materials/Wood/LightWoodCounters 1",
               "Custom/Materials/RedDrywallMCS")),
    ),
    sections=SECTIONS,
)

ARITHMETIC_DECLARATION = Declaration(
    family="arithmetic",
    title="Arithmetic config",
    description=("Arithmetic (MCS eval 7): a platform splits the room; each side holds balls, seen at the start; "
                 "occluders may come down over both sides; then placers set balls down on one side or lift balls "
                 f"away while the performer watches; every ball on the side with more at the end is a target. "
                 f"{GRAMMAR}"),
    entries=(
        *_start(-4.5),
        Param("balls.still_by", STILL_BY, "count", "The side the placers leave alone holds `balls.still` balls "
              "(`count`), or `balls.lead` more than the other side holds at the end (`lead`: then the answer is "
              "drawn apart from what the placers do)."),
        Param("balls.still", STILL, {"choices": [1, 2], "weights": [9, 11]}, "How many balls the side the placers "
              "leave alone holds (`still_by: count`)."),
        Param("balls.lead", LEAD, 0, "How many more balls it holds than the other side at the end (`still_by: "
              "lead`; fewer than none or more than four is drawn again)."),
        Param("operation.side", PLATFORM_SIDE, "right", "The side the placers add balls to or lift them from."),
        Param("operation.kind", OPERATION, {"choices": ["add", "remove"], "weights": [11, 9]},
              "Whether the placers add balls or lift them away."),
        Param("operation.amount", AMOUNT, {"choices": [0, 1, 2, 3, 4], "weights": [4, 5, 3, 3, 5]},
              "How many (0: one empty placer comes down and goes up; more than fit or than there are is drawn "
              "again)."),
        Param("operation.start_add", STILL, 0, "How many balls the placers' side holds before they add."),
        Param("operation.start_remove", STILL, 4, "How many balls the placers' side holds before they lift."),
        Param("operation.empty_x", ACROSS, 1.25, "|x| where an empty placer comes down."),
        Param("operation.empty_z", ALONG, 4.5, "z where an empty placer comes down."),
        *_places({"x": 2, "spacing": 1, "front_z": 2.5},
                 "inner front, outer back, outer front, inner back, then a third column's front"),
        *_occluders({"choices": [True, False], "weights": [3, 2]},
                    "UnityAssetStore/Baby_Room/Models/Materials/cabinet metal", "AI2-THOR/Materials/Metals/WhiteMetal",
                    "AI2-THOR/Materials/Metals/GenericStainlessSteel"),
        *_end(("AI2-THOR/Materials/Walls/Drywall", "AI2-THOR/Materials/Fabrics/CarpetDark 1",
               "AI2-THOR/Materials/Wood/WoodGrain_Tan")),
    ),
    sections={**SECTIONS, "operation": "The placers: what they do, on which side, to how many balls."},
)

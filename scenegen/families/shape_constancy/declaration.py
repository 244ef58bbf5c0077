"""Shape Constancy's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from typing import Any

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.materials import palette
from scenegen.mcs.passive_physics import STEP, TOY, WIDTH
from scenegen.plugin.params import MATERIAL, Declaration, Param, Setting, number, one_of

#: The two occluders (and the places behind them), left and right of the room's middle.
SIDES = ("left", "right")
X = number("x", -5, 5, "metres")
DEPTH = number("z", 1.1, 4.9, "metres")
OFFSET = number("offset", -1, 1, "of the free stretch")
#: The development half's occluders, walls and poles, and toy materials, by side.
EVALUATION_SIDES: dict[str, dict[str, Any]] = {
    "left": {"x": -1.1172, "width": 0.937, "wall": "Custom/Materials/PurpleDrywallMCS",
             "pole": "AI2-THOR/Materials/Metals/Brass 1", "z": 4.6, "types": ["truck_2", "military_truck"],
             "toy": "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/gray_1x1"},
    "right": {"x": 1.086, "width": 1.1906, "wall": "AI2-THOR/Materials/Walls/DrywallOrange",
              "pole": "AI2-THOR/Materials/Metals/GenericStainlessSteel", "z": 3.35,
              "types": ["racecar_red", "toddler_ride_on_car"],
              "toy": "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/yellow_1x1"},
}


def _side(side: str) -> tuple[Param, ...]:
    """One side's occluder and the place behind it."""
    facts = EVALUATION_SIDES[side]
    return (
        Param(f"{side}.x", X, facts["x"], f"Value: the {side} occluder's centre along x."),
        Param(f"{side}.width", WIDTH, facts["width"], f"Value: the {side} occluder's width."),
        Param(f"{side}.material", MATERIAL, facts["wall"], f"Value: the {side} occluder's wall material."),
        Param(f"{side}.pole_material", MATERIAL, facts["pole"], f"Value: the {side} occluder's pole material."),
        Param(f"{side}.toy", TOY, facts["types"], f"Value: the type of the toy behind the {side} occluder."),
        Param(f"{side}.z", DEPTH, facts["z"], f"Value: the depth of the toy behind the {side} occluder."),
        Param(f"{side}.offset", OFFSET, 0, f"Value: where that toy stands along the stretch the {side} occluder "
              "hides at its depth: -1 at its left end, 0 in its middle (as the evaluation), 1 at its right end."),
        Param(f"{side}.toy_material", MATERIAL, facts["toy"], "Value: that toy's material (and its stand-in's)."),
    )


DECLARATION = Declaration(
    family="shape_constancy",
    title="Shape Constancy config",
    description=(
        "Shape Constancy (MCS eval 7, passive physics): every sample is a pair of scenes, expected and unexpected, "
        "identical until the change. Two sideways occluders rise, turn to show what is behind them, turn back and "
        "fall; one or two toys are dropped in behind them, seen falling; while the occluders are down, in the "
        "unexpected document one toy (or every toy) is hidden and a toy of another type stands in its place; the "
        "occluders rise and turn again at the end. Every parameter marked as a value takes the value grammar: a "
        "constant, a list (uniform choice), {min, max} (uniform range, numeric parameters only) or "
        "{choices, weights}."),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json."),
        Param("toys.count", number("count", 1, 2, "toys", integer=True), [1, 2],
              "Value: how many toys are dropped in, one behind each occluder."),
        Param("toys.single", one_of("single", SIDES, "a side"), "left", "Value: where a single toy goes."),
        Param("toys.changed", one_of("changed", ("one", "all"), "how many toys change shape"), ["one", "all"],
              "Value: whether one toy (drawn) or every toy changes shape in the unexpected document."),
        Setting("toys.stand_ins", {"type": "array", "minItems": 1, "uniqueItems": True, "items": TOY},
                ["trolley_1", "taxi", "military_truck"],
                "Pool of stand-in types: a toy that changes shape turns into one of them of another type than its own "
                "(the evaluation: truck_2 into trolley_1, military_truck into taxi, toddler_ride_on_car into "
                "military_truck)."),
        Param("drop_step", STEP, 81, "Value: the step the toys are dropped in, from just above the view."),
        Param("change_step", STEP, 117, "Value: the step a toy is swapped for its stand-in in the unexpected "
              "document; it must fall while the occluders are down and after the drop."),
        *(param for side in SIDES for param in _side(side)),
        Setting("occluders.turn_steps", {"type": "integer", "minimum": 1, "maximum": 90}, 6,
                "How many steps each of the occluders' turns (90 degrees) takes."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall", list(palette("floor")), list(palette("wall"))),
        last_step(160, "The scene's last step (goal.last_step); the occluders' reveal ends 3 steps before it."),
    ),
    sections={
        "toys": "The toys (scale, mass and floor height as the evaluation writes them for their type).",
        "left": "The left occluder (a wall 1.8 m tall on a pole from the left wall, at z 1) and the place behind it.",
        "right": "The right occluder and the place behind it.",
        "occluders": "Both occluders' timing.",
        "materials": "Room materials.",
    },
)

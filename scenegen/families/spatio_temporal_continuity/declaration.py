"""Spatio-Temporal Continuity's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.passive_physics import STEP, TOY, WIDTH
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, Setting, number, one_of

SIDE = one_of("side", ("right", "left"), "the side of the room the toy starts on")
X = number("x", -5, 5, "metres")
SPEED = number("speed", 0.02, 0.5, "metres a step")
SLOWING = number("slowing", 0.001, 0.1, "metres a step, each stage")
JUMP = number("jump", 0.5, 8, "metres")


def _occluder(side: str, x: float, width: float, material: str, pole: str) -> tuple[Param, ...]:
    """The left or right occluder's place, width and materials."""
    return (
        Param(f"{side}.x", X, x, f"Value: the {side} occluder's centre along x."),
        Param(f"{side}.width", WIDTH, width, f"Value: the {side} occluder's width."),
        Param(f"{side}.material", MATERIAL, material, f"Value: the {side} occluder wall's material."),
        Param(f"{side}.pole_material", MATERIAL, pole, f"Value: the {side} occluder pole's material."),
    )


DECLARATION = Declaration(
    family="spatio_temporal_continuity",
    title="Spatio-Temporal Continuity config",
    description=(
        "Spatio-Temporal Continuity (MCS eval 7, passive physics): every sample is a pair of scenes, expected and "
        "unexpected, identical until the event. A toy is pushed across the room and slides to rest, moved by script "
        "(kinematic), so its place at every step is known. In the unexpected scene it teleports once, further along "
        "its own path, and slides on: from behind one occluder to behind the other when the two occluders stand, "
        "else while it is shrouded (invisible), else in plain sight. Every parameter marked as a value takes the "
        "value grammar: a constant, a list (uniform choice), {min, max} (uniform range, numeric parameters only) or "
        "{choices, weights}."),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json."),
        Param("occluders", FLAG, [True, False], "Value: whether the two upright occluders stand in the room."),
        Param("object.type", TOY, ["car_4", "taxi"], "Value: the toy."),
        Param("object.material", MATERIAL, "AI2-THOR/Materials/Wood/WoodGrain_Tan", "Value: the toy's material."),
        Param("object.side", SIDE, "right", "Value: the side the toy starts on (it slides towards the other)."),
        Param("object.start_x", number("start_x", 2, 5, "metres"), [4.16, 4.4],
              "Value: how far from the room's centre the toy starts, on its side."),
        Param("object.z", number("z", 1.3, 4.9, "metres"), [1.6, 2.85],
              "Value: the toy's start along z (the occluders stand at z 1)."),
        Param("object.angle", number("angle", 0, 40, "degrees"), [0, 20],
              "Value: how far the toy's heading (and its slide) is turned from straight across towards the back "
              "wall."),
        Param("motion.start", STEP, 83, "Value: the step the toy is first shown and sets off."),
        Param("motion.speed", SPEED, {"min": 0.13, "max": 0.15}, "Value: how far the toy slides on its first step."),
        Param("motion.slowing", SLOWING, 0.025, "Value: how much slower it slides each stage (friction), until "
              "it rests."),
        Setting("motion.stage_steps", {"type": "integer", "minimum": 1, "maximum": 50}, 10,
                "How many steps the toy slides at one speed before it slows (one `moves` entry a stage)."),
        Param("shrouded", FLAG, [True, False], "Value: whether the toy is shrouded (invisible, sliding on) for a "
              "while, in both documents."),
        Param("shroud.begin", STEP, 92, "Value: the first step the toy is shrouded on."),
        Param("shroud.steps", number("steps", 1, 200, "steps", integer=True), 13,
              "Value: for how many steps it is shrouded."),
        Param("jump", JUMP, {"min": 1.5, "max": 2.5}, "Value: how far along its path the toy teleports where no "
              "occluders stand (behind them it jumps from behind one to behind the other, as far as that takes)."),
        *_occluder("left", -0.9536, 1.666, "Custom/Materials/MaroonDrywallMCS",
                   "AI2-THOR/Materials/Metals/GenericStainlessSteel"),
        *_occluder("right", 1.5173, 1.716, "Custom/Materials/BrownDrywallMCS", "AI2-THOR/Materials/Metals/Brass 1"),
        Setting("turn_steps", {"type": "integer", "minimum": 1, "maximum": 90}, 9,
                "How many steps each of the occluders' turns (90 degrees) takes."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/CarpetGreen",
                        "AI2-THOR/Materials/Ceramics/GREYGRANITE"),
        last_step(200, "The scene's last step (goal.last_step); the occluders' reveal ends 3 steps before it."),
    ),
    sections={
        "object": "The toy (scale, mass and floor height as the evaluation writes them for its type).",
        "motion": "The toy's scripted slide.",
        "shroud": "The toy's shroud, where it is shrouded.",
        "left": "The left occluder: an upright wall on a pole at z 1, 3 m tall.",
        "right": "The right occluder, as the left.",
        "materials": "Room materials.",
    },
)

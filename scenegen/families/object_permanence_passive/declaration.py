"""Object Permanence (Passive)'s config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.materials import palette
from scenegen.mcs.passive_physics import STEP, TOY, WIDTH
from scenegen.plugin.params import MATERIAL, Declaration, Param, Setting, number, one_of

#: What happens behind the occluder in the unexpected document.
EVENTS = ("moving_vanishes", "standing_vanishes", "appears")

EVENT = one_of("event", EVENTS, "moving_vanishes: a toy pushed in behind the occluder vanishes there; "
               "standing_vanishes: a toy seen standing behind it vanishes; appears: a toy stands behind it, never seen "
               "coming (the expected one is dropped in)")
SIDE = one_of("side", ("right", "left"), "the side of the room a pushed toy comes in from")
X = number("x", -5, 5, "metres")
DEPTH = number("z", 1.1, 4.9, "metres")
PUSH = number("push", 100, 2000, "newtons per kilogram")
TOSS = number("toss", 0, 2, "upward push per sideways push")
STYLE = one_of("style", ("upright", "sideways", "by_event"),
               "the pole above the wall (turning about y), from the side wall (turning about x), or by_event: upright "
               "for a pushed toy and sideways for a standing or appearing one, as the evaluation")

DECLARATION = Declaration(
    family="object_permanence_passive",
    title="Object Permanence (Passive) config",
    description=(
        "Object Permanence (MCS eval 7, passive physics): every sample is a pair of scenes, expected and unexpected, "
        "identical until the event. An occluder rises, turns to show what is behind it, turns back and falls; a toy "
        "is pushed in behind it or stands behind it, and while the occluder is down it vanishes (unexpected) or "
        "stays (expected); or a toy is dropped in behind it (expected) or stands there, never seen coming "
        "(unexpected); the occluder rises and turns again at the end. Every parameter marked as a value takes the "
        "value grammar: a constant, a list (uniform choice), {min, max} (uniform range, numeric parameters only) "
        "or {choices, weights}."),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json."),
        Param("event", EVENT, list(EVENTS), "Value: what the unexpected document shows behind the occluder."),
        Param("enter_step", STEP, 133, "Value: the step a pushed toy is shown and pushed (and the expected "
              "appearing toy is dropped in from just above the view: 4.3 m + 0.4 times its z); a standing toy "
              "stands from step 0."),
        Param("event_step", STEP, {"min": 150, "max": 175}, "Value: the step the toy vanishes, or is first shown, "
              "in the unexpected document; it must fall while the occluder is down and after enter_step."),
        Param("object.type", TOY, ["car_6", "truck_3"], "Value: the toy."),
        Param("object.material", MATERIAL, "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/red_1x1",
              "Value: the toy's material."),
        Param("object.side", SIDE, "right", "Value: where a pushed toy comes in from (it is pushed the other way)."),
        Param("object.start_x", number("start_x", 2, 5, "metres"), {"min": 4.16, "max": 4.9},
              "Value: how far from the room's centre a pushed toy starts, on its side."),
        Param("object.z", DEPTH, [1.6, 3.45], "Value: the toy's distance along z (the occluder stands at z 1)."),
        Param("object.offset", number("offset", -1, 1, "of the free stretch"), 0,
              "Value: where a standing or appearing toy stands along the stretch the occluder hides at its depth: "
              "-1 at its left end, 0 in its middle, 1 at its right end."),
        Param("object.push", PUSH, [450, 475, 600, 670],
              "Value: the sideways push, newtons per kilogram of the toy (one step's force, as the evaluation's)."),
        Param("object.angle", number("angle", 0, 45, "degrees"), [0, 20],
              "Value: how far a pushed toy is turned from straight across, towards the back wall; turned, it is "
              "pushed along its own heading (a relative force), as the evaluation pushes toys from z 1.6."),
        Param("object.height", number("height", 0, 1.5, "metres"), [0, 1],
              "Value: how far above the floor a pushed toy starts (1: tossed in)."),
        Param("object.toss", TOSS, [0.5, 1.0], "Value: a tossed toy's upward push per sideways push."),
        Param("occluder.x", X, -0.1423, "Value: the occluder's centre along x."),
        Param("occluder.width", WIDTH, 3.6662, "Value: the occluder's width."),
        Param("occluder.style", STYLE, "by_event", "Value: how the occluder hangs."),
        Param("occluder.material", MATERIAL, "Custom/Materials/VioletDrywallMCS", "Value: the wall's material."),
        Param("occluder.pole_material", MATERIAL, "AI2-THOR/Materials/Metals/HammeredMetal_AlbedoTransparency 1",
              "Value: the pole's material."),
        Setting("occluder.turn_steps", {"type": "integer", "minimum": 1, "maximum": 90}, 30,
                "How many steps each of the occluder's turns (90 degrees) takes."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey", list(palette("floor")), list(palette("wall"))),
        last_step(240, "The scene's last step (goal.last_step); the occluder's reveal ends 3 steps before it."),
    ),
    sections={
        "object": "The toy (scale, mass and floor height as the evaluation writes them for its type).",
        "occluder": "The occluder: a wall on a pole at z 1, 3 m tall upright, 1.8 m sideways.",
        "materials": "Room materials.",
    },
)

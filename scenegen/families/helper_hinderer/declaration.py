"""Helper/Hinderer's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.declared import SPEED, WALK_STEPS, grid_size
from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
    EVALUATION_OBJECT_TYPES,
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    OBJECT_TYPE,
    OBJECT_TYPES,
    VIEW,
)
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Declaration, Param, Setting, number, one_of

#: Room and pillar materials of the evaluation scenes (docs/mcs_facts.md 2 and 7.1).
EVALUATION_FLOORS = ("AI2-THOR/Materials/Wood/TexturesCom_WoodFine0050_1_seamless_S",
                     "AI2-THOR/Materials/Ceramics/ConcreteFloor", "AI2-THOR/Materials/Fabrics/CarpetWhite 3",
                     "AI2-THOR/Materials/Ceramics/ConcreteBoards1")
EVALUATION_WALLS = ("UnityAssetStore/Baby_Room/Models/Materials/wood 1", "AI2-THOR/Materials/Ceramics/WhiteCountertop",
                    "AI2-THOR/Materials/Ceramics/BrownMarbleFake 1")
EVALUATION_PILLARS = ("Custom/Materials/YellowDrywallMCS", "Custom/Materials/MagentaDrywallMCS",
                      "AI2-THOR/Materials/Walls/Drywall")

LAYOUT = one_of("layout", ("evaluation", "training"),
                "evaluation: the primary agent starts in the big area and the goal object stands in one of the two "
                "small rooms; training: the reverse")
GRID_SIZE = grid_size("the layout needs 8 to 12")
WALLS = one_of("walls", ("reference", "mirror", "flip", "rotate"),
               "the evaluation scenes' wall layout (rooms on the left), mirrored in x, in z, or both")
#: At the fewest, a push of the occluder over its 2 m track moves a third of a metre a step.
MOVER_STEPS = number("mover_steps", 6, 60, "steps", integer=True)
ORDER = one_of("order", ("as_written", "shuffled"),
               "as_written: the plan's trials in its order; shuffled: its help and hinder trials in a random order, "
               "the none trials where the plan puts them")
OBJECT_OFFSET = number("object_offset", 0.0, 0.25, "metres off a cell's centre, along x and along z")
TRIAL_KIND = one_of("trial_kind", ("none", "help", "hinder"),
                    "none: the primary agent walks to the object; help: the helper first slides the occluder out of "
                    "its way; hinder: the hinderer first slides it into its way")
PLACE = one_of("place", ("room", "front"),
               "room: any cell of its small room; front: the room's cells level with its doorway, in the two "
               "columns nearest it")
CORNER = one_of("corner", ("lower", "upper"),
                "lower: z < 0 (where every evaluation scene has the helper); upper: z > 0")
COLUMN = number("column", 1, 20, "columns of the big area beyond the occluder's track", integer=True)

DECLARATION = Declaration(
    family="helper_hinderer",
    title="Helper/Hinderer config",
    description=(
        "Helper/Hinderer (MCS eval 7, passive agents): every sample is a pair of scenes, expected and unexpected, "
        "identical up to the test trial. A grid world holds a goal object and three blob agents; in the "
        "familiarisation trials the plan marks, the helper slides the occluder out of the primary agent's way or the "
        "hinderer slides it into its way; in the test trial the primary agent walks up to the helper (expected) or the "
        "hinderer (unexpected). Every parameter marked as a value takes the value grammar: a constant, a list "
        "(uniform choice), {min, max} (uniform range, numeric parameters only) or {choices, weights}. Pools are plain "
        "lists the scene draws distinct entries from."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("layout", LAYOUT, "evaluation",
              "Value: which layout the seed describes: evaluation (primary agent in the big area, object in a small "
              "room) or training (the reverse)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the evaluation scenes' 4 x 4 m grid)."),
        Param("grid.walls", WALLS, ["reference", "mirror"],
              "Value: the wall layout family: two small rooms with a doorway each on one side, one big area on the "
              "other."),
        Setting("trials.familiarization", {"type": "integer", "minimum": 2, "maximum": 20}, 8,
                "How many familiarisation trials (goal.habituation_total)."),
        Setting("trials.plan", {"type": "array", "items": TRIAL_KIND},
                ["none", "none", "none", "none", "hinder", "help", "hinder", "help"],
                "What happens in each familiarisation trial, one entry per trial: none, help or hinder. At least one "
                "help and one hinder."),
        Setting("trials.rooms", {"type": "array", "items": CORNER}, [],
                "The small room the goal stands in, one entry per familiarisation trial: lower (z < 0) or upper; "
                "empty (the default): either, drawn per trial. Every evaluation scene: upper, lower, lower, upper, "
                "upper, lower, lower, upper. Ignored by the training layout."),
        Param("trials.order", ORDER, "as_written",
              "Value: the plan as written (every evaluation scene: the hinderer acts in trials 5 and 7, the helper "
              "in 6 and 8), or its help and hinder trials shuffled, so that which agent acts in a given trial, or "
              "first, or last, says nothing of which one helps."),
        Setting("speed", {"type": "object", "properties": {"min": SPEED, "max": SPEED}, "required": ["min", "max"],
                          "additionalProperties": False},
                {"min": 0.125, "max": 0.26},
                "The slowest and the fastest the primary agent may walk, in metres per step: the evaluation scenes' "
                "steps measure 0.125 to 0.26 m, 0.18 at the median."),
        Param("walk_steps", WALK_STEPS, {"min": 12, "max": 14},
              "Value, drawn afresh for every familiarisation trial: how many steps the primary agent's walk takes. "
              "It walks at its walk's length over this, kept within `speed`, so a trial lasts about as long "
              "whatever its walk measures: the evaluation scenes' walks take 10 to 16 steps, their trials 18 to 23 "
              "steps without a mover and 33 to 55 with one."),
        Param("mover_steps", MOVER_STEPS, 14,
              "Value: how many steps the helper's or the hinderer's longer walk takes, up to the occluder or pushing "
              "or pulling it along its track; the other goes at the same pace. Every evaluation scene takes 14 "
              "(about 0.15 m a step)."),
        Param("test_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value: how many steps the primary agent's test-trial walk takes (both walks: they mirror each other "
              "in the evaluation layout), kept within `speed`; every evaluation scene takes 10, over a 17-step "
              "test trial."),
        Param("agents.helper_corner", CORNER, ["lower", "upper"],
              "Value: the corner of the big area the helper starts in (the hinderer takes the other): lower (z < 0, "
              "as in every evaluation scene) or upper."),
        Param("agents.main_column", COLUMN, {"min": 1, "max": 3},
              "Value, evaluation layout: the column of the big area the primary agent starts in, on the line between "
              "the helper's and the hinderer's starts, counted from the occluder's track (1 beside it); every "
              "evaluation scene uses 2 (x = 1.25). The training layout starts it in a small room."),
        Setting("agents.types", {"type": "array", "minItems": 3, "uniqueItems": True, "items": AGENT_TYPE},
                list(AGENT_TYPES), "Pool of blob types."),
        Setting("agents.colours", {"type": "array", "minItems": 3, "uniqueItems": True, "items": AGENT_COLOUR},
                list(AGENT_COLOURS), "Pool of agent colours."),
        Param("object.type", OBJECT_TYPE, list(OBJECT_TYPES),
              "Value: its shape, about 0.45 m across. The evaluation scenes use the first four: "
              f"{', '.join(EVALUATION_OBJECT_TYPES)}."),
        Param("object.place", PLACE, "room",
              "Value, evaluation layout: where in its small room the goal may stand: any cell (room), or level "
              "with the doorway in the two columns nearest it (front), as in every evaluation scene (the "
              "training layout puts it anywhere in the big area off the occluder's track)."),
        Param("object.offset", OBJECT_OFFSET, 0.225,
              "Value: how far the goal may stand off its cell's centre, along x and along z, drawn anew in every "
              "trial (the evaluation scenes' goals stand 0.025 to 0.225 m off): it may overlap a neighbouring cell "
              "of its room (or of the big area in the training layout), never a wall or a doorway."),
        Param("object.colour", OBJECT_COLOUR, [colour for colour in OBJECT_COLOURS if not colour.endswith("Cyan")],
              "Value: its colour; it turns Custom/Materials/Red while the primary agent touches it. Cyan is left out "
              "by default: it is the occluder's colour."),
        Param("materials.ceiling", MATERIAL, "AI2-THOR/Materials/Walls/Drywall", "Value: ceiling material."),
        Param("materials.floor", MATERIAL, list(palette("floor")),
              "Value: floor material; by default the floor palette of scenegen/mcs/data/materials.yaml. The evaluation "
              f"scenes use {', '.join(EVALUATION_FLOORS)}."),
        Param("materials.wall", MATERIAL, list(palette("wall")),
              "Value: the room's wall material; by default the wall palette. The evaluation scenes use "
              f"{', '.join(EVALUATION_WALLS)}."),
        Param("materials.pillar", MATERIAL, list(palette("wall")),
              "Value: material of the pillar the performer stands on; by default the wall palette (the evaluation "
              f"scenes draw it from their wall materials: {', '.join(EVALUATION_PILLARS)})."),
        Param("view", VIEW, ["isometric_front_right", "isometric"],
              "Value: the performer's (isometric) view of the grid; the evaluation scenes use each in half of "
              "the scenes."),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room, black walls 0.125 m high.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "agents": "The three agents each get a distinct type and a distinct colour from these pools.",
        "object": "The inanimate goal object (one per scene, moved between trials).",
        "materials": "Room materials and the performer's pillar.",
    },
)

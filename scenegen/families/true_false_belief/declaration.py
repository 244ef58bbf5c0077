"""True/False Belief's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.palette import (
    AGENT_COLOURS,
    AGENT_TYPES,
    OBJECT_COLOURS,
    OBJECT_TYPES,
    VIEW,
)
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Declaration, Param, Setting, number, one_of

#: The development half's room and pillar materials and goal shapes (docs/mcs_facts.md 12.1, 12.5).
EVALUATION_FLOORS = ("AI2-THOR/Materials/Fabrics/Carpet2", "AI2-THOR/Materials/Wood/WhiteWood")
EVALUATION_WALLS = ("AI2-THOR/Materials/Ceramics/BrownMarbleFake 1",
                    "AI2-THOR/Materials/Wood/TexturesCom_WoodFine0050_1_seamless_S")
EVALUATION_PILLARS = ("AI2-THOR/Materials/Walls/YellowDrywall", "AI2-THOR/Materials/Walls/Drywall4Tiled")
EVALUATION_OBJECT_TYPES = ("circle_frustum_with_base", "cube")
#: Whether the occluders stand in each familiarisation trial of the evaluation pair (docs/mcs_facts.md 12.3).
EVALUATION_OCCLUDED = [False, True, True, True, False, True, False, False]

BELIEF = one_of("belief", ("true", "false"),
                "true: the primary agent watches the secondary agent move the object; false: it is away meanwhile")
MOVE = one_of("move", ("other_occluder", "same_occluder"),
              "other_occluder: from behind one occluder to behind the other (evaluation); same_occluder: to another "
              "place behind the same one (the seed's training data)")
WALLS = one_of("walls", ("reference", "mirror"), "the evaluation pair's walls (doorway on the right), or mirrored in x")
ROOM = one_of("room", ("upper", "lower"), "the room the object stands in during the familiarisation trials")
DEPTH = number("depth", 0.625, 1.6, "metres from the rooms' open side to the object's centre")
SPEED = number("speed", 0.05, 0.3, "metres per step")
OBJECT_TYPE = one_of("object_type", OBJECT_TYPES, "a goal object shape")
OBJECT_COLOUR = one_of("object_colour", OBJECT_COLOURS, "a goal object colour")
AGENT_TYPE = one_of("agent_type", AGENT_TYPES, "a blob agent")
AGENT_COLOUR = one_of("agent_colour", AGENT_COLOURS, "an agent colour")

DECLARATION = Declaration(
    family="true_false_belief",
    title="True/False Belief config",
    description=(
        "True/False Belief (MCS eval 7, passive agents): every sample is a pair of scenes, expected and unexpected, "
        "identical up to the test trial. In the familiarisation trials a primary agent walks to a goal object in "
        "one of two rooms, behind a white occluder in the trials the config marks. In the test trial a secondary "
        "agent comes in from outside and carries the object from behind one occluder to a new place, while the "
        "primary agent watches (true belief) or is away behind the back wall (false belief); then the primary agent "
        "walks to the new place or the old one. Expected: the new place under true belief, the old one under false "
        "belief. Every parameter marked as a value takes the value grammar: a constant, a list (uniform choice), "
        "{min, max} (uniform range, numeric parameters only) or {choices, weights}."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("belief", BELIEF, ["true", "false"],
              "Value: whether the primary agent sees the object being moved (\"true\") or not (\"false\"); write it "
              "quoted, as a string."),
        Param("move", MOVE, "other_occluder",
              "Value: where the secondary agent takes the object: behind the other occluder (the evaluation) or to "
              "another place behind the same occluder (the seed's training data)."),
        Param("grid.walls", WALLS, ["reference", "mirror"],
              "Value: the evaluation pair's walls (rooms on the left, doorway to the outside on the right) or their "
              "mirror image in x."),
        Setting("trials.familiarization", {"type": "integer", "minimum": 1, "maximum": 20}, 8,
                "How many familiarisation trials (goal.habituation_total)."),
        Setting("trials.occluded", {"type": "array", "items": {"type": "boolean"}}, EVALUATION_OCCLUDED,
                "Whether the two occluders stand in each familiarisation trial, one entry per trial (when they do not, "
                "they wait out of the way beyond the border)."),
        Param("speed", SPEED, {"min": 0.15, "max": 0.2},
              "Value, drawn afresh for every trial: how far the agents move per step on the grid, in metres (the "
              "evaluation pair's median steps: 0.18 for the primary agent, 0.15 for the secondary). Outside the "
              "grid they walk 0.125 m a step."),
        Param("object.room", ROOM, ["upper", "lower"],
              "Value: the room (upper: z > 0) the object stands in during the familiarisation trials and at the "
              "test trial's start; the evaluation pair uses upper."),
        Param("object.depth", DEPTH, {"min": 0.65, "max": 1.55},
              "Value, drawn afresh for every trial and place: how far in from the rooms' open side the object "
              "stands (the evaluation pair: 0.65 to 1.55 m); an occluder stands 0.5 m in front of it. Moving "
              "behind the same occluder needs two depths at least 0.5 m apart."),
        Param("object.type", OBJECT_TYPE, list(OBJECT_TYPES),
              "Value: its shape, about 0.45 m across. The evaluation uses "
              f"{', '.join(EVALUATION_OBJECT_TYPES)}."),
        Param("object.colour", OBJECT_COLOUR, list(OBJECT_COLOURS),
              "Value: its colour; it turns Custom/Materials/Red while the primary agent touches it."),
        Setting("agents.types", {"type": "array", "minItems": 2, "uniqueItems": True, "items": AGENT_TYPE},
                list(AGENT_TYPES), "Pool of blob types; the two agents get distinct ones."),
        Setting("agents.colours", {"type": "array", "minItems": 2, "uniqueItems": True, "items": AGENT_COLOUR},
                list(AGENT_COLOURS), "Pool of agent colours; the two agents get distinct ones."),
        Param("view", VIEW, ["isometric_front_right", "isometric"],
              "Value: the performer's (isometric) view of the grid. Seen from the other view than the front right, "
              "the world is mirrored in z, as the evaluation does: the tall border wall is the front one, and "
              "the agents wait and walk outside at z > 0."),
        Param("materials.ceiling", MATERIAL, "AI2-THOR/Materials/Walls/Drywall", "Value: ceiling material."),
        Param("materials.floor", MATERIAL, list(palette("floor")),
              "Value: floor material; by default the floor palette. The evaluation uses "
              f"{', '.join(EVALUATION_FLOORS)}."),
        Param("materials.wall", MATERIAL, list(palette("wall")),
              f"Value: the room's wall material; by default the wall palette. The evaluation uses "
              f"{', '.join(EVALUATION_WALLS)}."),
        Param("materials.pillar", MATERIAL, list(palette("wall")),
              "Value: material of the pillar the performer stands on; by default the wall palette (the evaluation "
              f"uses {', '.join(EVALUATION_PILLARS)})."),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room, black walls 0.125 m high (the back one 1 m).",
        "trials": "The familiarisation trials; one test trial always follows.",
        "object": "The inanimate goal object.",
        "agents": "The primary and the secondary agent each get a distinct type and a distinct colour.",
        "materials": "Room materials and the performer's pillar.",
    },
)

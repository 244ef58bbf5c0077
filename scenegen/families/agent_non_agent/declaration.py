"""Agent / Non-Agent's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    OBJECT_TYPE,
    OBJECT_TYPES,
    VIEW,
)
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Declaration, Param, Setting, number, one_of

#: The goal shapes, colours and room materials of the development half's pairs (docs/mcs_facts.md, "Agent /
#: Non-Agent").
EVALUATION_OBJECT_TYPES = ("cube", "cone_with_base", "pyramid_with_base", "circle_frustum_with_base")
EVALUATION_FLOORS = ("AI2-THOR/Materials/Fabrics/CarpetWhite 3", "AI2-THOR/Materials/Wood/LightWoodCounters3")
EVALUATION_WALLS = ("AI2-THOR/Materials/Ceramics/ConcreteFloor", "AI2-THOR/Materials/Wood/BedroomFloor1")
EVALUATION_PILLARS = ("Custom/Materials/BlackDrywallMCS", "Custom/Materials/LimeDrywallMCS")

STEPS = number("steps", 1, 80, "steps", integer=True)
SPEED = number("speed", 0.02, 0.15, "metres per step")
JITTER = number("jitter", 0.0, 0.1, "metres off its place, along x and along z")
WALL_COUNT = number("wall_count", 0, 14, "wall cells", integer=True)
HEIGHT = number("height", 0.5, 2.0, "metres")
KIND = one_of("kind", ("agent", "non_agent"),
              "agent: the blob walks by itself, the paddle never touches it; non_agent: it stands still until the "
              "paddle hits it and is pushed")
PLACE = one_of("paddle_place", ("apart", "beside"),
               "apart: out of the blob's reach, as in the evaluation scenes; beside: where it could push the blob "
               "toward the object it walks to, its arm arriving just after the blob sets off")

DECLARATION = Declaration(
    family="agent_non_agent",
    title="Agent / Non-Agent config",
    description=(
        "Agent / Non-Agent (MCS eval 7, passive agents): every sample is a pair of scenes identical up to the test "
        "trial. A grid world holds a blob, a black paddle spinning in place and two goal objects; in every "
        "familiarisation trial the blob goes to the same object: an agent walks there by itself (the paddle never "
        "touches it), a non-agent stands still until the paddle's arm hits it and is pushed there. In the test "
        "trial the objects have swapped places, an occluder stands in the way, and the blob goes to the same object "
        "or the other: for an agent expected and unexpected, for a non-agent two no-expectation scenes. Every "
        "parameter marked as a value takes the value grammar: a constant, a list (uniform choice), {min, max} "
        "(uniform range, numeric parameters only) or {choices, weights}. Pools are plain lists the scene draws "
        "distinct entries from."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_a.json and <name>_b.json in a drawn order; the pair "
                "record names each file's kind and the one to rate higher (`scenegen make --pairs` is accepted and "
                "changes nothing)."),
        Setting("trials.familiarization", {"type": "integer", "minimum": 1, "maximum": 20}, 8,
                "How many familiarisation trials (goal.habituation_total); one test trial follows."),
        Param("trials.wait", STEPS, {"min": 22, "max": 40},
              "Value, drawn afresh for every trial: how many steps the blob stands still before it sets off (the "
              "evaluation scenes: 22 to 40)."),
        Param("trials.after", STEPS, {"min": 17, "max": 20},
              "Value, drawn afresh for every trial: how many steps the trial lasts after the blob touches its "
              "object (the evaluation scenes: 17 to 20)."),
        Param("speed", SPEED, {"min": 0.045, "max": 0.065},
              "Value, drawn afresh for every familiarisation trial: the blob's step in metres (the evaluation "
              "scenes' median step: 0.056 m). Both test walks of a pair take the same number of steps, the longer "
              "at this speed."),
        Param("entity.kind", KIND, "agent",
              "Value: what the blob is, drawn for each pair (e.g. {choices: [agent, non_agent]} for a mix)."),
        Param("paddle.agent", PLACE, "apart",
              "Value: where an agent's paddle turns. apart: out of the blob's reach (the evaluation scenes); "
              "beside: where a non-agent's would, turned so that its arm would reach the blob's start 2 to 5 steps "
              "after the agent sets off, so that where the paddle stands tells the kinds apart no more than the "
              "wait does (a non-agent's paddle always stands beside it). A blob beside its paddle waits at most 15 "
              "steps (trials.wait): the arm comes round every 45."),
        Param("entity.type", AGENT_TYPE, list(AGENT_TYPES), "Value: the blob's type."),
        Param("entity.colour", AGENT_COLOUR, list(AGENT_COLOURS), "Value: the blob's colour."),
        Param("entity.jitter", JITTER, 0.05,
              "Value: how far the blob's start may lie off (-0.4, -0.225), drawn anew in every trial (the "
              "evaluation scenes: within 0.05 m)."),
        Setting("objects.types", {"type": "array", "minItems": 2, "uniqueItems": True, "items": OBJECT_TYPE},
                list(OBJECT_TYPES), "Pool of goal shapes; the two objects take distinct ones."),
        Setting("objects.colours", {"type": "array", "minItems": 2, "uniqueItems": True, "items": OBJECT_COLOUR},
                list(OBJECT_COLOURS), "Pool of goal colours; the two objects take distinct ones."),
        Param("walls", WALL_COUNT, {"min": 2, "max": 10},
              "Value: how many wall cells stand in the grid's two corners off the walks (the evaluation scenes: 6 "
              "and 11; at most 10 with the paddle beside the blob, which keeps the two cells above the blob's "
              "start free)."),
        Param("occluder.height", HEIGHT, [1.5, 1.6],
              "Value: the test trial's occluder's height (the evaluation scenes: 1.5 and 1.6 m)."),
        Param("materials.ceiling", MATERIAL, "AI2-THOR/Materials/Walls/Drywall", "Value: ceiling material."),
        Param("materials.floor", MATERIAL, list(palette("floor")),
              f"Value: floor material; the evaluation scenes use {', '.join(EVALUATION_FLOORS)}."),
        Param("materials.wall", MATERIAL, list(palette("wall")),
              f"Value: the room's wall material; the evaluation scenes use {', '.join(EVALUATION_WALLS)}."),
        Param("materials.pillar", MATERIAL, list(palette("wall")),
              f"Value: material of the performer's pillar; the evaluation scenes use {', '.join(EVALUATION_PILLARS)}."),
        Param("view", VIEW, ["isometric_front_right", "isometric"],
              "Value: the performer's (isometric) view of the grid; the evaluation scenes use isometric."),
    ),
    sections={
        "trials": "The familiarisation trials and the test trial's timing.",
        "entity": "The blob: an agent that walks by itself or a non-agent the paddle pushes.",
        "paddle": "The black paddle turning 4 degrees a step in every trial.",
        "objects": "The two goal objects (in the upper right quadrant, placed afresh in every trial).",
        "occluder": "The white occluder: out of the grid in familiarisation, in its lower right in the test.",
        "materials": "Room materials and the performer's pillar.",
    },
)

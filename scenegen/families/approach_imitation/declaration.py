"""The Approach and Imitation configs, declared once: both tasks share every entry but the imitation's first
mover and instrumental test; each schema, draw table and reference derives from its declaration."""

from __future__ import annotations

from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    VIEW,
)
from scenegen.mcs.gridworld.patterns import SHAPES
from scenegen.mcs.gridworld.sizes import LARGEST_GRID
from scenegen.mcs.materials import palette
from scenegen.plugin.params import MATERIAL, Declaration, Entry, Param, Setting, number, one_of

#: The kinds of pair the seed names; the first file named is the one to rate higher but for the last.
PAIR_KINDS = ("expected_unexpected", "expected_no_expectation", "unexpected_no_expectation")
#: The evaluation scenes' goal shapes (docs/mcs_facts.md 13.2), then the seed's other goal shapes.
EVALUATION_OBJECT_TYPES = ("cube", "semi_sphere_with_base", "tube_narrow", "cone_with_base")
OBJECT_TYPES = (*EVALUATION_OBJECT_TYPES, "sphere", "cylinder", "cone", "pyramid", "circle_frustum",
                "square_frustum", "pyramid_with_base", "circle_frustum_with_base")

PAIR = one_of("pair_kind", PAIR_KINDS,
              "which two kinds of scene a pair holds: expected and unexpected (a social pair), or one of them "
              "and a no-expectation scene (an instrumental pair)")
GRID_SIZE = number("grid_size", 6, LARGEST_GRID, "cells (0.5 m) a side inside the border walls", integer=True)
WALL_COUNT = number("wall_count", 0, 16, "wall cells scattered over the grid", integer=True)
SHAPE = one_of("shape", tuple(SHAPES), "a movement pattern's shape")
LEG = number("leg", 0.25, 1.5, "metres along a pattern's leg")
REPEATS = number("repeats", 1, 3, "times an agent walks its pattern out and back", integer=True)
GAP = number("gap", 0.05, 0.5, "metres between the end of a pattern and the goal object")
OBJECT_TYPE = one_of("goal_type", OBJECT_TYPES, "a goal object shape")
INSTRUMENTAL_TEST = one_of("instrumental_test", ("agent", "goal"),
                           "agent: the evaluation's test, the imitator walks up to an agent; goal: the seed's "
                           "training data, the imitator walks up to the goal object")
FIRST_MOVER = one_of("first_mover", ("matched", "other"),
                     "matched: the agent whose pattern the imitator shares moves in the first trial; other: the "
                     "other one")


def _entries(task: str) -> tuple[Entry, ...]:
    mover = "approaching agent" if task == "approach" else "imitator"
    return (
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_a.json and <name>_b.json, whose kinds the manifest's "
                "pair record names (`scenegen make --pairs` is accepted and changes nothing)."),
        Param("pair", PAIR, list(PAIR_KINDS),
              "Value: the kinds of the pair's two scenes. expected_unexpected is a social pair; the two with "
              "no_expectation are instrumental pairs: in the no-expectation scene the "
              f"{mover} touches the goal object while it walks its pattern."),
        Param("grid.size", GRID_SIZE, 8, "Value: cells a side inside the border walls (8: the evaluation's 4 m)."),
        Param("grid.walls", WALL_COUNT, {"min": 4, "max": 10},
              "Value: how many single wall cells stand on the grid (the evaluation scenes: 7, 8 and 10)."),
        Setting("trials.familiarization", {"type": "integer", "minimum": 2, "maximum": 20}, 8,
                "How many familiarisation trials (goal.habituation_total)."),
        Setting("patterns.shapes", {"type": "array", "minItems": 2, "uniqueItems": True, "items": SHAPE},
                list(SHAPES), "Pool of pattern shapes; the two agents who model a pattern get two different "
                "ones, each turned to one of four headings and maybe mirrored."),
        Param("patterns.leg", LEG, {"min": 0.45, "max": 1.0},
              "Value, drawn for every leg: its length, rounded to whole 0.05 m steps (the evaluation: 0.45 to "
              "0.975 m)."),
        Param("patterns.repeats", REPEATS, 1,
              "Value, drawn for each pattern: how often its agent walks it out and back (the evaluation: once, "
              "and twice for a one-leg diagonal)."),
        *((Param("trials.first_mover", FIRST_MOVER, ["matched", "other"],
                 "Value: whose pattern the first familiarisation trial shows; the two models then take turns "
                 "(the evaluation: matched)."),
           Param("trials.instrumental_test", INSTRUMENTAL_TEST, "agent",
                 "Value: what the no-expectation scene's test shows. agent: as in the evaluation, the imitator walks "
                 "up to an agent (the goal object is gone); goal: as in the seed's instrumental imitation training "
                 "data, it walks up to the goal object, which turns red."),) if task == "imitation" else ()),
        Setting("agents.types", {"type": "array", "minItems": 3, "uniqueItems": True, "items": AGENT_TYPE},
                list(AGENT_TYPES), "Pool of blob types."),
        Setting("agents.colours", {"type": "array", "minItems": 3, "uniqueItems": True, "items": AGENT_COLOUR},
                list(AGENT_COLOURS), "Pool of agent colours."),
        Param("object.type", OBJECT_TYPE, list(OBJECT_TYPES),
              f"Value: the goal object's shape, about 0.45 m across; the evaluation scenes use "
              f"{', '.join(EVALUATION_OBJECT_TYPES)}."),
        Param("object.colour", OBJECT_COLOUR, list(OBJECT_COLOURS),
              "Value: its colour; it turns Custom/Materials/Red when an agent touches it, and back on the next "
              "touch or at the next trial."),
        Param("object.gap", GAP, {"min": 0.1, "max": 0.3},
              f"Value: how far beyond the end of a pattern's last leg the goal stands; the {mover} of a "
              "no-expectation scene walks that much further and touches it, every other agent stops short."),
        Param("materials.ceiling", MATERIAL, "AI2-THOR/Materials/Walls/Drywall", "Value: ceiling material."),
        Param("materials.floor", MATERIAL, list(palette("floor")),
              "Value: floor material; by default the floor palette of scenegen/mcs/data/materials.yaml."),
        Param("materials.wall", MATERIAL, list(palette("wall")),
              "Value: the room's wall material; by default the wall palette."),
        Param("materials.pillar", MATERIAL, list(palette("wall")),
              "Value: material of the pillar the performer stands on; by default the wall palette."),
        Param("view", VIEW, ["isometric_front_right", "isometric"],
              "Value: the performer's (isometric) view of the grid; the evaluation scenes use isometric."),
    )


_SUMMARIES = {
    "approach": (
        "Approach (MCS passive agents, social and instrumental): in each familiarisation trial one agent walks up "
        "to the same other agent; in the test trial the other two each walk a pattern and the first imitates one "
        "of them: the one it approached (expected), the other (unexpected), or either while touching the goal "
        "object (no expectation)."
    ),
    "imitation": (
        "Imitation (MCS passive agents, social and instrumental): in each familiarisation trial one of two agents "
        "walks its pattern and a third repeats one of the two patterns, always the same one; in the test trial "
        "the third walks up to the agent it imitated (expected) or to the other (unexpected). When it touches "
        "the goal object while imitating, the test has no expectation."
    ),
}


def declaration(task: str) -> Declaration:
    """The config of one task: ``approach`` or ``imitation``."""
    return Declaration(
        family=task,
        title=f"{task.capitalize()} config",
        description=(
            f"{_SUMMARIES[task]} Every sample is a pair of scenes whose kinds vary; the pair record names them "
            "and the file to rate higher. Every parameter marked as a value takes the value grammar: a constant, "
            "a list (uniform choice), {min, max} (uniform range, numeric parameters only) or {choices, weights}. "
            "Pools are plain lists the scene draws distinct entries from."
        ),
        entries=_entries(task),
        sections={
            "grid": "The grid world: 0.5 m cells centred on the room, black walls 0.125 m high.",
            "trials": "The familiarisation trials; one test trial always follows.",
            "patterns": "The movement patterns: legs walked out and back at 0.05 m a step along each axis.",
            "agents": "The three agents each get a distinct type and a distinct colour from these pools.",
            "object": "The goal object.",
            "materials": "Room materials and the performer's pillar.",
        },
    )

"""Efficient Action's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.declared import (
    WALK_STEPS,
    familiarization,
    grid_size,
    one_agent,
    pace,
    room_and_view,
    walk_steps,
)
from scenegen.mcs.gridworld.palette import (
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    OBJECT_TYPE,
    OBJECT_TYPES,
)
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

GRID_SIZE = grid_size("6 to 12 fit")
BARRIER_LENGTH = number("barrier_length", 2, 10, "cells (two at least: it lies across the way, longer than thick)",
                        integer=True)
APART = number("apart", 4, 11, "cells from the agent's to the goal's (four at least: two each side of the barrier)",
               integer=True, ranged=False)
TRIAL_PLACES = one_of("trial_places", ("fixed", "drawn"),
                      "fixed: every familiarisation trial has the same places (the agent's start, the goal's and the "
                      "barrier's); drawn: each trial draws its own")

DECLARATION = Declaration(
    family="efficient_action",
    title="Efficient Action config",
    description=(
        "Efficient Action (MCS passive agents): every sample is a pair of scenes, expected and unexpected, identical "
        "up to the test trial's walk. A blob agent in an open grid world walks to a goal object around a barrier "
        "standing across the straight way, by the shorter way round, in every familiarisation trial; in the test "
        "trial the barrier is gone and the agent walks straight to the goal (expected) or takes its old way round "
        "(unexpected). Every parameter marked as a value takes the value grammar: a constant, a list (uniform "
        "choice), {min, max} (uniform range, numeric parameters only) or {choices, weights}."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the passive-agent evaluation scenes' 4 x 4 m grid); "
              "the grid is open but for the barrier."),
        Param("barrier.length", BARRIER_LENGTH, {"min": 2, "max": 4},
              "Value: how many cells the barrier spans across the straight way from the agent to the goal."),
        Setting("places.apart", {"type": "object", "properties": {"min": APART, "max": APART},
                                 "required": ["min", "max"], "additionalProperties": False},
                {"min": 4, "max": 11},
                "How many cells the goal's cell lies from the agent's along the straight way: every trial's places are "
                "drawn uniformly among those this far apart."),
        familiarization(),
        Param("trials.places", TRIAL_PLACES, "fixed",
              "Value: whether the agent, the goal and the barrier stand at the same places in every familiarisation "
              "trial (fixed) or at places drawn per trial (drawn); the test trial keeps the last trial's places."),
        pace(),
        walk_steps(),
        Param("test_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value: how many steps the test trial's way round would take; both test walks go at that speed, so "
              "the straight one takes fewer."),
        *one_agent(),
        Param("object.type", OBJECT_TYPE, list(OBJECT_TYPES), "Value: the goal object's shape."),
        Param("object.colour", OBJECT_COLOUR, [colour for colour in OBJECT_COLOURS if not colour.endswith("Cyan")],
              "Value: the goal's colour; it turns Custom/Materials/Red while the agent touches it. Cyan is left out "
              "by default: it is the barrier's colour."),
        *room_and_view(),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room inside a black border 0.125 m high.",
        "barrier": "The barrier: a cyan block one cell thick across the straight way, gone in the test trial.",
        "places": "Where the agent starts and the goal stands in a trial.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "agent": "The one blob agent.",
        "object": "The goal object.",
        "materials": "Room materials and the performer's pillar.",
    },
)

"""Object Preference's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.declared import (
    WALK_STEPS,
    familiarization,
    grid_size,
    one_agent,
    pace,
    room_and_view,
    two_goal_objects,
    walk_steps,
)
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

GRID_SIZE = grid_size("6 to 12 fit")
REACH = number("reach", 1.0, 10.0, "metres, centre to centre (two cells at least)", ranged=False)
TRIAL_PLACES = one_of("trial_places", ("fixed", "drawn"),
                      "fixed: every familiarisation trial has the same places (the agent's start and the two "
                      "objects'); drawn: each trial draws its own, the preferred object on either side")
TEST_PLACES = one_of("test_places", ("swapped", "drawn"),
                     "swapped: the last familiarisation trial's places with the two objects swapped; drawn: places "
                     "of its own, the preferred object on either side")

DECLARATION = Declaration(
    family="object_preference",
    title="Object Preference config",
    description=(
        "Object Preference (MCS passive agents): every sample is a pair of scenes, expected and unexpected, identical "
        "up to the test trial's first walk. A blob agent in an open grid world walks up to the same one of two goal "
        "objects in every familiarisation trial; in the test trial the objects stand at new places (by default each "
        "at the other's) and the agent walks up to the object it preferred (expected) or to the other one "
        "(unexpected). Every parameter marked as a value takes the value grammar: a constant, a list (uniform "
        "choice), {min, max} (uniform range, numeric parameters only) or {choices, weights}. Pools are plain lists "
        "the scene draws distinct entries from."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the passive-agent evaluation scenes' 4 x 4 m grid); "
              "the grid is open, no wall cells inside."),
        familiarization(),
        Setting("places.reach", {"type": "object", "properties": {"min": REACH, "max": REACH},
                                 "required": ["min", "max"], "additionalProperties": False},
                {"min": 1.0, "max": 10.0},
                "How far from the agent's start each object stands, centre to centre, in metres: every trial's places "
                "are drawn uniformly among the agent's cells and the pairs of cells mirrored across its row or "
                "column this far from it."),
        Param("trials.places", TRIAL_PLACES, "fixed",
              "Value: whether the agent and the two objects stand at the same places in every familiarisation trial "
              "(fixed, as the task list describes) or at places drawn per trial (drawn)."),
        Param("test.places", TEST_PLACES, "swapped",
              "Value: where the objects stand in the test trial: each at the other's place of the last "
              "familiarisation trial (swapped, as the task list describes), or at places drawn afresh (drawn), so "
              "that where the agent goes says nothing without which object stands there."),
        pace(),
        walk_steps(),
        Param("test_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value: how many steps the test walk takes (both files' walks: they mirror each other)."),
        *one_agent(),
        *two_goal_objects(),
        *room_and_view(),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room inside a black border 0.125 m high.",
        "places": "Where the agent starts and the two objects stand in a trial.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "test": "The test trial.",
        "agent": "The one blob agent.",
        "objects": "The two goal objects: the one the agent prefers and the other.",
        "materials": "Room materials and the performer's pillar.",
    },
)

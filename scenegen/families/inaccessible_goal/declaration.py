"""Inaccessible Goal's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.declared import familiarization, grid_size, pace, room_and_view
from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
    OBJECT_COLOUR,
    OBJECT_COLOURS,
    OBJECT_TYPE,
    OBJECT_TYPES,
)
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

GRID_SIZE = grid_size("5 to 12 fit")
WALK_STEPS = number("walk_steps", 3, 60, "steps", integer=True)
TRIAL_PLACES = one_of("trial_places", ("fixed", "drawn"),
                      "fixed: every familiarisation trial has the same places (the agent's, the key's, the wall's and "
                      "the goal's); drawn: each trial draws its own")

DECLARATION = Declaration(
    family="inaccessible_goal",
    title="Inaccessible Goal config",
    description=(
        "Inaccessible Goal (MCS passive agents): every sample is a pair of scenes, expected and unexpected, identical "
        "up to the test trial's walk. A green wall across the whole grid walls a blob agent's goal object off; in "
        "every familiarisation trial the agent fetches a red key, walks to the wall's lock (the wall goes) and on to "
        "the goal. In the test trial the wall is gone from the start: the agent walks straight to the goal "
        "(expected) or fetches the key first, needlessly (unexpected). Every parameter marked as a value takes the "
        "value grammar: a constant, a list (uniform choice), {min, max} (uniform range, numeric parameters only) or "
        "{choices, weights}."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the passive-agent evaluation scenes' 4 x 4 m grid); "
              "the green wall spans one column (or row) of it."),
        familiarization(),
        Param("trials.places", TRIAL_PLACES, "fixed",
              "Value: whether the agent, the key, the wall and the goal stand at the same places in every "
              "familiarisation trial (fixed) or at places drawn per trial (drawn); the test trial keeps the last "
              "trial's places."),
        pace(),
        Param("walk_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value, drawn afresh for every familiarisation trial: how many steps its walk by the key and the lock "
              "takes, its two one-step pauses included (its speed is the walk's length over this, kept within "
              "`speed`)."),
        Param("test_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value: how many steps the test trial's walk by the key would take, its pause included; both test "
              "walks go at that speed, so the straight one takes fewer."),
        Param("agent.type", AGENT_TYPE, list(AGENT_TYPES), "Value: the agent's blob."),
        Param("agent.colour", AGENT_COLOUR, [colour for colour in AGENT_COLOURS if not colour.endswith("Green")],
              "Value: the agent's colour. Green is left out by default: it is the wall's colour."),
        Param("object.type", OBJECT_TYPE, list(OBJECT_TYPES), "Value: the goal object's shape."),
        Param("object.colour", OBJECT_COLOUR, list(OBJECT_COLOURS),
              "Value: the goal's colour; it turns Custom/Materials/Red while the agent touches it."),
        *room_and_view(),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room inside a black border 0.125 m high.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "agent": "The one blob agent.",
        "object": "The goal object, walled off in every familiarisation trial.",
        "materials": "Room materials and the performer's pillar.",
    },
)

"""Multiple Agents' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.gridworld.declared import grid_size, room_and_view, two_goal_objects
from scenegen.mcs.gridworld.palette import (
    AGENT_COLOUR,
    AGENT_COLOURS,
    AGENT_TYPE,
    AGENT_TYPES,
)
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

GRID_SIZE = grid_size("6 to 12 fit")
REACH = number("reach", 0.5, 10.0, "metres, centre to centre (two cells at least)", ranged=False)
SPEED = number("speed", 0.05, 0.3, "metres per step")
TRIAL_PLACES = one_of("trial_places", ("fixed", "drawn"),
                      "fixed: every familiarisation trial has the same places (both agents' starts and both "
                      "objects'); drawn: each trial draws its own")
POOL_SIZE = 2  # two agents and two goal objects, each of its own shape and colour

DECLARATION = Declaration(
    family="multiple_agents",
    title="Multiple Agents config",
    description=(
        "Multiple Agents (MCS passive agents): every sample is a pair of scenes, expected and unexpected, identical "
        "up to the test trial's first walk. Two blob agents and two goal objects stand in an open grid world; in "
        "each familiarisation trial one of the agents walks up to its own goal object (each agent its own, every "
        "time). In the test trial one object is approached: by the agent that went to it before (expected) or by "
        "the other agent, whose goal it is not (unexpected); the two agents start mirrored across the approached "
        "object's row or column, so the two walks are mirror images. Every parameter marked as a value takes the "
        "value grammar: a constant, a list (uniform choice), {min, max} (uniform range, numeric parameters only) "
        "or {choices, weights}. Pools are plain lists the scene draws distinct entries from."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the passive-agent evaluation scenes' 4 x 4 m grid); "
              "the grid is open, no wall cells inside."),
        Setting("trials.familiarization", {"type": "integer", "minimum": 2, "maximum": 20}, 8,
                "How many familiarisation trials (goal.habituation_total); the two agents walk in as many of them "
                "(one more for either when odd), in a drawn order."),
        Param("trials.places", TRIAL_PLACES, "fixed",
              "Value: whether the agents and the objects stand at the same places in every familiarisation trial "
              "(fixed) or at places drawn per trial (drawn)."),
        Setting("places.reach", {"type": "object", "properties": {"min": REACH, "max": REACH},
                                 "required": ["min", "max"], "additionalProperties": False},
                {"min": 1.0, "max": 10.0},
                "How far from its start, centre to centre, in metres, the object an agent walks up to stands."),
        Param("speed", SPEED, {"min": 0.125, "max": 0.26},
              "Value, drawn for every walk: metres per step (the passive-agent evaluation scenes' steps measure "
              "0.125 to 0.26 m, 0.18 at the median); a walk takes the fewest steps that keep to it."),
        Setting("agents.types", {"type": "array", "minItems": POOL_SIZE, "uniqueItems": True, "items": AGENT_TYPE},
                list(AGENT_TYPES), "Pool of blobs; the two agents get distinct ones."),
        Setting("agents.colours", {"type": "array", "minItems": POOL_SIZE, "uniqueItems": True,
                                   "items": AGENT_COLOUR},
                list(AGENT_COLOURS), "Pool of agent colours; the two agents get distinct ones."),
        *two_goal_objects("an agent"),
        *room_and_view(),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room inside a black border 0.125 m high.",
        "places": "Where the agents start and the objects stand in a trial.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "agents": "The two blob agents, each with its own goal object.",
        "objects": "The two goal objects: the first agent's and the second's.",
        "materials": "Room materials and the performer's pillar.",
    },
)

"""Instrumental Action's config, declared once: the schema, the draw table and the reference derive from it."""

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

GRID_SIZE = grid_size("5 to 12 fit")
#: The task list's three kinds of training data (MCS TASK_LIST, Instrumental Action Training Data).
BARRIER_KINDS = ("blocking", "inconsequential", "none")
BARRIERS = one_of("barriers", BARRIER_KINDS,
                  "blocking: in the test trial the wall cells close every way to the preferred object; "
                  "inconsequential: they are moved next to it but leave a way open; none: no wall cells at all")
REACH = number("reach", 1.0, 10.0, "metres from the agent's start to an object, centre to centre", ranged=False)
DETOUR = number("detour", 1.0, 5.0, "times the straight walk's length", ranged=False)

DECLARATION = Declaration(
    family="instrumental_action",
    title="Instrumental Action config",
    description=(
        "Instrumental Action (MCS passive agents): every sample is a pair of scenes, expected and unexpected, "
        "identical up to the test trial's walk. A blob agent in a grid world walks up to the same one of two goal "
        "objects (its preferred object) in every familiarisation trial, round any black wall cells in its way. In "
        "the test trial the wall cells are moved: around the preferred object so that no way reaches it "
        "(blocking), next to it leaving a way open (inconsequential), or there are none (none). Expected: the agent "
        "walks up to its preferred object when a way is open, to the other object when none is. Unexpected: it "
        "walks to the other object although its preferred one is reachable, or straight through the walls to the "
        "walled-off preferred one. Every parameter marked as a value takes the value grammar: a constant, a list "
        "(uniform choice), {min, max} (uniform range, numeric parameters only) or {choices, weights}. Pools are "
        "plain lists the scene draws distinct entries from."
    ),
    entries=(
        Setting("pairs", {"const": True}, True,
                "Always true: every sample is a pair, <name>_expected.json and <name>_unexpected.json (`scenegen make "
                "--pairs` is accepted and changes nothing)."),
        Param("grid.size", GRID_SIZE, 8,
              "Value: cells a side inside the border walls (8 is the passive-agent evaluation scenes' 4 x 4 m grid)."),
        Param("barriers", BARRIERS, list(BARRIER_KINDS),
              "Value: what the test trial's wall cells do (the task list's three kinds of training data); blocking "
              "and inconsequential scenes have as many wall cells as the preferred object has neighbouring cells, "
              "standing elsewhere in the familiarisation trials."),
        familiarization(),
        Setting("places.reach", {"type": "object", "properties": {"min": REACH, "max": REACH},
                                 "required": ["min", "max"], "additionalProperties": False},
                {"min": 1.0, "max": 10.0},
                "How far from the agent's start each object stands, centre to centre, in metres: the places (the "
                "same in every trial, as the task list describes) are drawn uniformly among the cells this far "
                "from the agent's and at least a cell apart."),
        Setting("places.detour", DETOUR.schema, 3.0,
                "The longest a familiarisation walk round the wall cells may be, over the straight walk to the "
                "preferred object: wall cells that would make it longer are drawn again."),
        pace(),
        walk_steps(),
        Param("test_steps", WALK_STEPS, {"min": 12, "max": 15},
              "Value: how many steps the longer of the two test walks takes; both go at that speed."),
        *one_agent(),
        *two_goal_objects(),
        *room_and_view(),
    ),
    sections={
        "grid": "The grid world: 0.5 m cells centred on the room inside a black border 0.125 m high.",
        "places": "Where the agent starts and the two objects stand.",
        "trials": "The familiarisation trials; one test trial always follows.",
        "agent": "The one blob agent.",
        "objects": "The two goal objects: the one the agent prefers and the other.",
        "materials": "Room materials and the performer's pillar.",
    },
)

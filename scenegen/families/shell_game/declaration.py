"""Shell Game's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, pairs, room_materials
from scenegen.mcs.tracking.declaration import CONTAINER_SIZE, ODD_INDEX_PARAM, PAIRS_MEANING, SECTIONS, room_entries
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, number, one_of

ORDER = one_of("order", ("drop_first", "move_first"),
               "drop_first: ball and lids, then the drags; move_first: the drags, then ball and lids")
PAIR_FACTOR = one_of("pair_factor", ("ball_container", "dragged_container"), "a factor a twin may change")
COUNT = number("count", 2, 5, "containers", integer=True)
SLOTS = number("slots", 3, 9, "slots in the row", integer=True)
SPACING = number("spacing", 0.5, 3.0, "metres, a multiple of 0.25 (the drag speed per step)", ranged=False,
                 multipleOf=0.25)
ROW_Z = number("row_z", -10, 15, "metres")
MOVED = one_of("moved", (1, 2), "containers dragged", json_type="integer")
FIRST = one_of("first", ("ball", "other", "any"), "the container the first drag takes")
LAYOUT = one_of("layout", ("any", "evaluation"),
                "any: containers in random slots, listed left to right; evaluation: the evaluation's places")
TOWARD = number("toward", 1, 24, "steps of 0.25 m", integer=True)
SIDEWAYS = number("sideways", 1, 8, "slots", integer=True)
ROOM_SIZE = number("room_size", 4, 30, "metres")

DECLARATION = Declaration(
    family="shell_game",
    title="Shell Game config",
    description=(
        "Shell Game (MCS eval 7): two or more identical open containers stand in a row; a placer drops the ball into "
        "one, placers attach lids, and poles drag containers toward the performer, sideways and back; the performer, "
        "frozen until the last pole has risen, must open the container holding the ball. Every numeric or "
        "categorical parameter takes the value grammar: a constant, a list (uniform choice), {min, max} (uniform "
        "range; not for enumerated values) or {choices, weights}."
    ),
    entries=(
        pairs(PAIRS_MEANING),
        Param("order", ORDER, ["drop_first", "move_first"],
              "What happens first: drop_first drops the ball and the lids, then drags; move_first drags the "
              "containers first, then drops the ball and the lids onto them where they stand."),
        Param("containers.count", COUNT, [2, 3], "How many containers stand in the row."),
        Param("containers.size", CONTAINER_SIZE, 0.4,
              "Side of each container (its scale; the evaluation scenes use 0.4)."),
        Param("containers.material", MATERIAL, "Custom/Materials/GreenWoodMCS",
              "Material of the containers and their lids."),
        Param("containers.odd", FLAG, False, "Give one container (and its lid) odd_material (see odd_index)."),
        ODD_INDEX_PARAM,
        Param("containers.odd_material", MATERIAL, "Custom/Materials/Violet",
              "Material of the odd container and its lid."),
        Param("row.slots", SLOTS, 5,
              "Number of evenly spaced slots, centred on x = 0; containers take some of them at random, and every "
              "drag ends in a free one."),
        Param("row.layout", LAYOUT, "any",
              "any: the containers take random slots and are listed left to right. evaluation: as in every "
              "evaluation scene, the ball's container stands in the middle slot (x 0) and is listed first, the "
              "others one slot right and two slots left, listed in that order; the first drag takes the ball's "
              "container one slot left (drag.sideways 1) or two right (2), and a second drag slides the container "
              "right of it one slot into its place. Needs an odd number of slots, at most three containers and "
              "drag.first ball."),
        Param("row.spacing", SPACING, 0.75,
              "Distance between neighbouring slots: a multiple of 0.25 m, so that a drag moves whole steps (a list "
              "or choices of such values; no ranges)."),
        Param("row.z", ROW_Z, 4.0, "z of the row."),
        Param("drag.moved", MOVED, {"choices": [1, 2], "weights": [2, 1]},
              "How many containers are dragged: 1 or 2 (then another container is dragged into the slot the first "
              "one left)."),
        Param("drag.first", FIRST, "any",
              "The container the first drag takes: the ball's (as in every evaluation scene, so that which "
              "container is dragged gives the answer away), another one, or any (the ball's at chance, one in the "
              "number of containers)."),
        Param("drag.toward", TOWARD, {"min": 4, "max": 8},
              "Steps of 0.25 m toward the performer, and as many back (the evaluation scenes use 4 to 8); drawn for "
              "each drag."),
        Param("drag.sideways", SIDEWAYS, [1, 2],
              "Slots the container moves along the row, drawn for each drag; the direction is whichever leads to a "
              "free slot (both at random when both do)."),
        *room_entries(ROOM_SIZE, 10, -2.0),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/Carpet3",
                        "AI2-THOR/Materials/Walls/DrywallBeige"),
        Param("pair_factor", PAIR_FACTOR, ["ball_container", "dragged_container"],
              "In pair mode, the factor the twin changes: ball_container (the ball is dropped into another "
              "container; the drags stay the same) or dragged_container (the single drag takes another container, "
              "into a free slot, and the ball's container stays put). A sample where the drawn factor cannot change "
              "the answer (dragged_container with two drags or no free slot) is drawn again."),
        last_step(2500, "The scene's last step (goal.last_step); must come after the placers finish."),
    ),
    sections={
        "containers": "The identical open containers (separate_container) and their lids.",
        "row": "The row of slots the containers stand in, across the room in front of the performer.",
        "drag": "The poles that drag containers: toward the performer, sideways by whole slots, and back into the row.",
        "performer": "The performer's start: at x = 0, facing +z.",
        **SECTIONS,
    },
)

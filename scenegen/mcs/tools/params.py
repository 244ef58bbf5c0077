"""Parameter domains two or more tool families declare alike (:mod:`scenegen.plugin.params`), declared once.

A domain is a type of value, named in each family's schema ``$defs``; a family
whose parameter takes other values (a wider range, another meaning) declares its
own domain, under its own name or the same one.
"""

from __future__ import annotations

from scenegen.mcs.tools.kinds import TOOL_MATERIALS, TOOL_WIDTHS
from scenegen.plugin.params import Setting, number, one_of

#: Odd whole metres: the lava's cells then tile the room up to its walls (``docs/mcs_facts.md`` 10.4).
ODD_METRES = tuple(range(11, 61, 2))

#: A room side of odd whole metres (Asymmetric and Secondary Tool, whose lava reaches the walls).
ODD_ROOM_SIZE = one_of("odd_room_size", ODD_METRES, "an odd number of metres", json_type="integer")
#: The room's depth (Tool Choice, Symmetric Tool).
ROOM_DEPTH = number("room_depth", 10, 60, "metres")
#: Cells of lava between the ball's cell (or island) and the floor or a wall (Symmetric, Asymmetric, Secondary Tool).
LAVA_CELLS = number("cells", 1, 6, "floor cells (1 m each)", integer=True)
#: The floor between a rectangular tool and the lava it pushes across (Symmetric and Secondary Tool).
TOOL_GAP = number("gap", 0, 3, "metres")
#: A rectangular tool's width (Tool Choice, Symmetric Tool).
RECT_WIDTH = one_of("tool_width", TOOL_WIDTHS, "a tool_rect width", json_type="number")
#: An aligned tool's sideways offset from the ball's line, as a share of :func:`.layout.largest_square_offset`
#: (Tool Choice, Symmetric Tool).
SQUARE_OFFSET = number("offset", 0, 1, "share of the largest square offset")
#: How far a tool lies turned off the line of its move (Symmetric, Asymmetric Tool): up to a right angle, which the
#: evaluation turns both tasks' tools by. Across the move it still needs turning: a rectangular tool pushed broadside
#: is as wide as its pool, and the performer behind it stops at the lava's edge long before the ball is out
#: (``scenegen/mcs/tools/lanes.py``); an L-shaped tool across the ball's side catches nothing.
TURN = number("turn", 5, 90, "whole degrees", integer=True)
#: The L-shaped tool types (Asymmetric, Secondary Tool).
L_SHAPE = one_of("shape", ("hooked", "isosceles"), "an L-shaped tool type")
#: Whole metres an L-shaped tool is longer than the least that pulls the ball out (Asymmetric, Secondary Tool).
HOOK_EXTRA_LENGTH = number("extra_length", 0, 5, "whole metres", integer=True)
#: The tools' material (every tool family).
TOOL_MATERIAL = one_of("tool_material", TOOL_MATERIALS, "a tool material")


def fixed_values(count: int, item_type: str) -> dict[str, object]:
    """The schema of an optional fixed value: null (drawn) or ``count`` numbers."""
    return {"anyOf": [{"type": "null"}, {"type": "array", "items": {"type": item_type}, "minItems": count,
                                         "maxItems": count}]}


#: The performer's start and facing, fixed as the evaluation's tool scenes fix them (Symmetric, Asymmetric Tool).
PERFORMER_START = Setting(
    "performer.start", fixed_values(3, "number"), None,
    "The performer's start [x, z] and facing (degrees), fixed as every evaluation scene of the task fixes them; "
    "null: a start drawn on free floor, facing anywhere. A draw whose layout leaves the fixed start no free floor "
    "is drawn again.")
#: The ball's floor cell, fixed as the evaluation's tool scenes fix it (Symmetric, Asymmetric Tool).
BALL_CELL = Setting(
    "ball.cell", fixed_values(2, "integer"), None,
    "The ball's floor cell [x, z], fixed as every evaluation scene of the task fixes it; null: any cell where the "
    "layout fits the room.")

"""Tool Choice's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.tools.kinds import RECT_LENGTHS, TOOL_MATERIALS
from scenegen.mcs.tools.params import RECT_WIDTH, ROOM_DEPTH, SQUARE_OFFSET, TOOL_MATERIAL
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

ROOM_WIDTH = number("room_width", 12, 100, "metres")
CELL_OFFSET = number("cell_offset", -30, 50, "whole metres (floor cell centres)", integer=True)
CELLS = number("cells", 1, 9, "floor cells (1 m each)", integer=True)
ISLAND = one_of("island", (1, 3, 5), "odd number of floor cells", json_type="integer")
GAP = number("gap", 0, 5, "metres")
TOOL_LENGTH = one_of("tool_length", RECT_LENGTHS, "a tool_rect length", json_type="integer")
PIECES = number("pieces", 2, 12, "number of pieces", integer=True)
SIDE = one_of("side", ("left", "right"), "left (x < 0) or right (x > 0) of the platform")
OTHER_SIDE = one_of("other_side", ("none", "too_short", "broken", "too_big", "obstructed"),
                    "what the side without the useful tool holds")
PLACEMENT = one_of("placement", ("aligned", "offset", "offset_rotated"), "where a tool lies in front of its pool")
OBSTRUCTION = one_of("obstruction", ("parallel", "diagonal"), "the wall that cuts a tool off from the performer")
SHIFT = number("shift", 0, 20, "metres")
SHIFT_DIRECTION = one_of("shift_direction", ("toward", "away"), "toward the platform or away from it")
TURN = one_of("turn", (-45, 45), "degrees about y", json_type="integer")
WALL_DISTANCE = number("wall_distance", 2, 50, "metres")

DECLARATION = Declaration(
    family="tool_choice",
    title="Tool Choice config",
    description=(
        "Tool Choice (MCS eval 7): the performer starts on a platform bisecting the room; each side has a soccer ball "
        "in a pool of lava; one side holds a rectangular tool that, pushed straight, drives its ball out of the lava "
        "(lying in the pushing line, or beside it to be moved and turned first), the other side holds no usable "
        "tool. Every numeric or categorical parameter takes the value grammar: a constant, a list (uniform choice), "
        "{min, max} (uniform range) or {choices, weights}."
    ),
    entries=(
        Param("correct_side", SIDE, ["left", "right"], "Which side holds the useful tool and the target ball."),
        Param("other_side", OTHER_SIDE,
              {"choices": ["none", "too_short", "broken", "too_big", "obstructed"], "weights": [1, 1, 1, 1, 1]},
              "What the other side holds: no tool, a tool too short to reach across the lava, a tool broken into "
              "pieces that are each too short, a tool_big far too long to handle lying across the lava, or a tool "
              "the twin of the useful one (same type, mirrored pose) that a low wall cuts off from the performer."),
        Param("room.width", ROOM_WIDTH, 59, "Room size along x (across the platform)."),
        Param("room.depth", ROOM_DEPTH, 23, "Room size along z (along the platform)."),
        room_height(3),
        Param("ball.distance", CELL_OFFSET, 14, "|x| of each ball: its distance from the platform's centre line."),
        Param("ball.z", CELL_OFFSET, 7, "z of each ball."),
        Param("lava.island", ISLAND, 3, "Side of the square lava-free island the ball sits on."),
        Param("lava.near", CELLS, 4, "Lava between the safe floor and the island, toward the performer (-z)."),
        Param("lava.far", CELLS, 2, "Lava beyond the island (+z)."),
        Param("lava.side", CELLS, 2, "Lava left and right of the island."),
        Param("tool.width", RECT_WIDTH, [0.5, 0.75, 1.0], "Tool width W; the other side's tools share it."),
        Param("tool.gap", GAP, 0, "Distance between an aligned tool's far end and the lava's near edge."),
        Param("tool.offset", SQUARE_OFFSET, 0,
              "Sideways offset of an aligned useful tool from the ball's x, as a fraction of the largest offset that "
              "still pushes the ball squarely."),
        Param("tool.material", TOOL_MATERIAL, [TOOL_MATERIALS[5], TOOL_MATERIALS[0]],
              "Material of every tool in the scene."),
        Param("tool.too_short_length", TOOL_LENGTH, [1, 3],
              "Length of a too-short tool; must be shorter than the lava the tool has to span."),
        Param("tool.broken_pieces", PIECES, {"min": 5, "max": 9}, "How many 1 m pieces a broken tool lies in."),
        Param("tool.placement", PLACEMENT,
              {"choices": ["aligned", "offset", "offset_rotated"], "weights": [70, 15, 15]},
              "Where the useful tool (and, drawn again, a too-short tool) lies: aligned in the pushing line (centred "
              "on its ball, far end tool.gap from the lava), or moved sideways by tool.shift, turned 45 degrees as "
              "well for offset_rotated, so that it must be moved and turned before the push."),
        Param("tool.shift", SHIFT, {"min": 5, "max": 9},
              "How far sideways of its ball an offset tool lies; where the floor is narrower, as far as it allows "
              "with a walkway left beside the tool and room to turn it, where it lies or slid to its ball's x."),
        Param("tool.shift_direction", SHIFT_DIRECTION, ["toward", "away"],
              "Which way an offset tool is moved from its ball: toward the platform (every moved tool of the "
              "evaluation) or away from it; where the floor is narrower than tool.shift, as far that way as it "
              "allows (the other way only where it allows no move that way at all). A useful tool beside parallel "
              "walls always moves toward the platform."),
        Param("tool.turn", TURN, [-45, 45],
              "How an offset_rotated tool is turned (the evaluation's: -45 degrees)."),
        Param("tool.wall_distance", WALL_DISTANCE, {"min": 18, "max": 19},
              "|x| of the parallel walls (tool.obstruction): each stands beyond its side's pool and useful tool, "
              "the cut-off twin beyond its own; a distance outside what fits both sides is clipped into it."),
        Setting("tool.same_wall_distance", {"type": "boolean"}, False,
                "Stand both parallel walls at one drawn tool.wall_distance, as the evaluation does, rather than "
                "draw each side's apart (so that neither wall's distance tells the sides apart)."),
        Setting("tool.moved_beside_parallel_walls_only", {"type": "boolean"}, False,
                "Move the useful tool off its pushing line (tool.placement) only in scenes whose other side is its "
                "twin behind a wall along the room's depth, and align it in every other scene: every moved tool of "
                "the evaluation stands in such a scene."),
        Setting("tool.too_short_aligned", {"type": "boolean"}, False,
                "Always align a too-short tool with its ball, as the evaluation does, rather than draw its placement "
                "as the useful tool's."),
        Param("tool.obstruction", OBSTRUCTION, {"choices": ["parallel", "diagonal"], "weights": [2, 1]},
              "The wall that cuts an obstructed tool off: as the evaluation builds it, parallel is two walls along "
              "the room's whole depth, one each side beyond the pools (tool.wall_distance), the useful tool moved "
              "toward the platform and its twin beyond the far wall in the same pose (moved as far away from its "
              "ball); diagonal is one wall from beside the platform at the front wall to the back wall, the twin "
              "in the useful tool's mirrored pose (a moved pair moved away from the platform). Where the drawn form "
              "does not fit, the twin lies in the mirrored pose beyond a wall between it and the platform "
              "(`inner_wall`, which the nearer wall gives away)."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/Carpet3",
                        "AI2-THOR/Materials/Walls/DrywallGreen"),
        last_step(5750, "The scene's last step (goal.last_step).", minimum=36),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "ball": "Where each soccer ball sits; both balls mirror each other across the platform.",
        "lava": "The pool of lava around each ball, in 1 m floor cells; both pools are the same.",
        "tool": "The useful tool (a tool_rect_W_x_L) and the tools on the other side.",
        "materials": "Room materials.",
    },
)

"""Symmetric Tool's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.tools.kinds import TOOL_MATERIALS, TOOL_WIDTHS
from scenegen.mcs.tools.lanes import DIRECTIONS
from scenegen.mcs.tools.params import (
    BALL_CELL,
    LAVA_CELLS,
    PERFORMER_START,
    RECT_WIDTH,
    ROOM_DEPTH,
    SQUARE_OFFSET,
    TOOL_GAP,
    TOOL_MATERIAL,
    TURN,
)
from scenegen.plugin.params import FLAG, Declaration, Param, Setting, number, one_of

ROOM_WIDTH = number("room_width", 10, 60, "metres")
ISLAND = one_of("island", (1, 3), "odd number of floor cells", json_type="integer")
EXTRA_LENGTH = number("extra_length", 0, 8, "whole metres", integer=True)
SHIFT = number("shift", 0, 12, "metres")
DIRECTION = one_of("direction", DIRECTIONS, "the room axis and way the ball is pushed out")
PLACEMENT = one_of("placement", ("aligned", "offset", "offset_rotated"), "where the tool lies")

DECLARATION = Declaration(
    family="symmetric_tool",
    title="Symmetric Tool config",
    description=(
        "Symmetric Tool Use (MCS eval 7): a soccer ball on an island in a pool of lava in a free room, and a "
        "rectangular tool that, pushed straight, drives the ball out of the lava. The tool lies in the pushing line "
        "(between guide rails, or not), or beside it, and then must be slid (and turned) into it first. Every "
        "numeric or categorical parameter takes the value grammar: a constant, a list (uniform choice), {min, max} "
        "(uniform range) or {choices, weights}."
    ),
    entries=(
        Param("direction", DIRECTION, list(DIRECTIONS), "Along which axis, and which way, the ball is pushed out."),
        Param("room.width", ROOM_WIDTH, 29, "Room size along x."),
        Param("room.depth", ROOM_DEPTH, 25, "Room size along z."),
        room_height(3),
        Param("lava.island", ISLAND, 1, "Side of the square lava-free island the ball sits on."),
        Param("lava.near", LAVA_CELLS, 2, "Lava between the tool's side and the island."),
        Param("lava.far", LAVA_CELLS, 2, "Lava beyond the island, which the ball is pushed across."),
        Param("lava.side", LAVA_CELLS, 2, "Lava either side of the island, across the push."),
        Param("tool.width", RECT_WIDTH, list(TOOL_WIDTHS), "Tool width W."),
        Param("tool.extra_length", EXTRA_LENGTH, {"min": 0, "max": 3},
              "How much longer than the lava and island it must span the tool is: its length is the shortest "
              "tool_rect length at least span + this (at most the longest, 9 m)."),
        Param("tool.placement", PLACEMENT, {"choices": ["aligned", "offset", "offset_rotated"], "weights": [2, 1, 1]},
              "Where the tool lies: aligned in the pushing line, far end tool.gap from the lava; offset sideways of "
              "it by tool.shift, to be slid into it first; or offset and turned by tool.turn, to be turned as well."),
        Param("tool.gap", TOOL_GAP, {"min": 0.0, "max": 1.0},
              "Distance between the tool's far end and the lava's edge."),
        Param("tool.offset", SQUARE_OFFSET, 0,
              "Sideways offset of an aligned tool from the ball's line, as a share of the largest offset that still "
              "pushes the ball squarely."),
        Param("tool.shift", SHIFT, {"min": 2, "max": 6}, "How far sideways of the ball's line an offset tool's centre "
              "lies (at least far enough that the tool clears the ball's line); an offset_rotated tool's may be 0: "
              "in line, turned where it lies, as in the evaluation."),
        Param("tool.turn", TURN, {"min": 30, "max": 60},
              "How far an offset_rotated tool is turned from the pushing line, either way (up to a right angle: "
              "across the line); it must be turned before the push."),
        Param("tool.guide_rails", FLAG, [True, False], "Whether guide rails run either side of an aligned tool from "
              "its near end to the ball, as in the evaluation scene."),
        Param("tool.material", TOOL_MATERIAL, list(TOOL_MATERIALS[:4]), "The tool's material."),
        Param("ball.open_floor", FLAG, False,
              "Whether the ball lies on open floor, its pool moved elsewhere in the room (half the evaluation's "
              "scenes): the performer walks up to it and needs no tool."),
        Setting("lava.open_floor_offset", {"anyOf": [{"type": "null"}, {"type": "array", "items": {"type": "integer"},
                                                                        "minItems": 2, "maxItems": 2}]}, None,
                "Where an open-floor scene's pool lies: [x, z] cells from where it would lie round the ball, as the "
                "evaluation fixes it ([7, -4]); null: drawn among the places clear of the ball, tool, rails and "
                "start by a walkway."),
        BALL_CELL,
        PERFORMER_START,
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 1",
                        "AI2-THOR/Materials/Walls/Drywall"),
        last_step(5900, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "lava": "The pool of lava around the ball, in 1 m floor cells, seen along the push.",
        "tool": "The rectangular tool (a tool_rect_W_x_L) and where it lies.",
        "ball": "Where the ball lies.",
        "performer": "Where the performer starts.",
        "materials": "Room materials.",
    },
)

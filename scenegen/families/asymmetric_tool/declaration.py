"""Asymmetric Tool's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.families.asymmetric_tool.layout import PLACEMENTS
from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.tools.kinds import TOOL_MATERIALS, TOOL_WIDTHS
from scenegen.mcs.tools.lanes import DIRECTIONS
from scenegen.mcs.tools.params import (
    BALL_CELL,
    HOOK_EXTRA_LENGTH,
    L_SHAPE,
    LAVA_CELLS,
    ODD_ROOM_SIZE,
    PERFORMER_START,
    TOOL_MATERIAL,
    TURN,
)
from scenegen.plugin.params import FLAG, Declaration, Param, number, one_of

HOOK_GAP = number("hook_gap", 0.02, 1, "metres")
TOOL_WIDTH = one_of("tool_width", TOOL_WIDTHS, "a tool_hooked width (of each arm)", json_type="number")
DIRECTION = one_of("direction", DIRECTIONS, "the room axis and way the ball is pulled out")
PLACEMENT = one_of("placement", PLACEMENTS, "where the L-shaped tool lies")

DECLARATION = Declaration(
    family="asymmetric_tool",
    title="Asymmetric Tool config",
    description=(
        "Asymmetric Tool Use (MCS eval 7): a soccer ball in a band of lava that reaches three of the room's walls, "
        "so that no push gets it out, and an L-shaped (hooked) tool lying with its hook behind the ball and its long "
        "arm reaching out of the lava: pulled straight, it drags the ball out over the lava's only edge; or lying "
        "turned about the same centre, to be turned back (over the lava, clear of the ball) before the pull; or "
        "lying turned across the ball's side, to be slid aside over the lava, turned and slid back first. Every "
        "numeric or categorical parameter takes the value grammar: a constant, a list (uniform choice), {min, max} "
        "(uniform range) or {choices, weights}."
    ),
    entries=(
        Param("direction", DIRECTION, list(DIRECTIONS),
              "Along which axis, and which way, the ball is pulled out: the lava's free edge faces this way."),
        Param("room.width", ODD_ROOM_SIZE, 23, "Room size along x (odd, so that lava cells tile it to the walls)."),
        Param("room.depth", ODD_ROOM_SIZE, 25, "Room size along z (odd)."),
        room_height(3),
        Param("lava.before", LAVA_CELLS, 2, "Lava between the ball's cell and the floor the ball is pulled onto."),
        Param("lava.behind", LAVA_CELLS, 2, "Lava between the ball's cell and the wall behind it."),
        Param("tool.shape", L_SHAPE, "hooked",
              "tool_hooked (arms L and 3W long) or tool_isosceles (both arms L long)."),
        Param("tool.width", TOOL_WIDTH, list(TOOL_WIDTHS), "Tool width W (of each arm)."),
        Param("tool.hook_gap", HOOK_GAP, {"min": 0.1, "max": 0.3}, "Distance between the ball and the hook behind it."),
        Param("tool.extra_length", HOOK_EXTRA_LENGTH, {"min": 0, "max": 4},
              "How much longer than needed the tool is: its length is the shortest hooked length whose near end "
              "reaches a metre out of the lava, plus this (at most the longest, 9 m)."),
        Param("tool.placement", PLACEMENT, {"choices": list(PLACEMENTS[:2]), "weights": [2, 1]},
              "Where the tool lies: aligned, its hook behind the ball (as in the evaluation scene); rotated, turned "
              "by tool.turn about the same centre, away from the ball, so that it must be turned back before the "
              "pull; or across, turned by tool.turn the way MCS turns (+z toward +x), so that its long arm lies "
              "across the ball's side (as the evaluation lays it, 45 or 90 degrees): where it cannot be turned back "
              "there, it is slid aside over the lava until the disc it turns in clears the ball (turned onto the "
              "axis across the pull first, if it lies off the axes), turned, slid back into line and pulled."),
        Param("tool.turn", TURN, {"min": 15, "max": 35},
              "How far a rotated or across tool is turned from its pull pose (a rotated one never a right angle, "
              "so that no straight move works before it is turned)."),
        Param("tool.material", TOOL_MATERIAL, list(TOOL_MATERIALS[:4]), "The tool's material."),
        Param("ball.open_floor", FLAG, False,
              "Whether the ball lies on open floor (half the evaluation's scenes): the band of lava, as deep, runs "
              "the room's whole length along the wall to the right of the pull (to the left where the tool leaves "
              "no room there), and the performer walks up to the ball; no tool is needed."),
        BALL_CELL,
        PERFORMER_START,
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Wood/DarkWood2",
                        "Custom/Materials/RedDrywallMCS"),
        last_step(5300, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "lava": "The band of lava, in 1 m floor cells along the pull; it spans the room's whole width.",
        "tool": "The L-shaped tool and where its hook lies.",
        "ball": "Where the ball lies.",
        "performer": "Where the performer starts.",
        "materials": "Room materials.",
    },
)

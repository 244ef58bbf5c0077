"""Secondary Tool's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.families.secondary_tool.layout import BALL_LAYOUTS
from scenegen.mcs.config import room_height, room_materials
from scenegen.mcs.tools.kinds import TOOL_MATERIALS, TOOL_WIDTHS
from scenegen.mcs.tools.lanes import DIRECTIONS
from scenegen.mcs.tools.params import (
    HOOK_EXTRA_LENGTH,
    L_SHAPE,
    LAVA_CELLS,
    ODD_ROOM_SIZE,
    PERFORMER_START,
    TOOL_GAP,
    TOOL_MATERIAL,
    fixed_values,
)
from scenegen.plugin.params import Declaration, Param, Setting, number, one_of

MARGIN = number("margin", 1, 3, "metres")
WALL_GAP = number("wall_gap", 0, 10, "whole metres", integer=True)
BALL_LAYOUT = one_of("ball_layout", BALL_LAYOUTS, "the lava round the ball")
#: The most fixed places of the rectangular tool a config lists.
MOST_PLACES = 8
PLACE = number("place", 0, MOST_PLACES - 1, "an index into rect.places", integer=True)
SHIFT = number("shift", 0, 3, "metres")
#: Unlike the other tool families' turn, 0 is allowed: a rectangular tool not turned.
TURN = number("turn", 0, 85, "whole degrees", integer=True)
TOOL_WIDTH = one_of("tool_width", TOOL_WIDTHS, "a tool width (of each arm, for an L)", json_type="number")
DIRECTION = one_of("direction", DIRECTIONS, "a room axis and way")
AXIS = one_of("axis", ("x", "z"), "a room axis")
CORNER = one_of("corner", ("front_left", "front_right", "back_left", "back_right"), "a corner of the room")
ROTATION = one_of("rotation", (0, 90, 180, 270), "degrees", json_type="integer")

DECLARATION = Declaration(
    family="secondary_tool",
    title="Secondary Tool config",
    description=(
        "Secondary Tool Use (MCS eval 7): two pools of lava, one round a soccer ball in a corner of the room (it "
        "reaches two walls, so no push gets the ball out), one round an L-shaped (hooked) tool out of the performer's "
        "reach, and a rectangular tool on the floor. The rectangular tool must push the hooked tool out of its lava; "
        "then the hooked tool, laid with its hook behind the ball, pulls the ball out. Every numeric or categorical "
        "parameter takes the value grammar: a constant, a list (uniform choice), {min, max} (uniform range) or "
        "{choices, weights}. As in every evaluation scene, the goal writes no last_step and no action list."
    ),
    entries=(
        Param("room.width", ODD_ROOM_SIZE, 31, "Room size along x (odd, so that lava cells tile it to the walls)."),
        Param("room.depth", ODD_ROOM_SIZE, 31, "Room size along z (odd)."),
        room_height(3),
        Param("ball.corner", CORNER, ["front_left", "front_right", "back_left", "back_right"],
              "The corner whose two walls the ball's lava reaches (front: -z, left: -x)."),
        Param("ball.before", LAVA_CELLS, 3, "Lava between the ball's cell and the floor, on both free sides."),
        Param("ball.behind", LAVA_CELLS, 4, "Lava between the ball's cell and each of the corner's walls."),
        Param("ball.wall_gap", WALL_GAP, 0,
              "Floor between the ball's lava and the corner's front or back wall (z): 0 lays the pool in the corner, "
              "reaching both its walls; more moves the pool and the ball that far from that wall, the lava then "
              "reaching the side wall only (the evaluation: 0 or 4, half its scenes each)."),
        Param("ball.layout", BALL_LAYOUT, "pool",
              "The lava round the ball: pool, the corner pool the two tools are for (ball.before and ball.behind); "
              "ring, the eight cells round the ball's cell, which a tool alone pushes the ball out of (labelled with "
              "that tool's plan); partial_ring, five of them (on the side away from the side wall and the side "
              "toward the front or back wall), the performer walking up to the ball (labelled with no tool). The "
              "evaluation draws them in 4, 5 and 3 of its 12 scenes."),
        Param("ball.pull", AXIS, ["x", "z"],
              "The axis along which the ball is pulled out, away from the corner's wall (the other where the L tool "
              "laid to pull along this one would not fit the room, or the floor it is pulled onto would leave the L "
              "tool's pool no room)."),
        Param("hook.shape", L_SHAPE, ["hooked", "isosceles"], "The L-shaped tool: hooked or isosceles."),
        Param("hook.width", TOOL_WIDTH, list(TOOL_WIDTHS), "Its width W (of each arm)."),
        Param("hook.extra_length", HOOK_EXTRA_LENGTH, {"min": 0, "max": 2},
              "How much longer than the least that pulls the ball out with its near end a metre out of the lava."),
        Param("hook.rotation", ROTATION, [0, 90, 180, 270], "How the L-shaped tool lies in its lava."),
        Param("hook.margin", MARGIN, 1.5, "Lava at least round the L-shaped tool (its pool is whole cells)."),
        Setting("hook.centre", fixed_values(2, "number"), None,
                "The centre [x, z] of the L-shaped tool's pool, fixed as every evaluation scene fixes it (a whole "
                "metre, or half a metre across an even count of cells); null: anywhere the pools, the tools and the "
                "walkways round them fit. A draw that leaves a fixed centre no room is drawn again."),
        Param("rect.width", TOOL_WIDTH, 0.5, "The rectangular tool's width."),
        Param("rect.push", DIRECTION, list(DIRECTIONS), "The way the rectangular tool pushes the L-shaped tool out."),
        Param("rect.gap", TOOL_GAP, {"min": 0.5, "max": 2.0},
              "Floor between the rectangular tool and the L tool's lava."),
        Param("rect.shift", SHIFT, {"min": 0, "max": 1},
              "How far sideways of the line it pushes along the rectangular tool lies (to be slid in first)."),
        Param("rect.turn", TURN, 0,
              "How far the rectangular tool is turned off the line it pushes along, either way (0: not turned). A "
              "turned tool lies centred on the line, the disc it turns in rect.gap before the lava: turn it, then "
              "push."),
        Setting("rect.places", {"type": "array", "maxItems": MOST_PLACES, "items": {
            "type": "array", "items": {"type": "number"}, "minItems": 3, "maxItems": 3}}, [],
                "Fixed places [x, z, rotation] of the rectangular tool, as the evaluation's scenes have it (rect.place "
                "picks one); where it lies so, the label's push and actions are those of one of the simplest pushes "
                "that free the L tool from there (turned and slid first if need be). Empty: the tool lies as "
                "rect.push, rect.gap, rect.shift and rect.turn lay it."),
        Param("rect.place", PLACE, 0, "Which of rect.places the rectangular tool lies at (when it lists any)."),
        Param("tool.material", TOOL_MATERIAL, list(TOOL_MATERIALS[:4]), "Both tools' material."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall", "AI2-THOR/Materials/Fabrics/CarpetWhite",
                        "AI2-THOR/Materials/Walls/DrywallOrange"),
        PERFORMER_START,
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "ball": "The ball's lava, in a corner of the room, in 1 m cells.",
        "hook": "The L-shaped tool and the pool of lava round it.",
        "rect": "The rectangular tool that pushes the L-shaped tool out.",
        "tool": "Both tools.",
        "performer": "Where the performer starts.",
        "materials": "Room materials.",
    },
)

"""Set Rotation's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from typing import Any

from scenegen.mcs.config import last_step, pairs, room_materials
from scenegen.mcs.tracking.declaration import CONTAINER_SIZE, ODD_INDEX_PARAM, PAIRS_MEANING, SECTIONS, room_entries
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Domain, Param, number, one_of
from scenegen.plugin.values import Value, compile_value

PAIR_FACTOR = one_of("pair_factor", ("ball_container", "rotation_direction", "rotation_angle"),
                     "a factor a twin may change")
MOTION = one_of("motion", ("turntable", "performer"),
                "turntable: the turntable rotates; performer: the performer is forced around it")
DIRECTION = one_of("direction", ("clockwise", "counter_clockwise"), "seen from above")
DEGREES = one_of("degrees", (90, 180, 270, 360), "degrees", json_type="integer")
COUNT = number("count", 1, 9, "containers", integer=True)
SPACING_METRES = number("spacing_metres", 0.3, 5.0, "metres")
SPACING = Domain("spacing", {"anyOf": [{"type": "number", "minimum": 0.3, "maximum": 5.0}, {"const": "even"}],
                             "description": "metres between neighbouring container centres, or even"},
                 ranged=True, bounds=SPACING_METRES)
SPREAD = Domain("spread", {"type": "number", "exclusiveMinimum": 0, "maximum": 1, "description": "a fraction"},
                float, ranged=True)
BALL_CONTAINER = one_of("ball_container", ("first", "any"),
                        "first: the leftmost container; any: any container off the turntable's centre")
ROW_OFFSET = number("row_offset", -2.0, 2.0, "metres")
RADIUS = number("radius", 0.5, 5.0, "metres")
CENTRE_Z = number("centre_z", -10, 10, "metres")
MARGIN = number("margin", 0.1, 2.0, "metres")
ROOM_SIZE = number("room_size", 6, 30, "metres")


def compile_spacing(spec: Any, path: str) -> Value:
    """``containers.spacing``: metres (a number parameter), or ``even``."""
    mentions_even = spec == "even" or (isinstance(spec, list) and "even" in spec) or (
        isinstance(spec, dict) and "even" in spec.get("choices", ()))
    return compile_value(spec, path, object if mentions_even else float)


DECLARATION = Declaration(
    family="set_rotation",
    title="Set Rotation config",
    description=(
        "Set Rotation and Hidden Set Rotation (MCS eval 6/7): identical open containers stand on a turntable; a "
        "placer drops the ball into one, placers attach lids, then the turntable rotates or the performer is forced "
        "around it (optionally hidden by a tube occluder); the performer must open the container holding the ball. "
        "Every numeric or categorical parameter takes the value grammar: a constant, a list (uniform choice), "
        "{min, max} (uniform range; not for enumerated values) or {choices, weights}."
    ),
    entries=(
        pairs(PAIRS_MEANING),
        Param("motion", MOTION, ["turntable", "performer"],
              "What moves once the lids are on: the turntable rotates (5 degrees per step), or the performer is "
              "forced (goal.action_list) around the turntable, ending facing it."),
        Param("direction", DIRECTION, ["clockwise", "counter_clockwise"],
              "Direction in which the containers turn as the performer sees them, from above (its eyes are above the "
              "turntable): clockwise turns the turntable's near edge to the performer's left (rotates.y = +5 per "
              "step). A forced walk goes the other way round, so that the containers turn the same way relative to "
              "the performer: clockwise walks MoveRight + RotateLeft (off to its right), counter_clockwise MoveLeft "
              "+ RotateRight, as the evaluation walks with its counter-clockwise turns."),
        Param("degrees", DEGREES, [90, 180, 270, 360],
              "How far the turntable turns, or the performer walks round it."),
        Param("hidden", FLAG, False,
              "Hidden Set Rotation: a tube occluder descends round the turntable just before the rotation (or walk) "
              "and rises once a full 360 degrees would have finished."),
        Param("containers.count", COUNT, {"choices": [1, 3, 5], "weights": [1, 1, 2]}, "How many containers."),
        Param("containers.size", CONTAINER_SIZE, 0.4,
              "Side of each container (its scale; the evaluation scenes use 0.4)."),
        Param("containers.spread", SPREAD, 0.9,
              "With even spacing (and for a single container, which stands left of the centre): where the outermost "
              "container centres sit, as a fraction of (radius - size / 2)."),
        Param("containers.material", MATERIAL, "Custom/Materials/GreenWoodMCS",
              "Material of the containers and their lids."),
        Param("containers.odd", FLAG, [False, True], "Give one container (and its lid) odd_material (see odd_index)."),
        ODD_INDEX_PARAM,
        Param("containers.offset", ROW_OFFSET, 0.0,
              "How far the row of containers runs from the turntable's centre, along z (positive: away from the "
              "performer). The evaluation's row runs through the centre (0), where a middle container only turns "
              "in place and so never holds the ball; off the centre every container moves with the turn, and any "
              "may hold it."),
        Param("containers.odd_material", MATERIAL, "Custom/Materials/Violet",
              "Material of the odd container and its lid."),
        Param("ball.container", BALL_CONTAINER, "first",
              "first: the leftmost container, as in the evaluation scenes; any: any container off the turntable's "
              "centre (a container on the centre does not move when it turns, so a ball there would need no "
              "tracking; see containers.offset)."),
        Param("turntable.radius", RADIUS, 2.0, "Turntable radius (its scale x and z are twice this)."),
        Param("turntable.z", CENTRE_Z, 1.0, "z of its centre."),
        Param("turntable.material", MATERIAL, "Custom/Materials/GreyWoodMCS", "Turntable material."),
        Param("tube.margin", MARGIN, 0.6,
              "Gap between the turntable's edge and the tube (the tube's diameter is 2 * (radius + margin))."),
        Param("tube.material", MATERIAL, "AI2-THOR/Materials/Wood/BedroomFloor1", "Tube material."),
        *room_entries(ROOM_SIZE, 12, -3.5),
        *room_materials("AI2-THOR/Materials/Walls/Drywall",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 4",
                        "AI2-THOR/Materials/Wood/WoodGrain_Tan"),
        Param("pair_factor", PAIR_FACTOR, ["ball_container", "rotation_direction", "rotation_angle"],
              "In pair mode, the factor the twin changes: ball_container (the ball is dropped into another "
              "container), rotation_direction (the turn or walk goes the other way) or rotation_angle (another of "
              "the allowed angles). A sample where the drawn factor cannot change the answer (one container; "
              "direction with 180 or 360 degrees; a single allowed angle) is drawn again."),
        Param("containers.spacing", SPACING, "even",
              "Distance between neighbouring container centres; even spreads the row so that its outermost "
              "containers sit at `spread` of the way from the centre to the edge (the evaluation scenes' layout: "
              "1.62 m apart for three, 0.81 m for five).", compile=compile_spacing),
        last_step(2900, "The scene's last step (goal.last_step); must come after everything scripted."),
    ),
    sections={
        "containers": "The identical open containers (separate_container) on the turntable, in a row along x "
                      "through its centre, and their lids.",
        "ball": "Which container the ball is dropped into.",
        "turntable": "The turntable (rotating_cog), centred at x = 0.",
        "tube": "The tube occluder (tube_wide) of hidden scenes.",
        "performer": "The performer's start: at x = 0, facing +z (the turntable). A forced walk circles the "
                     "turntable's centre at this distance.",
        **SECTIONS,
    },
)

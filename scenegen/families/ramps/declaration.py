"""Navigation - Ramps' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.plugin.params import FLAG, MATERIAL, Declaration, Param, number, one_of

#: How the platforms stand (docs/mcs_facts.md 19): a second level on the first; two platforms against opposite
#: walls; one platform across the room's whole width, a ramp on each face.
LAYOUTS = ("stacked", "pair", "bridge")
#: The surfaces the performer and the ball may be on: the floor, the first platform, the second (level or platform).
SURFACES = ("floor", "first", "second")
#: The side of its platform a ramp stands against: facing the room (away from the platform's wall), or its -x or
#: +x side.
RAMP_SIDES = ("inward", "left", "right")
EIGHTH_TURNS = tuple(range(0, 360, 45))
QUARTER_TURNS = (0, 90, 180, 270)

ROOM_WIDTH = number("room_width", 10, 40, "metres")
ROOM_DEPTH = number("room_depth", 10, 40, "metres")
HEIGHT = number("platform_height", 0.5, 3, "metres")
SIZE = number("platform_size", 1, 40, "metres")
SHARE = number("share", 0, 1, "share of the free length")
ANGLE = number("ramp_angle", 10, 45, "degrees (MCS ramps rise at most 45)")
WIDTH = number("ramp_width", 1, 5, "metres")
LAYOUT = one_of("layout", LAYOUTS, "how the platforms stand")
SURFACE = one_of("surface", SURFACES, "a walkable surface")
SIDE = one_of("ramp_side", RAMP_SIDES, "a side of the platform")
EIGHTH = one_of("eighth_turn", EIGHTH_TURNS, "degrees", json_type="integer")
QUARTER = one_of("quarter_turn", QUARTER_TURNS, "degrees", json_type="integer")
HOLDER = one_of("holder", ("floor", "agent"), "where the ball is")
BLOB_SCALE = number("blob_scale", 1, 3, "scale factor")
DISTANCE = number("blob_distance", 1, 3, "metres")


def _platform(section: str, which: str, defaults: tuple[object, ...]) -> tuple[Param, ...]:
    height, width, depth, place, side, material = defaults
    return (
        Param(f"{section}.height", HEIGHT, height,
              f"The {which} platform's height (its own, above what it stands on)."),
        Param(f"{section}.width", SIZE, width, f"The {which} platform's size along x (a bridge spans the room)."),
        Param(f"{section}.depth", SIZE, depth, f"The {which} platform's size along z."),
        Param(f"{section}.place", SHARE, place, f"Where the {which} platform stands along its wall (a bridge: across "
              "the room), as a share of the room it leaves: 0 at -x (-z), 1 at +x (+z)."),
        Param(f"{section}.ramp_side", SIDE, side, f"The side of the {which} platform its ramp stands against (a "
              "bridge has one on each face)."),
        Param(f"{section}.material", MATERIAL, material, f"The {which} platform's material, and its ramp's."),
    )


DECLARATION = Declaration(
    family="ramps",
    title="Navigation - Ramps config",
    description=("Navigation - Ramps (MCS eval 7): lipped platforms with ramps; the soccer ball, or an agent holding "
                 "it, is on the floor or a platform, reached by walking up or down the ramps. Every parameter takes "
                 "the value grammar: a constant, a list (uniform choice), {min, max} (uniform range) or {choices, "
                 "weights}."),
    entries=(
        Param("room.width", ROOM_WIDTH, 23, "Room size along x."),
        Param("room.depth", ROOM_DEPTH, 25, "Room size along z."),
        room_height(6),
        Param("layout.kind", LAYOUT, list(LAYOUTS), "How the platforms stand: a second level on the first, its "
              "ramp landing on the first's top (stacked); one against the back wall and one against the front wall "
              "(pair); one across the room's whole width with a ramp on each face (bridge)."),
        Param("layout.flip", FLAG, [False, True], "Whether the layout is mirrored front to back (the first platform "
              "against the front wall)."),
        *_platform("first", "first", ({"min": 1, "max": 1.75}, {"min": 7, "max": 15}, {"min": 1.7, "max": 7.4},
                                      {"min": 0, "max": 1}, ["inward", "left", "right"],
                                      "Custom/Materials/OliveWoodMCS")),
        *_platform("second", "second", ({"min": 1.7, "max": 1.9}, {"min": 6, "max": 15}, {"min": 2.7, "max": 3.6},
                                        {"min": 0, "max": 1}, ["inward", "left", "right"],
                                        "AI2-THOR/Materials/Walls/YellowDrywall")),
        Param("ramp.angle", ANGLE, {"min": 34, "max": 43}, "How steeply the first ramp rises (each other ramp draws "
              "its own angle, width and place from the same values)."),
        Param("ramp.width", WIDTH, {"min": 1.3, "max": 3.9}, "The first ramp's width."),
        Param("ramp.place", SHARE, {"min": 0, "max": 1}, "Where the first ramp stands along its side, as a share of "
              "the side it leaves."),
        Param("performer.surface", SURFACE, list(SURFACES), "Where the performer starts: on the floor, on the first "
              "platform, or on the second (a draw asking for a second platform the layout lacks is drawn again)."),
        Param("performer.facing", EIGHTH, list(EIGHTH_TURNS), "The performer's facing (rotation y)."),
        Param("target.surface", SURFACE, list(SURFACES), "Where the ball, or the agent holding it, is."),
        Param("target.holder", HOLDER, ["floor", "agent"], "Whether the ball lies there or an agent holds it "
              "(InteractWithAgent to get it)."),
        Param("agent.rotation", QUARTER, 270, "The agent's facing (rotation y)."),
        Param("blob.present", FLAG, [True, False], "Whether a blob (blob_15) stands near the ball."),
        Param("blob.scale", BLOB_SCALE, 2.6819, "The blob's scale (all three axes)."),
        Param("blob.distance", DISTANCE, 1.5, "How far the blob stands from the ball or its holder."),
        Param("blob.rotation", QUARTER, 270, "The blob's facing (rotation y)."),
        Param("blob.material", MATERIAL, "Custom/Materials/Grey", "The blob's colour."),
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 2",
                        "AI2-THOR/Materials/Metals/WhiteMetal"),
        last_step(5300, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "layout": "How the platforms stand.",
        "first": "The first platform (against the back wall, or the bridge), and its ramp.",
        "second": "The second platform: a level on the first (stacked) or against the front wall (pair).",
        "ramp": "The ramps (triangles), each as its platform's material.",
        "performer": "The performer's start.",
        "target": "The soccer ball, or the agent holding it.",
        "agent": "The agent (agent_female_01) holding the ball.",
        "blob": "A blob near the ball, as some evaluation scenes have.",
        "materials": "Room materials.",
    },
)

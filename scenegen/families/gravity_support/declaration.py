"""Gravity Support (passive)'s config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.support import RELEASED
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

ROOM_SIDE = number("room_side", 6, 20, "metres")
SIZE = number("size", 0.3, 3, "metres")
PLACE = number("place", -9, 9, "metres")
OFFSET = number("offset", -2, 2, "metres past the support's edge (negative: inside it)")
GAP = number("gap", 0.01, 0.5, "metres")
GROWTH = number("growth", 0.5, 1.5, "times the evaluation's scale")
SIDE = one_of("side", ("left", "right"), "a side of the support, as the performer sees it")
TYPE = one_of("released_type", tuple(RELEASED), "an object type a placer lets go")

DECLARATION = Declaration(
    family="gravity_support",
    title="Gravity Support (passive) config",
    description=("Gravity Support (passive, MCS eval 7): a placer lowers a pyramid or a triangle onto, partly onto "
                 "or beside a support cube and lets it go. Every sample is a pair: the expected scene, where it "
                 "stays or falls as its centre of mass says, and the unexpected one, where a support nobody sees "
                 "holds up an object that should fall, or a centre of mass moved off the support drops one that "
                 "should stay. Only certain outcomes are laid out (docs/mcs_facts.md 20). Every parameter takes "
                 "the value grammar: a constant, a list (uniform choice), {min, max} (uniform range) or "
                 "{choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 10, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 10, "Room size along z."),
        room_height(3),
        Param("performer.z", PLACE, -4.5, "Where along z the performer stands, at x 0 facing +z."),
        Param("support.x", PLACE, -0.35, "The support's centre along x."),
        Param("support.z", PLACE, 3.2, "The support's centre along z (the released object's too)."),
        Param("support.width", SIZE, 0.9, "The support's size along x (its scale x)."),
        Param("support.height", SIZE, 1.3, "The support's height (scale y)."),
        Param("support.depth", SIZE, 1.0, "The support's size along z (scale z)."),
        Param("support.side", SIDE, "right", "The support's edge the object is let go by (the evaluation's: its "
              "right, +x)."),
        Param("support.material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 3",
              "The support's material (the hidden support's too)."),
        Param("object.type", TYPE, list(RELEASED), "The released object's type: a pyramid, or a triangle turned "
              "so that its tall side faces one way along x (drawn)."),
        Param("object.size", GROWTH, 1.0, "The released object's scale, times the evaluation's (0.7 across)."),
        Param("object.offset", OFFSET, {"choices": [-0.45, -0.175, 0.007, 0.175, 0.49]},
              "How far past the support's edge the object's centre is let go; draws whose outcome is not certain "
              "are drawn again."),
        Param("object.material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color 1",
              "The released object's material."),
        Param("hidden.gap", GAP, 0.05, "The gap between the support and the support nobody sees beside it (as "
              "large as the support) in a scene where it holds the object up."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey", "AI2-THOR/Materials/Fabrics/Carpet2",
                        "AI2-THOR/Materials/Walls/RedDrywall"),
        last_step(100, "The scene's last step (goal.last_step); the performer passes until then."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "support": "The support cube the object is let go on or beside.",
        "object": "The object the placer lowers and lets go.",
        "hidden": "The support nobody sees (the unexpected scene where the object floats).",
        "materials": "Room materials.",
    },
)

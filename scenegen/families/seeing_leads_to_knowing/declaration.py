"""Seeing Leads to Knowing (passive)'s config, declared once: the schema, the draw table and the reference derive
from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

ROOM_SIDE = number("room_side", 6, 20, "metres")
PLACE = number("place", -9, 9, "metres")
HALF_SPACING = number("half_spacing", 0.3, 4, "metres from the room's middle")
CUP_SCALE = number("cup_scale", 1, 6, "times the cup_6 model's size")
STEPS = number("steps", 1, 90, "steps", integer=True)
SHARE = number("share", 0.5, 0.95, "of the pairs")
SIDE = one_of("side", ("left", "right"), "the side of the room, as the performer sees it")

DECLARATION = Declaration(
    family="seeing_leads_to_knowing",
    title="Seeing Leads to Knowing (passive) config",
    description=("Seeing Leads to Knowing (passive, MCS eval 6): four open cups stand at the corners of a square "
                 "around the room's middle; a man walks in from one side and stops in the middle, facing the two "
                 "cups across from where he came in (he cannot see the two behind him). Four placers come down "
                 "together, one letting a soccer ball into a cup, then the man walks to a cup. Every sample is a "
                 "pair alike until he sets off from the middle: the expected scene, where he walks to the ball's "
                 "cup if he saw it fall (to one of the two behind him if he did not), and the unexpected one, "
                 "where he walks to a cup he should not. Every parameter takes the value grammar: a constant, a "
                 "list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 10, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 10, "Room size along z."),
        room_height(3),
        Param("performer.z", PLACE, -2.65, "Where along z the performer's platform stands (x 0, facing +z)."),
        Param("cups.x", HALF_SPACING, 1.0, "How far left and right of the middle the cups stand."),
        Param("cups.z", HALF_SPACING, 0.5, "How far ahead and behind the middle the cups stand."),
        Param("cups.width", CUP_SCALE, 3.0, "The cups' scale across (x and z)."),
        Param("cups.height", CUP_SCALE, 3.75, "The cups' scale up (y)."),
        Param("cups.material", MATERIAL, "AI2-THOR/Materials/Wood/DarkWood2", "The cups' material (all four "
              "alike)."),
        Param("agent.side", SIDE, "left", "The side the man walks in from."),
        Param("agent.start", HALF_SPACING, 2.0, "How far from the middle he starts."),
        Param("agent.waits", STEPS, 20, "How many steps he stands in the middle, idle, from the step after the "
              "placers set off; then he walks to a cup."),
        Param("ball.in_view", SHARE, 2 / 3, "The share of pairs whose ball falls into a cup the man sees. The "
              "unexpected man of a pair whose ball he saw goes behind him in (1 - share) / share of them (to the "
              "other cup he sees otherwise), so that the cup he walks to is ahead of him as often in either "
              "scene: only with the ball's cup does it tell the two apart."),
        Param("placers.start", STEPS, 50, "The step the four placers set off down."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Wood/WhiteWood",
                        "AI2-THOR/Materials/Walls/WallDrywallGrey"),
        last_step(100, "The scene's last step (goal.last_step); the performer passes until then."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start, on a platform 1 m tall, looking down 30 degrees.",
        "cups": "The four open cups (cup_6_static).",
        "agent": "The man (agent_male_08).",
        "ball": "The soccer ball.",
        "placers": "The four placers, one holding the ball.",
        "materials": "Room materials.",
    },
)

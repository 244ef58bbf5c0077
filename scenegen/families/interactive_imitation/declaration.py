"""Interactive Imitation's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The human agents of the evaluation's Interactive Imitation scenes (each wears its own outfit: family.OUTFITS).
AGENT_TYPES = ("agent_female_06", "agent_female_08")
#: The three chests of the row, named by their place from the performer's start: nearest first.
CHESTS = ("near", "middle", "far")
#: The orders the agent may open the chests in: one chest, or two, first to last ("far_near": the far one, then the
#: near one).
SEQUENCES = (*CHESTS, *(f"{first}_{second}" for first in CHESTS for second in CHESTS if first != second))
#: What the reset changes besides closing the chests and raising the ball: nothing, the performer's place (it is
#: "kidnapped" elsewhere), or the row of chests' place and heading.
RESETS = ("stay", "performer", "containers")

ROOM_SIDE = number("room_side", 6, 30, "metres")
ALONG = number("along", -14, 14, "metres along an axis from the room's centre")
SPACING = number("spacing", 0.5, 3, "metres between neighbouring chests' centres")
FACING = number("facing", 0, 359, "degrees (0: facing +z, clockwise seen from above)", integer=True)
TURN = number("turn", -90, 90, "degrees, clockwise seen from above", integer=True)
SEQUENCE = one_of("sequence", SEQUENCES, "the chests the agent opens, in order")
RESET = one_of("reset", RESETS, "what the reset changes")
AGENT = one_of("agent_type", AGENT_TYPES, "a human agent type")

DECLARATION = Declaration(
    family="interactive_imitation",
    title="Interactive Imitation config",
    description=("Interactive Imitation (MCS eval 7): an agent opens one or two of three chests in a row, in an order, "
                 "and a placer drops the ball; after a reset (the chests closed, the ball raised, the agent out of the "
                 "way, and the performer or the chests maybe moved) the performer must open the same chests in the "
                 "same order. Every parameter takes the value grammar: a constant, a list (uniform choice), {min, "
                 "max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 10, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 20, "Room size along z."),
        room_height(3),
        Param("performer.z", ALONG, -3.75, "Where the performer starts on the centre line, facing +z."),
        Param("containers.x", ALONG, 0.9, "The x of the row of chests (it runs along z, the chests facing -x)."),
        Param("containers.z", ALONG, 0, "The z of the middle chest."),
        Param("containers.spacing", SPACING, 1, "The distance between neighbouring chests."),
        Param("containers.near_material", MATERIAL, "Custom/Materials/CreamWoodMCS", "The near chest's material."),
        Param("containers.middle_material", MATERIAL, "Custom/Materials/BlackWoodMCS", "The middle chest's material."),
        Param("containers.far_material", MATERIAL, "Custom/Materials/BlueWoodMCS", "The far chest's material."),
        Param("sequence", SEQUENCE, list(SEQUENCES), "The chests the agent opens, in order: the answer."),
        Param("agent.type", AGENT, list(AGENT_TYPES), "The human agent."),
        Param("reset.kind", RESET, list(RESETS), "What the reset changes besides closing the chests."),
        Param("reset.performer_x", ALONG, 2.94, "Where a kidnapped performer is put (x)."),
        Param("reset.performer_z", ALONG, -6.6, "Where a kidnapped performer is put (z)."),
        Param("reset.performer_facing", FACING, 340, "Which way a kidnapped performer faces."),
        Param("reset.containers_x", ALONG, 0.5471, "Where moved chests put their middle one (x)."),
        Param("reset.containers_z", ALONG, 1.1929, "Where moved chests put their middle one (z)."),
        Param("reset.containers_turn", TURN, -45, "How far moved chests' row turns (the chests keep their order, "
              "side by side)."),
        Param("reset.agent_x", ALONG, 0.5174, "Where the agent stands after the reset, facing -z (x)."),
        Param("reset.agent_z", ALONG, 2, "Where the agent stands after the reset (z)."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall",
                        "UnityAssetStore/Kindergarten_Interior/Models/Materials/color wood 2",
                        "Custom/Materials/AzureWoodMCS"),
        last_step(3500, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start (x 0).",
        "containers": "The three chests (chest_1) in a row along z.",
        "agent": "The human agent who opens the chests.",
        "reset": "What the reset (EndHabituation) changes: the performer's or the chests' place; the agent's place.",
        "materials": "Room materials.",
    },
)

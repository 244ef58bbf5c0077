"""Agent Identification's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.agent_acts import BEHAVIOURS
from scenegen.mcs.config import FACING, last_step, room_height, room_materials
from scenegen.mcs.forced_choice import ALONG, PLATFORM_SIDE, SIDES
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The human agents of the evaluation's Agent Identification scenes (each wears its own outfit: family.OUTFITS).
AGENT_TYPES = ("agent_male_08", "agent_female_07")
#: What stands on the other side: a chair (an object) or a blob (a shape with no face that never moves).
NON_AGENT_TYPES = ("chair_13", "blob_18")

ROOM_SIDE = number("room_side", 6, 30, "metres")
ACROSS = number("across", 0.3, 14, "metres from the platform's centre line")
AGENT = one_of("agent_type", AGENT_TYPES, "a human agent type")
NON_AGENT = one_of("non_agent_type", NON_AGENT_TYPES, "a chair or a blob")
BEHAVIOUR = one_of("behaviour", BEHAVIOURS, "stand still breathing, or walk a round over and over")
ORDER = one_of("order", ("before", "after"), "where the agent is listed against the non-agent")
LEGS = number("legs", 2, 12, "legs", integer=True)
HEIGHT = number("platform_height", 0.2, 2, "metres")
SCALE = number("scale", 0.5, 2, "scale factor")

DECLARATION = Declaration(
    family="agent_identification",
    title="Agent Identification config",
    description=("Agent Identification (MCS eval 7): a platform splits the room; a human agent holding the ball "
                 "stands on one side, a non-agent (a chair or a blob) on the other; ask the agent for the ball "
                 "(InteractWithAgent). Every parameter takes the value grammar: a constant, a list (uniform "
                 "choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 8, "Room size along z (the platform's length)."),
        room_height(3),
        Param("performer.z", ALONG, -3.75, "Where the performer starts on the platform, facing along it."),
        Param("platform.height", HEIGHT, 0.5, "The platform's height (the performer starts on it)."),
        Param("agent.side", PLATFORM_SIDE, list(SIDES), "The side the agent stands on: the answer."),
        Param("agent.type", AGENT, list(AGENT_TYPES), "The human agent holding the ball."),
        Param("agent.x", ACROSS, 1.86, "How far the agent starts from the platform's centre line."),
        Param("agent.z", ALONG, -0.01, "Where the agent starts along the room."),
        Param("agent.facing", FACING, 180, "The agent's facing (rotation y)."),
        Param("agent.behaviour", BEHAVIOUR, list(BEHAVIOURS), "Whether the agent stands still (a looped "
              "TPM_freeze) or walks its round (agentMovement, repeated)."),
        Param("agent.order", ORDER, "before", "Whether the agent is listed before or after the non-agent."),
        Param("walk.legs", LEGS, 6, "How many legs a round has (the last one back to the agent's start)."),
        Param("walk.near", ACROSS, 0.89, "The walk's box: its side nearest the platform (from its centre line)."),
        Param("walk.far", ACROSS, 3.15, "The walk's box: its side farthest from the platform."),
        Param("walk.front", ALONG, -2.88, "The walk's box: its front (least z)."),
        Param("walk.back", ALONG, 2.97, "The walk's box: its back (greatest z)."),
        Param("non_agent.type", NON_AGENT, {"choices": list(NON_AGENT_TYPES), "weights": [3, 1]},
              "What stands on the other side."),
        Param("non_agent.x", ACROSS, 1.54, "How far the non-agent stands from the platform's centre line."),
        Param("non_agent.z", ALONG, -0.32, "Where the non-agent stands along the room."),
        Param("chair.facing", FACING, 308, "A chair's facing (rotation y)."),
        Param("chair.material", MATERIAL, "UnityAssetStore/Baby_Room/Models/Materials/cabinet metal",
              "A chair's material."),
        Param("blob.facing", FACING, 239, "A blob's facing (rotation y)."),
        Param("blob.scale", SCALE, 0.9484, "A blob's scale."),
        Param("blob.material", MATERIAL, "Custom/Materials/Grey", "A blob's colour."),
        *room_materials("AI2-THOR/Materials/Walls/DrywallBeige", "AI2-THOR/Materials/Fabrics/CarpetDark 1",
                        "AI2-THOR/Materials/Walls/DrywallGreen"),
        last_step(1700, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start on the platform (x 0), facing along it.",
        "platform": "The platform splitting the room (in the room's wall material).",
        "agent": "The human agent holding the ball (a scale-1 soccer ball, associatedWithAgent).",
        "walk": "A walking agent's round: its turning points drawn in a box on its side.",
        "non_agent": "The non-agent on the other side.",
        "chair": "The non-agent when it is a chair.",
        "blob": "The non-agent when it is a blob.",
        "materials": "Room materials.",
    },
)

"""Knowledgeable Agents' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.forced_choice import SIDES
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The human agents of the evaluation's Knowledgeable Agents scenes (each wears its own outfit: family.OUTFITS).
AGENT_TYPES = ("agent_male_07", "agent_female_03")
#: Where an agent stands: on the far platform, or in the pit before it.
PLACES = ("platform", "pit")
#: Which placer carries the ball: the first to come down, or the second (the other is the decoy).
ORDERS = ("first", "second")
#: Which container the ignorant agent points at: the ball's, or the other one.
GUESSES = ("same", "other")

ROOM_SIDE = number("room_side", 5, 20, "metres")
ACROSS = number("across", 0.3, 9, "metres from the room's centre line")
ALONG = number("along", -9, 9, "metres along z from the room's centre")
SCALE = number("scale", 0.2, 1, "scale factor")
SIDE = one_of("side", SIDES, "a side of the room")
PLACE = one_of("place", PLACES, "the far platform or the pit")
ORDER = one_of("order", ORDERS, "the first placer or the second")
GUESS = one_of("guess", GUESSES, "the ball's container or the other")
AIM_FROM = one_of("aim_from", ("own", "platform"), "the agent's own place or the far platform's z")
AGENT = one_of("agent_type", AGENT_TYPES, "a human agent type")

DECLARATION = Declaration(
    family="knowledgeable_agents",
    title="Knowledgeable Agents config",
    description=("Knowledgeable Agents (MCS eval 7): two agents turn round, one ending facing the containers and "
                 "one facing away; behind a notched occluder a placer carries the ball into one container and a "
                 "decoy placer feigns it; lids go on, the occluder rises and each agent points at a container; "
                 "follow the agent who saw. Every parameter takes the value grammar: a constant, a list (uniform "
                 "choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 6, "Room size along x (the platforms and the occluder span it)."),
        Param("room.depth", ROOM_SIDE, 9, "Room size along z."),
        room_height(5),
        Param("platform.material", MATERIAL, "AI2-THOR/Materials/Wood/WoodGrain_Tan",
              "The material of the three platforms (the front one, the far one and the dividing one)."),
        Param("containers.x", ACROSS, 2, "How far each container is from the centre line."),
        Param("containers.z", ALONG, 0, "Where the containers (and the ball, on the dividing platform) stand."),
        Param("containers.scale", SCALE, 0.4, "The containers' and lids' scale (a container is a cube this big)."),
        Param("containers.material", MATERIAL, "Custom/Materials/GreenWoodMCS", "The containers' and lids' material."),
        Param("occluder.material", MATERIAL, "Custom/Materials/PurpleWoodMCS", "The notched occluder's material."),
        Param("ball.side", SIDE, list(SIDES), "The side of the container the ball is carried into: the answer."),
        Param("ball.placer", ORDER, "first", "Which placer carries the ball (the other is the decoy)."),
        Param("knower.side", SIDE, "right", "The side the knowledgeable agent stands on (the ignorant one stands on "
              "the other)."),
        Param("knower.place", PLACE, list(PLACES), "Where the knowledgeable agent stands: on the far platform or in "
              "the pit (the ignorant one stands at the other)."),
        Param("ignorant.points", GUESS, "other", "Which container the ignorant agent points at."),
        Param("agents.left_type", AGENT, "agent_male_07", "The agent on the left (the other type stands right)."),
        Param("agents.left_x", ACROSS, 1, "How far left of the centre line the left agent stands."),
        Param("agents.right_x", ACROSS, 1.5, "How far right of the centre line the right agent stands."),
        Param("agents.aim_from", AIM_FROM, "own", "Where an agent's point is aimed from: its own place, or (as the "
              "evaluation aims the agent in the pit) the far platform's z at its x."),
        Param("agents.pit_z", ALONG, 1, "Where the agent in the pit stands along the room."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/Carpet8",
                        "AI2-THOR/Materials/Walls/Drywall4Tiled"),
        last_step(1700, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions); the performer starts on the front platform, 1 m from the front wall.",
        "platform": "A platform along the front wall, one 2 m from the back wall with a facade behind it, and the "
                    "dividing platform between them.",
        "containers": "The two containers (separate_container) on the floor, one each side, and their lids.",
        "occluder": "The notched occluder (left, right and middle cubes) that hides the containers and the ball.",
        "ball": "The soccer ball, on the dividing platform until a placer carries it into a container.",
        "knower": "The knowledgeable agent: it faces the containers while the placers move.",
        "ignorant": "The ignorant agent: it faces away while the placers move.",
        "agents": "The two agents: one on the far platform, one in the pit before it.",
        "materials": "Room materials (the facade takes the walls').",
    },
)

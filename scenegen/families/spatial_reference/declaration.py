"""Spatial Reference's config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.mcs.forced_choice import SIDES
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The human agents of the evaluation's Spatial Reference scenes (each wears its own outfit: family.OUTFITS).
AGENT_TYPES = ("agent_female_04", "agent_male_06")
#: Who stands on the turntables: an agent and a blob, the agent alone, or the blob alone.
CASTS = ("both", "agent", "blob")
#: Where a pointer points from its turntable: at the container on its own side or at the one across.
AIMS = ("straight", "cross")
#: How the agent comes to point: already facing its container, or walking across its turntable to it.
AGENT_MOTIONS = ("still", "walk")
#: How the blob comes to face its container: already, or turned there by its turntable.
BLOB_MOTIONS = ("still", "turned")

ROOM_SIDE = number("room_side", 5, 20, "metres")
ALONG = number("along", -9, 9, "metres along z from the room's centre")
ACROSS = number("across", 0.3, 9, "metres from the room's centre line")
SIZE = number("size", 0.2, 5, "metres")
TILT = number("tilt", 0, 30, "degrees down", integer=True)
SCALE = number("scale", 0.5, 2, "scale factor")
START = one_of("start", tuple(range(0, 360, 45)), "degrees from facing the back wall, toward its turntable's "
               "outside", json_type="integer")
SIDE = one_of("side", SIDES, "a side of the room")
CAST = one_of("cast", CASTS, "who stands on the turntables")
AGENT = one_of("agent_type", AGENT_TYPES, "a human agent type")
AIM = one_of("aim", AIMS, "the container on the pointer's own side, or the one across")
AGENT_MOTION = one_of("agent_motion", AGENT_MOTIONS, "still, or walking across its turntable")
BLOB_MOTION = one_of("blob_motion", BLOB_MOTIONS, "still, or turned by its turntable")

DECLARATION = Declaration(
    family="spatial_reference",
    title="Spatial Reference config",
    description=("Spatial Reference (MCS eval 7): two chests before a stage; on turntables on the stage an agent "
                 "points at the chest holding the ball and a blob faces one with its nose; follow the agent's "
                 "point. Every parameter takes the value grammar: a constant, a list (uniform choice), {min, max} "
                 "(uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 6, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 6, "Room size along z."),
        room_height(4),
        Param("performer.z", ALONG, -2.5, "Where the performer starts on the dividing platform, facing along it."),
        Param("performer.tilt", TILT, 10, "How far the performer looks down at the start (performerStart rotation x)."),
        Param("platform.height", SIZE, 0.5, "The height of the stage and of the dividing platform."),
        Param("platform.stop_z", ALONG, -1.5, "Where the small black block lies on the dividing platform."),
        Param("platform.material", MATERIAL, "Custom/Materials/LimeWoodMCS",
              "The stage's and the platform's material."),
        Param("stage.depth", SIZE, 2, "The stage's depth: it runs the room's width against the back wall."),
        Param("turntable.x", ACROSS, 1, "How far each turntable's centre is from the centre line (its z is the "
              "stage's centre)."),
        Param("turntable.diameter", SIZE, 1.5, "A turntable's diameter (its scale x and z)."),
        Param("turntable.material", MATERIAL, "Custom/Materials/Grey", "The turntables' material."),
        Param("pointers.rim", SIZE, 0.6, "How far the agent and the blob stand from their turntable's centre."),
        Param("containers.x", ACROSS, 1, "How far each chest is from the centre line."),
        Param("containers.z", ALONG, 0, "Where the chests stand along the room."),
        Param("containers.scale", SCALE, 0.9, "The chests' scale."),
        Param("containers.material", MATERIAL, "AI2-THOR/Materials/Metals/BlackSmoothMeta", "The chests' material."),
        Param("ball.side", SIDE, list(SIDES), "The side of the chest holding the ball: the answer."),
        Param("cast", CAST, {"choices": list(CASTS), "weights": [9, 3, 2]}, "Who stands on the turntables."),
        Param("agent.type", AGENT, list(AGENT_TYPES), "The human agent."),
        Param("agent.aim", AIM, {"choices": list(AIMS), "weights": [5, 7]}, "Whether the ball's chest is on the "
              "agent's side (straight) or across (so which turntable the agent stands on)."),
        Param("agent.motion", AGENT_MOTION, {"choices": list(AGENT_MOTIONS), "weights": [5, 7]},
              "Whether the agent already faces the ball's chest or walks across its turntable to face it."),
        Param("blob.aim", AIM, {"choices": list(AIMS), "weights": [4, 7]}, "Which chest the blob faces at the end."),
        Param("blob.side", SIDE, "left", "The blob's turntable when it stands alone (beside the agent it takes the "
              "other)."),
        Param("blob.motion", BLOB_MOTION, {"choices": list(BLOB_MOTIONS), "weights": [5, 6]},
              "Whether the blob already faces its chest or its turntable turns it there."),
        Param("blob.start", START, {"choices": [0, 45], "weights": [4, 2]}, "Where a turned blob starts facing; its "
              "turntable turns it anticlockwise, 5 degrees a step from step 1, until it faces its chest."),
        Param("blob.scale", SCALE, 1.5284, "The blob's scale."),
        Param("blob.material", MATERIAL, "Custom/Materials/White", "The blob's colour."),
        *room_materials("AI2-THOR/Materials/Walls/Drywall4Tiled", "AI2-THOR/Materials/Fabrics/CarpetDarkGreen",
                        "AI2-THOR/Materials/Walls/WallDrywallGrey"),
        last_step(1400, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start on the dividing platform (x 0).",
        "platform": "The stage and the dividing platform, and the black block on the platform.",
        "stage": "The stage along the back wall, which the turntables stand on.",
        "turntable": "A turntable (rotating_cog) on each side of the stage, under whoever stands there.",
        "pointers": "The agent and the blob on the turntables.",
        "containers": "The two chests (chest_1) on the floor, one each side.",
        "ball": "The soccer ball, in one chest.",
        "agent": "The human agent, who points at the ball's chest.",
        "blob": "The blob (blob_13_nose), which faces a chest with its nose.",
        "materials": "Room materials.",
    },
)

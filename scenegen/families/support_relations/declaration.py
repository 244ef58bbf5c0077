"""Support Relations' config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_materials
from scenegen.mcs.doors import PLATFORM_SIDE, ROOM_SIDE, SIZE
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

SCALE = number("scale", 0.3, 1.5, "times the container's own size")
DISTANCE = number("distance", 0, 3, "metres")
STEPS = number("steps", 1, 24, "steps", integer=True)
TURN = one_of("turn", (0, 180), "degrees", json_type="integer")
REST = one_of("rest", ("platform", "floor"), "where the container comes to rest")
ORDER = one_of("order", ("occluder_first", "container_first"), "what comes down first")

DECLARATION = Declaration(
    family="support_relations",
    title="Support Relations config",
    description=("Support Relations (MCS eval 7): two placers lower an open container holding a soccer ball onto, "
                 "partly onto or beside the far platform behind where a wall with three doors comes down, and let "
                 "it go; it stays on the platform (the middle door) or falls to the floor beside it (that side's "
                 "door). Only clear cases are laid out (docs/mcs_facts.md 16.4). Every parameter takes the value "
                 "grammar: a constant, a list (uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 8, "Room size along x (its height is 7 m, which the occluder's descent "
              "assumes)."),
        Param("room.depth", ROOM_SIDE, 12, "Room size along z; the platforms run its whole depth."),
        Param("performer.margin", SIZE, 1.0, "How far from the front wall the performer starts, on the near "
              "platform facing along it."),
        Param("platform.width", SIZE, 1, "The near platform's width (the performer's, as far as the wall); the "
              "middle door's section of the wall spans it."),
        Param("platform.height", SIZE, 1, "The near platform's height: the middle door's sill."),
        Param("platform.far_width", SIZE, 2, "The far platform's width (beyond the wall, where the container is "
              "let go)."),
        Param("platform.far_height", SIZE, 1.25, "The far platform's height."),
        Param("platform.material", MATERIAL, "AI2-THOR/Materials/Walls/DrywallOrange", "Both platforms' material."),
        Param("occluder.top", SIZE, 4.25, "Height of the occluding wall's top."),
        Param("occluder.material", MATERIAL, "Custom/Materials/YellowDrywallMCS", "The occluding wall's material."),
        Param("occluder.door_material", MATERIAL, "Custom/Materials/MagentaWoodMCS", "The doors' material."),
        Param("timing.order", ORDER, "container_first", "Whether the occluder comes down before the container "
              "is lowered (the placers let go 6 steps after it lands) or while it is (they let go as the "
              "occluder lands)."),
        Param("container.side", PLATFORM_SIDE, ["left", "right"],
              "The far platform's edge the container is let go by."),
        Param("container.rests_on", REST, ["platform", "floor"], "Whether the container is let go inside the "
              "edge (it stays on the platform) or beyond it (it falls to the floor)."),
        Param("container.distance", DISTANCE, {"choices": [0.9925, 1.1748, 0.32], "weights": [1, 1, 2]},
              "How far from the edge the container's centre is, inside or beyond it; draws whose outcome is not "
              "certain are drawn again."),
        Param("container.rotation", TURN, [0, 180], "The container's turn: at 0 its low side faces +x."),
        Param("container.scale", SCALE, 0.75, "The container_asymmetric_01's scale (1 x 0.6 x 1 m at 1)."),
        Param("container.z", SIZE, 0.75, "Where along z the container hangs (over the far platform)."),
        Param("container.descent", STEPS, 17, "Steps the placers lower the container, 0.25 m each, to the far "
              "platform's height."),
        Param("container.material", MATERIAL, "UnityAssetStore/Kindergarten_Interior/Models/Materials/color 1",
              "The container's material."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey", "UnityAssetStore/Baby_Room/Models/Materials/wood 1",
                        "AI2-THOR/Materials/Walls/DrywallOrange"),
        last_step(2100, "The scene's last step (goal.last_step)."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "platform": "The near platform the performer starts on (to z = 0) and the far one beyond it, at x = 0.",
        "occluder": "The wall with three doors that comes down at z = -0.25.",
        "timing": "The order of the scene's phases.",
        "container": "The open container (container_asymmetric_01) holding the soccer ball (scale 2), and its two "
                     "placers.",
        "materials": "Room materials.",
    },
)

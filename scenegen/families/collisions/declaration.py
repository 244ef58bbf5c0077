"""Collisions (passive)'s config, declared once: the schema, the draw table and the reference derive from it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Param, number, one_of

#: The unexpected versions of a collision: the object struck is not moved, or moves before it is touched.
UNEXPECTED = ("not_moved", "moved_early")

ROOM_SIDE = number("room_side", 6, 20, "metres")
PLACE = number("place", -9, 9, "metres")
SIZE = number("size", 0.2, 1.5, "metres")
SPEED = number("speed", 0.02, 0.3, "metres a step")
STEPS = number("steps", 1, 60, "steps", integer=True)
SHARE = number("share", 0, 1, "of the speed the pair moves apart with (0: they stay together, 1: elastic)")
SLOWING = number("slowing", 0.001, 0.05, "metres a step, each step")
SIDE = one_of("side", ("left", "right"), "the side of the room, as the performer sees it")
KIND = one_of("unexpected", UNEXPECTED, "how the unexpected scene breaks the collision")

DECLARATION = Declaration(
    family="collisions",
    title="Collisions (passive) config",
    description=("Collisions (passive, MCS eval 4): a block slides into another, which moves or does not. Every "
                 "sample is a pair: the expected scene, where momentum passes at the touch (both then slow to rest "
                 "alike), and the unexpected one, where the block struck is not moved (the first rebounds as off a "
                 "wall) or moves off before it is touched. Both move by script (kinematic), so the simulator decides "
                 "nothing (docs/mcs_facts.md 21). Every parameter takes the value grammar: a constant, a list "
                 "(uniform choice), {min, max} (uniform range) or {choices, weights}."),
    entries=(
        Param("room.width", ROOM_SIDE, 10, "Room size along x."),
        Param("room.depth", ROOM_SIDE, 10, "Room size along z."),
        room_height(3),
        Param("performer.z", PLACE, -4.5, "Where along z the performer stands, at x 0 facing +z."),
        Param("mover.side", SIDE, ["left", "right"], "The side the moving block comes from."),
        Param("mover.size", SIZE, {"min": 0.3, "max": 0.6}, "The moving block's side (a cube)."),
        Param("mover.material", MATERIAL, "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/red_1x1",
              "The moving block's material."),
        Param("struck.x", PLACE, {"min": -1.0, "max": 1.0}, "Where along x the block struck stands."),
        Param("struck.z", PLACE, {"min": 1.0, "max": 2.5}, "Where along z both blocks are."),
        Param("struck.size", SIZE, {"min": 0.3, "max": 0.6}, "The struck block's side (a cube)."),
        Param("struck.material", MATERIAL, "UnityAssetStore/Wooden_Toys_Bundle/ToyBlocks/meshes/Materials/blue_1x1",
              "The struck block's material."),
        Param("motion.start", STEPS, {"min": 5, "max": 15}, "The step the moving block sets off."),
        Param("motion.approach", STEPS, {"min": 12, "max": 20}, "Steps it slides before it touches the other."),
        Param("motion.speed", SPEED, {"min": 0.08, "max": 0.11}, "Its speed as it touches."),
        Param("motion.restitution", SHARE, {"min": 0.3, "max": 0.8}, "How much of the closing speed the two move "
              "apart with after the touch."),
        Param("motion.slowing", SLOWING, {"min": 0.005, "max": 0.008}, "How much each block slows a step after the "
              "touch (friction), until it rests."),
        Param("unexpected.kind", KIND, list(UNEXPECTED), "How the unexpected scene breaks the collision."),
        Param("unexpected.early", STEPS, {"min": 3, "max": 8}, "How many steps before the touch the block struck "
              "moves off, where it moves untouched."),
        *room_materials("AI2-THOR/Materials/Walls/WallDrywallGrey", "AI2-THOR/Materials/Fabrics/Carpet2",
                        "AI2-THOR/Materials/Walls/RedDrywall"),
        last_step(100, "The scene's last step (goal.last_step); the performer passes until then."),
    ),
    sections={
        "room": "The room (MCS roomDimensions).",
        "performer": "The performer's start.",
        "mover": "The block that slides into the other.",
        "struck": "The block it slides into, standing still until touched.",
        "motion": "The slide, the touch and what follows.",
        "unexpected": "The unexpected scene of the pair.",
        "materials": "Room materials.",
    },
)

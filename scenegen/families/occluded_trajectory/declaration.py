"""The configs of Occluded Trajectory and of Collision, declared once: the schemas, the draw tables and the reference
derive from them. The two share the room, the two-door occluder and the launch; Collision adds the resting ball
and the ball launched at it."""

from __future__ import annotations

from scenegen.mcs.config import last_step, room_height, room_materials
from scenegen.plugin.params import MATERIAL, Declaration, Entry, Param, number, one_of

ROOM_SIDE = number("room_side", 6, 40, "metres")
SIZE = number("size", 0.1, 20, "metres")
ACROSS = number("across", -10, 10, "metres")
SHIFT = number("shift", -20, 20, "metres")
PLACE = number("place", -20, 20, "metres")
TURN = number("turn", 0, 35, "degrees")
TILT = number("tilt", 0, 30, "degrees")
IMPULSE = number("impulse", 1, 28, "newton-seconds")
STEP = number("step", 1, 100, "step", integer=True)
DESCENT = number("descent", 1, 40, "steps", integer=True)
OUTCOME = one_of("outcome", ("hit", "miss"), "whether the launched ball strikes the resting one head-on or misses it")

DESCRIPTION = ("A soccer ball{what} rolls across a room split along its depth by a strip of lava while a wall with "
               "two doors comes down between it and the performer, who must open the door on the side it ends on. "
               "Every parameter takes the value grammar: a constant, a list (uniform choice), {{min, max}} (uniform "
               "range) or {{choices, weights}}.")


def _shared(depth: float, room_wall: str, floor: str, ceiling: str, impulse: object, last: int) -> tuple[Entry, ...]:
    """The room, the performer, the occluder and the launch, with the defaults of the task's real scenes."""
    return (
        Param("room.width", ROOM_SIDE, 12, "Room size along x; the lava strip runs along z at x 0."),
        Param("room.depth", ROOM_SIDE, depth, "Room size along z (the performer's end is -z)."),
        room_height(8),
        Param("performer.margin", SIZE, 0.5, "How far from the front wall the performer starts, on its platform."),
        Param("performer.tilt", TILT, 10, "How far the performer looks down at the start (rotation x)."),
        Param("platform.material", MATERIAL, room_wall, "The material of the performer's platform (1 x 1.5 x 1)."),
        Param("occluder.distance", SIZE, 7, "How far from the front wall the two-door occluder comes down."),
        Param("occluder.start", STEP, 1, "The step the occluder starts down on; it comes down 0.25 m a step."),
        Param("occluder.descent", DESCENT, 15, "How many steps it comes down (it starts that far above the floor)."),
        Param("occluder.material", MATERIAL, "Custom/Materials/PurpleDrywallMCS", "The occluding wall's material."),
        Param("occluder.door_material", MATERIAL, "AI2-THOR/Materials/Wood/WornWood", "The doors' material."),
        Param("launch.x", ACROSS, 4, "Where across the room the throwing device stands, 0.265 m in from the back "
              "wall."),
        Param("launch.turn", TURN, 35, "How far the device is turned from straight at the front wall toward the "
              "lava: up to 35, the evaluation's widest (its statement that no ball rebounds back over the lava covers "
              "no wider launch)."),
        Param("launch.impulse", IMPULSE, impulse, "The impulse the launched ball is pushed by (its speed is the "
              "impulse over its 2 kg); at most the evaluation's strongest, 28."),
        *room_materials(ceiling, floor, room_wall),
        last_step(last, "The scene's last step (goal.last_step)."),
    )


SECTIONS = {
    "room": "The room (MCS roomDimensions); the lava strip (the floor cells at x 0) runs its whole depth.",
    "performer": "The performer's start, on a platform in the lava strip at the front, facing +z.",
    "platform": "The performer's platform.",
    "occluder": "The wall with two doors, one in the middle of each half of the room, that comes down across it.",
    "launch": "The throwing device (a grey tube_wide on its side) and the launch of the ball in it.",
    "materials": "Room materials.",
}

TRAJECTORY = Declaration(
    family="occluded_trajectory",
    title="Occluded Trajectory config",
    description=DESCRIPTION.format(what=" launched from a throwing device at the back of the room"),
    entries=(
        *_shared(22, "AI2-THOR/Materials/Metals/BrushedAluminum_Blue", "AI2-THOR/Materials/Fabrics/CarpetDark 1",
                 "AI2-THOR/Materials/Walls/DrywallBeige", 28, 3300),
        Param("launch.step", STEP, 6, "The step the ball is launched on."),
    ),
    sections=SECTIONS,
)

COLLISION = Declaration(
    family="collision",
    title="Collision config",
    description=DESCRIPTION.format(what=" resting on the floor, struck head-on or missed by a ball launched from a "
                                        "throwing device at the back of the room,"),
    entries=(
        *_shared(28, "AI2-THOR/Materials/Ceramics/ConcreteFloor", "AI2-THOR/Materials/Wood/WornWood",
                 "AI2-THOR/Materials/Walls/Drywall", 22, 3900),
        Param("launch.step", STEP, [1, 5], "The step the striking ball is launched on."),
        Param("striker.material", MATERIAL, ["Custom/Materials/Green", "Custom/Materials/Magenta"],
              "The launched ball's material (a rubber sphere, 0.44 m, 2 kg)."),
        Param("target.x", ACROSS, [2.3034, -1.5], "Where across the room the soccer ball rests."),
        Param("target.outcome", OUTCOME, ["hit", "miss"], "Whether the launched ball strikes it head-on (it rests on "
              "the launched ball's line) or misses it."),
        Param("target.miss_shift", SHIFT, [-4.6667, 4.6667], "How far along z from the place on the line a missed "
              "ball rests (drawn again where it would leave target.nearest to target.farthest)."),
        Param("target.nearest", PLACE, 4.5, "The least z of a resting ball's place."),
        Param("target.farthest", PLACE, 12.5, "The greatest z of a resting ball's place."),
    ),
    sections={**SECTIONS, "striker": "The ball launched at the soccer ball.", "target": "The soccer ball at rest."},
)

"""What a Knowledgeable Agents room holds besides its agents, as the evaluation builds it: three platforms and a
facade, the containers and their lids (the tracking kit's, lowered by lid placers), the ball and the two placers
that carry it (or feign to), and the notched occluder; measured in ``docs/fidelity/knowledgeable_agents.md``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from scenegen.mcs.forced_choice import PLATFORM_WIDTH, SIDES, sign_of
from scenegen.mcs.model import MaterialChange, Motion, SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_SIZE, kinematic_structure, structure_cube
from scenegen.mcs.timeline import ACTIVE, INACTIVE, SPEED, Drop
from scenegen.mcs.tracking.props import CYAN, LID_THICKNESS, MAGENTA, container, drop_placer, lid, placer_width

#: The platforms' height, and the depth (z) of the front and the far one; the far one's centre is this far from the
#: back wall, and the facade standing on it is 1 m deep, its centre this far from the back wall.
PLATFORM_HEIGHT, PLATFORM_DEPTH, FAR_PLATFORM_BACK, FACADE_BACK, FACADE_DEPTH = 0.5, 1.0, 2.5, 1.75, 1.0
#: The floor the containers and the agent in the pit stand on.
CONTAINER_FLOOR = 0.0
#: The ball's centre above the dividing platform's top (its radius and a 2 cm gap, as the files write it).
BALL_HEIGHT = SOCCER_BALL_SIZE / 2 + 0.02
#: A ball placer: its scale, its descent (steps at SPEED) to stop its radius above the ball's top, its steps
#: across, and when it grips, lets go and rises, in steps from its start, and how many inactive states follow.
PLACER_SCALE, PLACER_DESCENT, PLACER_GAP, ACROSS_STEPS = (0.05, 2.5, 0.05), 16, SOCCER_BALL_SIZE / 2, 8
GRIP, ACROSS, LET_GO, RISE, STATES_AFTER = 17, 20, 29, 32, 15
#: The lids: lowered from step 151 for 20 steps (attached at landing).
LID_DROP = Drop(151, 20)
#: The notched occluder: its parts' height and the notch's (over the dividing platform), its thickness and mass, how
#: far before the containers it hangs, its steps down and up (16 steps each), and where its top rises to.
OCCLUDER_HEIGHT, NOTCH_HEIGHT, OCCLUDER_THICKNESS, OCCLUDER_MASS = 0.9, 0.4, 0.1, 1000
OCCLUDER_AHEAD, OCCLUDER_DOWN, OCCLUDER_UP = 0.5, (37, 52), (201, 216)
OCCLUDER_TOP = OCCLUDER_HEIGHT + (OCCLUDER_DOWN[1] - OCCLUDER_DOWN[0] + 1) * SPEED


def far_platform_z(depth: float) -> float:
    """The far platform's centre in a room ``depth`` deep."""
    return depth / 2 - FAR_PLATFORM_BACK


def platforms(keys: Sequence[str], drawn: Mapping[str, Any]) -> list[SceneObject]:
    """The front platform (the performer's), the far one, the dividing one between them and the facade standing
    on the far one (ids ``platform_`` and ``facade_wall_`` + two keys, as the files)."""
    width, depth, height = float(drawn["room.width"]), float(drawn["room.depth"]), float(drawn["room.height"])
    material, front, far = drawn["platform.material"], -depth / 2 + PLATFORM_DEPTH / 2, far_platform_z(depth)
    along = far - front - PLATFORM_DEPTH
    wide = (width, PLATFORM_HEIGHT, PLATFORM_DEPTH)
    return [structure_cube(f"platform_{keys[0]}", (0, PLATFORM_HEIGHT / 2, front), wide, material, lips=True),
            structure_cube(f"platform_{keys[1]}", (0, PLATFORM_HEIGHT / 2, far), wide, material, lips=True),
            structure_cube(f"platform_{keys[2]}", (0, PLATFORM_HEIGHT / 2, (front + far) / 2),
                           (PLATFORM_WIDTH, PLATFORM_HEIGHT, along), material, lips=True),
            structure_cube(f"facade_wall_{keys[3]}{keys[4]}",
                           (0, PLATFORM_HEIGHT + height / 2, depth / 2 - FACADE_BACK), (width, height, FACADE_DEPTH),
                           drawn["materials.wall"])]


def containers_and_lids(keys: Sequence[str], drawn: Mapping[str, Any]) -> tuple[list[SceneObject], ...]:
    """The containers (left, right), their lids and the lid placers lowering them (``keys``: two each)."""
    size, z, material = float(drawn["containers.scale"]), float(drawn["containers.z"]), drawn["containers.material"]
    xs = [sign_of(side) * float(drawn["containers.x"]) for side in SIDES]
    boxes = [container(f"container_{key}", x, z, CONTAINER_FLOOR, size, material) for key, x in zip(keys[:2], xs,
                                                                                                      strict=True)]
    top = CONTAINER_FLOOR + size
    lids = [lid(f"lid_{key}", x, z, top, size, material, box.id, LID_DROP)
            for key, x, box in zip(keys[2:4], xs, boxes, strict=True)]
    lid_top = top + LID_DROP.descent * SPEED + LID_THICKNESS * size
    half = round((float(drawn["room.height"]) - top) / 2, 4)
    placers = [drop_placer(f"lid_placer_{key}", x, z, lid_top, half, placer_width(size), LID_DROP)
               for key, x in zip(keys[4:6], xs, strict=True)]
    return boxes, lids, placers


def the_ball(key: str, drawn: Mapping[str, Any], start: int, x: float) -> SceneObject:
    """The ball on the dividing platform, carried across to ``x`` a step behind its placer (which starts at
    ``start``) and given physics as the placer lets go, to fall into the container below."""
    begin = start + ACROSS + 1
    return SceneObject(key, "soccer_ball", [Show((0.0, PLATFORM_HEIGHT + BALL_HEIGHT, float(drawn["containers.z"])))],
                       materials=[], mass=1.0, salient_materials=["rubber"], moveable=True, pickupable=True,
                       kinematic=True, moves=[Motion(begin, begin + ACROSS_STEPS - 1, (_per_step(x), 0.0, 0.0))],
                       toggle_physics=[start + LET_GO + 1])


def carrying_placer(key: str, drawn: Mapping[str, Any], start: int, x: float) -> SceneObject:
    """A placer coming down over the ball from ``start``, gripping (Magenta, active), carrying across to ``x``,
    letting go (Cyan, inactive) and rising; the decoy does the same without the ball."""
    top = PLATFORM_HEIGHT + BALL_HEIGHT + SOCCER_BALL_SIZE / 2 + PLACER_GAP + PLACER_DESCENT * SPEED
    moves = [Motion(start, start + PLACER_DESCENT - 1, (0.0, -SPEED, 0.0)),
             Motion(start + ACROSS, start + ACROSS + ACROSS_STEPS - 1, (_per_step(x), 0.0, 0.0)),
             Motion(start + RISE, start + RISE + PLACER_DESCENT - 1, (0.0, SPEED, 0.0))]
    changes = [MaterialChange(start + GRIP, [MAGENTA]), MaterialChange(start + LET_GO, [CYAN])]
    return kinematic_structure(key, "cylinder", (0.0, round(top + PLACER_SCALE[1], 4),
                                                 float(drawn["containers.z"])), PLACER_SCALE, CYAN, moves=moves,
                               change_materials=changes, states=_carrier_states(start))


@cache
def _carrier_states(start: int) -> tuple[tuple[str, ...], ...]:
    """A carrying placer's ``states``: inactive until it grips, active until it lets go, then
    :data:`STATES_AFTER` inactive."""
    return (INACTIVE,) * (start + GRIP) + (ACTIVE,) * (LET_GO - GRIP) + (INACTIVE,) * STATES_AFTER


def _per_step(x: float) -> float:
    return round(x / ACROSS_STEPS, 4)


def notched_occluder(key: str, drawn: Mapping[str, Any]) -> list[SceneObject]:
    """The occluder's left, right and middle cubes (the middle one, over the dividing platform, leaves a notch
    for it), coming down after the first turn and rising before the agents point."""
    width, z = float(drawn["room.width"]), float(drawn["containers.z"]) - OCCLUDER_AHEAD
    drop = OCCLUDER_TOP - OCCLUDER_HEIGHT
    side_width = width / 2 - PLATFORM_WIDTH / 2
    parts = [(f"left_{key}", -(width / 2 + PLATFORM_WIDTH / 2) / 2, OCCLUDER_HEIGHT, side_width),
             (f"right_{key}", (width / 2 + PLATFORM_WIDTH / 2) / 2, OCCLUDER_HEIGHT, side_width),
             (f"middle_{key}", 0.0, NOTCH_HEIGHT, PLATFORM_WIDTH)]
    return [SceneObject(f"notched_occluder_{name}", "cube", [Show((x, round(OCCLUDER_HEIGHT - height / 2 + drop, 4), z),
                                                                  scale=(part_width, height, OCCLUDER_THICKNESS))],
                        materials=[drawn["occluder.material"]], mass=OCCLUDER_MASS, kinematic="true",
                        structure="true", moves=[Motion(*OCCLUDER_DOWN, (0.0, -SPEED, 0.0)),
                                                 Motion(*OCCLUDER_UP, (0.0, SPEED, 0.0))])
            for name, x, height, part_width in parts]

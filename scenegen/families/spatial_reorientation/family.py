"""The Spatial Reorientation family (MCS eval 7): the ball dropped into one of two containers either side of a
platform while the performer looks round; the performer is then put down at the same end of the platform or at the
other ("kidnapped"), and must tell the containers apart by the room's landmarks (a trapezoidal room, a coloured
wall, furniture that may itself have been moved). The label is the ball's container and its side as the performer
sees it after being put down (``docs/mcs_facts.md`` 18)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from scenegen.families.spatial_reorientation.declaration import DECLARATION, WALLS
from scenegen.mcs.actions import kidnap, look_around, passes
from scenegen.mcs.forced_choice import PLATFORM_HEIGHT, STOP_BLOCK, STOP_MATERIAL, dividing_platform
from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.model import Motion, RoomMaterials, Scene, SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_SIZE, kinematic_structure, soccer_ball, structure_cube
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.timeline import ACTIVE, INACTIVE, SPEED, Drop
from scenegen.mcs.tracking.props import drop_placer

#: The performer's eye on the platform (performerStart y), as the evaluation's scenes write it.
PERFORMER_Y = 1.75
#: The black block on the platform this far ahead of the performer's start, toward the room's centre.
BLOCK_AHEAD = 0.5
#: The ball is let go with its centre this far above the container's rim (the evaluation's 0.36 m in a bowl
#: 0.354 m high), and falls inside.
RELEASE_ABOVE_RIM = 0.006
#: The first step of the drop: after the performer's look round (36 RotateRight).
DROP_START = 37
#: The placer's pole: this wide, and this much longer than the drop it makes.
PLACER_WIDTH = 0.05
PLACER_EXTRA = 0.25
#: The trapezoid walls: their thickness, how far past the room's depth they run, and their place across, as a share
#: of the room's width (the evaluation's 0.5 m walls, 18 m long in a 16 m room, at x = -4 and 4 of 12).
TRAPEZOID_THICKNESS = 0.5
TRAPEZOID_OVERRUN = 2.0
TRAPEZOID_ACROSS = 1 / 3
#: A folding chair's mass and the container's (as the evaluation writes them) and what both are made of.
CHAIR_MASS = 6.0
CONTAINER_MASS = 6.0
#: How far a chair keeps from the platform, the containers, the walls and the performer's ends.
CLEAR = 0.2


@dataclass(frozen=True)
class Layout:
    start_z: float
    start_facing: float
    end: tuple[float, float, float]
    moved: bool
    ball_x: float
    container_xs: tuple[float, float]
    drop: Drop
    landmarks: tuple[str, ...]
    chair_moved: bool


class SpatialReorientation(McsTask):
    name = "spatial_reorientation"
    description = ("Spatial Reorientation: find the ball's container after being put down at the same or the other "
                   "end of the platform, by the room's landmarks (MCS eval 7).")
    makes = ("Spatial Reorientation",)
    about = ("MCS eval 7 Spatial Reorientation: a platform the room's whole depth, a container either side; the "
             "performer looks round while a placer drops the ball into one, then is put down (EndHabituation with a "
             "place) at the same end or the other, facing the centre; a trapezoidal room, a wall of its own colour "
             "and a folding chair (which may be moved meanwhile) tell the ends apart")
    label_about = ("`target_id`, the `container_id` holding the ball, the performer's `start` and `end` poses, whether "
                   "it was `moved` to the other end, the side the ball's container is on as the performer sees it at "
                   "the start (`side_at_start`) and after being put down (`side_after`), the `landmarks` present and "
                   "whether the chair was moved (`furniture_moved`)")
    declaration = DECLARATION
    answers = ("side_after",)
    cues = ("moved", "side_at_start")
    lays_out = "a Spatial Reorientation room"
    checks = "scenegen.families.spatial_reorientation.checks:reorientation_problems"
    ids = 10
    attempts = 200

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        depth = float(drawn["room.depth"])
        sign = 1.0 if drawn["performer.start"] == "plus_z" else -1.0
        start_z = round(sign * (depth / 2 - drawn["performer.offset"]), 4)
        moved = bool(rng.random() < drawn["kidnap.moved"])
        end_sign = -sign if moved else sign
        end = (round(float(drawn["kidnap.x"]), 4), round(end_sign * abs(start_z) + drawn["kidnap.z_shift"], 4),
               0.0 if end_sign < 0 else 180.0)
        spread = round(float(drawn["containers.spread"]), 4)
        ball_x = -spread if drawn["ball.side"] == "minus_x" else spread
        landmarks = tuple(name for name in ("trapezoid", "coloured_wall", "furniture")
                          if rng.random() < drawn[f"landmarks.{name}"])
        chair_moved = "furniture" in landmarks and bool(rng.random() < drawn["landmarks.furniture_moved"])
        layout = Layout(start_z, 180.0 if sign > 0 else 0.0, end, moved, ball_x, (-spread, spread),
                        self._drop(drawn), landmarks, chair_moved)
        return layout if self._chair_clear(drawn, layout) else None

    def _drop(self, drawn: Mapping[str, Any]) -> Drop:
        """The ball's drop from just under the ceiling to just above its container's rim, 0.25 m a step."""
        rim = object_size(drawn["containers.type"])[1] * drawn["containers.scale_y"]
        room = float(drawn["room.height"]) - SOCCER_BALL_SIZE / 2 - rim - RELEASE_ABOVE_RIM
        return Drop(DROP_START, int(room // SPEED))

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        ball, placer = self._ball(drawn, layout, ids[0], ids[3])
        containers = [self._container(drawn, key, x) for key, x in zip(ids[1:3], layout.container_xs, strict=True)]
        holding = containers[layout.container_xs.index(layout.ball_x)]
        depth = float(drawn["room.depth"])
        block_z = abs(layout.start_z) - BLOCK_AHEAD
        structures = [dividing_platform(ids[4], depth, drawn["platform.material"]),
                      *(structure_cube(f"blocking_wall_{key}", (0, PLATFORM_HEIGHT + STOP_BLOCK[1] / 2, z), STOP_BLOCK,
                                       STOP_MATERIAL) for key, z in ((ids[5], block_z), (ids[6], -block_z)))]
        if "trapezoid" in layout.landmarks:
            structures += self._trapezoid(drawn, ids[7], ids[8])
        chair = [self._chair(drawn, layout, ids[9])] if "furniture" in layout.landmarks else []
        actions = (*look_around(), *passes(layout.drop.end - DROP_START), kidnap(*layout.end))
        scene = self.frame(drawn, (0.0, PERFORMER_Y, layout.start_z), [ball, *containers, *chair, placer, *structures],
                           ball.id, facing=layout.start_facing, actions=actions,
                           description="Find and pick up the tiny light black white rubber ball.")
        # every wall named, one in a colour of its own when it is a landmark, and no wallMaterial (as the evaluation)
        scene.room_materials = RoomMaterials(**{
            wall: drawn["landmarks.wall_material"] if "coloured_wall" in layout.landmarks
            and wall == drawn["landmarks.wall"] else drawn["materials.wall"] for wall in WALLS})
        scene.materials = replace(scene.materials, wall=None)
        return scene, self._truth(layout, ball.id, holding.id)

    def _ball(self, drawn: Mapping[str, Any], layout: Layout, ball_key: str,
              placer_key: str) -> tuple[SceneObject, SceneObject]:
        """The ball held over its container, lowered and let go, and the placer pole that holds it."""
        drop = layout.drop
        z = float(drawn["containers.z"])
        rest = object_size(drawn["containers.type"])[1] * drawn["containers.scale_y"] + RELEASE_ABOVE_RIM
        top = round(rest + drop.descent * SPEED, 4)
        ball = soccer_ball(ball_key, layout.ball_x, z, floor_y=top - SOCCER_BALL_SIZE / 2)
        lowered = (Motion(drop.start, drop.landed, (0.0, -SPEED, 0.0)),)
        ball = replace(ball, kinematic=True, moves=lowered, toggle_physics=(drop.release,))
        placer = drop_placer(f"placer_{placer_key}", layout.ball_x, z, round(top + SOCCER_BALL_SIZE / 2, 4),
                             (drop.descent * SPEED + PLACER_EXTRA) / 2, PLACER_WIDTH, drop)
        # the evaluation writes this placer's states to the scene's last step: inactive from its release on
        states = (ACTIVE,) * (drop.release - 1) + (INACTIVE,) * (self.last_step - drop.release)
        return ball, replace(placer, states=states)

    def _container(self, drawn: Mapping[str, Any], key: str, x: float) -> SceneObject:
        xz, y = float(drawn["containers.scale_xz"]), float(drawn["containers.scale_y"])
        return SceneObject(key, drawn["containers.type"], [Show((x, 0.0, float(drawn["containers.z"])),
                                                                scale=(xz, y, xz))],
                           materials=[drawn["containers.material"]], mass=CONTAINER_MASS,
                           salient_materials=["plastic"], receptacle=True)

    def _trapezoid(self, drawn: Mapping[str, Any], left_key: str, right_key: str) -> list[SceneObject]:
        """Two long walls either side, turned so that the room narrows toward ``landmarks.narrow_end``."""
        turn = float(drawn["landmarks.trapezoid_turn"])
        narrow_minus = drawn["landmarks.narrow_end"] == "minus_z"
        across = round(float(drawn["room.width"]) * TRAPEZOID_ACROSS, 4)
        scale = (float(drawn["room.depth"]) + TRAPEZOID_OVERRUN, float(drawn["room.height"]), TRAPEZOID_THICKNESS)
        height = float(drawn["room.height"]) / 2
        return [kinematic_structure(f"trapezoidal_wall_{name}_{key}", "cube", (x, height, 0.0), scale,
                                    drawn["materials.wall"], rotation_y=rotation)
                for name, key, x, rotation in (("left", left_key, -across, turn if narrow_minus else 180 - turn),
                                               ("right", right_key, across, 180 - turn if narrow_minus else turn))]

    def _chair(self, drawn: Mapping[str, Any], layout: Layout, key: str) -> SceneObject:
        shows = [Show((float(drawn["furniture.x"]), 0.0, float(drawn["furniture.z"])),
                      (0.0, float(drawn["furniture.facing"]), 0.0))]
        if layout.chair_moved:  # put elsewhere on the step the performer is put down
            shows.append(Show((float(drawn["furniture.moved_x"]), 0.0, float(drawn["furniture.moved_z"])),
                              (0.0, float(drawn["furniture.moved_facing"]), 0.0), None, layout.drop.end))
        return SceneObject(key, "folding_chair", shows, materials=[drawn["furniture.material"]], mass=CHAIR_MASS,
                           salient_materials=["plastic"], moveable=True, receptacle=True)

    def _chair_clear(self, drawn: Mapping[str, Any], layout: Layout) -> bool:
        """Whether the chair (where it stands, and where it is moved to) is clear of everything and in the room."""
        if "furniture" not in layout.landmarks:
            return True
        places = [(drawn["furniture.x"], drawn["furniture.z"])]
        if layout.chair_moved:
            places.append((drawn["furniture.moved_x"], drawn["furniture.moved_z"]))
        return all(self._clear_spot(drawn, x, z, layout) for x, z in places)

    def _clear_spot(self, drawn: Mapping[str, Any], x: float, z: float, layout: Layout) -> bool:
        reach = math.hypot(*object_size("folding_chair")[::2]) / 2 + CLEAR
        container = object_size(drawn["containers.type"])[0] * drawn["containers.scale_xz"] / 2
        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        inside = abs(x) + reach < width / 2 and abs(z) + reach < depth / 2
        off_platform = abs(x) - reach > STOP_BLOCK[0] / 2
        off_containers = all(math.hypot(x - cx, z - float(drawn["containers.z"])) > reach + container
                             for cx in layout.container_xs)
        return inside and off_platform and off_containers and (
            "trapezoid" not in layout.landmarks or self._inside_trapezoid(drawn, x, z, reach))

    def _inside_trapezoid(self, drawn: Mapping[str, Any], x: float, z: float, reach: float) -> bool:
        """Whether a disc of radius ``reach`` at (x, z) lies between the two trapezoid walls."""
        turn = math.radians(float(drawn["landmarks.trapezoid_turn"]))
        across = float(drawn["room.width"]) * TRAPEZOID_ACROSS
        narrow = -1.0 if drawn["landmarks.narrow_end"] == "minus_z" else 1.0
        # each wall's x at this z: it leans in by cot(turn) a metre toward the narrow end
        lean = (narrow * z) / math.tan(turn)
        inner = across - lean - TRAPEZOID_THICKNESS / 2 / math.sin(turn)
        return abs(x) + reach / math.sin(turn) < inner

    def _truth(self, layout: Layout, ball_id: str, container_id: str) -> dict[str, Any]:
        start = {"x": 0.0, "z": layout.start_z, "facing": layout.start_facing}
        end = {"x": layout.end[0], "z": layout.end[1], "facing": layout.end[2]}
        return {"target_id": ball_id, "container_id": container_id, "start": start, "end": end,
                "moved": layout.moved, "side_at_start": seen_side(layout.ball_x, start),
                "side_after": seen_side(layout.ball_x, end), "landmarks": list(layout.landmarks),
                "furniture_moved": layout.chair_moved}

    @feasibility
    def _start_on_the_platform(self) -> Iterator[Refusal]:
        """The start leaves room for the black block ahead of it, on the platform's half."""
        offset, depth = self.parameters.high("performer.offset"), self.parameters.low("room.depth")
        if offset + BLOCK_AHEAD >= depth / 2:
            yield "performer.offset", (f"a start {offset} m from its end wall puts the block ahead of it past the "
                                       f"centre of a {depth} m deep room")

    @feasibility
    def _containers_in_the_room(self) -> Iterator[Refusal]:
        """The containers stand off the platform and inside the narrowest room."""
        spread, width = self.parameters.low("containers.spread"), self.parameters.low("room.width")
        size = max(object_size(kind)[0] for kind in self.parameters.support("containers.type"))
        half = size * self.parameters.high("containers.scale_xz") / 2
        if spread - half <= STOP_BLOCK[0] / 2:
            yield "containers.spread", (f"containers {spread} m out overlap the platform (they are {2 * half:.2f} m "
                                        "wide)")
        if self.parameters.high("containers.spread") + half >= width / 2:
            yield "containers.spread", f"containers that far out do not fit in a {width} m wide room"


def seen_side(x: float, pose: Mapping[str, float]) -> str:
    """The side an object at ``x`` (on the room's width, the performer on the centre line) is on as a performer
    facing ``pose["facing"]`` sees it: ``left`` or ``right`` (facing +z, +x is on the right)."""
    rightward = math.cos(math.radians(pose["facing"]))  # the x component of the performer's right hand
    return "right" if (x - pose["x"]) * rightward > 0 else "left"


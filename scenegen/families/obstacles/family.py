"""The Retrieval - Obstacles family (MCS eval 7): walk round a table or desk to the ball; the label is the ball's
place and a shortest walkable path to it (:func:`scenegen.mcs.geometry.walks.ways_round`)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from scenegen.families.obstacles.declaration import DECLARATION
from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.geometry.grid import PERFORMER_RADIUS
from scenegen.mcs.geometry.shapes import Boxes
from scenegen.mcs.geometry.walks import Point, clearance, distance_to_walks, grown, length, side, ways_round
from scenegen.mcs.model import Scene, SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_RADIUS
from scenegen.mcs.task import McsTask, Refusal, feasibility, start_clear_of_walls

#: Two ways round less than this apart are as short (``side`` "either").
TIE = 0.05
#: The obstacles' mass at scale 1 (the evaluation's masses over their mean scale), salient material, material slots
#: and the parameter of their material.
OBSTACLES = {"table_8": (18.0, "metal", 2, "obstacle.table_material"),
             "desk_10": (20.0, "wood", 1, "obstacle.desk_material")}
#: The toys, in turn: type, mass, scale, y, receptacle, material (as the evaluation writes them).
TOYS = (("block_blank_wood_cube", 0.888, (1.0, 2.0, 1.0), 0.1, None, "distractors.block_material"),
        ("plate_1", 1.0, (1.0, 1.0, 1.0), 0.005, True, "distractors.plate_material"))
#: How far a toy keeps from the ways, the obstacle, the ball, the start and the other toys.
CLEAR = 0.3
#: The parameters whose ends and middles the feasibility probe tries.
PROBED = ("performer.x", "performer.z", "performer.facing", "ball.bearing", "ball.distance")


@dataclass(frozen=True)
class Layout:
    start: Point
    ball: Point
    centre: Point
    heading: float
    scale: tuple[float, float, float]
    path: list[Point]
    length: float
    side: str
    toys: list[tuple[int, float, float]]


class Obstacles(McsTask):
    name = "obstacles"
    description = "Retrieval - Obstacles: walk round a table or desk in the way to pick up the ball (MCS eval 7)."
    makes = ("Retrieval - Obstacles",)
    about = ("MCS eval 7 Retrieval - Obstacles: a soccer ball at a drawn distance and bearing from the performer, a "
             "table_8 or desk_10 facing along the line to it, between them (walk round it) or beyond the ball (the "
             "way is straight), and toys (blocks, plates) about the room, clear of every shortest way")
    label_about = ("`target_id`, the `ball`'s place, the `obstacle_id` and its `placement`, a shortest walkable "
                   "`path` from the start to the ball (clear of everything by the performer's radius) with its "
                   "`path_length`, the `straight_distance` and `detour`, and the `side` it goes round (`straight`, "
                   "`left`, `right`, or `either` when both ways are as short)")
    declaration = DECLARATION
    answers = ("side",)
    cues = ("placement",)
    lays_out = "a Retrieval - Obstacles room"
    checks = "scenegen.families.obstacles.checks:obstacles_problems"
    ids = 6
    attempts = 500

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        room, r = (float(drawn["room.width"]), float(drawn["room.depth"])), PERFORMER_RADIUS
        start = (round(float(drawn["performer.x"]), 4), round(float(drawn["performer.z"]), 4))
        heading = round((drawn["performer.facing"] + drawn["ball.bearing"]) % 360.0, 4)
        sin, cos = math.sin(math.radians(heading)), math.cos(math.radians(heading))
        ball = (round(start[0] + drawn["ball.distance"] * sin, 4), round(start[1] + drawn["ball.distance"] * cos, 4))
        size = object_size(drawn["obstacle.type"])
        scale = (round(drawn["obstacle.width"] / size[0], 3), 1.0, round(float(drawn["obstacle.depth_scale"]), 3))
        half = (size[0] * scale[0] / 2, size[2] * scale[2] / 2)
        between = drawn["obstacle.place"] == "between"
        reach = (SOCCER_BALL_RADIUS + drawn["obstacle.gap"] + 2 * r * between + half[1]) * (-1 if between else 1)
        offset = drawn["obstacle.offset"] * (1 if rng.random() < 0.5 else -1)
        centre = (round(ball[0] + reach * sin + offset * cos, 4), round(ball[1] + reach * cos - offset * sin, 4))
        obstacle = Boxes(centre, half, heading)
        if (clearance(np.array([start, ball]), obstacle, room).min() < r + 1e-3
                or (np.abs(obstacle.bounds().reshape(2, 2)) > np.array(room) / 2 - 2 * r).any()):
            return None  # the start or the ball off the floor, or no way round the obstacle by the walls
        ways = ways_round(start, ball, grown(centre, heading, half[0], half[1], r))
        lengths = [length(way) for way in ways]
        best = int(np.argmin(lengths))
        toys = _toys(int(drawn["distractors.count"]), room, ways, centre, math.hypot(*half), (start, ball), rng)
        turn = "either" if len(ways) == 2 and abs(lengths[0] - lengths[1]) < TIE else side(ways[best])
        return None if toys is None else Layout(start, ball, centre, heading, scale, ways[best], lengths[best], turn,
                                                toys)

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        facing, kind = float(drawn["performer.facing"]), drawn["obstacle.type"]
        turned = (0.0, facing, 0.0)
        ball = SceneObject(ids[0], "soccer_ball", [Show((layout.ball[0], SOCCER_BALL_RADIUS, layout.ball[1]), turned)],
                           mass=1.0, salient_materials=["rubber"], moveable=True, pickupable=True)
        base, salient, slots, material = OBSTACLES[kind]
        pose = Show((layout.centre[0], 0.0, layout.centre[1]), (0.0, layout.heading, 0.0), layout.scale)
        obstacle = SceneObject(ids[1], kind, [pose], materials=[drawn[material]] * slots, salient_materials=[salient],
                               mass=math.floor(base * sum(layout.scale) / 3 * 1e4 + 1e-6) / 1e4,  # written cut short
                               moveable=True, receptacle=True)
        toys = [SceneObject(key, toy, [Show((x, y, z), turned, scale)], materials=[drawn[material]], mass=mass,
                            salient_materials=["wood"], moveable=True, pickupable=True, receptacle=receptacle)
                for key, (turn, x, z) in zip(ids[2:], layout.toys, strict=False)
                for toy, mass, scale, y, receptacle, material in [TOYS[turn]]]
        scene = self.frame(drawn, (layout.start[0], 0.0, layout.start[1]), [ball, *toys, obstacle], ball.id,
                           facing=facing, description="Find and pick up the tiny light black white rubber ball.")
        scene.goal.action_list = None  # the evaluation's scenes write none
        straight = math.dist(layout.start, layout.ball)
        return scene, {
            "target_id": ball.id, "ball": {"x": layout.ball[0], "z": layout.ball[1]}, "obstacle_id": obstacle.id,
            "placement": drawn["obstacle.place"], "side": layout.side,
            "path": [[round(x, 4), round(z, 4)] for x, z in layout.path], "path_length": round(layout.length, 4),
            "straight_distance": round(straight, 4), "detour": round(layout.length - straight, 4),
        }

    @feasibility
    def _start_in_smallest_room(self) -> Iterator[Refusal]:
        """Every start drawn lies in the smallest room, clear of its walls."""
        yield from start_clear_of_walls(self.parameters)

    @feasibility
    def _room_before_obstacle(self) -> Iterator[Refusal]:
        """The farthest ball leaves room for an obstacle between it and the performer, the performer clear of it."""
        low, support = self.parameters.low, self.parameters.support
        needed = (SOCCER_BALL_RADIUS + low("obstacle.gap") + 3 * PERFORMER_RADIUS
                  + min(object_size(kind)[2] for kind in support("obstacle.type")) * low("obstacle.depth_scale"))
        if "between" in support("obstacle.place") and self.parameters.high("ball.distance") < needed:
            yield "ball.distance", (f"no ball lies farther than {self.parameters.high('ball.distance')} m, and an "
                                    f"obstacle between needs {needed:.2f} m")

    @feasibility
    def _some_layout(self) -> Iterator[Refusal]:
        """Some start, facing, bearing and distance drawn (at their ends and middles) lays a scene out."""
        high, rng = self.parameters.high, np.random.default_rng(0)
        drawn = {**self.draw(rng), "distractors.count": 0, "room.width": high("room.width"),
                 "room.depth": high("room.depth")}
        quantiles = [[self.parameters.values[path].at(unit) for unit in (0.0, 0.5, 0.9999)] for path in PROBED]
        for values in itertools.product(*quantiles):
            if self.lay_out({**drawn, **dict(zip(PROBED, values, strict=True))}, rng) is not None:
                return
        yield "ball.distance", "no start, facing, bearing and distance drawn puts the ball and its obstacle in the room"


def _toys(count: int, room: tuple[float, float], ways: list[list[Point]], centre: Point, reach: float,
          fixed: tuple[Point, Point], rng: np.random.Generator) -> list[tuple[int, float, float]] | None:
    """``count`` toys (block, plate, block...) at random, each clear of the ways, the obstacle and the others."""
    toys: list[tuple[int, float, float]] = []
    for index in range(count):
        points = (rng.random((32, 2)) - 0.5) * (np.array(room) - 1.0)
        taken = np.array([*fixed, *((x, z) for _, x, z in toys)])
        ok = ((distance_to_walks(points, ways) > PERFORMER_RADIUS + CLEAR)
              & (np.linalg.norm(points - centre, axis=1) > reach + CLEAR)
              & (np.linalg.norm(points[:, None] - taken, axis=2).min(axis=1) > 2 * CLEAR))
        if not ok.any():
            return None
        x, z = points[int(np.argmax(ok))]
        toys.append((index % 2, round(float(x), 4), round(float(z), 4)))
    return toys

"""The Retrieval family: a soccer ball among distractor blocks, laid out by scenegen's geometry solver.

The performer starts in the middle of the room and turns once on the spot; the
ball and the distractors lie on the floor, each at least ``GAP`` from the walls,
from one another and from the performer's body.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import numpy as np

from scenegen.errors import Problem
from scenegen.mcs.actions import look_around
from scenegen.mcs.family import McsFamily
from scenegen.mcs.frame import retrieval_goal, room_materials
from scenegen.mcs.geometry import PERFORMER_RADIUS, Boxes, InRect, InsideRoom, OutsideDisc, PlacementRequest, place_all
from scenegen.mcs.geometry.catalog import footprints, object_size, resting_y, shape
from scenegen.mcs.geometry.overlap import self_overlap
from scenegen.mcs.model import Scene, SceneObject, Show
from scenegen.mcs.objects import object_ids, soccer_ball
from scenegen.plugin.family import Sample

from .declaration import DECLARATION

HEIGHT = 3.0
#: The performer's start (x, z): the middle of the room.
START = (0.0, 0.0)
#: Metres kept between two objects, between an object and a wall, and around the performer's body.
GAP = 0.1
#: A distractor's mass per cubic metre of its bounding box (a light toy block).
DENSITY = 100.0
DESCRIPTION = "Find and pick up the tiny light black white rubber ball."
#: Parameters drawn once per distractor rather than once per scene.
PER_DISTRACTOR = ("distractors.types", "distractors.scale", "distractors.material")


class Retrieval(McsFamily):
    name = "retrieval"
    description = "Retrieval: find and pick up the soccer ball among distractor blocks (an example plugin)."
    declaration = DECLARATION

    def generate(self, index: int, rng: np.random.Generator) -> Sample:
        drawn = self.parameters.draw(rng)
        count = drawn["distractors.count"]
        for path in PER_DISTRACTOR:
            drawn[path] = [self.parameters.values[path].sample(rng) for _ in range(count)]
        drawn["distractors.scale"] = scales = [round(scale, 3) for scale in drawn["distractors.scale"]]
        kinds = drawn["distractors.types"]

        width, depth = float(drawn["room.width"]), float(drawn["room.depth"])
        corners = ((-width / 2, -depth / 2), (width / 2, depth / 2))
        rules = (InsideRoom((width, depth), GAP), OutsideDisc(START, PERFORMER_RADIUS + GAP, "clear of the performer"))
        lying, turned = InRect(*corners, rotation=0.0), InRect(*corners, rotation=None)
        requests = [PlacementRequest("the soccer ball", shape("soccer_ball"), lying, rules)]
        requests += [PlacementRequest(f"distractor {i + 1} ({kind})", shape(kind, scale), turned, rules)
                     for i, (kind, scale) in enumerate(zip(kinds, scales, strict=True))]
        ball_at, *spots = place_all(requests, Boxes.empty(), rng, margin=GAP / 2)

        ball_key, *keys = object_ids(rng, count + 1)
        ball = soccer_ball(ball_key, round(ball_at.centre[0], 3), round(ball_at.centre[1], 3))
        distractors = [
            SceneObject(id=key, type=kind, materials=[material], moveable=True,
                        mass=round(max(0.1, DENSITY * math.prod(object_size(kind)) * scale**3), 3),
                        shows=[Show((round(spot.centre[0], 3), resting_y(kind, scale), round(spot.centre[1], 3)),
                                    (0.0, round(spot.angle, 1), 0.0), (scale, scale, scale))])
            for key, kind, scale, material, spot in zip(keys, kinds, scales, drawn["distractors.material"], spots,
                                                        strict=True)
        ]
        scene = Scene(
            room=(width, HEIGHT, depth),
            materials=room_materials(drawn),
            performer_position=(START[0], 0.0, START[1]),
            objects=[ball, *distractors],
            goal=retrieval_goal(ball.id, DESCRIPTION, int(self.config["last_step"]), look_around()),
        )
        x, y, z = ball.shows[0].position
        truth = {"target_id": ball.id, "target_position": {"x": x, "y": y, "z": z},
                 "distractors": [{"id": item.id, "type": item.type} for item in distractors]}
        return Sample(documents={"": scene}, params=drawn, truth=truth)

    def check(self, document: Mapping[str, Any], truth: Mapping[str, Any] | None) -> list[Problem]:
        """The target is a soccer ball of the scene (the truth's), and every object lies on the floor of the
        room, clear of the others and of the performer; read from the document alone."""
        objects, problems = document["objects"], []
        target = document["goal"]["metadata"]["target"]["id"]
        if not any(item["id"] == target and item["type"] == "soccer_ball" for item in objects):
            problems.append(Problem("$.goal.metadata.target.id", f"{target!r} is not a soccer ball of the scene"))
        if truth is not None and truth["target_id"] != target:
            problems.append(Problem("$.goal.metadata.target.id", f"the truth's target is {truth['target_id']!r}"))
        world = footprints([(item["type"], show["position"], show["rotation"]["y"], show.get("scale", 1.0))
                            for item in objects for show in item["shows"][:1]])
        room, start = document["roomDimensions"], document["performerStart"]["position"]
        faults = (
            ("overlaps another object", self_overlap(world)),
            ("is not inside the room", ~InsideRoom((room["x"], room["z"]))(world)),
            ("is in the performer's way", ~OutsideDisc((start["x"], start["z"]), PERFORMER_RADIUS)(world)),
        )
        for fault, where in faults:
            problems += [Problem(f"$.objects[{i}]", f"{objects[i]['id']} {fault}") for i in np.flatnonzero(where)]
        return problems

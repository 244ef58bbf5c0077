"""The Support Relations family (MCS eval 7): a container holding the ball is let go on, partly on or beside the far
platform behind the occluding wall; it stays or falls, and the label is where the ball comes to rest and the door
that leads there.

The model (``docs/mcs_facts.md`` 16.4): the container and ball stay on the platform when their centre of mass is
over it and fall to the floor beside it when it is not. The asymmetric container's own centre of mass is not known,
so it may be anywhere over its footprint: the pair's centre of mass then lies within :func:`com_reach` of the
container's centre (the ball sits at that centre). Only clear cases are laid out: the container wholly on or wholly
off the platform, or partly over its edge with that whole reach, and :data:`MARGIN` more, on one side of the edge.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.support_relations.declaration import DECLARATION
from scenegen.mcs.actions import passes
from scenegen.mcs.doors import (
    ROOM_HEIGHT,
    WHERE_IT_HANGS,
    DoorWall,
    Phases,
    door_id,
    door_wall,
    holder,
    lips,
    platform,
    wall_refusals,
)
from scenegen.mcs.geometry.catalog import object_size
from scenegen.mcs.model import Motion, Scene, SceneObject, Show
from scenegen.mcs.objects import TARGET_BALL_SCALE
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.mcs.timeline import SPEED
from scenegen.plugin.family import Evidence

CONTAINER = "container_asymmetric_01"
#: The container's mass per unit of scale, and the lower grip of its placers (at scale 1): the side at +x (turned
#: 0) is this much lower, and its placer, listed first, reaches down to it. The placers hold it 0.4 from its centre.
CONTAINER_MASS = 10.0
LOW_SIDE = 0.4
GRIP_X = 0.4
#: The ball's place in the container (its ``locationParent``), as the evaluation writes it.
BALL_IN_CONTAINER = (0.0, 0.2988, 0.0)
#: The placers' half length and width (``cylinder``s: twice as long as their scale y).
PLACER_HALF = 2.875
PLACER_WIDTH = 0.15
#: How far a clear case keeps the container's footprint, or the reach of its centre of mass, from the edge.
MARGIN = 0.02


def com_reach(scale: float) -> float:
    """How far from the container's centre the centre of mass of the container and ball may lie: the container's
    mass anywhere over its half width, the ball's at the centre."""
    half = object_size(CONTAINER)[0] * scale / 2
    mass = CONTAINER_MASS * scale
    return half * mass / (mass + TARGET_BALL_SCALE)


def placement(inset: float, scale: float) -> tuple[str, bool] | None:
    """Where a container whose centre is ``inset`` inside the edge is let go (``on``, ``partly_on``, ``off``) and
    whether it stays on the platform; None when that is not certain."""
    half, reach = object_size(CONTAINER)[0] * scale / 2, com_reach(scale)
    if abs(inset) >= half + MARGIN:
        return ("on", True) if inset > 0 else ("off", False)
    if reach + MARGIN <= abs(inset) < half:
        return "partly_on", inset > 0
    return None


@dataclass(frozen=True)
class Layout:
    #: The container's centre (x, z), its turn, and where it is let go.
    centre: tuple[float, float]
    rotation: int
    placement: str
    stays: bool
    wall: DoorWall
    phases: Phases


class SupportRelations(McsTask):
    name = "support_relations"
    description = ("Support Relations: find the ball whose container stayed on the platform or fell beside it "
                   "behind the door wall (MCS eval 7).")
    makes = ("Support Relations (Interactive Gravity Support)",)
    about = ("MCS eval 7 Support Relations (Interactive Gravity Support): two placers lower an open asymmetric "
             "container holding a soccer ball onto, partly onto or beside the far platform while a wall with three "
             "doors comes down, then let it go; it stays on the platform or falls to the floor beside it (only "
             "clear cases), and only the door to where the ball lies leads to it")
    label_about = ("`target_id`, `container_id`, the `door` (`left`, `middle`, `right`) and its `door_id`, what the "
                   "ball `rests_on` (`platform` or `floor`), the `side` of the platform the container was let go by, "
                   "its `placement` (`on`, `partly_on`, `off`), its `overhang` (the share of its width beyond the "
                   "edge) and where it is let go (`release`)")
    declaration = DECLARATION
    answers = ("door", "rests_on")
    evidence: ClassVar[Mapping[str, Evidence]] = {"door": WHERE_IT_HANGS, "rests_on": WHERE_IT_HANGS}
    cues = ("placement",)
    lays_out = "a Support Relations room"
    checks = "scenegen.families.support_relations.checks:support_relations_problems"
    ids = 12
    attempts = 100
    layout_blame = ("container.distance", "one let go in the uncertain band round the platform's edge is drawn again")

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        scale, inset = float(drawn["container.scale"]), self._inset(drawn)
        found = placement(inset, scale)
        half, width = object_size(CONTAINER)[0] * scale / 2, float(drawn["room.width"])
        side = -1 if drawn["container.side"] == "left" else 1
        far = float(drawn["platform.far_width"])
        x, z = side * (far / 2 - inset), float(drawn["container.z"])
        wall = DoorWall(width, float(drawn["platform.width"]), float(drawn["platform.height"]),
                        float(drawn["occluder.top"]))
        if found is None or abs(x) + half + MARGIN > width / 2 or far - inset < half + MARGIN or not \
                half + MARGIN <= z <= float(drawn["room.depth"]) / 2 - half - MARGIN or not wall.leaves_open(far / 2):
            return None  # uncertain; past the room's wall, the platform's other edge or its end; a door blocked
        phases = Phases(drawn["timing.order"] == "container_first", int(drawn["container.descent"]))
        return Layout((round(x, 4), round(z, 4)), int(drawn["container.rotation"]), found[0], found[1], wall, phases)

    @staticmethod
    def _inset(drawn: Mapping[str, Any]) -> float:
        """How far inside the edge the container's centre is (negative: beyond it)."""
        distance = float(drawn["container.distance"])
        return distance if drawn["container.rests_on"] == "platform" else -distance

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        scale, phases, (x, z) = float(drawn["container.scale"]), layout.phases, layout.centre
        top = float(drawn["platform.far_height"])
        start = round(top + SPEED * phases.descent, 4)
        down = (Motion(*phases.load, (0.0, -SPEED, 0.0)),)
        container = SceneObject(ids[1], CONTAINER, [Show((x, start, z), (0.0, float(layout.rotation), 0.0),
                                                         (scale,) * 3)],
                                materials=[drawn["container.material"]], mass=round(CONTAINER_MASS * scale, 4),
                                salient_materials=["plastic"], moveable=True, receptacle=True, kinematic=True,
                                moves=down, toggle_physics=(phases.release,))
        ball = SceneObject(ids[0], "soccer_ball", [Show(BALL_IN_CONTAINER, scale=(TARGET_BALL_SCALE,) * 3)],
                           mass=TARGET_BALL_SCALE, salient_materials=["rubber"], moveable=True, pickupable=True,
                           kinematic=True, moves=down, toggle_physics=(phases.release,), location_parent=container.id)
        walls = door_wall(ids[4:10], layout.wall, phases, drawn["occluder.material"], drawn["occluder.door_material"])
        objects = [ball, *self._platforms(drawn, ids[2:4]), *walls, *self._placers(layout, start, scale, ids[10:12]),
                   container]
        depth = float(drawn["room.depth"])
        scene = self.frame(drawn, (0.0, layout.wall.sill, round(-depth / 2 + drawn["performer.margin"], 4)),
                           objects, ball.id, actions=passes(phases.passes), height=ROOM_HEIGHT,
                           restrict_open_doors=True)
        door = "middle" if layout.stays else drawn["container.side"]
        half = object_size(CONTAINER)[0] * scale / 2
        beyond = min(max(half - self._inset(drawn), 0.0), 2 * half) / (2 * half)
        return scene, {
            "target_id": ball.id, "container_id": container.id, "door": door, "door_id": door_id(ids[4:10], door),
            "rests_on": "platform" if layout.stays else "floor", "side": drawn["container.side"],
            "placement": layout.placement, "overhang": round(beyond, 4),
            "release": {"x": x, "y": top, "z": z},
        }

    def _platforms(self, drawn: Mapping[str, Any], keys: list[str]) -> list[SceneObject]:
        """The near platform (to z = 0) and the far one (from z = 0), without rims."""
        depth, material, bare = float(drawn["room.depth"]), drawn["platform.material"], lips()
        near = (float(drawn["platform.width"]), float(drawn["platform.height"]), depth / 2)
        far = (float(drawn["platform.far_width"]), float(drawn["platform.far_height"]), depth / 2)
        return [platform(keys[0], (0, near[1] / 2, -depth / 4), near, material, bare),
                platform(keys[1], (0, far[1] / 2, depth / 4), far, material, bare)]

    def _placers(self, layout: Layout, start: float, scale: float, keys: list[str]) -> list[SceneObject]:
        """The two placers, the one gripping the low side first."""
        low = 1 if layout.rotation == 0 else -1
        top = start + object_size(CONTAINER)[1] * scale
        (x, z), grip = layout.centre, GRIP_X * scale
        return [holder(keys[0], round(x + low * grip, 4), z, round(top - LOW_SIDE * scale, 4), PLACER_HALF,
                       PLACER_WIDTH, layout.phases),
                holder(keys[1], round(x - low * grip, 4), z, round(top, 4), PLACER_HALF, PLACER_WIDTH,
                       layout.phases)]

    # --- refusals --------------------------------------------------------------------------

    @feasibility
    def _wall_fits(self) -> Iterator[Refusal]:
        """The occluding wall fits the room, the platform and the performer's start."""
        yield from wall_refusals(self.parameters)

    @feasibility
    def _container_hidden(self) -> Iterator[Refusal]:
        """The container starts under the ceiling and lands below the wall's top, hidden by it."""
        low, high = self.parameters.low, self.parameters.high
        tall = object_size(CONTAINER)[1] * high("container.scale")
        if high("platform.far_height") + SPEED * high("container.descent") + tall > ROOM_HEIGHT:
            yield "container.descent", "the container must start below the ceiling"
        if high("platform.far_height") + tall >= low("occluder.top"):
            yield "platform.far_height", "the container must land below the occluding wall's top, hidden by it"

    @feasibility
    def _doors_open(self) -> Iterator[Refusal]:
        """The far platform leaves the side doors open (then the base checks that enough drawn containers land
        where their outcome is certain: :attr:`layout_blame`)."""
        low, high = self.parameters.low, self.parameters.high
        if not DoorWall(high("room.width"), low("platform.width"), 0.0, 0.0).leaves_open(
                low("platform.far_width") / 2):
            yield "platform.far_width", "the far platform reaches into the side doors' openings"

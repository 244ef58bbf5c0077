"""The Retrieval - Containers family (MCS eval 7): a soccer ball on the floor or hidden in one of several closed
containers among toys; the label is where the ball is, and the container holding it (the one to open)."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from scenegen.families.containers.declaration import DECLARATION
from scenegen.families.containers.placing import Item, disc, fixed_ok, scatter
from scenegen.mcs.containers import CONTAINERS, ball_inside, container, fits, rest_height, smallest_scale
from scenegen.mcs.model import Scene, SceneObject, Show
from scenegen.mcs.objects import SOCCER_BALL_RADIUS, object_ids
from scenegen.mcs.task import McsTask, Refusal, feasibility

UNIT = (1.0, 1.0, 1.0)
#: The words the label gives a container's place in the scene's list of containers.
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")
#: How much floor round the performer's start stays free of everything.
START_CLEAR = 0.5


@dataclass(frozen=True)
class Toy:
    """A toy type as the evaluation writes it: mass and rest height at scale 1, the scale it takes when scattered,
    its salient material, whether it is a receptacle, and whether it is turned round from the performer's facing."""

    mass: float
    rest: float
    scale: tuple[float, float, float]
    salient: str
    receptacle: bool | None = None
    turned: bool = False


#: Masses and rest heights: the evaluation's scenes over their scale (the MCS generator's positionY).
TOYS = {
    "bowl_6": Toy(1.0, 0.005, (1.0, 1.0, 1.0), "wood", receptacle=True),
    "cup_6": Toy(1.0, 0.005, (1.0, 1.0, 1.0), "wood", receptacle=True),
    "block_blank_wood_cylinder": Toy(0.666, 0.05, (1.0, 1.0, 1.0), "wood"),
    "train_1": Toy(2.0, 0.005, (1.0, 1.0, 1.0), "wood", turned=True),
    "dog_on_wheels_2": Toy(8.0, 0.005, (0.6, 0.6, 0.6), "wood", turned=True),
    "truck_4": Toy(2.0, 0.005, (0.5, 0.5, 0.5), "wood", turned=True),
    "crayon_pink": Toy(0.125, 0.005, (1.0, 1.0, 1.0), "wax"),
}


@dataclass(frozen=True)
class PlacedToy:
    type: str
    material: str | None
    scale: tuple[float, float, float]
    x: float
    z: float


@dataclass(frozen=True)
class Layout:
    start: tuple[float, float]
    kinds: tuple[str, ...]
    scales: tuple[float, ...]
    places: tuple[tuple[float, float], ...]
    holder: int | None
    toys: tuple[PlacedToy, ...]


class Containers(McsTask):
    name = "containers"
    description = ("Retrieval - Containers: find the ball, on the floor or hidden in one of several closed "
                   "containers, and pick it up (MCS eval 7).")
    makes = ("Retrieval - Containers",)
    about = ("MCS eval 7 Retrieval - Containers: one to three closed containers (toolbox_8, circular_container, "
             "chests and military cases, scaled to hold the ball) among toys, and a soccer ball on the floor or "
             "hidden in one of the containers (`locationParent`), to be opened to find it")
    label_about = ("`target_id`, whether the ball is `hidden`, its place in the room (`ball`), and the `container` "
                   "holding it (its `id`, `type` and `order` among the scene's containers; null when the ball is "
                   "on the floor), with the scene's `container_ids`")
    declaration = DECLARATION
    answers = ("container.order",)
    lays_out = "a Retrieval - Containers room"
    checks = "scenegen.families.containers.checks:containers_problems"
    attempts = 200

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.slots = tuple((float(x), float(z)) for x, z in config["containers"]["slots"])
        self.placed = tuple(PlacedToy(toy["type"], toy["material"], _xyz(toy["scale"]), float(toy["x"]),
                                      float(toy["z"])) for toy in config["toys"]["placed"])
        super().__init__(config)

    def lay_out(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> Layout | None:
        kinds, scales = self._containers(drawn, rng)
        holder = None
        if drawn["ball.hidden"]:
            holder = 0 if drawn["ball.holder"] == "first" else int(rng.integers(len(kinds)))
        room = (float(drawn["room.width"]), float(drawn["room.depth"]))
        start = (float(drawn["performer.x"]), float(drawn["performer.z"]))
        facing = float(drawn["performer.facing"])
        fixed = [] if holder is not None else [Item("soccer_ball", (drawn["ball.x"], drawn["ball.z"]), 0.0, UNIT)]
        fixed += [Item(kind, slot, facing, (scale,) * 3)
                  for kind, scale, slot in zip(kinds, scales, self.slots, strict=False)]
        fixed += [Item(toy.type, (toy.x, toy.z), _toy_turn(toy.type, facing), toy.scale) for toy in self.placed]
        if not _fixed_ok(tuple(fixed), room, start):
            return None
        # What no config places is scattered about what is placed: the containers first, then the toys.
        free = [] if self.slots else [Item(kind, (0.0, 0.0), facing, (scale,) * 3)
                                      for kind, scale in zip(kinds, scales, strict=True)]
        toys = self.placed or self._scattered_toys(int(drawn["toys.count"]), rng)
        free += [] if self.placed else [Item(toy.type, (0.0, 0.0), 0.0, toy.scale) for toy in toys]
        centres = scatter([disc(item)[2] for item in free], [*map(disc, fixed), (*start, START_CLEAR)], room, rng)
        if centres is None:
            return None
        places = self.slots[:len(kinds)] if self.slots else tuple((float(x), float(z)) for x, z in centres[:len(kinds)])
        if not self.placed:
            toys = tuple(PlacedToy(toy.type, toy.material, toy.scale, float(x), float(z))
                         for toy, (x, z) in zip(toys, centres[len(free) - len(toys):], strict=True))
        return Layout(start, kinds, scales, places, holder, toys)

    def _containers(self, drawn: Mapping[str, Any], rng: np.random.Generator) -> tuple[tuple[str, ...],
                                                                                       tuple[float, ...]]:
        """The types of the scene's containers, in the order it lists them, and their scales."""
        lineup, count = drawn["containers.lineup"].split(), int(drawn["containers.count"])
        order = range(count) if drawn["containers.order"] == "in_order" else rng.permutation(len(lineup))[:count]
        kinds = tuple(lineup[k] for k in order)
        return kinds, tuple(round(CONTAINERS[kind].scale * drawn["containers.scale"], 4) for kind in kinds)

    def _scattered_toys(self, count: int, rng: np.random.Generator) -> tuple[PlacedToy, ...]:
        """``count`` toys of drawn types and materials (a crayon has none), not yet placed."""
        kinds, materials = self.parameters.values["toys.type"], self.parameters.values["toys.material"]
        drawn = [(kinds.sample(rng), materials.sample(rng)) for _ in range(count)]
        return tuple(PlacedToy(kind, None if kind == "crayon_pink" else material, TOYS[kind].scale, 0.0, 0.0)
                     for kind, material in drawn)

    def allocate(self, layout: Layout, rng: np.random.Generator) -> list[str]:
        return object_ids(rng, 1 + len(layout.kinds) + len(layout.toys))

    def build(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str],
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        facing, count = float(drawn["performer.facing"]), len(layout.kinds)
        boxes = [container(key, kind, x, z, facing, scale, drawn[f"container_materials.{kind}"])
                 for key, kind, scale, (x, z) in zip(ids[1:1 + count], layout.kinds, layout.scales, layout.places,
                                                     strict=True)]
        toys = [_toy(key, toy, facing) for key, toy in zip(ids[1 + count:], layout.toys, strict=True)]
        ball, where = _ball(ids[0], drawn, layout, boxes)
        scene = self.frame(drawn, (layout.start[0], 0.0, layout.start[1]), [ball, *boxes, *toys], ball.id,
                           facing=facing, description="Find and pick up the tiny light black white rubber ball.")
        scene.goal.action_list = None  # the evaluation's scenes write none
        holder = None if layout.holder is None else boxes[layout.holder]
        return scene, {"target_id": ball.id, "hidden": holder is not None,
                       "ball": dict(zip("xyz", where, strict=True)),
                       "container": None if holder is None else {"id": holder.id, "type": holder.type,
                                                                 "order": ORDINALS[boxes.index(holder)]},
                       "container_ids": [box.id for box in boxes]}

    # --- refusals ----------------------------------------------------------------------------

    def _lineup_types(self) -> set[str]:
        return {kind for lineup in self.parameters.support("containers.lineup") for kind in lineup.split()}

    @feasibility
    def _enough_containers(self) -> Iterator[Refusal]:
        """Every count drawn finds as many types in every lineup, and as many slots where slots are given."""
        shortest = min(len(lineup.split()) for lineup in self.parameters.support("containers.lineup"))
        most = self.parameters.high("containers.count")
        if most > shortest:
            yield "containers.count", f"{most} containers drawn from a lineup of {shortest} types"
        elif self.slots and most > len(self.slots):
            yield "containers.count", f"{most} containers drawn for {len(self.slots)} slots"

    @feasibility
    def _ball_fits(self) -> Iterator[Refusal]:
        """A hidden ball fits in every container type at the smallest scale drawn."""
        if True not in self.parameters.support("ball.hidden"):
            return
        factor = self.parameters.low("containers.scale")
        for kind in sorted(self._lineup_types()):
            if not fits(kind, CONTAINERS[kind].scale * factor):
                yield "containers.scale", (f"a {kind} at {factor} times its scale {CONTAINERS[kind].scale} cannot "
                                           f"hold the ball (it needs a scale of {smallest_scale(kind):.3f})")

    @feasibility
    def _inside_smallest_room(self) -> Iterator[Refusal]:
        """The start, a ball on the floor, the slots and the placed toys lie in the smallest room drawn."""
        half = (self.parameters.low("room.width") / 2, self.parameters.low("room.depth") / 2)
        points = [("performer", START_CLEAR, corner) for corner in self._extremes("performer")]
        if False in self.parameters.support("ball.hidden"):
            points += [("ball", SOCCER_BALL_RADIUS, corner) for corner in self._extremes("ball")]
        points += [("containers.slots", 0.0, slot) for slot in self.slots]
        points += [("toys.placed", 0.0, (toy.x, toy.z)) for toy in self.placed]
        for key, reach, (x, z) in points:
            outside = ("x" if abs(x) > half[0] - reach else "z" if abs(z) > half[1] - reach else None)
            if outside is not None:
                yield (f"{key}.{outside}" if key in ("performer", "ball") else key), (
                    f"({x}, {z}) is not inside the smallest room, {2 * half[0]} x {2 * half[1]} m")
                return

    def _extremes(self, section: str) -> list[tuple[float, float]]:
        low, high = self.parameters.low, self.parameters.high
        return [(x, z) for x in (low(f"{section}.x"), high(f"{section}.x"))
                for z in (low(f"{section}.z"), high(f"{section}.z"))]

    @feasibility
    def _floor_for_scattered(self) -> Iterator[Refusal]:
        """What is scattered covers at most a quarter of the smallest room (their discs, as placed)."""
        room = self.parameters.low("room.width") * self.parameters.low("room.depth")
        factor = self.parameters.high("containers.scale")
        biggest = max(disc(Item(kind, (0, 0), 0, (CONTAINERS[kind].scale * factor,) * 3))[2]
                      for kind in self._lineup_types())
        covered = (0 if self.slots else self.parameters.high("containers.count") * math.pi * biggest ** 2)
        if not self.placed:
            toy = max(disc(Item(kind, (0, 0), 0, TOYS[kind].scale))[2]
                      for kind in self.parameters.support("toys.type"))
            covered += self.parameters.high("toys.count") * math.pi * toy ** 2
        if covered > room / 4:
            yield ("toys.count" if not self.placed else "containers.count"), (
                f"the containers and toys scattered cover {covered:.1f} m2 of a {room:.1f} m2 room")


    @feasibility
    def _some_layout(self) -> Iterator[Refusal]:
        """Some of fifty draws lays a scene out: objects at fixed places that always meet, or a room too small
        for what is scattered, are refused."""
        rng = np.random.default_rng(0)
        if any(self.lay_out(self.draw(rng), rng) is not None for _ in range(50)):
            return
        blamed = ("ball.x" if False in self.parameters.support("ball.hidden") else
                  "containers.slots" if self.slots else "toys.placed" if self.placed else "toys.count")
        yield blamed, ("no draw of fifty lays the objects out apart (objects at fixed places meet, or the room is "
                       "too small for what is scattered)")


def _xyz(scale: Sequence[float]) -> tuple[float, float, float]:
    x, y, z = scale
    return float(x), float(y), float(z)


def _toy_turn(kind: str, facing: float) -> float:
    """A toy's rotation y: the performer's facing, or (trains, trucks, dogs) the way back, written unwrapped."""
    return facing + 180.0 if TOYS[kind].turned else facing


def _ball(key: str, drawn: Mapping[str, Any], layout: Layout,
          boxes: Sequence[SceneObject]) -> tuple[SceneObject, tuple[float, float, float]]:
    """The soccer ball, on the floor or resting in the container holding it, and its centre in the room."""
    if layout.holder is None:
        where = (round(float(drawn["ball.x"]), 4), SOCCER_BALL_RADIUS, round(float(drawn["ball.z"]), 4))
        return SceneObject(key, "soccer_ball", [Show(where, (0.0, float(drawn["ball.turn"]), 0.0))], materials=[],
                           mass=1.0, salient_materials=["rubber"], moveable=True, pickupable=True), where
    kind, scale = layout.kinds[layout.holder], layout.scales[layout.holder]
    x, z = layout.places[layout.holder]
    return ball_inside(key, boxes[layout.holder].id, kind, scale), (x, rest_height(kind, scale), z)


def _toy(key: str, toy: PlacedToy, facing: float) -> SceneObject:
    facts = TOYS[toy.type]
    sx, sy, sz = toy.scale
    return SceneObject(key, toy.type, [Show((toy.x, round(facts.rest * sy, 4), toy.z),
                                            (0.0, _toy_turn(toy.type, facing), 0.0), toy.scale)],
                       materials=[] if toy.material is None else [toy.material],
                       mass=round(facts.mass * (sx + sy + sz) / 3, 4), salient_materials=[facts.salient],
                       moveable=True, pickupable=True, receptacle=facts.receptacle)


@lru_cache(maxsize=256)
def _fixed_ok(items: Sequence[Item], room: tuple[float, float], start: tuple[float, float]) -> bool:
    """Whether the objects at fixed places lie in the room, apart and clear of the start (cached: an evaluation
    template places the same few sets again and again)."""
    return fixed_ok(items, room, start, START_CLEAR)

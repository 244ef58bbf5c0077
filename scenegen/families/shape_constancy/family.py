"""The Shape Constancy family (MCS eval 7, passive physics): expected/unexpected scene pairs.

Two sideways occluders rise, turn to show what is behind them, turn back and fall
(:mod:`scenegen.mcs.passive_physics`); one or two toys are dropped in behind them at ``drop_step``, seen falling;
in the unexpected document, at ``change_step`` while the occluders are down, one toy (or each) is hidden and a toy
of another type is shown standing on its place; the reveal at the end shows the toys. The documents are identical
but for the hidden toys' ``hides`` and the stand-ins: whatever the simulator makes of a fall, a toy that turns into
another shape breaks shape constancy and one that does not keeps it (``docs/fidelity/shape_constancy.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.shape_constancy.declaration import DECLARATION, SIDES
from scenegen.mcs.frame import room_materials
from scenegen.mcs.model import Show
from scenegen.mcs.objects import object_id
from scenegen.mcs.passive_physics import (
    CLEARANCE,
    OCCLUDER_THICKNESS,
    OCCLUDER_Z,
    ROOM,
    THE_TOYS,
    TOYS,
    Toy,
    drop_height,
    occluder,
    occluder_timing,
    passive_physics_scene,
    shadow,
    toy,
)
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS


@dataclass(frozen=True)
class Place:
    """A toy behind one occluder, the toy of another type that may stand in for it, and whether it does."""

    side: str
    toy: Toy
    stand_in: Toy
    x: float
    z: float
    changes: bool


class ShapeConstancy(McsTask):
    name = "shape_constancy"
    description = ("Shape Constancy: does a toy behind an occluder turn into another shape? (MCS eval 7, passive "
                   "physics, pairs).")
    makes = ("Shape Constancy",)
    about = ("MCS passive physics, Shape Constancy: two sideways occluders rise, turn to show what is behind them "
             "and fall; one or two toys are dropped in behind them; while the occluders are down, in the "
             "unexpected scene one toy (or each) is swapped for a toy of another type; the occluders rise again "
             "at the end. Always pairs")
    label_about = ("per document: `expected`, the `changes` (side, toy and stand-in types and ids), the toys' ids, "
                   "the `change_step`; `pair`: task, category, the file to rate higher, what differs, the changes, the "
                   "step the files differ from")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_TOYS}

    lays_out = "a Shape Constancy scene"
    checks = "scenegen.families.shape_constancy.checks:shape_constancy_problems"
    layout_blame = ("", ("toys not fitting the floor their occluders hide, or occluders overlapping or out of the "
                         "room, are drawn again"))
    attempts = 200

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.timing = occluder_timing(int(config["last_step"]), int(config["occluders"]["turn_steps"]))
        self.stand_ins: tuple[str, ...] = tuple(config["toys"]["stand_ins"])
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> list[Place] | None:
        """The places of the toys (each in the middle, or along, of the stretch its occluder hides), their types
        and stand-ins, and which change; None when a toy does not fit there."""
        if _edge(drawn, "left", 1) + CLEARANCE > _edge(drawn, "right", -1) or \
                max(abs(_edge(drawn, "left", -1)), abs(_edge(drawn, "right", 1))) > ROOM[0] / 2:
            return None
        sides = list(SIDES) if int(drawn["toys.count"]) == 2 else [drawn["toys.single"]]
        changing = sides if drawn["toys.changed"] == "all" else [sides[int(rng.integers(len(sides)))]]
        places = []
        for side in sides:
            kind = TOYS[drawn[f"{side}.toy"]]
            others = [name for name in self.stand_ins if name != kind.type]
            stand_in = TOYS[others[int(rng.integers(len(others)))]]
            z = round(float(drawn[f"{side}.z"]), 4)
            low, high = shadow(float(drawn[f"{side}.x"]), float(drawn[f"{side}.width"]), z)
            along = max(kind.extent(_facing(kind))[0], stand_in.extent(_facing(stand_in))[0])
            across = max(kind.extent(_facing(kind))[1], stand_in.extent(_facing(stand_in))[1])
            free = high - low - along
            if free < 0 or z - across / 2 < OCCLUDER_Z + OCCLUDER_THICKNESS / 2 + CLEARANCE or \
                    z + across / 2 > ROOM[2] / 2 - CLEARANCE:
                return None
            x = round((low + high) / 2 + float(drawn[f"{side}.offset"]) * free / 2, 4)
            places.append(Place(side, kind, stand_in, x, z, side in changing))
        return places

    def allocate(self, layout: list[Place], rng: np.random.Generator) -> dict[str, Any]:
        walls = [object_id(rng, "occluder_wall_") for _ in SIDES]
        return {"toys": [object_id(rng) for _ in layout], "stand_ins": [object_id(rng) for _ in layout],
                "walls": walls, "poles": [key.replace("occluder_wall_", "occluder_pole_") for key in walls],
                "pair": object_id(rng, "pair_")}

    def compose(self, drawn: dict[str, Any], layout: list[Place], ids: dict[str, Any],
                rng: np.random.Generator) -> Sample:
        drop, change = int(drawn["drop_step"]), int(drawn["change_step"])
        screens = [part for side, wall, pole in zip(SIDES, ids["walls"], ids["poles"], strict=True)
                   for part in occluder(wall, pole, float(drawn[f"{side}.x"]), float(drawn[f"{side}.width"]),
                                        (drawn[f"{side}.material"], drawn[f"{side}.pole_material"]), self.timing,
                                        sideways=True)]
        expected, unexpected, stand_ins = [], [], []
        for place, key, stand_in_key in zip(layout, ids["toys"], ids["stand_ins"], strict=True):
            material = drawn[f"{place.side}.toy_material"]
            dropped = toy(key, place.toy, material, [_shown(place.toy, place.x, place.z, drop, dropped=True)])
            expected.append(dropped)
            unexpected.append(replace(dropped, hides=[change]) if place.changes else dropped)
            if place.changes:
                stand_ins.append(toy(stand_in_key, place.stand_in, material,
                                     [_shown(place.stand_in, place.x, place.z, change, dropped=False)]))
        materials = room_materials(drawn)
        # The stand-ins after the occluders, as the evaluation lists them.
        documents = {"expected": passive_physics_scene(materials, [*expected, *screens], self.last_step),
                     "unexpected": passive_physics_scene(materials, [*unexpected, *screens, *stand_ins],
                                                         self.last_step)}
        changes = [_change(place, key, stand_in_key) for place, key, stand_in_key
                   in zip(layout, ids["toys"], ids["stand_ins"], strict=True) if place.changes]
        truth = {suffix: {"expected": suffix == "expected", "changes": changes if suffix == "unexpected" else [],
                          "toy_ids": ids["toys"][:len(layout)], "change_step": change} for suffix in documents}
        pair = {"id": ids["pair"], "task": self.name, "category": "physics", "kind": "expected_unexpected",
                "rate_higher": "expected", "expected": "expected", "unexpected": "unexpected",
                "differs": "the changed toys' hides and their stand-ins", "changes": changes,
                "change_step": change, "differs_from": change}
        return Sample(documents=documents, params=drawn, truth=truth, pair=pair)

    @feasibility
    def _stand_in_for_every_toy(self) -> Iterator[Refusal]:
        """Every toy has a stand-in of another type."""
        for side in SIDES:
            for name in self.parameters.support(f"{side}.toy"):
                if not set(self.stand_ins) - {name}:
                    yield "toys.stand_ins", f"no type but {name}'s own: the {side} {name} could not change shape"

    @feasibility
    def _change_while_occluded(self) -> Iterator[Refusal]:
        """Every change step falls while the occluders are down, and after the drop."""
        first, last = self.timing.hidden
        low, high = self.parameters.low("change_step"), self.parameters.high("change_step")
        if low < first or high > last:
            yield "change_step", (f"steps {low} to {high}: the occluders hide what is behind them from step "
                                  f"{first} to {last} only (last_step {self.last_step})")
        if self.parameters.high("drop_step") >= low:
            yield "drop_step", (f"a toy dropped at step {self.parameters.high('drop_step')} would not be down "
                                f"before the change at step {low}")


def _facing(kind: Toy) -> float:
    """The toys face +x, as the evaluation's do."""
    return (kind.facing_left + 180) % 360


def _edge(drawn: Mapping[str, Any], side: str, sign: int) -> float:
    """The right (``sign`` 1) or left (-1) edge of a side's occluder."""
    return float(drawn[f"{side}.x"]) + sign * float(drawn[f"{side}.width"]) / 2


def _shown(kind: Toy, x: float, z: float, step: int, *, dropped: bool) -> Show:
    """A toy's show at ``x``, ``z``: dropped in from just above the view, or standing on the floor."""
    y = kind.floor_y + (drop_height(z) if dropped else 0.0)
    return Show((x, round(y, 4), z), (0, _facing(kind), 0), (kind.scale,) * 3, step)


def _change(place: Place, key: str, stand_in_key: str) -> dict[str, Any]:
    return {"side": place.side, "toy_id": key, "toy": place.toy.type, "stand_in_id": stand_in_key,
            "stand_in": place.stand_in.type, "x": place.x, "z": place.z}


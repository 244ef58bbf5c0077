"""The Object Permanence (Passive) family (MCS eval 7, passive physics): expected/unexpected scene pairs.

An occluder rises, turns to show what is behind it, turns back and falls (:mod:`scenegen.mcs.passive_physics`).
Then, by the drawn ``event``: a toy is pushed in from one side behind it (``moving_vanishes``), or has stood behind
it all along (``standing_vanishes``), and in the unexpected document it is hidden at ``event_step`` while the
occluder is down; or (``appears``) in the expected document a toy is dropped in from above at ``enter_step``, seen
falling behind the occluder, and in the unexpected one it is first shown standing there at ``event_step``, never
seen coming. The occluder's reveal at the end shows the toy there or not. The two documents are identical but for
the toy's entries from the step they differ on: whatever the simulator makes of a push or a fall, a toy that is
hidden or comes from nowhere breaks permanence and one that does not keeps it (the model, in
``docs/fidelity/object_permanence_passive.md``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.object_permanence_passive.declaration import DECLARATION
from scenegen.mcs.frame import room_materials
from scenegen.mcs.model import Force, Show, Vec3
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
class Layout:
    """Where the toy starts (its show), how it is pushed, and the occluder."""

    event: str
    toy: Toy
    start: Vec3
    facing: float
    push: Vec3 | None
    relative: bool
    occluder_x: float
    occluder_width: float
    sideways: bool
    enter_step: int
    event_step: int


def _clear_of_walls(z: float, across: float) -> bool:
    """Whether a toy ``across`` deep at ``z`` keeps clear of the occluder's wall and of the room's back wall."""
    front, back = z - across / 2, z + across / 2
    return front >= OCCLUDER_Z + OCCLUDER_THICKNESS / 2 + CLEARANCE and back <= ROOM[2] / 2 - CLEARANCE


class ObjectPermanencePassive(McsTask):
    name = "object_permanence_passive"
    description = ("Object Permanence (Passive): does a toy behind an occluder vanish or appear? (MCS eval 7, "
                   "passive physics, pairs).")
    makes = ("Object Permanence (Passive)",)
    about = ("MCS passive physics, Object Permanence: an occluder rises, turns to show what is behind it and falls; "
             "a toy is pushed (rolled or tossed) in behind it or stands behind it, and vanishes while the occluder "
             "is down in the unexpected scene; or it is dropped in behind it (expected) or stands there from "
             "nowhere (unexpected); the occluder rises again at the end. Always pairs")
    label_about = ("per document: `expected`, the `event`, `visible_at_reveal`, the toy's and occluder's ids, the "
                   "`event_step`; `pair`: task, category, the file to rate higher, event, event step, the step the "
                   "files differ from, roles by id")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_TOYS}

    lays_out = "an Object Permanence (Passive) scene"
    checks = "scenegen.families.object_permanence_passive.checks:object_permanence_passive_problems"
    attempts = 200
    layout_blame = ("object", ("a toy not starting in the room clear of the occluder, or not fitting the floor it "
                               "hides, is drawn again"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.timing = occluder_timing(int(config["last_step"]), int(config["occluder"]["turn_steps"]))
        super().__init__(config)

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        kind, event = TOYS[drawn["object.type"]], drawn["event"]
        centre, width = float(drawn["occluder.x"]), float(drawn["occluder.width"])
        z = round(float(drawn["object.z"]), 4)
        enter, step = int(drawn["enter_step"]), int(drawn["event_step"])
        if abs(centre) + width / 2 > ROOM[0] / 2:
            return None
        if event == "moving_vanishes":
            return self._pushed(drawn, kind, z, centre, width, enter, step)
        along, across = kind.extent(kind.facing_left)
        low, high = shadow(centre, width, z)
        free = high - low - along
        if free < 0 or not _clear_of_walls(z, across):
            return None
        x = round((low + high) / 2 + float(drawn["object.offset"]) * free / 2, 4)
        y = kind.floor_y + (drop_height(z) if event == "appears" else 0.0)
        return Layout(event, kind, (x, round(y, 4), z), kind.facing_left, None, False, centre, width,
                      drawn["occluder.style"] != "upright", 0 if event == "standing_vanishes" else enter, step)

    def _pushed(self, drawn: Mapping[str, Any], kind: Toy, z: float, centre: float, width: float, enter: int,
                step: int) -> Layout | None:
        """A toy that starts in sight on one side, clear of the occluder, and is pushed (and maybe tossed) towards
        the other side; None when it would not start in the room."""
        sign = 1 if drawn["object.side"] == "right" else -1
        x = round(sign * float(drawn["object.start_x"]), 4)
        angle = float(drawn["object.angle"])
        facing = round((kind.facing_left + (angle if sign > 0 else 180 - angle)) % 360, 4)
        along, across = kind.extent(facing)
        near_edge = centre + sign * width / 2
        if (not _clear_of_walls(z, across) or sign * (x - near_edge) < along / 2 + CLEARANCE
                or abs(x) + along / 2 > ROOM[0] / 2 - CLEARANCE):
            return None
        mass_push = round(float(drawn["object.push"]) * kind.mass, 4)
        height = float(drawn["object.height"])
        lift = round(mass_push * float(drawn["object.toss"]), 4) if height > 0 else 0.0
        push: Vec3 = (round(-sign * mass_push, 4), lift, 0.0)
        if angle:  # along its own heading: forward is the toy's x or z, whichever it faces -x by
            push = (mass_push, lift, 0.0) if kind.facing_left % 180 == 0 else (0.0, lift, mass_push)
        return Layout("moving_vanishes", kind, (x, round(kind.floor_y + height, 4), z), facing, push, bool(angle),
                      centre, width, drawn["occluder.style"] == "sideways", enter, step)  # by_event: upright

    def allocate(self, layout: Layout, rng: np.random.Generator) -> dict[str, str]:
        wall = object_id(rng, "occluder_wall_")
        return {"toy": object_id(rng), "wall": wall, "pole": wall.replace("occluder_wall_", "occluder_pole_"),
                "pair": object_id(rng, "pair_")}

    def compose(self, drawn: dict[str, Any], layout: Layout, ids: dict[str, str],
                rng: np.random.Generator) -> Sample:
        first = Show(layout.start, (0, layout.facing, 0), (layout.toy.scale,) * 3, layout.enter_step)
        forces = [] if layout.push is None else [Force(layout.enter_step, layout.enter_step, layout.push,
                                                               relative=layout.relative or None)]
        expected = toy(ids["toy"], layout.toy, drawn["object.material"], [first], forces=forces)
        if layout.event == "appears":  # standing there at the event step, never seen coming
            on_floor = Show((layout.start[0], layout.toy.floor_y, layout.start[2]), first.rotation, first.scale,
                            layout.event_step)
            unexpected = replace(expected, shows=[on_floor])
        else:
            unexpected = replace(expected, hides=[layout.event_step])
        screen = occluder(ids["wall"], ids["pole"], layout.occluder_x, layout.occluder_width,
                          (drawn["occluder.material"], drawn["occluder.pole_material"]), self.timing,
                          sideways=layout.sideways)
        materials = room_materials(drawn)
        documents = {suffix: passive_physics_scene(materials, [item, *screen], self.last_step)
                     for suffix, item in (("expected", expected), ("unexpected", unexpected))}
        truth = {suffix: self._truth(layout, ids, suffix == "expected") for suffix in documents}
        return Sample(documents=documents, params=drawn, truth=truth, pair=self._pair_of(layout, ids))

    def _truth(self, layout: Layout, ids: Mapping[str, str], expected: bool) -> dict[str, Any]:
        """One document's label: whether it is the expected one, and whether the reveal shows the toy."""
        return {"expected": expected, "event": layout.event,
                "visible_at_reveal": expected or layout.event == "appears",
                "object_id": ids["toy"], "occluder_id": ids["wall"], "event_step": layout.event_step}

    def _pair_of(self, layout: Layout, ids: Mapping[str, str]) -> dict[str, Any]:
        return {"id": ids["pair"], "task": self.name, "category": "physics", "kind": "expected_unexpected",
                "rate_higher": "expected", "expected": "expected", "unexpected": "unexpected",
                "event": layout.event, "differs": "hides" if layout.event != "appears" else "shows",
                "event_step": layout.event_step,
                "differs_from": layout.enter_step if layout.event == "appears" else layout.event_step,
                "object_id": ids["toy"], "occluder_id": ids["wall"]}

    @feasibility
    def _event_while_occluded(self) -> Iterator[Refusal]:
        """Every event step falls while the occluder is down, and after the toy comes in."""
        first, last = self.timing.hidden
        low, high = self.parameters.low("event_step"), self.parameters.high("event_step")
        if low < first or high > last:
            yield "event_step", (f"steps {low} to {high}: the occluder hides what is behind it from step {first} "
                                 f"to {last} only (last_step {self.last_step})")
        if self.parameters.high("enter_step") >= low:
            yield "enter_step", (f"a toy entering at step {self.parameters.high('enter_step')} would not be in "
                                 f"before the event at step {low}")

    @feasibility
    def _occluder_in_room(self) -> Iterator[Refusal]:
        """The narrowest occluder placed farthest out stands in the room."""
        far = max(abs(self.parameters.low("occluder.x")), abs(self.parameters.high("occluder.x")))
        if far + self.parameters.low("occluder.width") / 2 > ROOM[0] / 2:
            yield "occluder.x", f"an occluder centred {far} m out does not fit in the {ROOM[0]} m room"

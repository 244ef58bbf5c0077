"""The Gravity Support (passive) family (MCS eval 7): a placer lowers an object onto, partly onto or beside a
support and lets it go; each sample is a pair of scenes alike in all that is seen until the release, one where the
object stays or falls as its centre of mass says (expected) and one where it does not (unexpected).

The model (:mod:`scenegen.mcs.support`, ``docs/mcs_facts.md`` 20): the object stays when its centre of mass lies
over what its bottom touches, falls when it lies beyond, and only draws that are :data:`~scenegen.mcs.support.MARGIN`
clear either way are laid out. An object that should fall is held up in the unexpected scene by a support nobody sees
beside the real one; one that should stay has its centre of mass moved off the support, far enough that whether the
simulator scales the move by the object's size or not, it falls.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.gravity_support.declaration import DECLARATION
from scenegen.mcs.evidence import of_type, without
from scenegen.mcs.materials import salient
from scenegen.mcs.model import Scene
from scenegen.mcs.objects import object_id
from scenegen.mcs.passive_physics import drawn_passive_physics_scene
from scenegen.mcs.support import (
    COM_SHIFT,
    HIDDEN_SUPPORT_ID,
    RELEASED,
    Released,
    centre_of_mass,
    grip_x,
    placer,
    released_object,
    released_scale,
    rests,
    support,
)
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import RATED_PAIRS
from scenegen.plugin.values import FloatRange, IntRange, Value

#: The support's mass per cubic metre of its scale (the evaluation's 106.67 at 0.9 x 1.3 x 1.0).
SUPPORT_DENSITY = 106.67 / (0.9 * 1.3 * 1.0)
#: Room a falling object needs beside the support: it lands on the floor within this of where it was let go.
FALL_ROOM = 1.0
#: The sizes drawn, rounded to the millimetre.
SIZES = ("support.width", "support.height", "support.depth", "object.size")
#: What the released object does, by whether it stays.
OUTCOMES = {True: "stays", False: "falls"}
#: The versions of an unexpected scene, by what the object should do.
TRICKS = {True: "center_of_mass", False: "hidden_support"}
#: What tells the two scenes of a pair apart, which the shortcut probe leaves out.
#: What holds the object up or not is the task itself: the supports (seen or not) and its centre of mass.
THE_EVENT = Evidence("the supports, seen or not, and the released object's centre of mass",
                     without(of_type("cube"), keys=("centerOfMass", "resetCenterOfMass", "resetCenterOfMassAtY")))


@dataclass(frozen=True)
class Layout:
    """Where the object is let go and what each scene of the pair shows: whether it should stay (expected), the
    unexpected version's trick, the hidden support's centre, and the centre of mass's move."""

    kind: Released
    turn: int
    x: float
    stays: bool
    hidden_x: float
    com_shift: float


class GravitySupport(McsTask):
    name = "gravity_support"
    description = ("Gravity Support (passive): an object let go on, partly on or beside a support stays or falls, "
                   "plausibly or not; pairs of scenes (MCS eval 7).")
    makes = ("Gravity Support (Passive)",)
    about = ("MCS eval 7 Gravity Support (passive): a placer lowers a pyramid or a triangle onto, partly onto or "
             "beside a support cube and lets it go. Always pairs (`_a.json`, `_b.json`): the expected scene, where "
             "it stays or falls as its centre of mass says, and the unexpected one, where a support nobody sees "
             "holds it up or a moved centre of mass drops it (only certain outcomes)")
    label_about = ("per document: its `kind` (`expected`, `unexpected`), `rated_higher`, the `outcome` (`stays`, "
                   "`falls`), what a viewer expects (`expected_outcome`), the `trick` (`none`, `hidden_support`, "
                   "`center_of_mass`), `released_id`, `support_id`, `offset`; `pair`: each file's kind, the file to "
                   "rate higher, the task and what `differs`")
    declaration = DECLARATION
    pairing = RATED_PAIRS
    answers = ("kind",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"kind": THE_EVENT}
    lays_out = "a Gravity Support scene"
    checks = "scenegen.families.gravity_support.checks:gravity_support_problems"
    ids = 3
    attempts = 50

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        drawn = super().draw(rng)
        for key in SIZES:  # to the millimetre, so that half a size is exact at the 0.1 mm a file writes
            drawn[key] = round(float(drawn[key]), 3)
        return drawn

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        kind = RELEASED[drawn["object.type"]]
        turn = int(rng.choice(kind.turns))
        drawn["object.turn"] = turn
        return self._layout(drawn, kind, turn, float(drawn["object.offset"]), float(drawn["object.size"]))

    def _layout(self, drawn: Mapping[str, Any], kind: Released, turn: int, offset: float,
                size: float) -> Layout | None:
        """Where ``kind`` turned ``turn`` is let go ``offset`` past the edge, and both scenes' events; None when an
        outcome is not certain or the object would leave the room."""
        away = 1.0 if drawn["support.side"] == "right" else -1.0
        left, right = _span(float(drawn["support.x"]), float(drawn["support.width"]))
        edge = right if away > 0 else left
        # Measured towards the free side, a triangle's tall side facing away from the support or towards it.
        width = released_scale(kind, size)[0]
        x, half = edge + away * offset, width / 2
        footprint, com = (x - half, x + half), centre_of_mass(kind, size, x, turn)
        stays = rests(com, [(left, right)], footprint)
        room = float(drawn["room.width"]) / 2
        hidden_x = edge + away * (float(drawn["hidden.gap"]) + float(drawn["support.width"]) / 2)
        if stays is None or abs(x) + half + FALL_ROOM > room or abs(hidden_x) + float(drawn["support.width"]) > room:
            return None
        if stays:  # the centre of mass moved off: it must fall however the simulator scales the move
            moved = [rests(com + away * COM_SHIFT * scale, [(left, right)], footprint) for scale in (1.0, width)]
            if any(outcome is not False for outcome in moved):
                return None
        elif rests(com, [(left, right), _span(hidden_x, float(drawn["support.width"]))], footprint) is not True:
            return None
        return Layout(kind, turn, round(x, 4), stays, round(hidden_x, 4), away * COM_SHIFT)

    def compose(self, drawn: dict[str, Any], layout: Layout, ids: list[str], rng: np.random.Generator) -> Sample:
        order = ("expected", "unexpected") if rng.integers(2) else ("unexpected", "expected")
        files = dict(zip(("a", "b"), order, strict=True))
        placer_id = "placer_" + ids[2]
        documents = {suffix: self._scene(drawn, layout, ids, placer_id, kind == "unexpected")
                     for suffix, kind in files.items()}
        higher = next(suffix for suffix, kind in files.items() if kind == "expected")
        trick = TRICKS[layout.stays]
        common = {"task": self.name, "released_id": ids[0], "support_id": ids[1],
                  "expected_outcome": OUTCOMES[layout.stays], "offset": float(drawn["object.offset"])}
        # The unexpected scene's object does the other thing: its trick turns the outcome round.
        truth = {suffix: {"kind": kind, "rated_higher": suffix == higher, **common,
                          "outcome": OUTCOMES[layout.stays == (kind == "expected")],
                          "trick": trick if kind == "unexpected" else "none"}
                 for suffix, kind in files.items()}
        pair = {"id": object_id(rng, "pair_"), **files, "higher": higher, "task": self.name, "differs": trick,
                "released_id": ids[0]}
        return Sample(documents=documents, params=drawn, truth=truth, pair=pair)

    def _scene(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str], placer_id: str,
               unexpected: bool) -> Scene:
        """One scene of the pair: the unexpected one with its trick."""
        kind, size, z = layout.kind, float(drawn["object.size"]), float(drawn["support.z"])
        height, width = float(drawn["support.height"]), float(drawn["support.width"])
        scale = (width, height, float(drawn["support.depth"]))
        mass = round(SUPPORT_DENSITY * width * height * scale[2], 2)
        material = drawn["support.material"]
        tall = released_scale(kind, size)[1]
        rest_y = round(height + tall / 2, 4)
        released = released_object(ids[0], kind, size, (layout.x, rest_y, z), layout.turn, drawn["object.material"],
                                   salient(drawn["object.material"]),
                                   layout.com_shift if unexpected and layout.stays else 0.0, height)
        objects = [released, placer(placer_id, grip_x(kind, size, layout.x, layout.turn), z,
                                    round(height + tall, 4)),
                   support(ids[1], float(drawn["support.x"]), z, scale, material, mass)]
        if unexpected and not layout.stays:
            objects.append(support(HIDDEN_SUPPORT_ID, layout.hidden_x, z, scale, material, mass,
                                   hidden_until=self.last_step + 1))
        return drawn_passive_physics_scene(drawn, objects, self.last_step)

    # --- what cannot be laid out ------------------------------------------------------------

    @feasibility
    def _support_in_room(self) -> Iterator[Refusal]:
        """The support, and along z the object over it, stand inside the room's narrowest width and depth."""
        widest = max(kind.scale[0] for kind in RELEASED.values()) * max(self.parameters.support("object.size"))
        for place, size, room in (("support.x", "support.width", "room.width"),
                                  ("support.z", "support.depth", "room.depth")):
            half = min(self.parameters.support(room)) / 2
            across = max(self.parameters.support(size)) if place == "support.x" else \
                max(max(self.parameters.support(size)), widest)
            reach = max(abs(x) for x in self.parameters.support(place)) + across / 2
            if reach >= half:
                yield place, f"what stands there reaches {reach:g} m from the centre of a room {2 * half:g} m across"

    @feasibility
    def _outcomes_certain(self) -> Iterator[Refusal]:
        """Every object type can be let go somewhere the config allows with both scenes of a pair certain."""
        offsets, sizes = (_probe_points(self.parameters.values[path]) for path in ("object.offset", "object.size"))
        draws = self.parameters.draw(np.random.default_rng(0))
        for name in self.parameters.support("object.type"):
            kind = RELEASED[name]
            if not any(self._layout(draws, kind, turn, offset, size) for turn in kind.turns for offset in offsets
                       for size in sizes):
                yield "object.offset", (f"a {name} let go {_listed(offsets)} m past the edge has no certain pair of "
                                        "outcomes (too near the edge, a centre of mass that cannot be moved off the "
                                        "support, a hidden support it would not rest on, or no room to fall)")


def _span(centre: float, width: float) -> tuple[float, float]:
    return centre - width / 2, centre + width / 2


def _probe_points(value: Value) -> list[float]:
    """A parameter's values the feasibility checks try: its choices, or its range's ends and middle (not the
    middle of choices, which no sample draws)."""
    found = sorted(float(v) for v in value.support())
    if isinstance(value, FloatRange | IntRange):
        found.append((found[0] + found[-1]) / 2)
    return sorted(set(found))


def _listed(values: list[float]) -> str:
    return ", ".join(f"{value:g}" for value in values)

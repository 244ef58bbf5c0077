"""The Collisions (passive) family (MCS eval 4): a block slides into another; each sample is a pair of scenes alike
until the collision's event, one where the block struck moves off as momentum says (expected) and one where it is
not moved or moves before it is touched (unexpected).

The model (``docs/mcs_facts.md`` 21): both blocks are kinematic and moved by script, one displacement a step, so the
simulator decides nothing. Every step a sliding block slows by the same amount (friction) until it rests; at the
touch the two exchange momentum along x with the drawn restitution (a one-dimensional collision of their masses).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import numpy as np

from scenegen.families.collisions.declaration import DECLARATION
from scenegen.mcs.evidence import without
from scenegen.mcs.materials import salient
from scenegen.mcs.model import Motion, Scene, SceneObject, Show
from scenegen.mcs.objects import object_id
from scenegen.mcs.passive_physics import drawn_passive_physics_scene
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import RATED_PAIRS

#: The blocks' mass per cubic metre (a light wooden toy block).
DENSITY = 100.0
#: What tells the two scenes of a pair apart, which the shortcut probe leaves out: how the blocks move.
THE_EVENT = Evidence("every motion (the blocks' moves: the slide, the touch and what follows)",
                     without(keys=("moves",)))


def slowing_steps(speed: float, slowing: float) -> list[float]:
    """The displacements of a block that moves ``speed`` on its first step and slows by ``slowing`` a step until it
    rests, to the 0.1 mm a file writes."""
    count = int(np.ceil(speed / slowing))
    steps = np.round(speed - slowing * np.arange(count), 4)
    return [float(step) for step in steps if step > 0]


def motions(first: int, displacements: Sequence[float], direction: float) -> tuple[Motion, ...]:
    """One move a step from ``first``, each ``displacement`` along x in ``direction``."""
    return tuple(Motion(first + k, first + k, (round(direction * d, 4), 0, 0)) for k, d in enumerate(displacements))


def after_touch(masses: tuple[float, float], speed: float, restitution: float) -> tuple[float, float]:
    """The speeds (along the mover's way) of a mover of ``masses[0]`` arriving at ``speed`` and the block it strikes,
    of ``masses[1]``, just after the touch: momentum kept, the two parting at ``restitution`` of ``speed``."""
    mover, struck = masses
    total = mover + struck
    return (mover - restitution * struck) * speed / total, (1 + restitution) * mover * speed / total


@dataclass(frozen=True)
class Layout:
    """The mover's direction along x, both blocks' starts (x), the approach's displacement on each step, the first
    step after the touch, and the speeds blocks leave the touch at: each one's in the expected scene, and the
    mover's rebound off a block that does not move."""

    direction: float
    mover_x: float
    struck_x: float
    approach: tuple[float, ...]
    touch: int
    mover_after: float
    struck_after: float
    rebound: float


class Collisions(McsTask):
    name = "collisions"
    description = ("Collisions (passive): a block slides into another, which moves or does not, plausibly or not; "
                   "pairs of scenes (MCS eval 4).")
    makes = ("Collisions (Passive)",)
    about = ("MCS eval 4 Collisions (passive): a block slides into another standing still. Always pairs (`_a.json`, "
             "`_b.json`): the expected scene, where momentum passes at the touch and both slow to rest, and the "
             "unexpected one, where the block struck is not moved (the first rebounds as off a wall) or moves off "
             "before it is touched (both kinematic, moved by script)")
    label_about = ("per document: its `kind` (`expected`, `unexpected`), `rated_higher`, what breaks the rule "
                   "(`event`: `none`, `not_moved`, `moved_early`), `mover_id`, `struck_id`, the `touch` step; `pair`: "
                   "each file's kind, the file to rate higher, the task, what `differs` and the step it differs from")
    declaration = DECLARATION
    pairing = RATED_PAIRS
    answers = ("kind",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"kind": THE_EVENT}
    lays_out = "a Collisions scene"
    checks = "scenegen.families.collisions.checks:collisions_problems"
    ids = 2
    attempts = 50

    def draw(self, rng: np.random.Generator) -> dict[str, Any]:
        drawn = super().draw(rng)
        for key in ("mover.size", "struck.size"):  # to the millimetre, so that half a size is exact in a file
            drawn[key] = round(float(drawn[key]), 3)
        return drawn

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        direction = 1.0 if drawn["mover.side"] == "left" else -1.0
        sizes = (float(drawn["mover.size"]), float(drawn["struck.size"]))
        speed, slowing = float(drawn["motion.speed"]), float(drawn["motion.slowing"])
        approach = int(drawn["motion.approach"])
        # The approach slows as every slide does, arriving at ``speed``: its steps, read backwards, speed up.
        closing = [round(speed + slowing * k, 4) for k in reversed(range(approach))]
        struck_x = float(drawn["struck.x"])
        mover_x = round(struck_x - direction * ((sizes[0] + sizes[1]) / 2 + sum(closing)), 4)
        masses = (_mass(sizes[0]), _mass(sizes[1]))
        mover_after, struck_after = after_touch(masses, speed, float(drawn["motion.restitution"]))
        layout = Layout(direction, mover_x, struck_x, tuple(closing), int(drawn["motion.start"]) + approach,
                        mover_after, struck_after, -float(drawn["motion.restitution"]) * speed)
        return layout if self._fits(drawn, layout, sizes) else None

    def _fits(self, drawn: Mapping[str, Any], layout: Layout, sizes: tuple[float, float]) -> bool:
        """Whether both blocks stay in the room and come to rest by the last step, whatever the scene."""
        slowing, half = float(drawn["motion.slowing"]), float(drawn["room.width"]) / 2
        at_touch = layout.struck_x - layout.direction * (sizes[0] + sizes[1]) / 2  # the mover's centre

        def slid(speed: float) -> float:  # how far along x a block leaving at ``speed`` (signed) slides
            return layout.direction * math.copysign(sum(slowing_steps(abs(speed), slowing)), speed)

        places = [layout.mover_x, layout.struck_x + slid(layout.struck_after), at_touch + slid(layout.mover_after),
                  at_touch + slid(layout.rebound)]
        size = max(sizes)
        ends = [layout.touch + len(slowing_steps(abs(speed), slowing))
                for speed in (layout.mover_after, layout.struck_after, layout.rebound)]
        return all(abs(x) + size / 2 < half for x in places) and max(ends) <= self.last_step

    def compose(self, drawn: dict[str, Any], layout: Layout, ids: list[str], rng: np.random.Generator) -> Sample:
        event = str(drawn["unexpected.kind"])
        order = ("expected", "unexpected") if rng.integers(2) else ("unexpected", "expected")
        files = dict(zip(("a", "b"), order, strict=True))
        documents = {suffix: self._scene(drawn, layout, ids, "none" if kind == "expected" else event)
                     for suffix, kind in files.items()}
        higher = next(suffix for suffix, kind in files.items() if kind == "expected")
        common = {"task": self.name, "mover_id": ids[0], "struck_id": ids[1], "touch": layout.touch}
        truth = {suffix: {"kind": kind, "rated_higher": suffix == higher, **common,
                          "event": "none" if kind == "expected" else event} for suffix, kind in files.items()}
        pair = {"id": object_id(rng, "pair_"), **files, "higher": higher, "task": self.name, "differs": event,
                "differs_from": _sets_off(drawn, layout, event)}
        return Sample(documents=documents, params=drawn, truth=truth, pair=pair)

    def _scene(self, drawn: Mapping[str, Any], layout: Layout, ids: list[str], event: str) -> Scene:
        """One scene of the pair, with ``event`` (``none``: the expected one)."""
        slowing, start, direction = float(drawn["motion.slowing"]), int(drawn["motion.start"]), layout.direction
        mover_speed = layout.rebound if event == "not_moved" else layout.mover_after
        mover_moves = motions(start, layout.approach, direction) + motions(
            layout.touch, slowing_steps(abs(mover_speed), slowing), direction * math.copysign(1.0, mover_speed))
        struck_moves = () if event == "not_moved" else motions(_sets_off(drawn, layout, event),
                                                               slowing_steps(layout.struck_after, slowing), direction)
        z = float(drawn["struck.z"])
        objects = [_block(ids[0], layout.mover_x, z, float(drawn["mover.size"]), drawn["mover.material"], mover_moves),
                   _block(ids[1], layout.struck_x, z, float(drawn["struck.size"]), drawn["struck.material"],
                          struck_moves)]
        return drawn_passive_physics_scene(drawn, objects, self.last_step)

    # --- what cannot be laid out ------------------------------------------------------------

    @feasibility
    def _in_the_room_s_depth(self) -> Iterator[Refusal]:
        """Both blocks stand inside the room's shallowest depth."""
        half = min(self.parameters.support("room.depth")) / 2
        reach = max(abs(z) for z in self.parameters.support("struck.z")) + max(
            max(self.parameters.support(key)) for key in ("mover.size", "struck.size")) / 2
        if reach >= half:
            yield "struck.z", f"a block reaching {reach:g} m from the centre leaves a room {2 * half:g} m deep"

    @feasibility
    def _early_before_the_touch(self) -> Iterator[Refusal]:
        """The block struck can move off early only while the other is still on its way."""
        early, approach = max(self.parameters.support("unexpected.early")), \
            min(self.parameters.support("motion.approach"))
        if early >= approach:
            yield "unexpected.early", (f"{early} steps before the touch is before a slide of {approach} steps "
                                       "begins")

    @feasibility
    def _fits_the_room_and_the_time(self) -> Iterator[Refusal]:
        """The farthest-reaching, slowest-stopping draw the config allows still fits the room and the last step for
        some side and place of the block struck it allows (other draws that do not fit are drawn again)."""
        worst = self.parameters.draw(np.random.default_rng(0))
        for key in ("motion.speed", "motion.approach", "motion.start", "mover.size", "struck.size"):
            worst[key] = max(self.parameters.support(key))
        worst["motion.slowing"] = min(self.parameters.support("motion.slowing"))
        worst["unexpected.early"] = min(self.parameters.support("unexpected.early"))
        places = self.parameters.support("struck.x")
        middle = min(max(0.0, min(places)), max(places))
        for restitution in self.parameters.support("motion.restitution"):
            if not any(self.lay_out({**worst, "mover.side": side, "motion.restitution": restitution, "struck.x": x},
                                    np.random.default_rng(0))
                       for side in self.parameters.support("mover.side") for x in (*places, middle)):
                yield "motion.speed", (f"a block at {worst['motion.speed']:g} m a step over "
                                       f"{worst['motion.approach']} steps, slowing by {worst['motion.slowing']:g} a "
                                       f"step, slides out of the room or past last_step {self.last_step}")
                return


def _sets_off(drawn: Mapping[str, Any], layout: Layout, event: str) -> int:
    """The step the block struck sets off (where it does): at the touch, or early in a ``moved_early`` scene; the
    pair's two scenes are the same before it."""
    return layout.touch - (int(drawn["unexpected.early"]) if event == "moved_early" else 0)


def _mass(size: float) -> float:
    return round(DENSITY * size ** 3, 2)


def _block(key: str, x: float, z: float, size: float, material: str, moves: tuple[Motion, ...]) -> SceneObject:
    """A block (a cube) standing on the floor, kinematic, moved by ``moves``."""
    return SceneObject(key, "cube", [Show((x, round(size / 2, 4), z), scale=(size, size, size))], materials=[material],
                       mass=_mass(size), salient_materials=list(salient(material)), kinematic=True, moves=moves)


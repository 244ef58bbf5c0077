"""The Spatio-Temporal Continuity family (MCS eval 7, passive physics): expected/unexpected scene pairs.

A toy is pushed across the room and slides to rest, moved by script (:mod:`.slide`), so its place at every step is
known. In the unexpected document it teleports once: a second ``shows`` entry at the event step puts it further
along its own path, and it slides on with the same motion. Where the two occluders stand, it vanishes wholly behind
the first it reaches and lands wholly behind the other, never crossing the gap between them in view; without them,
it jumps while shrouded (invisible) where it is shrouded, else in plain sight. The two documents are identical
until the event step. Only teleports a viewer cannot mistake are made: from the last place the toy is surely seen
before the jump to the first after it, it lands farther than its top speed could carry it in the steps between, by
:data:`MIN_JUMP` at least (the model, in ``docs/fidelity/spatio_temporal_continuity.md``).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.spatio_temporal_continuity.declaration import DECLARATION
from scenegen.families.spatio_temporal_continuity.slide import Slide, Wall, behind, slide
from scenegen.mcs.frame import room_materials
from scenegen.mcs.model import Show, StepRange
from scenegen.mcs.objects import object_id
from scenegen.mcs.passive_physics import (
    CLEARANCE,
    OCCLUDER_THICKNESS,
    OCCLUDER_Z,
    ROOM,
    THE_TOYS,
    TOYS,
    Toy,
    occluder,
    occluder_timing,
    passive_physics_scene,
    toy,
)
from scenegen.mcs.task import McsTask, Refusal, feasibility
from scenegen.plugin.family import Evidence, Sample
from scenegen.plugin.outputs import ALWAYS_PAIRS

#: How much farther than its top speed allows the toy must land, between the places it is surely seen at.
MIN_JUMP = 0.5
#: The landing places tried behind the second occluder: jumps of this many metres along the path, finely spaced.
JUMPS = np.arange(0.5, 8.0, 0.01)


@dataclass(frozen=True)
class Layout:
    """The toy, its first show, its slide, the occluders' walls, the shroud, and the teleport: where it hides the
    toy (``cover``), its step and the keyframe's place (x, z) and the jump along the path."""

    toy: Toy
    start: tuple[float, float]
    facing: float
    slide: Slide
    walls: tuple[Wall, ...]
    shroud: tuple[int, int] | None
    cover: str
    step: int
    landing: tuple[float, float]
    jump: float


def _heading(toward: float, angle: float) -> tuple[float, float]:
    """The unit heading along x (``toward``: +1 or -1) turned ``angle`` degrees towards the back wall."""
    turn = math.radians(angle)
    return toward * math.cos(turn), math.sin(turn)


class SpatioTemporalContinuity(McsTask):
    name = "spatio_temporal_continuity"
    description = ("Spatio-Temporal Continuity: does a sliding toy teleport along its path? (MCS eval 7, passive "
                   "physics, pairs).")
    makes = ("Spatio-Temporal Continuity",)
    about = ("MCS passive physics, Spatio-Temporal Continuity: a toy slides across the room (by script) and in the "
             "unexpected scene teleports further along its path: from behind one occluder to behind the other, or "
             "while shrouded, or in plain sight. Always pairs")
    label_about = ("per document: `expected`, the `cover` of the teleport (`occluders`, `shroud`, `in_view`), the "
                   "toy's id, the `event_step` and the `jump` in metres; `pair`: task, category, the file to rate "
                   "higher, event, cover, event step, the step the files differ from, the toy's id")
    declaration = DECLARATION
    pairing = ALWAYS_PAIRS
    answers = ("expected",)
    evidence: ClassVar[Mapping[str, Evidence]] = {"expected": THE_TOYS}

    lays_out = "a Spatio-Temporal Continuity scene"
    checks = "scenegen.families.spatio_temporal_continuity.checks:spatio_temporal_continuity_problems"
    attempts = 200
    layout_blame = ("jump", ("a slide with no room for a jump that cannot be mistaken and lands in the room, or "
                             "occluders overlapping or out of the room, is drawn again"))

    def __init__(self, config: Mapping[str, Any]) -> None:
        self.timing = occluder_timing(int(config["last_step"]), int(config["turn_steps"]))
        self.stage_steps = int(config["motion"]["stage_steps"])
        super().__init__(config)

    # --- the layout -------------------------------------------------------------------------

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Layout | None:
        kind, toward = TOYS[drawn["object.type"]], -1.0 if drawn["object.side"] == "right" else 1.0
        angle = float(drawn["object.angle"])
        facing = round((kind.facing_left + (angle if toward < 0 else 180 - angle)) % 360, 4)
        start = (round(-toward * float(drawn["object.start_x"]), 4), round(float(drawn["object.z"]), 4))
        walls = self._walls(drawn)
        if walls is None:
            return None
        heading = _heading(toward, angle)
        path = slide(start, heading, int(drawn["motion.start"]), self.last_step, float(drawn["motion.speed"]),
                     float(drawn["motion.slowing"]), self.stage_steps)
        shroud = None
        if drawn["shrouded"]:
            begin = int(drawn["shroud.begin"])
            shroud = (begin, begin + int(drawn["shroud.steps"]) - 1)
        along = kind.extent(facing)[0]
        cover = "occluders" if walls else "shroud" if shroud else "in_view"
        picked = self._teleport(cover, path, walls, shroud, along, heading, float(drawn["jump"]), rng)
        if picked is None:
            return None
        index, jump = picked
        landing = (round(float(path.x[index - 1]) + jump * heading[0], 4),
                   round(float(path.z[index - 1]) + jump * heading[1], 4))
        layout = Layout(kind, start, facing, path, walls, shroud, cover, path.step_of(index), landing, jump)
        x, z = self._jumped(layout, index)
        return layout if self._fits(layout, x, z) and self._unmistakable(layout, x, z, index) else None

    def _walls(self, drawn: Mapping[str, Any]) -> tuple[Wall, ...] | None:
        """The two occluders' walls (left, right), none when they do not stand; None when they overlap or leave
        the room."""
        if not drawn["occluders"]:
            return ()
        walls = tuple((float(drawn[f"{side}.x"]), float(drawn[f"{side}.width"])) for side in ("left", "right"))
        (left, left_width), (right, right_width) = walls
        apart = right - right_width / 2 - (left + left_width / 2) >= CLEARANCE
        inside = all(abs(x) + width / 2 <= ROOM[0] / 2 for x, width in walls)
        return walls if apart and inside else None

    def _teleport(self, cover: str, path: Slide, walls: tuple[Wall, ...], shroud: tuple[int, int] | None,
                  along: float, heading: tuple[float, float], jump: float,
                  rng: np.random.Generator) -> tuple[int, float] | None:
        """The index of the teleport's step in the slide and how far it jumps; None when there is no room for it."""
        count = len(path.x)
        if cover == "occluders":
            return self._between_walls(path, walls, along, heading, rng)
        if cover == "shroud":  # shrouded on the step before too
            assert shroud is not None
            steps = np.arange(max(shroud[0] + 1 - path.first, 1), min(shroud[1] - path.first + 1, count))
        else:  # in plain sight, while it slides
            steps = np.arange(1, min(len(path.stages) * self.stage_steps, count))
        return (int(rng.choice(steps)), jump) if len(steps) else None

    def _between_walls(self, path: Slide, walls: tuple[Wall, ...], along: float, heading: tuple[float, float],
                       rng: np.random.Generator) -> tuple[int, float] | None:
        """A step the toy has been wholly behind the first wall it reaches for two steps, and a jump that lands it
        wholly behind the other; both with a step's slide to spare, while the occluders are down."""
        first, second = (walls[1], walls[0]) if heading[0] < 0 else walls
        margin = path.top_speed
        down = self._down(path)
        hidden = behind((first,), path.x, path.z, along, margin)[0] & down
        steps = np.flatnonzero(hidden[1:] & hidden[:-1]) + 1
        if not len(steps):
            return None
        index = int(rng.choice(steps))
        x, z = path.x[index - 1] + JUMPS * heading[0], path.z[index - 1] + JUMPS * heading[1]
        lands = JUMPS[behind((second,), x, z, along, margin)[0]]
        return (index, float(rng.choice(lands))) if len(lands) else None

    def _down(self, path: Slide) -> np.ndarray:
        """Whether the occluders are down (hiding what is behind them) at each step of the slide."""
        steps = path.first + np.arange(len(path.x))
        first, last = self.timing.hidden
        return (steps >= first) & (steps <= last)

    def _jumped(self, layout: Layout, index: int) -> tuple[np.ndarray, np.ndarray]:
        """The unexpected document's places (x, z) at every step: the slide, then the keyframe and the slide's
        displacements since, as the file writes them."""
        path = layout.slide
        x, z = path.x.copy(), path.z.copy()
        x[index:] += layout.landing[0] - path.x[index - 1]
        z[index:] += layout.landing[1] - path.z[index - 1]
        return x, z

    def _fits(self, layout: Layout, x: np.ndarray, z: np.ndarray) -> bool:
        """Whether the toy stays in the room, behind the occluders' line and clear of the walls, in both documents
        (``x``, ``z``: the unexpected one's places; it slides one way, away from the front, so its start and its
        last places bound it)."""
        along, across = layout.toy.extent(layout.facing)
        xs = (layout.start[0], float(layout.slide.x[-1]), float(x[-1]))
        zs = (layout.start[1], float(z[-1]))
        front = OCCLUDER_Z + OCCLUDER_THICKNESS / 2 + CLEARANCE
        return (all(abs(x) + along / 2 <= ROOM[0] / 2 - CLEARANCE for x in xs)
                and min(zs) - across / 2 >= front and max(zs) + across / 2 <= ROOM[2] / 2 - CLEARANCE)

    def _unmistakable(self, layout: Layout, x: np.ndarray, z: np.ndarray, index: int) -> bool:
        """Whether the places (``x``, ``z``: the unexpected document's) the toy is surely seen at just before and
        after the jump at ``index`` lie farther apart than its top speed covers in the steps between, by
        :data:`MIN_JUMP`."""
        path, margin = layout.slide, layout.slide.top_speed
        seen = np.ones(len(x), dtype=bool)
        if layout.shroud:
            steps = path.first + np.arange(len(x))
            seen &= (steps < layout.shroud[0]) | (steps > layout.shroud[1])
        if layout.walls:  # up or turning, the walls hide what they may: only the steps they are down count
            seen &= self._down(path) & ~behind(layout.walls, x, z, layout.toy.extent(layout.facing)[0],
                                                -margin).any(axis=0)
        before, after = np.flatnonzero(seen[:index]), np.flatnonzero(seen[index:]) + index
        if not len(before) or not len(after):
            return False
        last, next_ = before[-1], after[0]
        return bool(math.hypot(x[next_] - x[last], z[next_] - z[last]) > margin * (next_ - last) + MIN_JUMP)

    # --- the pair ---------------------------------------------------------------------------

    def allocate(self, layout: Layout, rng: np.random.Generator) -> dict[str, str]:
        ids = {"toy": object_id(rng), "pair": object_id(rng, "pair_")}
        for side in ("left", "right"):
            wall = object_id(rng, "occluder_wall_")
            ids[side], ids[f"{side}_pole"] = wall, wall.replace("occluder_wall_", "occluder_pole_")
        return ids

    def compose(self, drawn: dict[str, Any], layout: Layout, ids: dict[str, str],
                rng: np.random.Generator) -> Sample:
        kind, rotation, scale = layout.toy, (0, layout.facing, 0), (layout.toy.scale,) * 3
        first = Show((layout.start[0], kind.floor_y, layout.start[1]), rotation, scale, layout.slide.first)
        shrouds = () if layout.shroud is None else (StepRange(*layout.shroud),)
        expected = toy(ids["toy"], kind, drawn["object.material"], [first], moves=layout.slide.stages,
                       shrouds=shrouds)
        landing = Show((layout.landing[0], kind.floor_y, layout.landing[1]), rotation, scale, layout.step)
        unexpected = replace(expected, shows=[first, landing])
        screens = [part for side, wall in zip(("left", "right"), layout.walls, strict=False)
                   for part in occluder(ids[side], ids[f"{side}_pole"], wall[0], wall[1],
                                        (drawn[f"{side}.material"], drawn[f"{side}.pole_material"]), self.timing,
                                        sideways=False)]
        materials = room_materials(drawn)
        documents = {suffix: passive_physics_scene(materials, [item, *screens], self.last_step)
                     for suffix, item in (("expected", expected), ("unexpected", unexpected))}
        common = {"cover": layout.cover, "object_id": ids["toy"], "event_step": layout.step,
                  "jump": round(layout.jump, 2)}
        truth = {suffix: {"expected": suffix == "expected", **common} for suffix in documents}
        pair = {"id": ids["pair"], "task": self.name, "category": "physics", "kind": "expected_unexpected",
                "rate_higher": "expected", "expected": "expected", "unexpected": "unexpected", "event": "teleport",
                "differs": "shows", "differs_from": layout.step, **common}
        return Sample(documents=documents, params=drawn, truth=truth, pair=pair)

    # --- what cannot be laid out ------------------------------------------------------------

    @feasibility
    def _occluders_fit(self) -> Iterator[Refusal]:
        """Where the occluders may stand, the left one's widest draw farthest right keeps clear of the right one's
        widest draw farthest left, and both stand in the room."""
        if True not in self.parameters.support("occluders"):
            return
        low, high = self.parameters.low, self.parameters.high
        gap = low("right.x") - high("right.width") / 2 - (high("left.x") + high("left.width") / 2)
        if gap < CLEARANCE:
            reach = high("left.x") + high("left.width") / 2
            yield "right.x", (f"the occluders overlap: the left one may reach x {reach:g} and the right one x "
                              f"{low('right.x') - high('right.width') / 2:g}")
        for side in ("left", "right"):
            far = max(abs(low(f"{side}.x")), abs(high(f"{side}.x"))) + high(f"{side}.width") / 2
            if far > ROOM[0] / 2:
                yield f"{side}.x", f"the {side} occluder may reach {far:g} m from the centre, out of the room"

    @feasibility
    def _in_time(self) -> Iterator[Refusal]:
        """The toy sets off while the occluders (where they may stand) are down, and is shrouded after it sets off
        and before the end."""
        first, last = self.timing.hidden
        low, high = self.parameters.low, self.parameters.high
        occluders = True in self.parameters.support("occluders")
        if occluders and first > last:
            yield "last_step", f"the occluders' show and reveal need more than last_step {self.last_step} steps"
        elif occluders and (low("motion.start") < first or high("motion.start") >= last):
            yield "motion.start", (f"steps {low('motion.start')} to {high('motion.start')}: the occluders are down "
                                   f"from step {first} to {last} only (last_step {self.last_step})")
        if True in self.parameters.support("shrouded"):
            if low("shroud.begin") <= high("motion.start"):
                yield "shroud.begin", (f"a shroud from step {low('shroud.begin')} begins before the toy sets off at "
                                       f"step {high('motion.start')}")
            if high("shroud.begin") + high("shroud.steps") - 1 > self.last_step:
                yield "shroud.steps", f"a shroud lasting past last_step {self.last_step}"

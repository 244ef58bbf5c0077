"""The Shell Game family (MCS eval 7, "Shell Game").

Two or more identical open containers stand in a row in front of the performer.
A placer lowers the ball into one of them and lets it fall in; placers lower a
lid onto every container; then a pole descends onto a container (the ball's, as
in the evaluation, or another, or any: ``drag.first``), drags it toward the
performer, sideways and back into the row, and rises. Options: the drag happens
before the ball is dropped (``move_first``), and a second pole drags another
container into the slot the first one left. The performer is made to Pass until
the last pole has risen. Containers take random slots and are listed left to
right, or stand and are listed as in the evaluation (``row.layout``).

Pairs: the twin changes one factor so that the answer changes: the container
the ball is dropped into, or which container the (single) drag takes.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

import numpy as np

from scenegen.families.shell_game.declaration import DECLARATION
from scenegen.families.shell_game.layout import EVALUATION_SECOND, Arrangement, arrangements, slot_positions
from scenegen.mcs.actions import passes
from scenegen.mcs.evidence import without
from scenegen.mcs.geometry import PERFORMER_RADIUS, InsideRoom, OutsideDisc
from scenegen.mcs.model import Motion, Scene, SceneObject
from scenegen.mcs.task import Refusal, feasibility
from scenegen.mcs.timeline import AFTER_DRAG, AFTER_LIDS, BALL_DESCENT, LID_DESCENT, SPEED, Drag, Drop
from scenegen.mcs.tracking import props
from scenegen.mcs.tracking.base import TrackingFamily
from scenegen.mcs.tracking.fit import layout_error
from scenegen.mcs.tracking.params import odd_container
from scenegen.plugin.family import Evidence

#: A move-first scene starts its first dragger on step 1, as the evaluation scenes do.
FIRST_DRAG_STEP = 1
#: Containers stay this far apart, and a pulled-out container this far in front of the row.
CLEARANCE = 0.05

#: Where the ball's container ends is what the ball going in, where the containers stand and the drags show.
BALL_AND_DRAGS = Evidence("the ball and the placer lowering it, every object's place (`shows`) and the drags "
                          "(every `moves`)", without(props.BALL_AND_PLACER, keys=("shows", "moves")))


@dataclass(frozen=True)
class DragPlan:
    container: int
    sideways: int  # signed steps of 0.25 m along x
    toward: int  # steps of 0.25 m toward the performer, and as many back


@dataclass(frozen=True)
class Plan:
    """Everything one scene depends on besides its drawn materials and sizes."""

    xs: tuple[float, ...]  # start x of each container, left to right
    ball: int
    drags: tuple[DragPlan, ...]
    order: str
    odd: int | None
    alternatives: tuple[int, ...]  # containers a lone drag could take instead
    listing: tuple[int, ...]  # the containers in the order the scene lists them


class ShellGame(TrackingFamily):
    name = "shell_game"
    description = "Shell Game: track the container the ball was dropped into while poles drag containers (MCS eval 7)."
    makes = ("Shell Game",)
    about = ("MCS Shell Game: two or three open containers in a row; a placer drops the ball into one, lids go on, "
             "poles drag containers toward the performer, sideways and back (the ball's container or another first, "
             "`drag.first`; optionally before the ball drops; optionally a second container)")
    label_about = "the target container's id, its final position, the ball's container, what moved"

    declaration = DECLARATION
    lays_out = "a shell_game scene"
    answers = ("container_index", "final_position.x")
    evidence: ClassVar[Mapping[str, Evidence]] = {"container_index": props.BALL_GOING_IN,
                                                  "final_position.x": BALL_AND_DRAGS}
    cues = ("moved[0].container_index", "moved[0].sideways_steps")

    def allocate(self, plan: Plan, rng: np.random.Generator) -> Keys:
        return Keys.draw(rng, len(plan.xs))

    def twin(self, drawn: Mapping[str, Any], plan: Plan, rng: np.random.Generator) -> Plan | None:
        return _twin(plan, drawn["pair_factor"], rng)

    def _pair_values(self, plan: Plan, twin: Plan, factor: str) -> dict[str, Any]:
        values = (plan.ball, twin.ball) if factor == "ball_container" else (
            plan.drags[0].container, twin.drags[0].container)
        return {"a": values[0], "b": values[1], "meaning": _FACTOR_MEANING[factor]}

    def lay_out(self, drawn: dict[str, Any], rng: np.random.Generator) -> Plan:
        moved, spacing = drawn["drag.moved"], drawn["row.spacing"]
        toward = [drawn["drag.toward"]]
        # Every sample records the second drag's values (None without one): a dataset's params keep one shape.
        second = drawn["drag.second_sideways"] = drawn["drag.second_toward"] = None
        if moved == 2:
            second = self._second_sideways(drawn["row.layout"], rng)
            toward.append(self.parameters.values["drag.toward"].sample(rng))
            drawn["drag.second_sideways"], drawn["drag.second_toward"] = second, toward[1]
        options = arrangements(drawn["row.slots"], drawn["containers.count"], drawn["drag.sideways"], second,
                               drawn["drag.first"], drawn["row.layout"])
        chosen: Arrangement = options[int(rng.integers(len(options)))]
        slots = slot_positions(drawn["row.slots"], spacing)
        per_slot = round(spacing / SPEED)
        drags = tuple(DragPlan(container, offset * per_slot, steps)
                      for (container, offset), steps in zip(chosen.drags, toward, strict=True))
        count = len(chosen.starts)
        odd = odd_container(drawn["containers.odd"], drawn["containers.odd_index"], count, rng)
        return Plan(tuple(slots[s] for s in chosen.starts), chosen.ball, drags, drawn["order"], odd,
                    chosen.alternatives, chosen.listing or tuple(range(count)))

    def _second_sideways(self, layout: str, rng: np.random.Generator) -> int:
        """Slots of a second drag: the evaluation layout's, or drawn as the first drag's are."""
        if layout == "evaluation":
            return EVALUATION_SECOND
        return int(self.parameters.values["drag.sideways"].sample(rng))

    # --- building ---------------------------------------------------------------------------

    def build(self, drawn: dict[str, Any], plan: Plan, keys: Keys,
              rng: np.random.Generator) -> tuple[Scene, dict[str, Any]]:
        size, row_z = drawn["containers.size"], drawn["row.z"]
        top = size  # the containers stand on the floor
        ball_drop, lid_drop, drags = _timeline(plan)
        count = len(plan.xs)
        starts = [(x, row_z) for x in plan.xs]
        finals = list(starts)
        moves: dict[int, tuple[Motion, ...]] = {}
        draggers = []
        for number, (step, drag) in enumerate(zip(plan.drags, drags, strict=True)):
            x, z = finals[step.container]
            draggers.append(props.dragger(keys.draggers[number], x, z, top, size, drag))
            moves[step.container] = props.drag_motions(drag)
            finals[step.container] = (round(x + step.sideways * SPEED, 4), z)
        placed = starts if plan.order == "drop_first" else finals
        materials = [drawn["containers.odd_material"] if i == plan.odd else drawn["containers.material"]
                     for i in range(count)]

        ball = props.ball(keys.ball, *placed[plan.ball], top, ball_drop)
        containers = []
        for i in plan.listing:
            item = props.container(keys.containers[i], starts[i][0], starts[i][1], 0.0, size, materials[i])
            item.moves = moves.get(i, ())
            containers.append(item)
        lids = [props.lid(keys.lids[i], *placed[i], top, size, materials[i], keys.containers[i], lid_drop)
                for i in plan.listing]
        droppers: list[SceneObject] = [props.ball_placer(keys.ball_placer, *placed[plan.ball], top, ball_drop)]
        droppers += [props.lid_placer(keys.lid_placers[i], *placed[i], top, size, lid_drop) for i in plan.listing]
        placers = droppers + draggers if plan.order == "drop_first" else draggers + droppers
        end = max(lid_drop.end, drags[-1].end)
        scene = self._room_scene(drawn, drawn["performer.z"], [ball, *containers, *lids, *placers], passes(end),
                                 keys.ball)
        return scene, _truth(plan, keys, starts, finals, ball_drop, lid_drop, end)

    # --- feasibility ------------------------------------------------------------------------

    @feasibility
    def _drags_fit(self) -> Iterator[Refusal]:
        """Every row of containers leaves room for every drag."""
        p = self.parameters
        for slots in p.support("row.slots"):
            for count in p.support("containers.count"):
                for moved in p.support("drag.moved"):
                    yield from self._arrangements(slots, count, moved)

    @feasibility
    def _row_fits(self) -> Iterator[Refusal]:
        """The closest slots hold the largest containers apart; the widest row fits the smallest room."""
        p = self.parameters
        size, spacing = p.high("containers.size"), p.low("row.spacing")
        pair = [("slot 1", 0.0, 0.0), ("slot 2", spacing, 0.0)]
        reason = layout_error("separate_container", size, pair, [], margin=CLEARANCE / 2)
        if reason:
            yield "row.spacing", f"slots {spacing} m apart are too close for {size} m containers: {reason}"
        if p.low("row.z") <= p.high("performer.z"):
            yield "row.z", (f"a row at z {p.low('row.z')} is not in front of a performer at z "
                            f"{p.high('performer.z')}")
        room = (p.low("room.width"), p.low("room.depth"))
        widest = slot_positions(p.high("row.slots"), p.high("row.spacing"))
        pulled = p.low("row.z") - SPEED * p.high("drag.toward")
        spots = [(f"a container in the row at x {x}", x, p.high("row.z")) for x in (widest[0], widest[-1])]
        spots += [(f"a container pulled toward the performer at x {x}", x, pulled) for x in (widest[0], widest[-1])]
        for spot in spots:
            reason = layout_error("separate_container", size, [spot], [InsideRoom(room, name="inside the room")])
            if reason:
                yield "room", f"a {room[0]} x {room[1]} m room: {reason}"

    @feasibility
    def _pull_fits(self) -> Iterator[Refusal]:
        """The shortest pull clears the row; the longest stops short of the performer, who fits the room."""
        p = self.parameters
        size = p.high("containers.size")
        if SPEED * p.low("drag.toward") < size + CLEARANCE:
            yield "drag.toward", (f"{p.low('drag.toward')} steps of 0.25 m do not pull a {size} m container clear "
                                  "of the row; it would scrape its neighbours sideways")
        pulled = p.low("row.z") - SPEED * p.high("drag.toward")
        performer = OutsideDisc((0.0, p.high("performer.z")), PERFORMER_RADIUS + CLEARANCE,
                                name="clear of the performer")
        reason = layout_error("separate_container", size, [("a container pulled toward the performer", 0.0, pulled)],
                              [performer])
        if reason:
            yield "drag.toward", reason
        half_depth = p.low("room.depth") / 2
        if max(p.high("performer.z"), -p.low("performer.z")) + PERFORMER_RADIUS > half_depth:
            yield "performer.z", f"the performer does not fit in a room {p.low('room.depth')} m deep"

    def _arrangements(self, slots: int, count: int, moved: int) -> Iterator[Refusal]:
        p = self.parameters
        for layout in p.support("row.layout"):
            seconds = ({EVALUATION_SECOND} if layout == "evaluation" else p.support("drag.sideways")) \
                if moved == 2 else (None,)
            for first in p.support("drag.sideways"):
                yield from self._arrangements_of(slots, count, layout, first, seconds)

    def _arrangements_of(self, slots: int, count: int, layout: str, first: int,
                         seconds: Iterable[int | None]) -> Iterator[Refusal]:
        for second in seconds:
            for taker in self.parameters.support("drag.first"):
                if not arrangements(slots, count, first, second, taker, layout):
                    what = f"a drag of {first} slot(s)"
                    if second is not None:
                        what += f" and a second of {second} slot(s) into the slot it left"
                    yield "drag", (f"{count} containers in {slots} slots leave no room for {what} (row.layout "
                                   f"{layout}, drag.first {taker})")

    @feasibility
    def _placers_finish(self) -> Iterator[Refusal]:
        """The placers finish before the last step."""
        p = self.parameters
        across = max(p.support("drag.sideways")) * round(p.high("row.spacing") / SPEED)
        longest = Plan((0.0,), 0, tuple(DragPlan(0, across, p.high("drag.toward"))
                                         for _ in range(p.high("drag.moved"))), "drop_first", None, (), (0,))
        _, lids, drags = _timeline(longest)
        end = max(lids.end, drags[-1].end)
        if end >= self.last_step:
            yield "last_step", f"{self.last_step} ends the scene before the placers finish (step {end})"

    @feasibility
    def _pairs_possible(self) -> Iterator[Refusal]:
        """In pair mode, some allowed factor can change the answer."""
        if not self.pairs:
            return
        factors = set(self.parameters.support("pair_factor"))
        if "ball_container" in factors:
            return
        p = self.parameters
        for slots in p.support("row.slots"):
            for count in p.support("containers.count"):
                if 1 in p.support("drag.moved") and any(
                        option.alternatives for first in p.support("drag.sideways")
                        for taker in p.support("drag.first") for layout in p.support("row.layout")
                        for option in arrangements(slots, count, first, None, taker, layout)):
                    return
        yield "pair_factor", ("dragged_container needs scenes with a single drag and a free slot another container "
                              "could be dragged into; allow drag.moved 1, more slots, or ball_container")


_FACTOR_MEANING = {
    "ball_container": "index (left to right) of the container the ball is dropped into",
    "dragged_container": "index (left to right) of the container the drag takes",
}


@dataclass(frozen=True)
class Keys(props.PropKeys):
    """Object ids of one scene (shared by both documents of a pair)."""

    draggers: list[str]

    @classmethod
    def draw(cls, rng: np.random.Generator, count: int) -> Keys:
        common, draggers = props.draw_prop_keys(rng, count, 2)
        return cls(**common, draggers=[f"placer_{key}" for key in draggers])


def _timeline(plan: Plan) -> tuple[Drop, Drop, list[Drag]]:
    """The ball drop, the lid drop and the drags, one after another in the plan's order."""
    drags: list[Drag] = []
    if plan.order == "drop_first":
        ball = Drop(0, BALL_DESCENT)
        lids = Drop(ball.end + 1, LID_DESCENT)
        start = lids.end + AFTER_LIDS
    else:
        start = FIRST_DRAG_STEP
    for step in plan.drags:
        drags.append(Drag(start, step.toward, step.sideways))
        start = drags[-1].end + AFTER_DRAG
    if plan.order != "drop_first":
        ball = Drop(start, BALL_DESCENT)
        lids = Drop(ball.end + 1, LID_DESCENT)
    return ball, lids, drags


def _twin(plan: Plan, factor: str, rng: np.random.Generator) -> Plan | None:
    """The plan with ``factor`` changed so that the ball's container ends elsewhere; None if it cannot be."""
    if factor == "ball_container":
        options = [i for i in range(len(plan.xs)) if i != plan.ball]
        if not options:
            return None
        return replace(plan, ball=options[int(rng.integers(len(options)))])
    # The twin's drag must move the ball's container where the plan's does not, or another where it does.
    alternatives = plan.alternatives if plan.drags[0].container == plan.ball else \
        tuple(c for c in plan.alternatives if c == plan.ball)
    if len(plan.drags) != 1 or not alternatives:
        return None
    other = alternatives[int(rng.integers(len(alternatives)))]
    return replace(plan, drags=(replace(plan.drags[0], container=other),), alternatives=())


def _truth(plan: Plan, keys: Keys, starts: list[tuple[float, float]], finals: list[tuple[float, float]],
           ball_drop: Drop, lid_drop: Drop, end: int) -> dict[str, Any]:
    return {
        "target_id": keys.ball,
        "container_id": keys.containers[plan.ball],
        "container_index": plan.ball,
        "start_position": _xz(starts[plan.ball]),
        "final_position": _xz(finals[plan.ball]),
        "order": plan.order,
        "moved": [{"container_id": keys.containers[step.container], "container_index": step.container,
                   "from": _xz(starts[step.container]), "to": _xz(finals[step.container]),
                   "toward_steps": step.toward, "sideways_steps": step.sideways}
                  for step in plan.drags],
        "odd_container_index": plan.odd,
        "ball_released_step": ball_drop.release,
        "lids_attached_step": lid_drop.landed,
        "performer_free_step": end + 1,
    }


def _xz(point: tuple[float, float]) -> dict[str, float]:
    return {"x": point[0], "z": point[1]}
